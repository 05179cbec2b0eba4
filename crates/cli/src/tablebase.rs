//! `alphabeta tablebase checkers --pieces N --out DIR`: the checkers endgame databases of
//! every position with up to N pieces, one checksummed file per slice, which `--tablebase
//! DIR` gives to `solve`, `analyse`, `best`, `play` and `match`.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use alphabeta_catalogue::thousands;
use alphabeta_engine::retrograde::Progress;
use alphabeta_engine::Observer;
use alphabeta_games::checkers::tablebase::{Layout, Tablebase, BUILT_PIECES, MAX_PIECES};
use alphabeta_games::checkers::Checkers;
use anyhow::{bail, Context as _, Result};
use clap::Args;

use crate::Context;

/// The most pieces the verb builds.
const MOST_PIECES: u8 = BUILT_PIECES as u8;

/// `tablebase`.
#[derive(Args, Debug)]
pub struct TablebaseArgs {
    /// The game: checkers (the one game with endgame databases).
    pub game: String,
    /// Every position with 1 to this many pieces (1-5).
    #[arg(long)]
    pub pieces: u8,
    /// The folder to write the files into (made if missing).
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// One line on standard error per solved slice.
struct Lines<'a> {
    err: &'a mut dyn Write,
    layout: Layout,
    start: Instant,
}

impl Observer<Checkers> for Lines<'_> {
    fn retrograde(&mut self, progress: &Progress) {
        if !progress.done {
            return;
        }
        let material = self.layout.slices()[progress.slice];
        // Progress is best effort: a closed stream does not stop the build.
        let _ = writeln!(
            self.err,
            "slice {}/{} {} ({} pieces): {} indices, {:.1} s",
            progress.slice + 1,
            progress.slices,
            material,
            material.pieces(),
            thousands(progress.positions),
            self.start.elapsed().as_secs_f64()
        );
    }
}

/// Runs `tablebase`.
pub fn run(args: &TablebaseArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    let game = context.catalogue.get(&args.game)?;
    if game.name() != "checkers" {
        bail!("{} has no endgame databases: only checkers has them", game.name());
    }
    if !(1..=MOST_PIECES).contains(&args.pieces) {
        bail!(
            "--pieces {}: give 1 to {MOST_PIECES} (the indexing goes to {MAX_PIECES}, but {MAX_PIECES} pieces need more memory than the solver has here: see docs/checkers.md)",
            args.pieces
        );
    }
    // Before the solving: the folder can be written.
    check_writable(&args.out)?;
    let pieces = usize::from(args.pieces);
    let start = Instant::now();
    let mut lines = Lines { err: &mut *context.err, layout: Layout::new(pieces), start };
    let tablebase = Tablebase::build(pieces, &mut lines)?;
    let solved = start.elapsed();
    let written = tablebase
        .write(&args.out)
        .with_context(|| format!("cannot write the databases into {}", args.out.display()))?;
    let bytes: u64 = written.iter().map(|(_, size)| size).sum();
    writeln!(
        context.out,
        "wrote {} files, {} bytes, for every position of 1 to {pieces} pieces into {} (solved in {:.1} s)",
        written.len(),
        thousands(bytes),
        args.out.display(),
        solved.as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The folder exists (or is made) and takes a file.
fn check_writable(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot make the folder {}", dir.display()))?;
    let probe = dir.join(".alphabeta-write-test");
    std::fs::write(&probe, b"")
        .with_context(|| format!("cannot write into the folder {}", dir.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}
