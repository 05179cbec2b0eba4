//! The files a game can build (an opening book, endgame databases), each builder with its
//! arguments described once: a name, a help line, a default and a range. The front ends list
//! them from here (the `alphabeta book` and `alphabeta tablebase` flags and their help), hand
//! over what the user typed, and show the progress a build reports; a build never prints.
//!
//! A game offers its builders through [`crate::Entry::builders`] (none by default).

use std::path::PathBuf;

/// What a builder makes: one verb of the front ends each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Product {
    /// An opening book (`alphabeta book`).
    Book,
    /// Endgame databases (`alphabeta tablebase`).
    Tablebase,
}

impl Product {
    /// Every product.
    pub const ALL: [Product; 2] = [Product::Book, Product::Tablebase];

    /// Its name in the front ends (the verb): `book`, `tablebase`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Product::Book => "book",
            Product::Tablebase => "tablebase",
        }
    }

    /// What it is, in words: "opening book", "endgame databases".
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Product::Book => "opening book",
            Product::Tablebase => "endgame databases",
        }
    }

    /// The word a sentence refers to it by ("connect4 and chess have one"; "only checkers has
    /// them").
    #[must_use]
    pub fn pronoun(self) -> &'static str {
        match self {
            Product::Book => "one",
            Product::Tablebase => "them",
        }
    }
}

/// The shape of an argument's value, with its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// On or off, no value (`--frontier`).
    Flag,
    /// A whole number from `min` to `max`.
    Number {
        /// The smallest accepted.
        min: u64,
        /// The largest accepted.
        max: u64,
    },
    /// One text (a file, a board size), read by the build.
    Text,
    /// One or more texts (files).
    Texts,
}

/// One argument of a builder, described once: the front ends' flag, its help, its default
/// and its range all come from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildArg {
    /// The name (the flag `--name`).
    pub name: &'static str,
    /// Other names accepted.
    pub aliases: &'static [&'static str],
    /// What its value is, for the help (`FILE`, `N`); empty for a flag.
    pub value_name: &'static str,
    /// What it does, one or two sentences.
    pub help: &'static str,
    /// Its shape and range.
    pub kind: ArgKind,
    /// The value used when it is not given, as typed.
    pub default: Option<&'static str>,
}

/// Why a build was refused or failed; the message names what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BuildError(pub String);

impl BuildError {
    /// The error `what`, with `error`'s own words after it.
    pub fn because(what: impl std::fmt::Display, error: impl std::fmt::Display) -> Self {
        BuildError(format!("{what}: {error}"))
    }
}

/// A value read for one argument.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Flag,
    Number(u64),
    Text(String),
    Texts(Vec<String>),
}

/// The arguments of one build, read and checked against its [`BuildArg`]s, with the defaults
/// of those not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildValues {
    values: Vec<(&'static str, Value)>,
}

impl BuildValues {
    fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(known, _)| *known == name).map(|(_, value)| value)
    }

    /// Whether the flag `name` was given.
    #[must_use]
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::Flag))
    }

    /// The number `name` (given, or its default), in its range.
    #[must_use]
    pub fn number(&self, name: &str) -> Option<u64> {
        match self.get(name) {
            Some(Value::Number(number)) => Some(*number),
            _ => None,
        }
    }

    /// The text `name` (given, or its default).
    #[must_use]
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// The text `name` as a path.
    #[must_use]
    pub fn path(&self, name: &str) -> Option<PathBuf> {
        self.text(name).map(PathBuf::from)
    }

    /// The text `name`, or an error naming it and `what` it is for.
    ///
    /// # Errors
    /// `name` was not given and has no default.
    pub fn required(&self, name: &str, what: &str) -> Result<&str, BuildError> {
        self.text(name).ok_or_else(|| BuildError(format!("give {what} with --{name}")))
    }

    /// The texts `name` (none when not given).
    #[must_use]
    pub fn texts(&self, name: &str) -> &[String] {
        match self.get(name) {
            Some(Value::Texts(texts)) => texts,
            _ => &[],
        }
    }
}

