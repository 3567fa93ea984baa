# Shared helpers for the end-to-end scripts: counting checks and printing the closing line.
# KLOTSKI_TEST_BIN: the folder holding klotski and klotski-build.
# KLOTSKI_TEST_WORK: a scratch folder; the test database is $KLOTSKI_TEST_WORK/klotski.db.
# KLOTSKI_TEST_OBJ: the build folder, where make builds the reference programs of
# tests/reference/ (optional: build/release).
# ASAN_STATUS, UBSAN_STATUS: the sanitizers' exit statuses (tests/run.sh sets them).
# pipefail: a pipeline's status is its first failure's, so that a tool that fails or
# crashes after printing its answer fails the check of the pipeline's status.
set -u -o pipefail
BIN=${KLOTSKI_TEST_BIN:?set by tests/run.sh}
WORK=${KLOTSKI_TEST_WORK:?set by tests/run.sh}
TEST_DB=$WORK/klotski.db
# The repository, and the independent checkers of tests/reference/: the scripts and
# their sources there, the programs built from them in the build folder.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
REFERENCE=$ROOT/tests/reference
REFERENCE_BIN=${KLOTSKI_TEST_OBJ:-$ROOT/build/release}/tests/reference
# SANITIZED: 1 in a sanitizer build (its tools hold AddressSanitizer), else empty.  Such
# a build runs several times slower: a script may give it a smaller fixture where the
# normal build checks the large one, and says so.
SANITIZED=$(grep -q __asan_init "$BIN/klotski-build" && echo 1)
checks_passed=0
checks_failed=0
checks_skipped=0
# The failures that answered records, from any subshell, for finish to count.
answer_failures=$WORK/.answer-failures.$$
: > "$answer_failures"

# expect NAME EXPECTED ACTUAL
expect() {
    if [ "$2" = "$3" ]; then
        checks_passed=$((checks_passed + 1))
    else
        checks_failed=$((checks_failed + 1))
        printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"
    fi
}

# sql QUERY: one query against the test database, output as sqlite3 prints it; a failed
# query is a failed check.
sql() { answered sqlite3 -batch "$TEST_DB" "$1"; }

# skip NAME REASON: a check that cannot run here, counted as skipped (never as passed) and
# listed with its reason by tests/run.sh.
skip() {
    checks_skipped=$((checks_skipped + 1))
    printf 'SKIP %s: %s\n' "$1" "$2"
}

# expect_status NAME STATUSES STATUS: STATUS is one of STATUSES ("1 2"); a sanitizer's
# status never is, whatever STATUSES says.
expect_status() {
    case " $2 " in
        *" $3 "*) if [ "$3" != "${ASAN_STATUS:-86}" ] && [ "$3" != "${UBSAN_STATUS:-87}" ]; then
                      expect "$1" ok ok
                      return
                  fi ;;
    esac
    expect "$1" "one of $2" "$3"
}

# answered COMMAND ARGS...: runs COMMAND, whose answer feeds a pipeline or a command
# substitution, with its status; a status other than 0 counts as a failed check (at
# finish, since it may run in a subshell) and is told on stderr.
answered() {
    "$@"
    local status=$?
    if [ "$status" != 0 ]; then
        printf 'FAIL %s: exit status 0 expected, got %s\n' "$*" "$status" | tee -a "$answer_failures" >&2
    fi
    return "$status"
}

# join_checks NAME OUTPUT STATUS: a reference checker NAME ran with OUTPUT and exit
# STATUS; its closing line "NAME: N passed, M failed" counts its own checks, which join
# this script's, and its status must be 0.
join_checks() {
    local name=$1 output=$2 status=$3
    expect "$name exit status" 0 "$status"
    local closing="^$name: ([0-9]+) passed, ([0-9]+) failed\$"
    if [[ $(printf '%s\n' "$output" | tail -n 1) =~ $closing ]]; then
        checks_passed=$((checks_passed + BASH_REMATCH[1]))
        checks_failed=$((checks_failed + BASH_REMATCH[2]))
    else
        expect "$name closing line" "$name: N passed, M failed" \
            "$(printf '%s\n' "$output" | tail -n 1)"
    fi
}

# finish: prints "N passed, M failed, S skipped" for this script and exits non-zero on
# failure.
finish() {
    checks_failed=$((checks_failed + $(wc -l < "$answer_failures")))
    rm -f "$answer_failures"
    echo "$(basename "$0"): $checks_passed passed, $checks_failed failed, $checks_skipped skipped"
    [ "$checks_failed" -eq 0 ]
}

