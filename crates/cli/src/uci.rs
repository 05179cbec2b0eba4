//! `alphabeta uci`: the [Universal Chess Interface](https://www.chessprogramming.org/UCI) on
//! standard input and output, so that chess GUIs and tools (python-chess, cutechess, Arena)
//! drive the chess engine.
//!
//! Commands are read on the calling thread; a search runs on a worker thread that writes its
//! `info` lines and its `bestmove` itself, so that `stop`, `isready` and `quit` are answered
//! while it thinks. A line that cannot be understood is answered by `info string` saying
//! why and otherwise ignored; nothing a GUI sends makes the engine panic, and a closed output
//! ends the session quietly.

use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::{Duration, Instant};

use alphabeta_catalogue::options::{DEFAULT_TT_MIB, MAX_MULTIPV};
use alphabeta_catalogue::{Entry, SearchOptions};
use alphabeta_engine::Game;
use alphabeta_engine::{
    GameClock, Iteration, Limits, Observer, Score, SearchResult, Searcher, SplitMix64, Techniques,
};
use alphabeta_games::chess::polyglot::Book;
use alphabeta_games::chess::{
    search_config, Chess, Color, Move, MoveError, Strength, ELO_MAX, ELO_MIN,
};
use alphabeta_games::entry::merge_limits;
use alphabeta_games::excerpt;
use anyhow::Result;
use clap::Args;

use crate::input::LineRead;
use crate::Context;

/// `uci`.
#[derive(Args, Debug)]
pub struct UciArgs {}

/// Speaks UCI on the process's standard streams until `quit` or the end of the input.
///
/// # Errors
/// Only when the standard output cannot be duplicated for the search thread.
pub fn run(_args: &UciArgs, context: &mut Context<'_>) -> Result<ExitCode> {
    // The caller holds the standard output's lock for the whole program; the search thread
    // writes through a handle of its own on the same file.
    let out = own_stdout()?;
    session(&mut *context.input, out);
    Ok(ExitCode::SUCCESS)
}

#[cfg(unix)]
fn own_stdout() -> io::Result<std::fs::File> {
    use std::os::fd::AsFd;
    Ok(std::fs::File::from(io::stdout().as_fd().try_clone_to_owned()?))
}

#[cfg(windows)]
fn own_stdout() -> io::Result<std::fs::File> {
    use std::os::windows::io::AsHandle;
    Ok(std::fs::File::from(io::stdout().as_handle().try_clone_to_owned()?))
}

/// The engine's name in `id name`.
pub const NAME: &str = "alphabeta";

/// The level a session starts with: full strength, the GUI's clock or `go` limits deciding
/// the time (the catalogue's `strongest` caps only a `go` without any).
const DEFAULT_LEVEL: &str = "strongest";

/// A UCI option that sets one of the catalogue's search options (`setoption name Hash value
/// 64` sets `tt_mib`), with its `spin` range or, for `combo`, its choices.
struct Shared {
    name: &'static str,
    field: &'static str,
    kind: Kind,
}

enum Kind {
    /// A whole number from `min` to `max` (`max`: a function, for the cores).
    Spin { default: u64, min: u64, max: fn() -> u64 },
    /// One of the chess levels.
    Levels,
}

const SHARED: [Shared; 4] = [
    Shared {
        name: "Hash",
        field: "tt_mib",
        kind: Kind::Spin { default: DEFAULT_TT_MIB, min: 1, max: || HASH_MAX },
    },
    Shared {
        name: "Threads",
        field: "threads",
        kind: Kind::Spin { default: 1, min: 1, max: cores },
    },
    Shared { name: "Level", field: "level", kind: Kind::Levels },
    Shared {
        name: "MultiPV",
        field: "multipv",
        kind: Kind::Spin { default: 1, min: 1, max: || MAX_MULTIPV as u64 },
    },
];

/// The level's budgets: its depth cap always, its time only when `go` gives no limit.
fn level_caps(options: &SearchOptions, go_limited: bool) -> Limits {
    let level = options.level.as_deref().unwrap_or(DEFAULT_LEVEL);
    let mut limits = alphabeta_games::chess::level_limits(level).unwrap_or_default();
    if go_limited {
        limits.time = None;
    }
    limits
}

/// A technique switched on and off by a `check` option.
struct Toggle {
    name: &'static str,
    get: fn(&Techniques) -> bool,
    set: fn(&mut Techniques, bool),
}

