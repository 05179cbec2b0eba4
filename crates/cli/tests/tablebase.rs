//! `alphabeta tablebase`: bad arguments refused before any solving, the files written, and
//! `--tablebase DIR` read back by `solve` and `analyse` (a damaged file named).

mod common;

use common::call;

fn temp_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("alphabeta-cli-{name}-{}", std::process::id()))
}

#[test]
fn bad_arguments_are_refused_before_solving() {
    let dir = temp_dir("refused");
    let out = dir.to_str().unwrap();
    for (args, message) in [
        (vec!["tablebase", "checkers", "--pieces", "0", "--out", out], "--pieces 0: give 1 to 5"),
        (vec!["tablebase", "checkers", "--pieces", "6", "--out", out], "--pieces 6: give 1 to 5"),
        (vec!["tablebase", "chess", "--pieces", "2", "--out", out], "only checkers"),
        (
            vec!["tablebase", "checkers", "--pieces", "2", "--out", "/proc/no/such"],
            "cannot make the folder",
        ),
    ] {
        let (code, _, err) = call(&args, b"");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("slice"), "{args:?}: solving started: {err}");
    }
    let (code, _, err) = call(&["tablebase", "checkers", "--pieces", "x", "--out", out], b"");
    assert_eq!(code, 2, "{err}");
    assert!(!dir.exists());
}

#[test]
fn databases_are_written_and_read_back_by_solve_and_analyse() {
    let dir = temp_dir("written");
    let out = dir.to_str().unwrap();
    let (code, stdout, err) = call(&["tablebase", "checkers", "--pieces", "2", "--out", out], b"");
    assert_eq!(code, 0, "{err}");
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert!(stdout.contains(&format!("wrote {files} files")), "{stdout}");
    assert_eq!(err.lines().filter(|line| line.starts_with("slice ")).count(), files, "{err}");

    // Lasker's diagram 88: White takes the opposition and wins in 9 plies.
    let (code, stdout, err) =
        call(&["solve", "checkers", "W:WK32:BK26", "--tablebase", out, "--json"], b"");
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["move"], "32-27", "{stdout}");
    assert_eq!(json["plies"], 9, "{stdout}");
    assert_eq!(json["exact"], true, "{stdout}");
    assert_eq!(json["pv"].as_array().unwrap().len(), 9, "{stdout}");
    let (code, stdout, err) =
        call(&["analyse", "checkers", "B:WK32:BK26", "--tablebase", out], b"");
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("draw"), "{stdout}");

    // A damaged file is named, with what is wrong (in another folder: a process reads a
    // folder once).
    let damaged = temp_dir("damaged");
    std::fs::create_dir_all(&damaged).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), damaged.join(entry.file_name())).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let out = damaged.to_str().unwrap();
    let path = damaged.join("checkers-b0m1k-w0m1k.abtb");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let (code, _, err) = call(&["solve", "checkers", "W:WK32:BK26", "--tablebase", out], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("checkers-b0m1k-w0m1k.abtb") && err.contains("checksum"), "{err}");
    std::fs::remove_dir_all(&damaged).unwrap();

    let (code, _, err) = call(&["solve", "checkers", "W:WK32:BK26", "--tablebase", out], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a folder"), "{err}");
}
