#!/usr/bin/env bash
# Runs every test against one build: the cmocka unit tests in OBJ/tests (built from
# tests/unit/), the end-to-end scripts tests/e2e/e2e_*.sh with the tools in BIN and the
# reference checkers in OBJ/tests/reference, and, when FUZZ names the folder of the fuzz
# targets, each of them for KLOTSKI_FUZZ_SECONDS (default 3) on its corpus
# (tests/fuzz/run.sh; the GROUP resolver's and the server's on the test database).
#
# Two programs at a time (KLOTSKI_TEST_JOBS, default 2: this machine's cores), each
# program a process of its own with its own log and its own scratch folder.  e2e_build.sh
# makes the test database that every other script and the fuzz targets read: it runs
# first, beside the unit tests, which need no database; the rest start after it, the
# longest first as the last run of this build measured them (OBJ/test-logs/durations;
# else another build's beside it; name order the first time), so that no long one is
# left running alone at the end.  A script that must not share the machine says so in a
# line of its own, "# run alone: REASON": it starts when nothing else runs, and nothing
# starts beside it.  A program's output is shown, whole, when it ends, followed by its
# verdict line; "started NAME" says when each began.
#
# Each program passes, fails or (when it skipped every check and failed none) is skipped;
# the checks a script skipped ("SKIP NAME: REASON" lines, and the count of its closing
# line "N passed, M failed, S skipped") are added up and listed with their reasons.  Ends
# with the line "N passed, M failed, S skipped" (programs passed and failed, checks
# skipped) and exits non-zero when anything failed.
#
# Each program's verdict line ("PASS NAME", "FAILED: NAME (exit status ...)" or "SKIPPED
# NAME") ends with how long it took: "(W s wall, C s CPU)", C the CPU time of every process
# it waited for; the closing lines add up the whole run (wall: from first start to last
# end; CPU: every program's).  Wall time on a loaded machine says little alone: CPU time
# compares runs taken at different moments.
#
# A sanitizer's report is a failure wherever it comes from.  The sanitizers exit with
# statuses of their own, ASAN_STATUS and UBSAN_STATUS, which no tool uses (they exit 0, 1
# or 2) and every check of a status rejects (tests/e2e/lib.sh: expect_status, answered).
# AddressSanitizer and LeakSanitizer also write their reports into
# OBJ/sanitizer-reports/NAME, a folder per program, and a program that left one there
# fails whatever its own checks made of the process (a status lost in a pipeline, a
# report after a full answer, a leak at exit).  (gcc's UndefinedBehaviorSanitizer ignores
# log_path and reports on stderr: its status tells.)
set -u -o pipefail
obj=${1:?usage: tests/run.sh OBJ BIN [FUZZ]}
bin=${2:?usage: tests/run.sh OBJ BIN [FUZZ]}
fuzz=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
slots=${KLOTSKI_TEST_JOBS:-2}
passed=0 failed=0 skipped=0 skipped_programs=() cpu_total_ms=0
run_started=$EPOCHREALTIME

rm -rf "$obj/sanitizer-reports"
mkdir -p "$obj/sanitizer-reports" "$obj/test-logs"
reports=$(cd "$obj/sanitizer-reports" && pwd)
logs=$(cd "$obj/test-logs" && pwd)
skips=$logs/skipped.txt
durations=$logs/durations
: > "$skips"
touch "$durations"
# AddressSanitizer with LeakSanitizer 86, UndefinedBehaviorSanitizer 87 (ours come last:
# they win over the caller's).  An error that both could report (an out-of-bounds store
# the compiler saw) may come with either status.  log_path is each program's own (start).
export ASAN_STATUS=86 UBSAN_STATUS=87
asan_options="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=$ASAN_STATUS:abort_on_error=0"
ubsan_options="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=$UBSAN_STATUS:abort_on_error=0:print_stacktrace=1"