const TOGGLES: [Toggle; 13] = [
    Toggle { name: "Quiescence", get: |t| t.quiescence, set: |t, on| t.quiescence = on },
    Toggle {
        name: "QuiescenceChecks",
        get: |t| t.quiescence_checks,
        set: |t, on| t.quiescence_checks = on,
    },
    Toggle {
        name: "CheckExtension",
        get: |t| t.check_extension,
        set: |t, on| t.check_extension = on,
    },
    Toggle {
        name: "StagedOrdering",
        get: |t| t.staged_ordering,
        set: |t, on| t.staged_ordering = on,
    },
    Toggle { name: "Killers", get: |t| t.killers, set: |t, on| t.killers = on },
    Toggle { name: "History", get: |t| t.history, set: |t, on| t.history = on },
    Toggle { name: "NullMove", get: |t| t.null_move, set: |t, on| t.null_move = on },
    Toggle {
        name: "LMR",
        get: |t| t.late_move_reductions,
        set: |t, on| t.late_move_reductions = on,
    },
    Toggle { name: "SEEOrdering", get: |t| t.see_ordering, set: |t, on| t.see_ordering = on },
    Toggle { name: "SEEQuiescence", get: |t| t.see_quiescence, set: |t, on| t.see_quiescence = on },
    Toggle {
        name: "IIR",
        get: |t| t.internal_iterative_reduction,
        set: |t, on| t.internal_iterative_reduction = on,
    },
    Toggle { name: "TTEval", get: |t| t.table_eval, set: |t, on| t.table_eval = on },
    Toggle {
        name: "TimeManagement",
        get: |t| t.time_management,
        set: |t, on| t.time_management = on,
    },
];

/// A technique with a margin, set by a `spin` option (0 switches it off).
struct Margin {
    name: &'static str,
    get: fn(&Techniques) -> Option<i32>,
    set: fn(&mut Techniques, Option<i32>),
}

const MARGINS: [Margin; 5] = [
    Margin { name: "RFP", get: |t| t.reverse_futility, set: |t, m| t.reverse_futility = m },
    Margin { name: "Aspiration", get: |t| t.aspiration, set: |t, m| t.aspiration = m },
    Margin { name: "SEEPruning", get: |t| t.see_pruning, set: |t, m| t.see_pruning = m },
    Margin { name: "Futility", get: |t| t.futility, set: |t, m| t.futility = m },
    Margin { name: "Razoring", get: |t| t.razoring, set: |t, m| t.razoring = m },
];

const MARGIN_MAX: i64 = 10_000;
/// The longest command line read (a game of several thousand moves fits).
const MAX_LINE: usize = 1 << 20;
/// The search time of a `go` whose limits could not be read (rather than an endless search).
const FALLBACK_TIME: Duration = Duration::from_secs(1);
const HASH_MAX: u64 = 16_384;
/// `UCI_Elo`'s default.
const ELO_DEFAULT: u32 = 1500;
/// The default of `Move Overhead`: what each move costs beyond the search (the pipe, the
/// GUI, the scheduler), in milliseconds; taken off the clock and off the increment.
const MOVE_OVERHEAD_MS: i64 = 30;
const MOVE_OVERHEAD_MAX: i64 = 5_000;

/// The number of cores: the largest `Threads`.
fn cores() -> u64 {
    std::thread::available_parallelism().map_or(1, |cores| cores.get() as u64)
}

/// The output, shared by the reading thread and the search thread; one line at a time.
struct Output<W> {
    writer: Mutex<W>,
    closed: AtomicBool,
}

impl<W: Write> Output<W> {
    fn say(&self, line: &str) {
        if self.closed.load(Ordering::Relaxed) {
            return;
        }
        let mut writer = self.writer.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let written = writer.write_all(line.as_bytes()).and_then(|()| {
            writer.write_all(b"\n")?;
            writer.flush()
        });
        if written.is_err() {
            self.closed.store(true, Ordering::Relaxed);
        }
    }

    fn closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

/// The options a GUI set.
#[derive(Clone, Debug)]
struct Settings {
    overhead: Duration,
    /// The catalogue's options the GUI set (Hash, Threads, Level).
    options: SearchOptions,
    techniques: Techniques,
    /// `OwnBook`: a move of the book, when it has one, instead of a search.
    own_book: bool,
    /// `BookFile`: the Polyglot book read (shared: settings are copied per change).
    book: Option<Arc<Book>>,
    /// `UCI_LimitStrength`: play as [`Strength::for_elo`] of `elo` says.
    limit_strength: bool,
    /// `UCI_Elo`.
    elo: u32,
    /// `Ponder`: whether the GUI lets the engine ponder (the GUI decides; kept for it).
    ponder: bool,
}

/// A search on the worker thread.
struct Running<'scope> {
    stop: Arc<AtomicBool>,
    /// It ends only when stopped.
    endless: bool,
    /// `go ponder`: raised at `ponderhit`, when the GUI's move was the one pondered on.
    hit: Arc<AtomicBool>,
    /// `go ponder`: the time the move may take from `ponderhit` (`None`: until `stop`, or
    /// until the search ends by a depth or node limit), while the ponder is not hit yet.
    ponder: Option<Option<Duration>>,
    /// `None` when the search failed (its table is then lost).
    handle: ScopedJoinHandle<'scope, Option<Searcher>>,
}

/// The state between commands.
struct Engine<'scope, 'env, W: Write + Send> {
    scope: &'scope Scope<'scope, 'env>,
    out: &'scope Output<W>,
    settings: Settings,
    /// `None` while a search has it.
    searcher: Option<Searcher>,
    running: Option<Running<'scope>>,
    game: Chess,
    debug: bool,
    /// Draws the book's weighted choices (seeded from the clock at the start of a session).
    rng: SplitMix64,
}

