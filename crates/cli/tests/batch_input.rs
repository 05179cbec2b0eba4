//! Arbitrary byte lines into `alphabeta batch GAME`, in-process, for every game of the
//! catalogue (and Nim): never a panic; exit 2 exactly when some line could not be read, 1
//! when none was bad but an expected value was missed, else 0; every bad line reported with
//! its own number, and those are exactly the lines that are bad on their own; one result line
//! for every other line that is not blank or a comment, and with `--json` one object for every
//! line, carrying its number.

use std::collections::BTreeSet;

use alphabeta_catalogue::example::Nim;
use alphabeta_catalogue::{Catalogue, PositionInput};
use alphabeta_cli::{run, Context};
use proptest::prelude::*;

/// The node budget of every search (the weakest level of each game answers within it).
const NODES: &str = "200";

fn catalogue() -> Catalogue {
    Catalogue::standard().with::<Nim>()
}

/// Runs `batch` over `stdin`: (exit code, stdout, stderr).
fn batch(catalogue: &Catalogue, args: &[String], stdin: &[u8]) -> (u8, String, String) {
    let mut input = stdin;
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut context = Context {
        catalogue,
        input: &mut input,
        out: &mut out,
        err: &mut err,
        interactive: false,
        echo: true,
    };
    let code =
        run(std::iter::once("alphabeta".to_string()).chain(args.iter().cloned()), &mut context);
    let code = format!("{code:?}");
    let code = code
        .trim_start_matches("ExitCode(unix_exit_status(")
        .trim_end_matches("))")
        .parse()
        .unwrap_or(255);
    (code, String::from_utf8_lossy(&out).into_owned(), String::from_utf8_lossy(&err).into_owned())
}

/// The numbers of the lines reported as bad (`line N: ...`).
fn bad_lines(err: &str) -> BTreeSet<usize> {
    err.lines()
        .filter_map(|line| line.strip_prefix("line ")?.split_once(": "))
        .map(|(number, message)| {
            assert!(message.chars().count() < 240, "a message cut short: {message}");
            number.parse().unwrap_or_else(|_| panic!("no line number in {err}"))
        })
        .collect()
}

/// One line of input, before it is made into bytes for a game.
#[derive(Clone, Debug)]
enum Spec {
    /// Any bytes (no newline).
    Bytes(Vec<u8>),
    /// A position reached by playing the listed moves (by index) from the start, perhaps
    /// with an expected value after a tab or a space, perhaps with bytes spliced in.
    Valid { moves: Vec<usize>, expected: Option<(bool, i64)>, splice: Option<(usize, u8)> },
    /// A comment or a blank line.
    Quiet(String),
}

fn spec() -> impl Strategy<Value = Spec> {
    let bytes =
        proptest::collection::vec(any::<u8>().prop_filter("no newline", |&b| b != b'\n'), 0..80);
    prop_oneof![
        3 => bytes.prop_map(Spec::Bytes),
        4 => (
            proptest::collection::vec(0usize..9, 0..6),
            proptest::option::of((any::<bool>(), -12i64..12)),
            proptest::option::weighted(0.3, (any::<usize>(), any::<u8>().prop_filter("no newline", |&b| b != b'\n'))),
        )
            .prop_map(|(moves, expected, splice)| Spec::Valid { moves, expected, splice }),
        1 => prop_oneof![Just(String::new()), Just("   \r".to_string()), "# [ -~]{0,20}"].prop_map(Spec::Quiet),
    ]
}

/// The line's bytes for `game` (its start, then the moves, each taken modulo the legal ones).
fn line_bytes(game: &dyn alphabeta_catalogue::GameHandle, spec: &Spec) -> Vec<u8> {
    match spec {
        Spec::Bytes(bytes) => bytes.clone(),
        Spec::Quiet(text) => text.clone().into_bytes(),
        Spec::Valid { moves, expected, splice } => {
            let mut view = game.start(None).unwrap_or_else(|error| panic!("{error}"));
            for &index in moves {
                if view.moves.is_empty() {
                    break;
                }
                let mv = view.moves[index % view.moves.len()].text.clone();
                let played = game.play(&PositionInput::new(view.position.clone()), &mv);
                view = played.unwrap_or_else(|error| panic!("{}: {mv}: {error}", game.name())).1;
            }
            let mut text = view.position;
            if let Some((tab, value)) = expected {
                text = format!("{text}{}{value}", if *tab { '\t' } else { ' ' });
            }
            let mut bytes = text.into_bytes();
            if let Some((at, byte)) = splice {
                let at = at % (bytes.len() + 1);
                bytes.insert(at, *byte);
            }
            bytes
        }
    }
}

fn args(game: &dyn alphabeta_catalogue::GameHandle, json: bool) -> Vec<String> {
    let mut args = vec!["batch".to_string(), game.name().to_string()];
    if let Some(level) = game.info().levels.first() {
        args.extend(["--level".to_string(), level.name.to_string()]);
    }
    args.extend(["--nodes".to_string(), NODES.to_string()]);
    if json {
        args.push("--json".to_string());
    }
    args
}

