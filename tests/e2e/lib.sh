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

# need_database: queries the test database, else the default one; when there is neither,
# counts one failed check and ends the script.
need_database() {
    [ -f "$TEST_DB" ] || TEST_DB=$ROOT/data/klotski.db
    [ -f "$TEST_DB" ] && return
    expect "a database to query (run tests/e2e/e2e_build.sh or make)" present missing
    finish
    exit
}