/// What `go` asked for.
#[derive(Debug, Default)]
struct Go {
    limits: Limits,
    /// Wait for `stop` (or `ponderhit`) before `bestmove`, even when the search ends.
    wait: bool,
    /// `go ponder`: search the position without the clock until `ponderhit`.
    ponder: bool,
}

/// Runs one UCI session: commands from `input`, answers to `out`, until `quit` or the end of
/// the input (where a search with a limit finishes and an endless one stops, after its
/// `bestmove`). Gives the output back.
pub fn session<W: Write + Send>(input: &mut dyn BufRead, out: W) -> W {
    let out = Output { writer: Mutex::new(out), closed: AtomicBool::new(false) };
    std::thread::scope(|scope| {
        let mut engine = Engine::new(scope, &out);
        let mut line = Vec::new();
        loop {
            match crate::input::read_line(input, &mut line, MAX_LINE) {
                Ok(LineRead::End) | Err(_) => break,
                Ok(LineRead::Line) => {}
                Ok(LineRead::TooLong(length)) => {
                    engine.info(&format!(
                        "a line of {length} bytes is ignored (at most {} are read)",
                        crate::input::bytes_text(MAX_LINE as u64)
                    ));
                    continue;
                }
            }
            let text = String::from_utf8_lossy(&line);
            if !engine.command(&text) {
                engine.stop();
                return;
            }
            if out.closed() {
                break;
            }
        }
        // The end of the input: a search with a limit finishes, an endless one stops.
        engine.finish();
    });
    out.writer.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl<'scope, 'env, W: Write + Send> Engine<'scope, 'env, W> {
    fn new(scope: &'scope Scope<'scope, 'env>, out: &'scope Output<W>) -> Self {
        let config = search_config(1, 1 << 20);
        let settings = Settings {
            overhead: Duration::from_millis(MOVE_OVERHEAD_MS as u64),
            options: SearchOptions::default(),
            techniques: config.techniques.clone(),
            own_book: false,
            book: None,
            limit_strength: false,
            elo: ELO_DEFAULT,
            ponder: false,
        };
        let searcher = Self::make_searcher(&settings).ok();
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64);
        Self {
            scope,
            out,
            settings,
            searcher,
            running: None,
            game: Chess::new(),
            debug: false,
            rng: SplitMix64::new(seed),
        }
    }

    fn make_searcher(settings: &Settings) -> Result<Searcher, String> {
        let resources = settings.options.resources().map_err(|error| error.to_string())?;
        let bytes = resources.table_bytes;
        // A table that cannot be allocated is refused here rather than aborting the process.
        if Vec::<u8>::new().try_reserve_exact(bytes).is_err() {
            return Err(format!("cannot allocate a {} MiB table", bytes >> 20));
        }
        let mut config = search_config(resources.threads, bytes);
        config.techniques = settings.techniques.clone();
        Searcher::try_new(config).map_err(|error| error.to_string())
    }

    fn info(&self, text: &str) {
        self.out.say(&format!("info string {text}"));
    }

    /// Handles one line; `false` on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        // UCI: skip unknown leading tokens and try the rest ("joho debug on" is "debug on").
        let Some(start) = tokens.iter().position(|token| is_command(token)) else {
            if let Some(first) = tokens.first() {
                self.info(&format!("unknown command `{}`", excerpt(first)));
            }
            return true;
        };
        if start > 0 {
            self.info(&format!("skipped unknown `{}`", excerpt(&tokens[..start].join(" "))));
        }
        let args = &tokens[start + 1..];
        match tokens[start] {
            "uci" => self.identify(),
            "isready" => self.out.say("readyok"),
            "debug" => self.debug = args.first() != Some(&"off"),
            "setoption" => {
                self.finish();
                self.set_option(args);
            }
            "register" => {}
            // Pondering is not offered; a `go ponder` search ends at `ponderhit` as at `stop`.
            "ponderhit" => self.ponder_hit(),
            "ucinewgame" => {
                self.finish();
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
                self.game = Chess::new();
            }
            "position" => {
                self.finish();
                self.position(args);
            }
            "go" => self.go(args),
            "stop" => self.stop(),
            "quit" => return false,
            _ => {} // `is_command` admits only the commands above
        }
        true
    }

    fn identify(&self) {
        self.out.say(&format!("id name {NAME} {}", env!("CARGO_PKG_VERSION")));
        self.out.say("id author the alphabeta authors");
        for shared in &SHARED {
            let kind = match &shared.kind {
                Kind::Spin { default, min, max } => {
                    format!("spin default {default} min {min} max {}", max())
                }
                Kind::Levels => {
                    let levels: Vec<String> =
                        Chess::levels().iter().map(|level| format!("var {}", level.name)).collect();
                    format!("combo default {DEFAULT_LEVEL} {}", levels.join(" "))
                }
            };
            self.out.say(&format!("option name {} type {kind}", shared.name));
        }
        self.out.say("option name Clear Hash type button");
        self.out.say("option name Ponder type check default false");
        self.out.say("option name UCI_LimitStrength type check default false");
        self.out.say(&format!(
            "option name UCI_Elo type spin default {ELO_DEFAULT} min {ELO_MIN} max {ELO_MAX}"
        ));
        self.out.say("option name OwnBook type check default false");
        self.out.say("option name BookFile type string default <empty>");
        self.out.say(&format!(
            "option name Move Overhead type spin default {MOVE_OVERHEAD_MS} min 0 max \
             {MOVE_OVERHEAD_MAX}"
        ));
        let defaults = search_config(1, 1 << 20).techniques;
        for toggle in &TOGGLES {
            self.out.say(&format!(
                "option name {} type check default {}",
                toggle.name,
                (toggle.get)(&defaults)
            ));
        }
        for margin in &MARGINS {
            self.out.say(&format!(
                "option name {} type spin default {} min 0 max {MARGIN_MAX}",
                margin.name,
                (margin.get)(&defaults).unwrap_or(0)
            ));
        }
        self.out.say("uciok");
    }

    /// `setoption name <id> [value <x>]`.
    fn set_option(&mut self, args: &[&str]) {
        if args.first() != Some(&"name") {
            self.info("setoption: expected `setoption name <id> [value <x>]`");
            return;
        }
        let value_at = args.iter().position(|token| *token == "value").unwrap_or(args.len());
        let name = args[1..value_at].join(" ");
        let value = args.get(value_at + 1..).map(|rest| rest.join(" ")).unwrap_or_default();
        match self.apply_option(&name, &value) {
            Ok(()) => {
                if self.debug {
                    self.info(&format!("{name} set to {value}"));
                }
            }
            Err(why) => self.info(&format!("setoption {}: {why}", excerpt(&name))),
        }
    }

    fn apply_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut settings = self.settings.clone();
        let lower = name.to_ascii_lowercase();
        let mut rebuild = false;
        if let Some(shared) = SHARED.iter().find(|shared| shared.name.eq_ignore_ascii_case(name)) {
            match &shared.kind {
                Kind::Spin { min, max, .. } => {
                    let number = spin(value, *min as i64, max() as i64)?;
                    settings.options.set(shared.field, &number.to_string())
                }
                Kind::Levels => {
                    let wanted = value.trim().to_ascii_lowercase();
                    if alphabeta_games::chess::level_limits(&wanted).is_none() {
                        let names: Vec<&str> =
                            Chess::levels().iter().map(|level| level.name).collect();
                        return Err(format!(
                            "`{}` is not a level ({})",
                            excerpt(value),
                            names.join(", ")
                        ));
                    }
                    settings.options.set(shared.field, &wanted)
                }
            }
            .map_err(|error| error.to_string())?;
            rebuild = shared.field == "tt_mib";
        }
        match lower.as_str() {
            _ if SHARED.iter().any(|shared| shared.name.eq_ignore_ascii_case(name)) => {}
            "move overhead" => {
                settings.overhead =
                    Duration::from_millis(spin(value, 0, MOVE_OVERHEAD_MAX)? as u64);
            }
            "ownbook" => settings.own_book = check(value)?,
            "ponder" => settings.ponder = check(value)?,
            "uci_limitstrength" => settings.limit_strength = check(value)?,
            "uci_elo" => settings.elo = spin(value, ELO_MIN.into(), ELO_MAX.into())? as u32,
            "bookfile" => {
                let path = value.trim();
                settings.book = if path.is_empty() || path == "<empty>" {
                    None
                } else {
                    let book = Book::read(std::path::Path::new(path));
                    Some(Arc::new(book.map_err(|error| error.to_string())?))
                };
            }
            "clear hash" => {
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
                return Ok(());
            }
            _ => {
                if let Some(toggle) = TOGGLES.iter().find(|t| t.name.eq_ignore_ascii_case(name)) {
                    (toggle.set)(&mut settings.techniques, check(value)?);
                } else if let Some(margin) =
                    MARGINS.iter().find(|m| m.name.eq_ignore_ascii_case(name))
                {
                    let margin_value = spin(value, 0, MARGIN_MAX)? as i32;
                    (margin.set)(
                        &mut settings.techniques,
                        (margin_value > 0).then_some(margin_value),
                    );
                } else {
                    return Err("no such option (see the `uci` command's list)".to_string());
                }
            }
        }
        if rebuild || self.searcher.is_none() {
            self.searcher = Some(Self::make_searcher(&settings)?);
        } else if let Some(searcher) = &mut self.searcher {
            let config = searcher.config_mut();
            config.threads = settings.options.threads.map_or(1, |threads| threads as usize);
            config.techniques = settings.techniques.clone();
        }
        self.settings = settings;
        Ok(())
    }

    /// `position startpos|fen <FEN> [moves <m>...]`: the position changes only if all of it
    /// is right.
    fn position(&mut self, args: &[&str]) {
        match parse_position(args) {
            Ok(game) => self.game = game,
            Err(why) => self.info(&format!("position: {why} (position unchanged)")),
        }
    }

    /// `go ...`: starts the search on the worker thread (after the one running, if any).
    fn go(&mut self, args: &[&str]) {
        self.finish();
        let (go, complaints) = parse_go(args, self.game.side_to_move(), self.settings.overhead);
        for complaint in complaints {
            self.info(&format!("go: {complaint}"));
        }
        if let Some(reason) = self.game.end_reason() {
            let rest = if self.game.moves().is_empty() {
                "no move"
            } else {
                "a draw to claim; a move anyway, for a GUI that plays on"
            };
            self.info(&format!("go: the game is over by the rules ({reason}): {rest}"));
        }
        if !go.wait && self.book_move() {
            return;
        }
        let searcher = match self.searcher.take() {
            Some(searcher) => searcher,
            None => match Self::make_searcher(&self.settings) {
                Ok(searcher) => searcher,
                Err(why) => {
                    self.info(&format!("go: no search: {why}"));
                    self.out.say("bestmove 0000");
                    return;
                }
            },
        };
        let stop = Arc::new(AtomicBool::new(false));
        let go_limited = go.wait
            || go.limits.depth.is_some()
            || go.limits.nodes.is_some()
            || go.limits.time.is_some()
            || go.limits.clock.is_some();
        let options = &self.settings.options;
        let caps = merge_limits(&level_caps(options, go_limited), &options.limits());
        let mut limits = merge_limits(&caps, &go.limits);
        limits.stop = Some(Arc::clone(&stop));
        // Pondering runs without the clock, which starts at `ponderhit`.
        let ponder = go.ponder.then(|| {
            let (soft, hard) = limits.time_plan();
            (limits.clock, limits.time) = (None, None);
            soft.or(hard)
        });
        let bounded = limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.time.is_some()
            || limits.clock.is_some();
        let hit = Arc::new(AtomicBool::new(false));
        let job = Job {
            game: self.game.clone(),
            limits,
            wait: go.wait,
            stop: Arc::clone(&stop),
            hit: Arc::clone(&hit),
            strength: self.strength(),
            seed: self.rng.next_u64(),
        };
        let out = self.out;
        let endless = go.wait || !bounded;
        let handle = self.scope.spawn(move || job.run_guarded(searcher, out));
        self.running = Some(Running { stop, endless, hit, ponder, handle });
    }

    /// The play of `UCI_LimitStrength`, when on.
    fn strength(&self) -> Option<Strength> {
        self.settings.limit_strength.then(|| Strength::for_elo(self.settings.elo))
    }

    /// With `OwnBook` on and a book move for the position: says it, answers `bestmove` with
    /// it and returns `true`. A book that cannot answer is named and the search goes on.
    fn book_move(&mut self) -> bool {
        let Some(book) = self.settings.book.as_ref().filter(|_| self.settings.own_book) else {
            return false;
        };
        match book.choose(self.game.board(), &mut self.rng) {
            Ok(Some(mv)) => {
                let text = self.game.uci(mv);
                self.info(&format!("book move {text}"));
                self.out.say(&format!("bestmove {text}"));
                true
            }
            Ok(None) => false,
            Err(error) => {
                self.info(&format!("go: the book cannot answer ({error}); searching"));
                false
            }
        }
    }

    /// `ponderhit`: the GUI played the move pondered on. The search goes on; the move's time
    /// starts now (a timer stops the search when the time the clock gives it has passed),
    /// and a search that already ended answers at once.
    fn ponder_hit(&mut self) {
        let budget = self.running.as_mut().and_then(|running| running.ponder.take());
        let (Some(running), Some(budget)) = (self.running.as_mut(), budget) else {
            self.info("ponderhit: no search is pondering");
            return;
        };
        running.hit.store(true, Ordering::Relaxed);
        let Some(budget) = budget else { return };
        running.endless = false;
        let stop = Arc::clone(&running.stop);
        let deadline = Instant::now() + budget;
        self.scope.spawn(move || {
            while Instant::now() < deadline && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            stop.store(true, Ordering::Relaxed);
        });
    }

    /// Waits for a search that ends by itself; stops one that waits for `stop` (`go
    /// infinite`, `go ponder`, or `go` without a limit). Commands that change the position or
    /// the options come after the search in progress, as if the GUI had waited for it.
    fn finish(&mut self) {
        if self.running.as_ref().is_some_and(|running| running.endless) {
            self.signal_stop();
        }
        self.join();
    }

    fn signal_stop(&self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stops the search, if any, and takes the searcher back (after its `bestmove`).
    fn stop(&mut self) {
        self.signal_stop();
        self.join();
    }

    /// Waits for the search, if any, and takes the searcher back (after its `bestmove`).
    fn join(&mut self) {
        if let Some(running) = self.running.take() {
            match running.handle.join() {
                Ok(Some(searcher)) => self.searcher = Some(searcher),
                Ok(None) | Err(_) => {
                    self.info("the search failed; a new table is made");
                    self.searcher = Self::make_searcher(&self.settings).ok();
                }
            }
        }
    }
}

