#!/usr/bin/env bash
# Two builders side by side: runs of each, alternated (A B A B ...), so that a change to
# the builder is measured against what it replaces in one sitting, on one machine in one
# state.  Prints each run's wall, CPU and peak memory and the builder's own summary (the
# base build's CPU per part; the farthest phase's share of the threads' time).
#   bench/alternate.sh [--runs N] [--threads T] [--farthest MAX_GROUP] BUILDER_A BUILDER_B
#     --runs N              runs of each (default 3)
#     --threads T           the builders' --threads (default: the processors)
#     --farthest MAX_GROUP  time the farthest phase on the groups of at most MAX_GROUP
#                           layouts instead, each run on a fresh copy of one base build
#                           (made once, by BUILDER_A); all groups: 29334498 (40 min a run)
# Builds in a scratch folder; the default database is left alone.  Quote its figures
# only from a quiet machine.
set -eu
runs=3 threads=$(nproc) max_group=
while [ $# -gt 2 ]; do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --farthest) max_group=$2; shift 2 ;;
    *) echo "bench/alternate.sh: $1: unknown option" >&2; exit 2 ;;
    esac
done
[ $# -eq 2 ] || { sed -n 6,13p "$0" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [ -n "$max_group" ]; then
    "$1" --quiet --threads "$threads" --db "$scratch/base.db"
fi
for run in $(seq "$runs"); do
    for builder in "$1" "$2"; do
        echo "run $run: $builder"
        if [ -n "$max_group" ]; then
            cp "$scratch/base.db" "$scratch/klotski.db"
            /usr/bin/time -f "  %e s wall, %U s user, %S s system, %M KB peak memory" \
                "$builder" --farthest --max-group "$max_group" --threads "$threads" \
                --db "$scratch/klotski.db" 2>&1 | sed 's/^/  /'
        else
            rm -f "$scratch/klotski.db"
            /usr/bin/time -f "  %e s wall, %U s user, %S s system, %M KB peak memory" \
                "$builder" --threads "$threads" --db "$scratch/klotski.db" 2>&1 |
                grep -v "^  layouts\|^  group extremes" | sed 's/^/  /'
        fi
    done
done
