#!/usr/bin/env bash
# Fuzzes every parser with cargo-fuzz (libFuzzer): scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Targets (fuzz/fuzz_targets/): position (every game's position text, a move on it and a
# short search), moves (move texts from every game's start), tree (the explicit tree parser
# and TREE@PATH), batch (bytes into `alphabeta batch GAME`), batch_solve (into `alphabeta
# batch GAME --solve`), uci (command lines into the UCI loop), web (request bodies into every
# POST route of the web API's router, without a socket). Each runs SECONDS (default 60),
# one after the other, from fuzz/corpus/TARGET (kept between runs, not committed) and the
# committed seeds in fuzz/seeds/TARGET, with the tokens of fuzz/alphabeta.dict.
#
# Exit status: 0 when no target found anything; 1 when one crashed (a panic, a broken check,
# an input slower than 10 s or over 2 GiB), with the inputs listed; 2 on a setup error.
# Replay one: cargo fuzz run --sanitizer none TARGET fuzz/artifacts/TARGET/crash-...
#
# How it runs on a stable toolchain: cargo-fuzz's default AddressSanitizer needs
# `-Zsanitizer`, a nightly flag. With `--sanitizer none` it builds with stable flags only
# (`-Cpasses=sancov-module` and `-Cllvm-args=-sanitizer-coverage-*` for the coverage that
# guides libFuzzer; libFuzzer itself is C++ built by libfuzzer-sys with the system's g++),
# so no nightly and no RUSTC_BOOTSTRAP is needed. Without `-O`, cargo-fuzz builds the release
# profile with debug assertions and overflow checks, so an arithmetic overflow is a crash
# too. The project denies unsafe code, so the sanitizer would add little.
set -euo pipefail

cd "$(dirname "$0")/.."

seconds=${1:-60}
if ! [[ $seconds =~ ^[0-9]+$ ]] || ((seconds < 1)); then
    echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]  (SECONDS: a whole number, at least 1)" >&2
    exit 2
fi
shift $(($# > 0 ? 1 : 0))
targets=("$@")
if ((${#targets[@]} == 0)); then
    targets=(position moves tree batch batch_solve uci web)
fi

# Step 1. cargo-fuzz, from crates.io, when it is not installed yet.
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: cargo-fuzz is not installed; installing it now with" \
        "'cargo install cargo-fuzz --locked' (from crates.io, about 2 minutes)" >&2
    cargo install cargo-fuzz --locked
fi
if ! command -v c++ >/dev/null 2>&1; then
    echo "fuzz.sh: libFuzzer is built from C++: install a C++ compiler (apt-get install g++)" >&2
    exit 2
fi

# Step 2. Build every target once (the first build takes several minutes).
flags=(--sanitizer none)
echo "fuzz.sh: building the fuzz targets (cargo fuzz build ${flags[*]})" >&2
cargo fuzz build "${flags[@]}"

# Step 3. Run each target for the given time.
mkdir -p fuzz/logs
marker=$(mktemp)
trap 'rm -f "$marker"' EXIT
status=0
for target in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$target" "fuzz/artifacts/$target"
    corpora=("fuzz/corpus/$target")
    if [[ -d fuzz/seeds/$target ]]; then
        corpora+=("fuzz/seeds/$target")
    fi
    log="fuzz/logs/$target.log"
    echo "fuzz.sh: $target for $seconds s (log: $log)" >&2
    set +e
    cargo fuzz run "${flags[@]}" "$target" "${corpora[@]}" -- \
        -max_total_time="$seconds" -dict=fuzz/alphabeta.dict -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1
    code=$?
    set -e
    found=$(find "fuzz/artifacts/$target" -type f -newer "$marker" | sort)
    runs=$(grep -a -o '^stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    if [[ -n $found || $code -ne 0 ]]; then
        status=1
        echo "fuzz.sh: $target FOUND A CRASH after ${runs:-?} runs (exit $code):" >&2
        grep -a -m1 -A3 "panicked at\|ERROR: libFuzzer" "$log" >&2 || tail -n 20 "$log" >&2
        for artifact in $found; do
            echo "  $artifact" >&2
        done
    else
        echo "fuzz.sh: $target: nothing found in ${runs:-?} runs" \
            "($(find "fuzz/corpus/$target" -type f | wc -l) inputs in the corpus)" >&2
    fi
done
exit $status