fn is_command(token: &str) -> bool {
    matches!(
        token,
        "uci"
            | "isready"
            | "debug"
            | "setoption"
            | "register"
            | "ponderhit"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "quit"
    )
}

/// A `spin` value within `min..=max`.
fn spin(value: &str, min: i64, max: i64) -> Result<i64, String> {
    let number: i64 =
        value.trim().parse().map_err(|_| format!("`{}` is not a whole number", excerpt(value)))?;
    if (min..=max).contains(&number) {
        Ok(number)
    } else {
        Err(format!("{number} is out of range ({min} to {max})"))
    }
}

/// A `check` value.
fn check(value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("`{}` is neither true nor false", excerpt(value))),
    }
}

/// Reads `startpos|fen <FEN> [moves ...]`.
fn parse_position(args: &[&str]) -> Result<Chess, String> {
    let moves_at = args.iter().position(|token| *token == "moves").unwrap_or(args.len());
    let mut game = match args.first() {
        Some(&"startpos") if moves_at == 1 => Chess::new(),
        Some(&"startpos") => {
            return Err(format!(
                "unexpected `{}` after startpos",
                excerpt(&args[1..moves_at].join(" "))
            ))
        }
        Some(&"fen") if moves_at > 1 => {
            let fen = args[1..moves_at].join(" ");
            Chess::from_fen(&fen).map_err(|error| format!("bad FEN: {error}"))?
        }
        Some(&"fen") => return Err("`fen` needs a FEN".to_string()),
        Some(other) => {
            return Err(format!("expected startpos or fen, got `{}`", excerpt(other)));
        }
        None => return Err("expected startpos or fen".to_string()),
    };
    for (index, text) in args.iter().skip(moves_at + 1).enumerate() {
        let mv = uci_move(&game, text)
            .map_err(|error| format!("move {} (`{}`): {error}", index + 1, excerpt(text)))?;
        game.play(mv);
    }
    Ok(game)
}