/// How far a build is, for a front end to show: a bar of `done` of `total`, or lines in a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Pieces of work done.
    pub done: u64,
    /// Pieces of work in all.
    pub total: u64,
    /// What a piece is, plural ("positions", "slices").
    pub unit: &'static str,
    /// Words beside a bar ("1,234 explored").
    pub detail: String,
    /// The whole state as a line of a log.
    pub line: String,
    /// A step with a line of its own (a slice solved); the other reports are moments of a
    /// continuing piece of work, which a log may thin out.
    pub step: bool,
}

/// What a build reports while it runs.
pub type Progress<'a> = &'a mut dyn FnMut(&BuildProgress);

/// A game's maker of one [`Product`]: its arguments and the build.
#[derive(Clone, Copy)]
pub struct Builder {
    /// What it makes.
    pub product: Product,
    /// What it makes, for the help ("a book made by the solver").
    pub about: &'static str,
    /// Its arguments, in the order the help lists them.
    pub args: &'static [BuildArg],
    /// The build: the checked arguments and where to report progress; the lines to show the
    /// user (what was written, or what was asked for).
    pub build: fn(&BuildValues, Progress<'_>) -> Result<Vec<String>, BuildError>,
}

impl std::fmt::Debug for Builder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Builder")
            .field("product", &self.product)
            .field("args", &self.args.iter().map(|arg| arg.name).collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Builder {
    /// The argument called `name` (or one of its aliases).
    #[must_use]
    pub fn arg(&self, name: &str) -> Option<&'static BuildArg> {
        self.args.iter().find(|arg| arg.name == name || arg.aliases.contains(&name))
    }

    /// Reads `given` (each argument's name without its dashes, and its values as typed: none
    /// for a flag) for `game`'s builder, and fills in the defaults.
    ///
    /// # Errors
    /// An argument this builder does not take (named, with the game and the ones it takes),
    /// a value of the wrong shape or out of range.
    pub fn read(
        &self,
        game: &str,
        given: &[(String, Vec<String>)],
    ) -> Result<BuildValues, BuildError> {
        let mut values = BuildValues::default();
        for (name, texts) in given {
            let Some(arg) = self.arg(name) else {
                let takes: Vec<String> =
                    self.args.iter().map(|arg| format!("--{}", arg.name)).collect();
                return Err(BuildError(format!(
                    "--{}: the {game} {} takes no --{} (it takes {})",
                    crate::excerpt(name),
                    self.product.words(),
                    crate::excerpt(name),
                    takes.join(", ")
                )));
            };
            if values.get(arg.name).is_some() {
                return Err(BuildError(format!("--{} is given twice", arg.name)));
            }
            values.values.push((arg.name, Self::value(arg, texts)?));
        }
        for arg in self.args {
            if let (None, Some(default)) = (values.get(arg.name), arg.default) {
                let value = Self::value(arg, &[default.to_string()])?;
                values.values.push((arg.name, value));
            }
        }
        Ok(values)
    }

    /// The value of `arg` from the texts typed.
    fn value(arg: &BuildArg, texts: &[String]) -> Result<Value, BuildError> {
        let name = arg.name;
        let one = || match texts {
            [text] => Ok(text.clone()),
            [] => Err(BuildError(format!("--{name} needs a value ({})", arg.value_name))),
            _ => Err(BuildError(format!("--{name} takes one value, not {}", texts.len()))),
        };
        match arg.kind {
            ArgKind::Flag if texts.is_empty() => Ok(Value::Flag),
            ArgKind::Flag => Err(BuildError(format!("--{name} takes no value"))),
            ArgKind::Number { min, max } => {
                let text = one()?;
                match text.trim().parse::<u64>() {
                    Ok(number) if (min..=max).contains(&number) => Ok(Value::Number(number)),
                    _ => Err(BuildError(format!(
                        "--{name} {}: give {min} to {max}",
                        crate::excerpt(&text)
                    ))),
                }
            }
            ArgKind::Text => Ok(Value::Text(one()?)),
            ArgKind::Texts if texts.is_empty() => {
                Err(BuildError(format!("--{name} needs at least one value ({})", arg.value_name)))
            }
            ArgKind::Texts => Ok(Value::Texts(texts.to_vec())),
        }
    }

    /// Reads `given` as [`Builder::read`] does and builds.
    ///
    /// # Errors
    /// As [`Builder::read`], and the build's own.
    pub fn run(
        &self,
        game: &str,
        given: &[(String, Vec<String>)],
        progress: Progress<'_>,
    ) -> Result<Vec<String>, BuildError> {
        let values = self.read(game, given)?;
        (self.build)(&values, progress)
    }
}

/// Fails, naming `path` and the system's reason once, unless a file can be written there (a
/// file made for the test is removed again); `what` says what would be written.
///
/// # Errors
/// The file cannot be opened for writing.
pub fn check_writable(path: &std::path::Path, what: &str) -> Result<(), BuildError> {
    let existed = path.exists();
    std::fs::OpenOptions::new().append(true).create(true).open(path).map_err(|error| {
        BuildError::because(format!("cannot write {what} to {}", path.display()), error)
    })?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ARGS: &[BuildArg] = &[
        BuildArg {
            name: "depth",
            aliases: &[],
            value_name: "PLIES",
            help: "Plies.",
            kind: ArgKind::Number { min: 1, max: 5 },
            default: Some("3"),
        },
        BuildArg {
            name: "tt-mib",
            aliases: &["table-mib"],
            value_name: "MIB",
            help: "A table.",
            kind: ArgKind::Number { min: 1, max: 64 },
            default: None,
        },
        BuildArg {
            name: "dry",
            aliases: &[],
            value_name: "",
            help: "No.",
            kind: ArgKind::Flag,
            default: None,
        },
        BuildArg {
            name: "out",
            aliases: &[],
            value_name: "FILE",
            help: "Out.",
            kind: ArgKind::Text,
            default: None,
        },
        BuildArg {
            name: "merge",
            aliases: &[],
            value_name: "FILES",
            help: "In.",
            kind: ArgKind::Texts,
            default: None,
        },
    ];

    fn builder() -> Builder {
        Builder {
            product: Product::Book,
            about: "a test",
            args: ARGS,
            build: |values, progress| {
                progress(&BuildProgress {
                    done: 1,
                    total: 1,
                    unit: "positions",
                    detail: String::new(),
                    line: "done".into(),
                    step: true,
                });
                Ok(vec![format!("depth {:?}", values.number("depth"))])
            },
        }
    }

    fn given(pairs: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
        pairs
            .iter()
            .map(|(name, values)| {
                (name.to_string(), values.iter().map(|v| v.to_string()).collect())
            })
            .collect()
    }

    #[test]
    fn arguments_are_read_with_their_defaults_and_aliases() {
        let read = builder()
            .read("game", &given(&[("table-mib", &["8"]), ("dry", &[]), ("merge", &["a", "b"])]))
            .unwrap();
        assert_eq!((read.number("depth"), read.number("tt-mib")), (Some(3), Some(8)));
        assert!(read.flag("dry") && read.text("out").is_none());
        assert_eq!(read.texts("merge"), ["a", "b"]);
        let mut lines = Vec::new();
        let shown = builder()
            .run("game", &given(&[("depth", &["5"])]), &mut |p| lines.push(p.line.clone()));
        assert_eq!(
            (shown.unwrap(), lines),
            (vec!["depth Some(5)".to_string()], vec!["done".to_string()])
        );
    }

    #[test]
    fn bad_arguments_are_named() {
        for (pairs, words) in [
            (&[("lines", &["f"][..])][..], "--lines: the game opening book takes no --lines (it takes --depth, --tt-mib, --dry, --out, --merge)"),
            (&[("depth", &["0"][..])][..], "--depth 0: give 1 to 5"),
            (&[("depth", &["x"][..])][..], "--depth x: give 1 to 5"),
            (&[("depth", &["1"][..]), ("depth", &["2"][..])][..], "--depth is given twice"),
            (&[("dry", &["1"][..])][..], "--dry takes no value"),
            (&[("out", &[][..])][..], "--out needs a value"),
            (&[("merge", &[][..])][..], "--merge needs at least one value"),
        ] {
            let error = builder().read("game", &given(pairs)).unwrap_err().to_string();
            assert!(error.contains(words), "{pairs:?}: {error}");
        }
    }
}