# crosscheck DB: tests/reference/db_crosscheck.c (built by `make check`) on DB; its
# closing line's checks join this script's, and its exit status must be 0.  Its report
# stays in crosscheck_report.
crosscheck() {
    local checker=$REFERENCE_BIN/db_crosscheck out status
    crosscheck_report=
    if [ ! -x "$checker" ]; then
        expect "db_crosscheck built by make check" "$checker" missing
        return
    fi
    out=$("$checker" "$1")
    status=$?
    crosscheck_report=$out
    printf '%s\n' "$out"
    join_checks db_crosscheck "$out" "$status"
}

# start_and_kill TENTHS COMMAND...: starts COMMAND, SIGKILLs it after TENTHS tenths of a
# second unless it ended before; says "killed" (it was running and died of the signal,
# status 137), "ended STATUS" or "killed, but STATUS".  With KILL_COUNT_FROM set to a
# command, the TENTHS count from the moment that command's answer differs from its answer
# before COMMAND started (e2e_kill.sh: the farthest phase's count of the groups done, so
# that the kill comes partway, after what the run itself committed).
start_and_kill() {
    local tenths=$1 before=""
    shift
    [ -n "${KILL_COUNT_FROM:-}" ] && before=$($KILL_COUNT_FROM)
    "$@" &
    local pid=$! waited=0
    if [ -n "${KILL_COUNT_FROM:-}" ]; then
        while [ "$waited" -lt 6000 ] && kill -0 "$pid" 2>/dev/null &&
              [ "$($KILL_COUNT_FROM)" = "$before" ]; do
            sleep 0.1
            waited=$((waited + 1))
        done
        waited=0
    fi
    while [ "$waited" -lt "$tenths" ] && kill -0 "$pid" 2>/dev/null; do
        sleep 0.1
        waited=$((waited + 1))
    done
    if kill -KILL "$pid" 2>/dev/null; then
        wait "$pid" 2>/dev/null
        local status=$?
        if [ "$status" = 137 ]; then echo killed; else echo "killed, but $status"; fi
    else
        wait "$pid"
        echo "ended $?"
    fi
}

# The helpers of the scripts that query a built database.  Such a script sets K (the
# klotski to run) and T (its scratch folder) and calls use_database first.

# query_setup FOLDER: what such a script does first: sets K to the klotski under test and
# T to its scratch folder $WORK/FOLDER, made empty, and calls use_database.
query_setup() {
    K=$BIN/klotski
    T=$WORK/$1
    rm -rf "$T"
    mkdir -p "$T"
    use_database
}

# built_reference NAME: counts a check that `make check` built the checker NAME of
# tests/reference/ (into $REFERENCE_BIN), whose absence would fail every check it makes.
built_reference() {
    expect "$1 built by make check" yes "$([ -x "$REFERENCE_BIN/$1" ] && echo yes || echo no)"
}

# use_database: reads the test database; without it (e2e_build.sh makes it) counts a
# failure, prints the closing line and exits: another database would be tested in its
# place, one these checks were not written for.
use_database() {
    if [ ! -f "$TEST_DB" ]; then
        expect "the test database $TEST_DB (made by tests/e2e/e2e_build.sh)" present missing
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
    expect "$name: one line on stderr" 1 "$(one_line "$err")"
    case $err in
        *"$text"*) expect "$name: message" ok ok ;;
        *) expect "$name: message" "...$text..." "$err" ;;
    esac
}

