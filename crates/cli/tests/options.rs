//! The command's flags, the web's and Python's JSON and `match`/UCI's `name=value` texts read
//! into one `SearchOptions`: the same options, the same defaults, the same checks.

use alphabeta_catalogue::{Method, SearchOptions};
use clap::Parser;

#[derive(Parser)]
struct Flags {
    #[command(flatten)]
    options: SearchOptions,
}

fn flags(args: &[&str]) -> SearchOptions {
    let mut line = vec!["alphabeta"];
    line.extend_from_slice(args);
    Flags::try_parse_from(line).unwrap_or_else(|error| panic!("{args:?}: {error}")).options
}

#[test]
fn every_front_end_reads_the_same_options() {
    let from_flags = flags(&[
        "--algo",
        "alphabeta",
        "--score",
        "plain",
        "--order",
        "game",
        "--cut",
        "strict",
        "--tie-break",
        "last",
        "--depth",
        "5",
        "--nodes",
        "1000",
        "--time-ms",
        "250",
        "--tt-mib",
        "8",
        "--threads",
        "2",
        "--stop-at-win",
    ]);
    let from_json = SearchOptions::from_json(
        r#"{"algorithm": "alphabeta", "scoring": "plain", "ordering": "game", "cut": "strict",
            "tie_break": "last", "depth": 5, "nodes": 1000, "time_ms": 250, "table_mib": 8,
            "threads": 2, "stop_at_win": true}"#,
    )
    .unwrap_or_else(|error| panic!("{error}"));
    let mut from_text = SearchOptions::default();
    for pair in "algo=alphabeta,score=plain,order=game,cut=strict,tie-break=last,depth=5,\
                 nodes=1000,time-ms=250,tt-mib=8,threads=2,stop-at-win=true"
        .split(',')
    {
        let (name, value) = pair.split_once('=').unwrap_or_else(|| panic!("{pair}"));
        from_text.set(name, value).unwrap_or_else(|error| panic!("{pair}: {error}"));
    }
    assert_eq!(from_flags, from_json);
    assert_eq!(from_flags, from_text);
}

#[test]
fn every_front_end_has_the_same_defaults() {
    let none = flags(&[]);
    assert_eq!(none, SearchOptions::default());
    assert_eq!(
        SearchOptions::from_json("{}").unwrap_or_else(|error| panic!("{error}")),
        SearchOptions::default()
    );
    // With no option: the game's default level; one search option: negamax.
    let request = none.request().unwrap_or_else(|error| panic!("{error}"));
    assert!(matches!(request.method, Method::Level(None)));
    let request = flags(&["--order", "game"]).request().unwrap_or_else(|error| panic!("{error}"));
    let Method::Search(config) = request.method else { panic!("a search") };
    assert_eq!(config.algorithm, alphabeta_engine::Algorithm::Negamax);
    assert_eq!(config.tt_bytes, 64 << 20);
}
