# Shared helpers for the end-to-end scripts: counting checks and printing the closing line.
# KLOTSKI_TEST_BIN: the folder holding klotski and klotski-build.
# KLOTSKI_TEST_WORK: a scratch folder; the test database is $KLOTSKI_TEST_WORK/klotski.db.
# KLOTSKI_TEST_OBJ: the build folder, where make builds the reference programs of
# tests/reference/ (optional: build/release).
set -u
BIN=${KLOTSKI_TEST_BIN:?set by tests/run.sh}
WORK=${KLOTSKI_TEST_WORK:?set by tests/run.sh}
TEST_DB=$WORK/klotski.db
# The repository, and the independent checkers of tests/reference/: the scripts and
# their sources there, the programs built from them in the build folder.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
REFERENCE=$ROOT/tests/reference
REFERENCE_BIN=${KLOTSKI_TEST_OBJ:-$ROOT/build/release}/tests/reference
checks_passed=0
checks_failed=0

# expect NAME EXPECTED ACTUAL
expect() {
    if [ "$2" = "$3" ]; then
        checks_passed=$((checks_passed + 1))
    else
        checks_failed=$((checks_failed + 1))
        printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
    fi
}

# sql QUERY: one query against the test database, output as sqlite3 prints it.
sql() { sqlite3 -batch "$TEST_DB" "$1"; }

# finish: prints "N passed, M failed" for this script and exits non-zero on failure.
finish() {
    echo "$(basename "$0"): $checks_passed passed, $checks_failed failed"
    [ "$checks_failed" -eq 0 ]
}

# The helpers of the scripts that query a built database.  Such a script sets K (the
# klotski to run) and T (its scratch folder) and calls use_database first.

# use_database: reads the test database, else the source tree's data/klotski.db; when
# there is neither, counts a failure, prints the closing line and exits.
use_database() {
    [ -f "$TEST_DB" ] || TEST_DB=$ROOT/data/klotski.db
    if [ ! -f "$TEST_DB" ]; then
        expect "a database to query (run tests/e2e/e2e_build.sh or make)" present missing
        finish
        exit
    fi
}

# run ARGS...: runs klotski on the test database; sets out, err and status.
run() {
    out=$("$K" --db "$TEST_DB" "$@" 2>"$T/stderr")
    status=$?
    err=$(cat "$T/stderr")
}

# expect_error NAME STATUS TEXT ARGS...: the command fails with STATUS and one line on
# stderr that contains TEXT.
expect_error() {
    local name=$1 want=$2 text=$3
    shift 3
    run "$@"
    expect "$name: exit status" "$want" "$status"
    expect "$name: one line on stderr" 1 "$(printf '%s\n' "$err" | wc -l)"
    case $err in
        *"$text"*) expect "$name: message" ok ok ;;
        *) expect "$name: message" "...$text..." "$err" ;;
    esac
}

# has NAME TEXT: the last output contains TEXT.
has() {
    case $out in
        *"$2"*) expect "$1" ok ok ;;
        *) expect "$1" "...$2..." "$out" ;;
    esac
}

# json FILTER: jq -r on the last output.
json() { printf '%s\n' "$out" | jq -r "$1"; }

# The helpers of the scripts that test the library from where a user calls it.

# install_library PREFIX: `make install PREFIX=...` of this build (KLOTSKI_TEST_OBJ, BIN),
# with an empty stand-in for the database (no copy of it: the scripts name theirs), and
# counts a check of its exit status.  Sets LIBRARY_PRELOAD to the sanitizer runtime when
# the installed library was built with it (empty otherwise), for library_run.
install_library() {
    make -s -C "$ROOT" install PREFIX="$1" BIN="$BIN" OBJ="${KLOTSKI_TEST_OBJ:-$ROOT/build/release}" \
        DB=/dev/null > "$1.make.log" 2>&1
    expect "make install PREFIX=$(basename "$1"): exit status" 0 "$?"
    LIBRARY_PRELOAD=
    if nm -D "$1/lib/libklotski.so" | grep -q __asan_init; then
        LIBRARY_PRELOAD=$(cc -print-file-name=libasan.so)
    fi
}

# library_run CMD...: runs a program that loads the installed library (sqlite3, python3)
# with the sanitizer runtime loaded first when the library needs it, as a sanitizer-built
# shared library requires; the interpreter's own allocations at exit are not the
# library's leaks.
library_run() {
    if [ -n "$LIBRARY_PRELOAD" ]; then
        LD_PRELOAD=$LIBRARY_PRELOAD ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 "$@"
    else
        "$@"
    fi
}