# one_line TEXT: 1 when TEXT is exactly one non-empty line, else what it is.
one_line() {
    if [ -z "$1" ]; then echo "nothing"; else printf '%s\n' "$1" | wc -l; fi
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

# serve_test_database [DATABASE [OPTIONS...]]: starts `klotski serve --any-port [OPTIONS...]`
# ($K) on the test database (or DATABASE, a copy of it) in the background, its output in $T/server.out and
# $T/server.err, stopped when the script exits; sets server (its pid) and URL (where it
# listens, or http://127.0.0.1:9, where nothing answers, when it never said), and counts a
# check that it said where.
serve_test_database() {
    "$K" --db "${1:-$TEST_DB}" serve --any-port "${@:2}" >"$T/server.out" 2>"$T/server.err" &
    server=$!
    trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT
    served_url "$T/server.out"
}

# served_url FILE: waits (30 s at most) for the line of `klotski serve` in FILE, its
# stdout, saying where it listens; sets URL as serve_test_database does and counts the
# same check.
served_url() {
    local wait
    for wait in $(seq 1 300); do
        grep -q serving "$1" 2>/dev/null && break
        sleep 0.1
    done
    URL=$(sed -n 's|^klotski: serving \(http://127\.0\.0\.1:[0-9][0-9]*\)/$|\1|p' "$1")
    expect "the server says where it listens" yes "$([ -n "$URL" ] && echo yes || echo no)"
    [ -n "$URL" ] || URL=http://127.0.0.1:9
}

# The complete fixture: the test database with its farthest phase run on the groups of
# at most COMPLETE_MAX_GROUP layouts (klotski-build --farthest --max-group), the site that
# `klotski site` writes from it, and its pack (the site's pack files together: the
# whole pack, as `klotski pack` writes it; e2e_pack.sh checks that they are the same
# bytes).  30,000 layouts take every group but 121 (954,908 layouts in 25,301 groups):
# the long classic groups of 5-4-1 (25,955 layouts, 72 and 93 steps deep), 5-4-4-0
# (28,832, 97 deep) and 5-4-5-0, and the densest (0-4-0-0: 21,840 layouts in 6 depths),
# but not the two of 81,000 layouts (5-4-2-0, 5-4-3-0), which would cost three times as
# much; measured on the shared 2-core machine: 22 s of CPU for the phase (10 s for
# 10,000 layouts), 16 s for the site's pack, once per build instead of a pack per script.
COMPLETE_MAX_GROUP=30000
COMPLETE=$WORK/complete
COMPLETE_DB=$COMPLETE/klotski.db
COMPLETE_SITE=$COMPLETE/site
COMPLETE_PACK=$COMPLETE/klotski.pack
# The site's pack files in the order of their parts in a whole pack (schema/pack.md), those
# the site holds.
COMPLETE_PACK_PARTS="klotski.pack klotski-metrics.pack klotski-lists.pack"

# use_complete: makes the complete fixture once per test database, whichever script asks
# first (the others wait on its lock; a fixture of an older test database or of older
# tools is made again), counts a check that it is there, and sets COMPLETE_DB, COMPLETE_SITE and
# COMPLETE_PACK.  A fixture that could not be made fails each script that asks, with the
# reason, and is not tried again until the test database changes.
use_complete() {
    use_database
    local made identity verdict part
    identity="$(stat -L -c '%i %s %Y' "$TEST_DB" "$BIN/klotski-build" "$BIN/klotski" | paste -sd' ') $COMPLETE_MAX_GROUP"
    made=$(
        exec 9> "$COMPLETE.lock"
        flock 9
        if [ "$(head -n 1 "$COMPLETE/made" 2>/dev/null)" != "$identity" ]; then
            rm -rf "$COMPLETE"
            mkdir -p "$COMPLETE"
            {
                cp "$TEST_DB" "$COMPLETE_DB" &&
                "$BIN/klotski-build" --farthest --max-group "$COMPLETE_MAX_GROUP" --db "$COMPLETE_DB" --quiet &&
                "$BIN/klotski" --db "$COMPLETE_DB" site "$COMPLETE_SITE" > /dev/null &&
                for part in $COMPLETE_PACK_PARTS; do
                    [ ! -f "$COMPLETE_SITE/$part" ] || cat "$COMPLETE_SITE/$part"
                done > "$COMPLETE_PACK"
            } 2> "$COMPLETE/stderr"
            local status=$?
            [ "$status" = 0 ] && verdict=made || verdict="failed (exit status $status): $(head -c 300 "$COMPLETE/stderr" | tr '\n' ' ')"
            printf '%s\n%s\n' "$identity" "$verdict" > "$COMPLETE/made"
        fi
        sed -n 2p "$COMPLETE/made"
    )
    expect "the complete fixture (farthest phase to $COMPLETE_MAX_GROUP layouts, its site and pack)" made "$made"
}

# The helpers of the scripts that test the library from where a user calls it.

# library_setup NAME: the set-up of the scripts that test the library from where a user
# calls it: the test database (use_database), T=$WORK/library_NAME made empty, K the
# klotski whose answers the library's must equal, LIBRARY_OBJ the build folder
# (KLOTSKI_TEST_OBJ), and P=$T/prefix, where `make install PREFIX=...` of this build
# (LIBRARY_OBJ, BIN) puts the library, with an empty stand-in for the database (no copy
# of it: the scripts name theirs); counts a check of the install's exit status.  Sets
# LIBRARY_PRELOAD to the sanitizer runtime when the installed library was built with it
# (empty otherwise), for library_run.
library_setup() {
    T=$WORK/library_$1
    rm -rf "$T"
    mkdir -p "$T"
    use_database
    K=$BIN/klotski
    LIBRARY_OBJ=${KLOTSKI_TEST_OBJ:-$ROOT/build/release}
    P=$T/prefix
    : > "$P.no-database"
    make -s -C "$ROOT" install PREFIX="$P" BIN="$BIN" OBJ="$LIBRARY_OBJ" DB="$P.no-database" > "$P.make.log" 2>&1
    local status=$?
    expect "make install PREFIX=prefix: exit status" 0 "$status"
    [ "$status" -eq 0 ] || tail -3 "$P.make.log"
    LIBRARY_PRELOAD=
    if nm -D "$P/lib/libklotski.so" | grep -c __asan_init > /dev/null; then
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