fn check_batch(specs: &[Spec], json: bool) {
    let catalogue = catalogue();
    for game in catalogue.iter() {
        let game = &**game;
        let args = args(game, json);
        let lines: Vec<Vec<u8>> = specs.iter().map(|spec| line_bytes(game, spec)).collect();
        let stdin = lines.join(&b'\n');
        let (code, out, err) = batch(&catalogue, &args, &stdin);
        let context = format!("{args:?} on {:?}", String::from_utf8_lossy(&stdin));
        // Step 1. Each line alone: bad, quiet (no output) or answered.
        let mut alone_bad = BTreeSet::new();
        let mut answered = 0;
        for (index, line) in lines.iter().enumerate() {
            let (alone_code, alone_out, _) = batch(&catalogue, &args, line);
            if alone_code == 2 {
                alone_bad.insert(index + 1);
            }
            answered += alone_out.lines().count();
        }
        // Step 2. Together: the same bad lines, by number; every other line answered.
        assert_eq!(bad_lines(&err), alone_bad, "{context}: {err}");
        // With --json every input line has its object (an empty last segment is no line).
        let input_lines = stdin.split(|&byte| byte == b'\n').count()
            - usize::from(stdin.is_empty() || stdin.ends_with(b"\n"));
        let wanted = if json { input_lines } else { answered };
        assert_eq!(out.lines().count(), wanted, "{context}: {out}");
        let missed = err.lines().any(|line| line.starts_with("mismatch: "));
        let expected_code = if !alone_bad.is_empty() {
            2
        } else if missed {
            1
        } else {
            0
        };
        assert_eq!(code, expected_code, "{context}: {err}");
        if json {
            // One object per input line, numbered in order; the errors exactly at the bad lines.
            let mut errors = BTreeSet::new();
            for (index, line) in out.lines().enumerate() {
                let value: serde_json::Value = serde_json::from_str(line)
                    .unwrap_or_else(|error| panic!("{context}: {line}: {error}"));
                assert_eq!(value["line"].as_u64(), Some(index as u64 + 1), "{context}: {line}");
                if value.get("error").is_some() {
                    errors.insert(index + 1);
                }
            }
            assert_eq!(errors, alone_bad, "{context}: {out}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn batch_reads_any_bytes_line_by_line(
        specs in proptest::collection::vec(spec(), 0..7),
        json in any::<bool>(),
    ) {
        check_batch(&specs, json);
    }
}

/// A line that is not UTF-8 between two good ones, for every game: line 2 is reported.
#[test]
fn a_bad_line_between_good_ones_is_reported_by_number() {
    let specs = [
        Spec::Valid { moves: vec![], expected: None, splice: None },
        Spec::Bytes(vec![0xff, 0xfe, b'x']),
        Spec::Valid { moves: vec![1], expected: None, splice: None },
    ];
    check_batch(&specs, false);
    let catalogue = catalogue();
    for game in catalogue.iter() {
        let lines: Vec<Vec<u8>> = specs.iter().map(|spec| line_bytes(&**game, spec)).collect();
        let (code, out, err) = batch(&catalogue, &args(&**game, false), &lines.join(&b'\n'));
        assert_eq!(code, 2, "{}: {err}", game.name());
        assert_eq!(bad_lines(&err), BTreeSet::from([2]), "{}: {err}", game.name());
        assert_eq!(out.lines().count(), 2, "{}: {out}", game.name());
    }
}

/// `--json`: one object per line, in order, with its number; a mismatch names its line; no
/// control character of the input reaches the output or the messages.
#[test]
fn json_lines_carry_their_numbers_and_messages_escape_control_characters() {
    let catalogue = catalogue();
    let args: Vec<String> =
        ["batch", "tictactoe", "--json"].iter().map(|arg| (*arg).to_string()).collect();
    let stdin = b"xo.......\n\n# a comment\n\x1b[31mx\x07\n.........\t0\nxx.oo....\t-5\n";
    let (code, out, err) = batch(&catalogue, &args, stdin);
    assert_eq!(code, 2, "{err}");
    let objects: Vec<serde_json::Value> =
        out.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(objects.len(), 6, "{out}");
    for (index, object) in objects.iter().enumerate() {
        assert_eq!(object["line"].as_u64(), Some(index as u64 + 1), "{out}");
    }
    assert_eq!(objects[0]["move"], "3");
    assert_eq!(
        (objects[1]["skipped"].as_str(), objects[2]["skipped"].as_str()),
        (Some("blank"), Some("comment"))
    );
    assert!(objects[3]["error"].as_str().unwrap().starts_with("bad position"), "{out}");
    assert_eq!(
        (objects[4]["expected"].as_i64(), objects[4]["matches"].as_bool()),
        (Some(0), Some(true))
    );
    assert_eq!(
        (objects[5]["expected"].as_i64(), objects[5]["matches"].as_bool()),
        (Some(-5), Some(false))
    );
    assert!(err.contains("mismatch: line 6: xx.oo....: expected -5, got 9"), "{err}");
    assert!(!out.contains('\x1b') && !err.contains('\x1b') && !err.contains('\x07'), "{err}");
    // A game whose message quotes the input: the escape is shown, not sent.
    let args: Vec<String> = ["batch", "chess"].iter().map(|arg| (*arg).to_string()).collect();
    let (code, _, err) = batch(&catalogue, &args, b"\x1b]0;title\x07 w - -\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("\\u{1b}]0;title\\u{7}"), "{err}");
    assert!(!err.contains('\x1b') && !err.contains('\x07'), "{err}");
}