/// A move in UCI (or SAN) text. A position that the chess rules of play call drawn (by
/// repetition, the fifty-move rule or material) still has its legal moves: GUIs may play on.
fn uci_move(game: &Chess, text: &str) -> Result<Move, MoveError> {
    game.parse_move_on_board(text)
}

/// Reads the arguments of `go`; unreadable ones are named and skipped, values out of range
/// named and brought into range, and a `go` left without a limit by a value it could not
/// read searches [`FALLBACK_TIME`]. `overhead` is taken off the clock, off the increment (a
/// move costs it, and the increment comes only after the move), and a third of it off a
/// `movetime`.
fn parse_go(args: &[&str], side: Color, overhead: Duration) -> (Go, Vec<String>) {
    let mut go = Go::default();
    let mut complaints = Vec::new();
    let mut unreadable = false;
    let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, None, None, None);
    let mut movetime = None;
    let mut tokens = args.iter();
    while let Some(&token) = tokens.next() {
        let mut number = |name: &str| -> Option<i64> {
            match tokens.next() {
                Some(value) => match value.parse::<i64>() {
                    Ok(number) => Some(number),
                    Err(_) => {
                        complaints.push(format!(
                            "{name} needs a whole number, not `{}` (ignored)",
                            excerpt(value)
                        ));
                        unreadable = true;
                        None
                    }
                },
                None => {
                    complaints.push(format!("{name} needs a value (ignored)"));
                    unreadable = true;
                    None
                }
            }
        };
        let numeric =
            ["depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate"];
        let value = if numeric.contains(&token) { number(token) } else { None };
        // `value` within `min..=max`, or brought there with a complaint naming the change.
        let mut within = |min: i64, max: i64| {
            value.map(|number| {
                let kept = number.clamp(min, max);
                if kept != number {
                    let range = if max == i64::MAX {
                        format!("at least {min}")
                    } else {
                        format!("{min} to {max}")
                    };
                    complaints
                        .push(format!("{token} {number} is out of range ({range}); using {kept}"));
                }
                kept
            })
        };
        match token {
            "depth" => go.limits.depth = within(1, 1000).map(|d| d as u32),
            "nodes" => go.limits.nodes = within(1, i64::MAX).map(|n| n as u64),
            "movetime" => movetime = within(0, i64::MAX),
            "wtime" => wtime = within(0, i64::MAX),
            "btime" => btime = within(0, i64::MAX),
            "winc" => winc = within(0, i64::MAX),
            "binc" => binc = within(0, i64::MAX),
            "movestogo" => movestogo = within(1, i64::from(u32::MAX)),
            "infinite" => go.wait = true,
            "ponder" => (go.wait, go.ponder) = (true, true),
            "mate" => {
                // A mate in N moves is found within 2N - 1 plies.
                go.limits.depth = within(1, 500).map(|n| (n * 2 - 1) as u32);
            }
            "searchmoves" => {
                complaints.push("searchmoves is not supported (all moves are searched)".into());
                break;
            }
            other => complaints.push(format!("unknown `{}` (ignored)", excerpt(other))),
        }
    }
    let millis = |ms: i64| Duration::from_millis(ms.max(0) as u64);
    if let Some(ms) = movetime {
        go.limits.time =
            Some(millis(ms).saturating_sub(overhead / 3).max(Duration::from_millis(1)));
    }
    let (time, increment) = match side {
        Color::White => (wtime, winc),
        Color::Black => (btime, binc),
    };
    if let Some(remaining) = time {
        let remaining = millis(remaining).saturating_sub(overhead);
        let clock = GameClock {
            remaining,
            increment: millis(increment.unwrap_or(0)).saturating_sub(overhead),
            moves_to_go: movestogo.and_then(|n| u32::try_from(n).ok()).filter(|&n| n > 0),
        };
        go.limits.clock = Some(clock);
        let cap = hard_cap(&clock);
        go.limits.time = Some(go.limits.time.map_or(cap, |time| time.min(cap)));
    }
    let limited =
        go.limits.depth.is_some() || go.limits.nodes.is_some() || go.limits.time.is_some();
    if unreadable && !limited && !go.wait {
        go.limits.time = Some(FALLBACK_TIME);
        complaints
            .push(format!("no limit could be read: searching {} ms", FALLBACK_TIME.as_millis()));
    }
    (go, complaints)
}

