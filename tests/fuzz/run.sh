#!/usr/bin/env bash
# Runs every libFuzzer target in DIR (fuzz_NAME, built from tests/fuzz/fuzz_NAME.c) for
# SECONDS on its seed corpus tests/fuzz/corpus/fuzz_NAME (every seed first: the crashes
# found so far are kept there, so each run is also their regression test).  New inputs go
# to a scratch folder, never into the repository; a crash leaves its input in
# $KLOTSKI_FUZZ_ARTIFACTS (default build/fuzz/artifacts), to be added to the corpus once
# fixed.  A target that found no database (fuzz.h says so) is skipped, not passed: a line
# "SKIP NAME: REASON".  Prints a line per target with the inputs it ran, and ends with
# "fuzz: N passed, M failed, S skipped".
#
# Usage: tests/fuzz/run.sh DIR SECONDS [LIBFUZZER_OPTION...]
set -u
dir=${1:?usage: tests/fuzz/run.sh DIR SECONDS}
seconds=${2:?usage: tests/fuzz/run.sh DIR SECONDS}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
artifacts=${KLOTSKI_FUZZ_ARTIFACTS:-$here/../../build/fuzz/artifacts}
mkdir -p "$artifacts"
scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$scratch"' EXIT
passed=0 failed=0 skipped=0

for target in "$dir"/fuzz_*; do
    [ -x "$target" ] || continue
    name=$(basename "$target")
    mkdir -p "$scratch/$name"
    log=$scratch/$name.log
    # -close_fd_mask=2: the parsers' one-line errors would drown the output; libFuzzer
    # and the sanitizers still print a crash's report.
    if "$target" -max_total_time="$seconds" -close_fd_mask=2 -artifact_prefix="$artifacts/$name-" \
        "$@" "$scratch/$name" "$here/corpus/$name" >"$log" 2>&1; then
        runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) .*/\1 inputs in \2 s/p' "$log")
        echo "$name: ${runs:-? inputs}, no crash"
        without=$(grep -m 1 "^$name: no database, " "$log")
        if [ -n "$without" ]; then
            echo "SKIP $name: $without (KLOTSKI_DB=${KLOTSKI_DB:-unset})"
            skipped=$((skipped + 1))
        else
            passed=$((passed + 1))
        fi
    else
        failed=$((failed + 1))
        echo "FAILED: $name (the crash's report follows; its input is in $artifacts)"
        tail -n 40 "$log"
    fi
done

echo "fuzz: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ $((passed + skipped)) -gt 0 ]
