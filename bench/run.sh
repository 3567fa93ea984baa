#!/usr/bin/env bash
# make bench: the speed figures quoted in the README and in issue notes.
#   bench/run.sh BIN OBJ
# Builds a scratch database (the default one is left alone), so it takes about as long
# as one build.  Figures depend on what else the machine is doing: run it on a quiet one.
set -eu
bin=${1:-bin}
obj=${2:-build/release}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

"$obj/bench/bench_core"

echo
echo "full build (klotski-build, all threads):"
/usr/bin/time -f "  %e s wall, %U s user, %S s system, %M KB peak memory" \
    "$bin/klotski-build" --db "$scratch/klotski.db" 2>&1

echo
echo "farthest phase on the groups of at most 60,000 layouts (a copy of that database; all"
echo "groups: make farthest, 40 minutes):"
cp "$scratch/klotski.db" "$scratch/farthest.db"
/usr/bin/time -f "  %e s wall, %U s user, %S s system, %M KB peak memory" \
    "$bin/klotski-build" --farthest --max-group 60000 --db "$scratch/farthest.db" 2>&1
rm -f "$scratch/farthest.db"

echo
echo "the pack (klotski pack, pack --check) from that database:"
/usr/bin/time -f "  write: %e s wall, %U s user, %S s system, %M KB peak memory" \
    "$bin/klotski" --db "$scratch/klotski.db" pack "$scratch/klotski.pack" 2>&1
/usr/bin/time -f "  check of every layout: %e s wall, %U s user, %S s system, %M KB peak memory" \
    "$bin/klotski" --db "$scratch/klotski.db" pack --check "$scratch/klotski.pack" 2>&1 | grep -v ': OK$'
"$obj/bench/bench_pack" "$scratch/klotski.pack"

echo
echo "the page with no server (klotski site, headless Chromium): its first answer, and each"
echo "route's answer for 1A9BF0C00 and layouts of 2-6-1-0, the largest group (964,656 layouts):"
"$bin/klotski" --db "$scratch/klotski.db" site "$scratch/site" > /dev/null
bench/site.py "$(command -v chromium)" "$scratch/site" 1A9BF0C00 $(sqlite3 "$scratch/klotski.db" \
    "SELECT printf('%09X', code) FROM layouts WHERE group_id = (SELECT group_id FROM groups WHERE name = '2-6-1-0')
     AND group_index IN (0, 482328, 964655)")

echo
bench/library.sh "$obj" "$scratch/klotski.db"

echo
bench/serve.sh "$bin" "$scratch/klotski.db"
