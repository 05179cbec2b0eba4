# Sourced by run.sh and load.sh: starts "$SERVER_CMD" (which must print its URL) in the
# background, stops it on exit, and sets SERVER_PID and BASE_URL (loopback only).
LOG="$(mktemp)"
# shellcheck disable=SC2086 # SERVER_CMD is a command line.
$SERVER_CMD >"$LOG" 2>&1 &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -f "$LOG"
}
trap cleanup EXIT

BASE_URL=""
for _ in $(seq 1 100); do
  BASE_URL="$(grep -o 'http://[^ ]*/' "$LOG" | head -n 1 || true)"
  [ -n "$BASE_URL" ] && break
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "the server did not start:" >&2
    cat "$LOG" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$BASE_URL" ]; then
  echo "the server printed no URL:" >&2
  cat "$LOG" >&2
  exit 1
fi
case "$BASE_URL" in
  http://127.*|http://\[::1\]*|http://localhost*) ;;
  *) echo "refusing to test a server that is not on loopback: $BASE_URL" >&2; exit 1 ;;
esac
