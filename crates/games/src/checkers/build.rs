//! Checkers' endgame-database builder: every position with up to `--pieces` pieces solved by
//! retrograde analysis, one checksummed file per slice, which `--tablebase DIR` gives to
//! `solve`, `analyse`, `best`, `play` and `match`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use alphabeta_engine::retrograde::Progress as SliceProgress;
use alphabeta_engine::Observer;

use super::tablebase::{Layout, Tablebase, BUILT_PIECES, MAX_PIECES};
use super::Checkers;
use crate::build::{
    ArgKind, BuildArg, BuildError, BuildProgress, BuildValues, Builder, Product, Progress,
};
use crate::thousands;

/// The arguments of the databases.
const ARGS: &[BuildArg] = &[
    BuildArg {
        name: "pieces",
        aliases: &[],
        value_name: "N",
        help: PIECES_HELP,
        kind: ArgKind::Number { min: 1, max: BUILT_PIECES as u64 },
        default: None,
    },
    BuildArg {
        name: "out",
        aliases: &[],
        value_name: "DIR",
        help: "The folder to write the files into (made if missing).",
        kind: ArgKind::Text,
        default: None,
    },
];

/// The help of `--pieces`, with the limits of the build.
const PIECES_HELP: &str = "Every position with 1 to this many pieces (at most 5: the indexing \
                           goes to 6, but 6 pieces need more memory than the solver has here; \
                           see docs/checkers.md).";

const _: () = assert!(BUILT_PIECES == 5 && MAX_PIECES == 6, "PIECES_HELP names the limits");

/// The databases' builder.
pub(super) const BUILDER: Builder = Builder {
    product: Product::Tablebase,
    about: "every position with few pieces, solved by retrograde analysis",
    args: ARGS,
    build,
};

/// Reports each solved slice.
struct Slices<'a, 'b> {
    progress: &'a mut Progress<'b>,
    layout: Layout,
    start: Instant,
}

impl Observer<Checkers> for Slices<'_, '_> {
    fn retrograde(&mut self, at: &SliceProgress) {
        if !at.done {
            return;
        }
        let material = self.layout.slices()[at.slice];
        (self.progress)(&BuildProgress {
            done: at.slice as u64 + 1,
            total: at.slices as u64,
            unit: "slices",
            detail: material.name(),
            line: format!(
                "slice {}/{} {} ({} pieces): {} indices, {:.1} s",
                at.slice + 1,
                at.slices,
                material,
                material.pieces(),
                thousands(at.positions),
                self.start.elapsed().as_secs_f64()
            ),
            step: true,
        });
    }
}

fn build(values: &BuildValues, mut progress: Progress<'_>) -> Result<Vec<String>, BuildError> {
    let pieces = values
        .number("pieces")
        .ok_or_else(|| BuildError("give the most pieces with --pieces".into()))?;
    let pieces = usize::try_from(pieces).unwrap_or(usize::MAX);
    let out = PathBuf::from(values.required("out", "the folder to write into")?);
    // Before the solving: the folder can be written.
    check_folder(&out)?;
    let start = Instant::now();
    let mut slices = Slices { progress: &mut progress, layout: Layout::new(pieces), start };
    let tablebase =
        Tablebase::build(pieces, &mut slices).map_err(|error| BuildError(error.to_string()))?;
    let solved = start.elapsed();
    let written = tablebase.write(&out).map_err(|error| {
        BuildError::because(format!("cannot write the databases into {}", out.display()), error)
    })?;
    let bytes: u64 = written.iter().map(|(_, size)| size).sum();
    Ok(vec![format!(
        "wrote {} files, {} bytes, for every position of 1 to {pieces} pieces into {} (solved in {:.1} s)",
        written.len(),
        thousands(bytes),
        out.display(),
        solved.as_secs_f64()
    )])
}

/// The folder exists (or is made) and takes a file.
fn check_folder(dir: &Path) -> Result<(), BuildError> {
    std::fs::create_dir_all(dir).map_err(|error| {
        BuildError::because(format!("cannot make the folder {}", dir.display()), error)
    })?;
    let probe = dir.join(".alphabeta-write-test");
    std::fs::write(&probe, b"").map_err(|error| {
        BuildError::because(format!("cannot write into the folder {}", dir.display()), error)
    })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}
