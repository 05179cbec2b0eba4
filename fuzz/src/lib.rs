//! What the fuzz targets share: the catalogue they fuzz (every standard game and the example
//! Nim, so that a game added to `Catalogue::standard` is fuzzed with no new code), a cheap
//! request for each game, and the contract checks that turn a broken promise into a panic
//! (which libFuzzer reports as a crash, like any other panic).

use std::sync::OnceLock;

use alphabeta_catalogue::example::Nim;
use alphabeta_catalogue::{
    Catalogue, CatalogueError, GameHandle, Method, PositionView, Report, Request,
};
use alphabeta_engine::Limits;

/// The node budget of every search the targets run.
pub const NODES: u64 = 200;

/// The longest error message accepted, in characters. The catalogue cuts a game's message
/// at 240 characters (after a prefix such as "bad position: "), so a message that quotes much
/// of the input ends up longer than this.
pub const MAX_MESSAGE_CHARS: usize = 250;

/// Every game: the standard catalogue and Nim.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::standard().with::<Nim>())
}

/// The game's weakest level (levels are listed weakest first), the cheapest player it has.
pub fn quick_level(game: &dyn GameHandle) -> Option<String> {
    game.info().levels.first().map(|level| level.name.to_string())
}

/// The weakest level with a budget of [`NODES`] positions.
pub fn quick_request(game: &dyn GameHandle) -> Request {
    Request {
        method: Method::Level(quick_level(game)),
        limits: Limits { nodes: Some(NODES), ..Limits::default() },
        ..Request::default()
    }
}

/// Bytes as text: UTF-8 as it is, anything else with replacement characters.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An error message is short and says something. (Whether it quotes at most ~60 characters
/// of the input is left to the proptests: the fuzzer learns to put the message's own words
/// into the input, and then any such check sees a long quote.)
pub fn check_error(error: &CatalogueError, context: &str) {
    check_message(&error.to_string(), context);
}

/// A message is short and says something.
pub fn check_message(message: &str, context: &str) {
    assert!(!message.trim().is_empty(), "{context}: an empty error message");
    let chars = message.chars().count();
    assert!(
        chars <= MAX_MESSAGE_CHARS,
        "{context}: an error message of {chars} characters: {message}"
    );
}

/// A position view keeps its promises: over exactly when there is no move and then with a
/// result, every listed move plays, and its text reads back.
pub fn check_view(game: &dyn GameHandle, view: &PositionView, to_move: Option<&str>) {
    let context = format!("{} {:?}", game.name(), view.position);
    assert_eq!(view.over, view.moves.is_empty(), "{context}: over exactly when no move");
    assert_eq!(view.over, view.result.is_some(), "{context}: a result exactly when over");
    let input = alphabeta_catalogue::PositionInput {
        position: view.position.clone(),
        to_move: to_move.map(str::to_string),
    };
    let again = game
        .position(&input)
        .unwrap_or_else(|error| panic!("{context}: its own text does not read back: {error}"));
    assert_eq!(again.position, view.position, "{context}: the text changes on reading back");
    assert_eq!(again.to_move, view.to_move, "{context}: the side to move changes");
}

/// A report keeps the contract: a move exactly when the game is not over, no sentinel value.
pub fn check_report(report: &Report, over: bool, context: &str) {
    assert_eq!(report.best_move.is_none(), over, "{context}: move null exactly when over");
    if let Some(value) = report.value {
        let largest = i64::from(alphabeta_engine::Score::MAX_HEURISTIC);
        assert!(value.abs() <= largest, "{context}: a sentinel-sized value {value}");
    }
    assert!(report.time_ms.is_finite() && report.time_ms >= 0.0, "{context}: time {report:?}");
}

/// Runs the command line `args` in-process with `input` as its standard input: its exit code
/// (0, 1 or 2: any other is a broken promise, a panic here), its output and its messages.
pub fn run_command(args: &[String], input: &[u8]) -> (u8, Vec<u8>, String) {
    let mut input = input;
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut context = alphabeta_cli::Context {
        catalogue: catalogue(),
        input: &mut input,
        out: &mut out,
        err: &mut err,
        interactive: false,
        echo: true,
    };
    let code = format!("{:?}", alphabeta_cli::run(args.to_vec(), &mut context));
    let err = String::from_utf8_lossy(&err).into_owned();
    let known = (0..=2u8).find(|known| code == format!("ExitCode(unix_exit_status({known}))"));
    let code = known.unwrap_or_else(|| panic!("{args:?}: {code}: {err}"));
    (code, out, err)
}

/// The messages of `alphabeta batch` on an input of `lines` lines: each short, and each about
/// a line (`line N: ...`) naming one of them, its reason not cut short.
pub fn check_line_messages(args: &[String], err: &str, lines: u64) {
    for line in err.lines() {
        let chars = line.chars().count();
        assert!(chars <= MAX_MESSAGE_CHARS + 20, "{args:?}: a long message: {line}");
        if let Some(rest) = line.strip_prefix("line ") {
            let (number, message) = rest
                .split_once(": ")
                .and_then(|(number, message)| Some((number.parse::<u64>().ok()?, message)))
                .unwrap_or_else(|| panic!("{args:?}: no line number: {line}"));
            assert!(number >= 1 && number <= lines, "{args:?}: line {number} of {lines}");
            // The reader cuts a message at 240 characters: one that long quoted too much.
            let chars = message.chars().count();
            assert!(chars < 240, "{args:?}: a message cut short: {line}");
        }
    }
}
