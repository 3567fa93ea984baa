#!/usr/bin/env bash
# Runs every test against one build: the cmocka unit tests in OBJ/tests (built from
# tests/unit/), then the end-to-end scripts tests/e2e/e2e_*.sh with the tools in BIN and
# the reference checkers in OBJ/tests/reference, then, when FUZZ names the folder of the
# fuzz targets, each of them for KLOTSKI_FUZZ_SECONDS (default 3) on its corpus
# (tests/fuzz/run.sh; the GROUP resolver's and the server's on the test database).
#
# Each program passes, fails or (when it skipped every check and failed none) is skipped;
# the checks a script skipped ("SKIP NAME: REASON" lines, and the count of its closing
# line "N passed, M failed, S skipped") are added up and listed with their reasons.  Ends
# with the line "N passed, M failed, S skipped" (programs passed and failed, checks
# skipped) and exits non-zero when anything failed.
#
# Each program's verdict line ("PASS NAME", "FAILED: NAME (exit status ...)" or "SKIPPED
# NAME") ends with how long it took: "(W s wall, C s CPU)", C the CPU time of every process
# it waited for; the closing lines add up the whole run.  Wall time on a loaded machine
# says little alone: CPU time compares runs taken at different moments.
#
# A sanitizer's report is a failure wherever it comes from.  The sanitizers exit with
# statuses of their own, ASAN_STATUS and UBSAN_STATUS, which no tool uses (they exit 0, 1
# or 2) and every check of a status rejects (tests/e2e/lib.sh: expect_status, answered).
# AddressSanitizer and LeakSanitizer also write their reports into OBJ/sanitizer-reports,
# and a program that left one there fails whatever its own checks made of the process (a
# status lost in a pipeline, a report after a full answer, a leak at exit).  (gcc's
# UndefinedBehaviorSanitizer ignores log_path and reports on stderr: its status tells.)
set -u -o pipefail
obj=${1:?usage: tests/run.sh OBJ BIN [FUZZ]}
bin=${2:?usage: tests/run.sh OBJ BIN [FUZZ]}
fuzz=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
passed=0 failed=0 skipped=0 skipped_programs=()
run_started=$EPOCHREALTIME

mkdir -p "$obj/sanitizer-reports" "$obj/test-logs"
reports=$(cd "$obj/sanitizer-reports" && pwd)
logs=$(cd "$obj/test-logs" && pwd)
skips=$logs/skipped.txt
: > "$skips"
# AddressSanitizer with LeakSanitizer 86, UndefinedBehaviorSanitizer 87 (ours come last:
# they win over the caller's).  An error that both could report (an out-of-bounds store
# the compiler saw) may come with either status.
export ASAN_STATUS=86 UBSAN_STATUS=87
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=$ASAN_STATUS:abort_on_error=0:log_path=$reports/asan"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=$UBSAN_STATUS:abort_on_error=0:print_stacktrace=1:log_path=$reports/ubsan"

# read_children_cpu: sets cpu_ms to the CPU time (user and system) of every process this
# shell has waited for so far, in milliseconds: the second line of the builtin `times`,
# which must run in this shell, never in a command substitution (a subshell's children
# are its own).
read_children_cpu() {
    local line
    times > "$logs/.times"
    line=$(tail -n 1 "$logs/.times")
    cpu_ms=0
    if [[ $line =~ ^([0-9]+)m([0-9]+)\.([0-9]+)s\ ([0-9]+)m([0-9]+)\.([0-9]+)s$ ]]; then
        cpu_ms=$(( (BASH_REMATCH[1] + BASH_REMATCH[4]) * 60000 +
                   (10#${BASH_REMATCH[2]} + 10#${BASH_REMATCH[5]}) * 1000 +
                   10#${BASH_REMATCH[3]} + 10#${BASH_REMATCH[6]} ))
    fi
}

# seconds_since START: the wall seconds since START (an $EPOCHREALTIME), whole.
seconds_since() {
    local now=$EPOCHREALTIME
    echo $(( (${now/./} - ${1/./} + 500000) / 1000000 ))
}

# run_program NAME COMMAND...: runs one test program, its output shown and kept in the
# log folder, counts it and says how long it took.
run_program() {
    local name=$1 log=$logs/$(basename "$1").log status
    shift
    rm -f "$reports"/*
    local started=$EPOCHREALTIME cpu_before
    read_children_cpu
    cpu_before=$cpu_ms
    "$@" | tee "$log"
    status=${PIPESTATUS[0]}
    read_children_cpu
    local took="($(seconds_since "$started") s wall, $(( (cpu_ms - cpu_before + 500) / 1000 )) s CPU)"
    local closing='([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$' ran=1 skipped_here=0
    if [[ $(grep -E "$closing" "$log" | tail -n 1) =~ $closing ]]; then
        ran=${BASH_REMATCH[1]} skipped_here=${BASH_REMATCH[3]}
    fi
    skipped=$((skipped + skipped_here))
    sed -n "s|^SKIP |$name: |p" "$log" >> "$skips"
    if compgen -G "$reports/*" > /dev/null; then
        echo "FAILED: $name: a sanitizer's report:"
        cat "$reports"/*
        status="$status, and a sanitizer's report"
    fi
    # A program that turned /dev/null into a file (a tool writing over a path it was given)
    # would make every later test that reads /dev/null read its leftovers.
    if [ ! -c /dev/null ]; then
        status="$status, and /dev/null is no longer a device"
        rm -f /dev/null && mknod -m 666 /dev/null c 1 3
    fi
    if [ "$status" != 0 ]; then
        failed=$((failed + 1))
        echo "FAILED: $name (exit status $status) $took"
    elif [ "$ran" -eq 0 ] && [ "$skipped_here" -gt 0 ]; then
        skipped_programs+=("$name")
        echo "SKIPPED $name $took"
    else
        passed=$((passed + 1))
        echo "PASS $name $took"
    fi
}

for t in "$obj"/tests/unit_*; do
    [ -x "$t" ] || continue
    run_program "$t" "$t"
done

export KLOTSKI_TEST_BIN=$(cd "$bin" && pwd)
export KLOTSKI_TEST_OBJ=$(cd "$obj" && pwd)
export KLOTSKI_TEST_WORK=$(mkdir -p "$obj/e2e" && cd "$obj/e2e" && pwd)
for t in "$here"/e2e/e2e_*.sh; do
    [ -f "$t" ] || continue
    run_program "$t" bash "$t"
done

if [ -n "$fuzz" ]; then
    KLOTSKI_DB=$KLOTSKI_TEST_WORK/klotski.db run_program "tests/fuzz/run.sh $fuzz" \
        "$here"/fuzz/run.sh "$fuzz" "${KLOTSKI_FUZZ_SECONDS:-3}"
fi

if [ -s "$skips" ]; then
    echo "checks skipped, and why:"
    sed 's/^/  /' "$skips"
fi
[ ${#skipped_programs[@]} -eq 0 ] || echo "skipped entirely (not counted as passed): ${skipped_programs[*]}"
read_children_cpu
echo "all programs took $(seconds_since "$run_started") s wall, $(( (cpu_ms + 500) / 1000 )) s CPU"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