/// The most a move may take on `clock`, whatever the search's own time management decides
/// (which plans within it): half of the time left, never all of it.
fn hard_cap(clock: &GameClock) -> Duration {
    (clock.remaining / 2).max(Duration::from_millis(1))
}

/// One search on the worker thread.
struct Job {
    game: Chess,
    limits: Limits,
    wait: bool,
    stop: Arc<AtomicBool>,
    /// `ponderhit` came: a search that waits answers.
    hit: Arc<AtomicBool>,
    /// `UCI_LimitStrength`: the play of a human-strength opponent.
    strength: Option<Strength>,
    /// Seeds the weaker moves' choice.
    seed: u64,
}

impl Job {
    /// [`Job::run`], and whatever happens inside it, a `bestmove`: a search that panics (a
    /// bug; positions that the move generator cannot handle are refused when they are read)
    /// is answered by an `info string` and the first legal move, or `0000`.
    fn run_guarded<W: Write>(self, searcher: Searcher, out: &Output<W>) -> Option<Searcher> {
        let game = self.game.clone();
        match panic::catch_unwind(AssertUnwindSafe(|| self.run(searcher, out))) {
            Ok(searcher) => Some(searcher),
            Err(_) => {
                let first = panic::catch_unwind(|| game.moves().first().map(|&mv| game.uci(mv)));
                out.say("info string the search failed (an internal error); answering anyway");
                out.say(&format!("bestmove {}", first.ok().flatten().as_deref().unwrap_or("0000")));
                None
            }
        }
    }

