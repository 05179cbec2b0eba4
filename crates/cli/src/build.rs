//! `alphabeta book GAME ...` and `alphabeta tablebase GAME ...`: the files a game builds (an
//! opening book, endgame databases), each game's builder with the arguments it describes.
//! The flags and their help are made from the catalogue's builders ([`with_arguments`]); what
//! was typed goes to the builder, which checks it; its progress is shown here: a bar on a
//! terminal (a step's line above it), otherwise a line per step and, for a continuing piece
//! of work, a line a minute and one at its end.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use alphabeta_catalogue::{ArgKind, BuildArg, BuildProgress, Catalogue, Product};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches};
use indicatif::ProgressBar;

use crate::Context;

/// How often a build without a terminal writes its progress.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// `book` and `tablebase`: the game, and the builder's arguments as typed.
#[derive(Clone, Debug)]
pub struct BuildArgs {
    /// The game.
    pub game: String,
    /// Each argument given (its name, without dashes) and its values (none for a flag).
    pub given: Vec<(String, Vec<String>)>,
}

impl clap::FromArgMatches for BuildArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let game = matches
            .get_one::<String>("game")
            .cloned()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingRequiredArgument))?;
        let mut given = Vec::new();
        for id in matches.ids() {
            let name = id.as_str();
            if name == "game" || matches.value_source(name) != Some(ValueSource::CommandLine) {
                continue;
            }
            let values = if let Ok(Some(_)) = matches.try_get_one::<bool>(name) {
                Vec::new()
            } else {
                let raw = matches.try_get_raw(name).ok().flatten().into_iter().flatten();
                raw.map(|value| value.to_string_lossy().into_owned()).collect()
            };
            given.push((name.to_string(), values));
        }
        Ok(Self { game, given })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for BuildArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        command.arg(Arg::new("game").required(true).value_name("GAME").help("The game"))
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

/// The verb `verb` (`book`, `tablebase`) with the GAME help and the flags of `catalogue`'s
/// builders: one flag per argument name, its help each game's own when they differ.
pub fn with_arguments(verb: clap::Command, catalogue: &Catalogue) -> clap::Command {
    let Some(product) = Product::ALL.into_iter().find(|product| product.name() == verb.get_name())
    else {
        return verb;
    };
    let builders: Vec<_> = catalogue
        .iter()
        .flat_map(|game| {
            let builders = game.builders().into_iter();
            builders
                .filter(|builder| builder.product == product)
                .map(|builder| (game.name(), builder))
        })
        .collect();
    let games: Vec<String> =
        builders.iter().map(|(game, builder)| format!("{game} ({})", builder.about)).collect();
    let help = if games.is_empty() {
        format!("The game (none here has a {} builder)", product.name())
    } else {
        format!("The game: {}", games.join("; "))
    };
    let mut verb = verb.mut_arg("game", |arg| arg.help(help));
    let mut named: Vec<(&BuildArg, Vec<String>)> = Vec::new();
    for (game, builder) in &builders {
        for arg in builder.args {
            let help = format!("{game}: {}", with_range(arg));
            match named.iter_mut().find(|(first, _)| first.name == arg.name) {
                Some((_, helps)) => helps.push(help),
                None => named.push((arg, vec![help])),
            }
        }
    }
    for (arg, helps) in named {
        let mut flag = Arg::new(arg.name).long(arg.name).help(helps.join("\n"));
        flag = arg.aliases.iter().fold(flag, |flag, alias| flag.alias(*alias));
        flag = match arg.kind {
            ArgKind::Flag => flag.action(ArgAction::SetTrue),
            ArgKind::Number { .. } | ArgKind::Text => {
                flag.action(ArgAction::Set).value_name(arg.value_name)
            }
            ArgKind::Texts => {
                flag.action(ArgAction::Append).num_args(1..).value_name(arg.value_name)
            }
        };
        verb = verb.arg(flag);
    }
    verb
}

/// The help of `arg` with its range and default: "The solver's threads (1 to 64; 2 by
/// default)."
fn with_range(arg: &BuildArg) -> String {
    let range = match arg.kind {
        ArgKind::Number { min, max } => Some(format!("{min} to {max}")),
        _ => None,
    };
    let default = arg.default.map(|default| format!("{default} by default"));
    let words: Vec<String> = range.into_iter().chain(default).collect();
    if words.is_empty() {
        return arg.help.to_string();
    }
    format!("{} ({}).", arg.help.trim_end_matches('.'), words.join("; "))
}

/// Runs `book` or `tablebase`.
pub fn run(
    product: Product,
    args: &BuildArgs,
    context: &mut Context<'_>,
) -> anyhow::Result<ExitCode> {
    let (game, builder) = context.catalogue.builder(&args.game, product)?;
    let mut shown = Shown::new(context.interactive);
    let lines = builder
        .run(game.name(), &args.given, &mut |progress| shown.show(progress, &mut *context.err));
    shown.finish();
    for line in lines? {
        writeln!(context.out, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// How a build's progress is shown: a bar on a terminal, lines in a log.
struct Shown {
    bar: Option<ProgressBar>,
    start: Instant,
    /// When the last line of a continuing piece of work was logged.
    logged: Duration,
}

impl Shown {
    fn new(interactive: bool) -> Self {
        let template = "{bar:40} {pos}/{len} {prefix} {elapsed} (eta {eta}) {msg}";
        let bar = interactive.then(|| crate::progress_bar(0, template));
        Self { bar, start: Instant::now(), logged: Duration::ZERO }
    }

    fn show(&mut self, progress: &BuildProgress, err: &mut dyn std::io::Write) {
        if let Some(bar) = &self.bar {
            bar.set_length(progress.total);
            bar.set_position(progress.done);
            bar.set_prefix(progress.unit);
            bar.set_message(progress.detail.clone());
            if progress.step {
                bar.println(&progress.line);
            }
            return;
        }
        // A step has its line; a continuing piece of work a line a minute and one at its
        // end. A log that cannot be written is no reason to stop the build.
        let elapsed = self.start.elapsed();
        if progress.step || elapsed >= self.logged + LOG_EVERY || progress.done == progress.total {
            if !progress.step {
                self.logged = elapsed;
            }
            let _ = writeln!(err, "{}", progress.line);
        }
    }

    fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