# cpu_ms_of TIMES_FILE: the CPU time (user and system) in milliseconds of the children
# that `times` wrote into TIMES_FILE (its second line).
cpu_ms_of() {
    local line
    line=$(tail -n 1 "$1" 2>/dev/null)
    if [[ $line =~ ^([0-9]+)m([0-9]+)\.([0-9]+)s\ ([0-9]+)m([0-9]+)\.([0-9]+)s$ ]]; then
        echo $(( (BASH_REMATCH[1] + BASH_REMATCH[4]) * 60000 +
                 (10#${BASH_REMATCH[2]} + 10#${BASH_REMATCH[5]}) * 1000 +
                 10#${BASH_REMATCH[3]} + 10#${BASH_REMATCH[6]} ))
    else
        echo 0
    fi
}

# seconds_since START: the wall seconds since START (an $EPOCHREALTIME), whole.
seconds_since() {
    local now=$EPOCHREALTIME
    echo $(( (${now/./} - ${1/./} + 500000) / 1000000 ))
}

# Each running program, by the pid of the subshell that runs it: its name and the moment
# it started; running_alone is 1 while a program that runs alone runs.
declare -A running_name=() running_started=()
running_alone=0

# start NAME COMMAND...: starts one test program in the background, its output into its
# log and its sanitizer reports into a folder of its own; the subshell's `times` counts
# the CPU of the program and of everything it waited for.
start() {
    local name=$1 base
    shift
    base=$(basename "$name")
    mkdir -p "$reports/$base"
    (
        export ASAN_OPTIONS="$asan_options:log_path=$reports/$base/asan"
        export UBSAN_OPTIONS="$ubsan_options:log_path=$reports/$base/ubsan"
        "$@" > "$logs/$base.log" 2>&1
        status=$?
        times > "$logs/$base.times"
        exit "$status"
    ) &
    started_pid=$!
    running_name[$!]=$name
    running_started[$!]=$EPOCHREALTIME
}

# finish_one: waits for any running program to end, shows its output and counts it.
finish_one() {
    local pid= status
    wait -n -p pid
    status=$?
    # Only the programs started here are counted (never a process substitution's end).
    [ -n "$pid" ] && [ -n "${running_name[$pid]+set}" ] || return 0
    local name=${running_name[$pid]} base
    base=$(basename "$name")
    local log=$logs/$base.log wall
    wall=$(seconds_since "${running_started[$pid]}")
    unset "running_name[$pid]" "running_started[$pid]"
    local cpu_ms
    cpu_ms=$(cpu_ms_of "$logs/$base.times")
    rm -f "$logs/$base.times"
    cpu_total_ms=$((cpu_total_ms + cpu_ms))
    local took="($wall s wall, $(( (cpu_ms + 500) / 1000 )) s CPU)"
    cat "$log"
    local closing='([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped$' ran=1 skipped_here=0
    if [[ $(grep -E "$closing" "$log" | tail -n 1) =~ $closing ]]; then
        ran=${BASH_REMATCH[1]} skipped_here=${BASH_REMATCH[3]}
    fi
    skipped=$((skipped + skipped_here))
    sed -n "s|^SKIP |$name: |p" "$log" >> "$skips"
    if compgen -G "$reports/$base/*" > /dev/null; then
        echo "FAILED: $name: a sanitizer's report:"
        cat "$reports/$base"/*
        status="$status, and a sanitizer's report"
    fi
    # A program that turned /dev/null into a file (a tool writing over a path it was given)
    # would make every later test that reads /dev/null read its leftovers: this one, or one
    # that ran beside it.
    if [ ! -c /dev/null ]; then
        status="$status, and /dev/null is no longer a device (also running: ${running_name[*]:-nothing})"
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
    printf '%s %s\n' "$wall" "$base" >> "$durations.new"
    [ "${#running_name[@]}" -gt 0 ] || running_alone=0
}

# run NAME COMMAND...: starts NAME when a slot is free (every slot, and nothing beside
# it, when its script asks to run alone).
run() {
    local alone=0
    case $1 in *.sh) grep -q '^# run alone: ' "$1" && alone=1 ;; esac
    while [ "${#running_name[@]}" -ge "$slots" ] || [ "$running_alone" -eq 1 ] ||
          { [ "$alone" -eq 1 ] && [ "${#running_name[@]}" -gt 0 ]; }; do
        finish_one
    done
    running_alone=$alone
    echo "started $1"
    start "$@"
}

# finish_all: waits for every running program.
finish_all() {
    while [ "${#running_name[@]}" -gt 0 ]; do
        finish_one
    done
}

# longest_first FILE...: the files, the longest of the last run first, the ones it did
# not run in name order after them.  The last run of this build, else of another build
# beside it (the sanitizer build's first run goes by the normal build's).
longest_first() {
    local f measured=$durations
    if [ ! -s "$measured" ]; then
        for measured in $(ls -t "$obj"/../*/test-logs/durations 2>/dev/null) /dev/null; do
            [ -s "$measured" ] && break
        done
    fi
    for f in "$@"; do
        printf '%s %s\n' "$(awk -v n="$(basename "$f")" '$2 == n { print $1 }' "$measured" | tail -n 1)" "$f"
    done | sort -k1,1nr -k2,2 | cut -d' ' -f2-
}

: > "$durations.new"
export KLOTSKI_TEST_BIN=$(cd "$bin" && pwd)
export KLOTSKI_TEST_OBJ=$(cd "$obj" && pwd)
export KLOTSKI_TEST_WORK=$(mkdir -p "$obj/e2e" && cd "$obj/e2e" && pwd)

# The test database first, the unit tests beside it.
build_pid=
if [ -f "$here/e2e/e2e_build.sh" ]; then
    run "$here/e2e/e2e_build.sh" bash "$here/e2e/e2e_build.sh"
    build_pid=$started_pid
fi
for t in "$obj"/tests/unit_*; do
    [ -x "$t" ] || continue
    run "$t" "$t"
done
while [ -n "$build_pid" ] && [ -n "${running_name[$build_pid]+set}" ]; do
    finish_one
done

if [ -n "$fuzz" ]; then
    KLOTSKI_DB=$KLOTSKI_TEST_WORK/klotski.db run "tests/fuzz/run.sh $fuzz" \
        "$here"/fuzz/run.sh "$fuzz" "${KLOTSKI_FUZZ_SECONDS:-3}"
fi
mapfile -t scripts < <(longest_first $(ls "$here"/e2e/e2e_*.sh | grep -v '/e2e_build\.sh$'))
for t in "${scripts[@]}"; do
    run "$t" bash "$t"
done
finish_all
mv "$durations.new" "$durations"

if [ -s "$skips" ]; then
    echo "checks skipped, and why:"
    sed 's/^/  /' "$skips"
fi
[ ${#skipped_programs[@]} -eq 0 ] || echo "skipped entirely (not counted as passed): ${skipped_programs[*]}"
echo "all programs took $(seconds_since "$run_started") s wall, $(( (cpu_total_ms + 500) / 1000 )) s CPU"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