    fn run<W: Write>(self, mut searcher: Searcher, out: &Output<W>) -> Searcher {
        let start = Instant::now();
        let saved = searcher.config().limits.clone();
        let mut limits = self.limits.clone();
        if let Some(strength) = self.strength {
            limits.nodes = Some(limits.nodes.map_or(strength.nodes, |n| n.min(strength.nodes)));
            limits.multipv = Some(limits.multipv.unwrap_or(1).max(strength.lines));
        }
        let multipv = limits.multipv.is_some_and(|lines| lines > 1);
        searcher.config_mut().limits = merge_limits(&saved, &limits);
        let mut position = self.game.clone();
        position.set_search_root();
        let mut reporter = Reporter { out, root: self.game.clone(), start, multipv };
        let mut result = searcher.search_parallel_with(&mut position, &mut reporter);
        searcher.config_mut().limits = saved;
        if let (Some(strength), false) = (self.strength, result.lines.is_empty()) {
            // A human-strength move: one of the lines near the best.
            let chosen = strength.choose(&result.lines, &mut SplitMix64::new(self.seed));
            let line = &result.lines[chosen];
            (result.best_move, result.score) = (line.pv.first().copied(), line.score);
            result.pv = line.pv.clone();
        }
        let best = self.best_move(&result, &mut searcher);
        out.say(&summary_line(&result, start.elapsed(), searcher.hashfull()));
        // `go infinite` and `go ponder` wait for the GUI before answering.
        let waiting = || !self.stop.load(Ordering::Relaxed) && !self.hit.load(Ordering::Relaxed);
        while self.wait && waiting() && !out.closed() {
            std::thread::sleep(Duration::from_millis(1));
        }
        let text = match best {
            None => "bestmove 0000".to_string(),
            Some(mv) => {
                let ponder = (result.best_move == Some(mv))
                    .then(|| uci_pv(&self.game, &result.pv))
                    .and_then(|pv| pv.get(1).cloned());
                match ponder {
                    Some(reply) => format!("bestmove {} ponder {reply}", self.game.uci(mv)),
                    None => format!("bestmove {}", self.game.uci(mv)),
                }
            }
        };
        out.say(&text);
        searcher
    }

    /// The search's move; in a position that the rules of play call drawn but where the game
    /// goes on (a GUI that does not claim the draw), the move of a search that forgets the
    /// history, or the first legal move.
    fn best_move(&self, result: &SearchResult<Move>, searcher: &mut Searcher) -> Option<Move> {
        if result.best_move.is_some() {
            return result.best_move;
        }
        let moves = self.game.moves();
        if moves.is_empty() {
            return None;
        }
        let mut fresh = Chess::from_board(self.game.board().clone());
        let mut limits = searcher.config().limits.clone();
        limits.time = Some(Duration::from_millis(50));
        limits.stop = None;
        let saved = std::mem::replace(&mut searcher.config_mut().limits, limits);
        let fallback = searcher.search(&mut fresh);
        searcher.config_mut().limits = saved;
        fallback.best_move.filter(|mv| moves.contains(mv)).or(Some(moves[0]))
    }
}

/// Writes an `info` line after each iteration.
struct Reporter<'a, W> {
    out: &'a Output<W>,
    root: Chess,
    start: Instant,
    /// MultiPV is on: each line says which it is (`multipv 2`).
    multipv: bool,
}

impl<W: Write> Observer<Chess> for Reporter<'_, W> {
    fn iteration(&mut self, iteration: &Iteration<'_, Move>) {
        let line = info_line(&self.root, iteration, self.start.elapsed(), self.multipv);
        self.out.say(&line);
    }
}

/// The last `info` line of a search: what it did in all, with the table's use (which the
/// search itself cannot be asked while it runs).
fn summary_line(result: &SearchResult<Move>, elapsed: Duration, hashfull: u32) -> String {
    let millis = elapsed.as_millis();
    let nodes = result.stats.nodes;
    let nps = u128::from(nodes) * 1000 / millis.max(1);
    format!(
        "info depth {} seldepth {} nodes {nodes} nps {nps} time {millis} hashfull {hashfull}",
        result.stats.depth,
        result.stats.seldepth.max(result.stats.depth)
    )
}

/// `info depth .. seldepth .. [multipv ..] score .. nodes .. nps .. time .. pv ..` after an
/// iteration (after each of its lines with MultiPV).
fn info_line(
    root: &Chess,
    iteration: &Iteration<'_, Move>,
    elapsed: Duration,
    multipv: bool,
) -> String {
    let millis = elapsed.as_millis();
    let (depth, nodes) = (iteration.depth, iteration.stats.nodes);
    let nps = u128::from(nodes) * 1000 / millis.max(1);
    let mut line = format!("info depth {depth} seldepth {}", iteration.stats.seldepth.max(depth));
    if multipv {
        line.push_str(&format!(" multipv {}", iteration.multipv));
    }
    if let Some(score) = score_text(iteration.score) {
        line.push_str(&format!(" score {score}"));
    }
    line.push_str(&format!(" nodes {nodes} nps {nps} time {millis}"));
    let pv = uci_pv(root, iteration.pv);
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// `cp X` or `mate N` (moves; negative when the side to move is mated).
/// `None` for a value that is no score (the bound a search starts from).
#[must_use]
pub fn score_text(score: Score) -> Option<String> {
    if score.is_win() || score.is_loss() {
        let moves =
            score.plies().map_or(i64::from(Score::MAX_PLY), |plies| i64::from(plies + 1) / 2);
        Some(match (score.is_win(), moves) {
            (_, 0) => "mate 0".to_string(),
            (true, moves) => format!("mate {moves}"),
            (false, moves) => format!("mate -{moves}"),
        })
    } else if score.raw().abs() <= Score::MAX_HEURISTIC {
        Some(format!("cp {}", score.raw()))
    } else {
        None
    }
}

/// The UCI text of a principal variation, as far as its moves are legal.
fn uci_pv(root: &Chess, pv: &[Move]) -> Vec<String> {
    let mut game = root.clone();
    let mut texts = Vec::with_capacity(pv.len());
    for &mv in pv {
        if !game.moves().contains(&mv) {
            break;
        }
        texts.push(game.uci(mv));
        game.play(mv);
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position that the move generator cannot handle (the FEN reader refuses it, so it is
    /// built past it) still gets a `bestmove`.
    #[test]
    fn a_panicking_search_still_answers_bestmove() {
        let board = alphabeta_games::chess::Board::from_fen("kK6/8/8/8/8/8/P7/8 w - - 0 1", false)
            .expect("cozy-chess accepts adjacent kings");
        let game = Chess::from_board(board);
        let out = Output { writer: Mutex::new(Vec::new()), closed: AtomicBool::new(false) };
        let limits = Limits { depth: Some(3), ..Limits::default() };
        let stop = Arc::new(AtomicBool::new(false));
        let hit = Arc::new(AtomicBool::new(false));
        let job = Job { game, limits, wait: false, stop, hit, strength: None, seed: 0 };
        let searcher = Searcher::try_new(search_config(1, 1 << 20)).unwrap();
        let result = job.run_guarded(searcher, &out);
        let text = String::from_utf8(out.writer.into_inner().unwrap()).unwrap();
        let last = text.lines().last().unwrap_or_default();
        assert!(last.starts_with("bestmove "), "{text}");
        assert!(text.contains("info string the search failed"), "{text}");
        assert!(result.is_none());
    }
}
