#!/usr/bin/env bash
# Builds the full database with klotski-build and checks it against the public facts of
# SPEC.md, then checks that failed or interrupted builds never damage a database.  The
# one full build of the test database is also the build that follows builds killed
# beyond catching (SIGKILL) over it: those leave the database that was there alone, and
# the next build removes what they left.
. "$(dirname "$0")/lib.sh"

# Three kills at random moments, in the build's first 3, 6 and 9 seconds (a whole build
# takes about 9 s on 2 cores, so most kills come before its end), over a "previous
# database" (any file: the build never reads it, only replaces it).  Each killed build
# leaves its temporary file, until the next build removes it: checked right after the
# kill.  A fixed seed, so that a failure repeats (the moments still depend on the
# machine's speed).
rm -f "$TEST_DB" "$TEST_DB".tmp-*
printf 'the previous database\n' > "$TEST_DB"
RANDOM=11
base_kills=0
for run in 1 2 3; do
    window=$((run * 30))
    outcome=$(start_and_kill $((5 + RANDOM % (window - 5))) "$BIN/klotski-build" --db "$TEST_DB" --quiet --threads 2)
    if [ "$outcome" = killed ]; then
        base_kills=$((base_kills + 1))
        expect "base build killed (run $run): previous database intact" "the previous database" "$(cat "$TEST_DB")"
        expect "base build killed (run $run): its temporary file is left" 1 \
            "$(ls "$TEST_DB".tmp-* >/dev/null 2>&1 && echo 1)"
    else
        expect "base build ran to its end before the kill (run $run)" "ended 0" "$outcome"
        printf 'the previous database\n' > "$TEST_DB"
    fi
done
expect "base build: at least one of the three runs killed while it ran" yes "$([ $base_kills -gt 0 ] && echo yes)"

# The test database: the build after the killed ones, checked in full below.
"$BIN/klotski-build" --db "$TEST_DB" --quiet
expect "build exit status" 0 $?
expect "the build after killed builds: their temporary files are gone" "" "$(ls "$TEST_DB".tmp-* 2>/dev/null)"

expect "layouts" 29334498 "$(sql 'SELECT count(*) FROM layouts')"
# The layouts rows are written as b-tree pages (builder/base/table_pages.h): SQLite's own
# check of every page, cell and free space.
expect "SQLite integrity check" ok "$(sql 'PRAGMA integrity_check')"
expect "MD5 of all codes" 3888e9fab8d3cbb50908b12b147cfb23 \
    "$(sql "SELECT printf('%09X', code) FROM layouts ORDER BY code" | md5sum | cut -d' ' -f1)"
expect "classes" 203 "$(sql 'SELECT count(*) FROM classes')"
expect "no class 7-0-0" 0 "$(sql "SELECT count(*) FROM classes WHERE name = '7-0-0'")"
expect "groups" 25422 "$(sql 'SELECT count(*) FROM groups')"
expect "single-group classes" 122 "$(sql 'SELECT count(*) FROM classes WHERE groups = 1')"
expect "largest group" "964656|2-6-1" \
    "$(sql 'SELECT g.size, c.name FROM groups g JOIN classes c USING (class_id) ORDER BY g.size DESC LIMIT 1')"
expect "layouts per jiang" "0|786228 1|4190464 2|8729454 3|9090662 4|4995328 5|1381224 6|157630 7|3508" \
    "$(sql 'SELECT jiang, sum(layouts) FROM classes GROUP BY jiang' | tr '\n' ' ' | sed 's/ $//')"
expect "5-4-x classes" "5-4-0|15660 5-4-1|65880 5-4-2|109260 5-4-3|106800 5-4-4|51660 5-4-5|14220" \
    "$(sql "SELECT name, layouts FROM classes WHERE name LIKE '5-4-%' ORDER BY style" | tr '\n' ' ' | sed 's/ $//')"
expect "standard layouts" 363480 "$(sql 'SELECT sum(layouts) FROM classes WHERE jiang = 5 AND bing = 4')"

# The (jiang, bing) table of the seed document, all 64 rows.
expected_table="0 0 12,0 1 192,0 2 1440,0 3 6720,0 4 21840,0 5 52416,0 6 96096,0 7 137280,\
0 8 154440,0 9 137280,0 10 96096,0 11 52416,0 12 21840,0 13 6720,0 14 1440,1 0 256,1 1 3584,\
1 2 23296,1 3 93184,1 4 256256,1 5 512512,1 6 768768,1 7 878592,1 8 768768,1 9 512512,\
1 10 256256,1 11 93184,1 12 23296,2 0 2138,2 1 25656,2 2 141108,2 3 470360,2 4 1058310,\
2 5 1693296,2 6 1975512,2 7 1693296,2 8 1058310,2 9 470360,2 10 141108,3 0 8974,3 1 89740,\
3 2 403830,3 3 1076880,3 4 1884540,3 5 2261448,3 6 1884540,3 7 1076880,3 8 403830,4 0 20224,\
4 1 161792,4 2 566272,4 3 1132544,4 4 1415680,4 5 1132544,4 6 566272,5 0 24232,5 1 145392,\
5 2 363480,5 3 484640,5 4 363480,6 0 14330,6 1 57320,6 2 85980,7 0 3508"
expect "(jiang, bing) table" "$expected_table" \
    "$(sql "SELECT jiang || ' ' || bing || ' ' || sum(layouts) FROM classes GROUP BY jiang, bing" | paste -sd,)"

expect "1A9BF0C00" "5-4-1|1|25955|7472|81" \
    "$(sql 'SELECT class, group_num, group_size, group_index, min_steps FROM layout_info WHERE code = 0x1A9BF0C00')"
expect "1A9BF0C00 id" 4091296 "$(sql 'SELECT count(*) FROM layouts WHERE code < 0x1A9BF0C00')"
expect "1A9BF0C00 group name" "5-4-1-1" "$(sql 'SELECT group_name FROM layout_info WHERE code = 0x1A9BF0C00')"
expect "the other 25,955 group of 5-4-1 has the smaller minimum code" 1 \
    "$(sql "SELECT a.min_code < b.min_code AND a.size = b.size FROM groups a, groups b WHERE a.name = '5-4-1-0' AND b.name = '5-4-1-1'")"
expect "4FEA13400 min_steps" 138 "$(sql 'SELECT min_steps FROM layouts WHERE code = 0x4FEA13400')"
# SPEC.md: 1A9BF0C00 has 2 minimal solutions at 81 steps.
expect "1A9BF0C00 min_solution_num" 2 "$(sql 'SELECT min_solution_num FROM layout_info WHERE code = 0x1A9BF0C00')"
expect "min_solution_num exactly where min_steps" "28913089|0" \
    "$(sql 'SELECT count(min_solution_num), sum((min_steps IS NULL) <> (min_solution_num IS NULL)) FROM layouts')"
expect "a solved layout is its own one minimal solution" 0 \
    "$(sql 'SELECT count(*) FROM layouts WHERE min_steps = 0 AND min_solution_num <> 1')"
expect "solved layouts" 2260392 "$(sql 'SELECT count(*) FROM layouts WHERE min_steps = 0')"
expect "solved = 2x2 at address 13" 2260392 \
    "$(sql 'SELECT count(*) FROM layouts WHERE code >= 0xD00000000 AND code < 0xE00000000')"
expect "solvable layouts" 28913089 "$(sql 'SELECT count(min_steps) FROM layouts')"
expect "meta agrees" "29334498|25422|2260392|28913089" \
    "$(sql "SELECT group_concat(value, '|') FROM (SELECT value FROM meta WHERE key IN ('layouts','groups','solved','solvable') ORDER BY CASE key WHEN 'layouts' THEN 1 WHEN 'groups' THEN 2 WHEN 'solved' THEN 3 ELSE 4 END)")"

# Group numbering: size descending, ties by smallest code; group_index dense from 0.
expect "groups ordered by size then min_code" 0 "$(sql '
    SELECT count(*) FROM groups a JOIN groups b ON a.class_id = b.class_id AND b.group_num = a.group_num + 1
    WHERE a.size < b.size OR (a.size = b.size AND a.min_code > b.min_code)')"
expect "group_id in class then group_num order" 0 "$(sql '
    SELECT count(*) FROM groups a JOIN groups b ON b.group_id = a.group_id + 1
    WHERE NOT ((a.class_id = b.class_id AND b.group_num = a.group_num + 1) OR (b.class_id = a.class_id + 1 AND b.group_num = 0))')"
expect "group_index spans 0..size-1 in 5-4-1-1" "0|25954|25955" \
    "$(sql "SELECT min(group_index), max(group_index), count(*) FROM layouts WHERE group_id = (SELECT group_id FROM groups WHERE name = '5-4-1-1')")"
expect "min_code is the group_index 0 member" 0 "$(sql "
    SELECT count(*) FROM groups g WHERE g.group_id < 300 AND
    (SELECT group_index FROM layouts WHERE code = g.min_code) != 0")"
expect "layers cover every group" "$(sql 'SELECT sum(size) FROM groups')" "$(sql 'SELECT sum(size) FROM layers')"
expect "unsolvable groups have one NULL layer" 0 "$(sql '
    SELECT count(*) FROM groups g WHERE solved = 0 AND
    (SELECT count(*) FROM layers WHERE group_id = g.group_id AND depth IS NULL) != 1')"
expect "hardest rows agree with groups" "$(sql 'SELECT sum(hardest_count) FROM groups')" "$(sql 'SELECT count(*) FROM hardest')"
# db_crosscheck compares the hardest rows of the groups it rebuilds; here every row of
# the table: a layout of its group, at the group's max_min_steps.
expect "hardest: each row a layout of its group at the group's max_min_steps" 0 "$(sql '
    SELECT count(*) FROM hardest h LEFT JOIN layouts l USING (code) LEFT JOIN groups g ON g.group_id = h.group_id
    WHERE l.group_id IS NOT h.group_id OR l.min_steps IS NOT h.min_steps OR h.min_steps IS NOT g.max_min_steps')"
# The depth_histogram view (README.md): SPEC.md's counts, and the layers table's.
expect "depth_histogram: every solvable layout, the solved ones at 0 in every solvable group, 138 the deepest" \
    "28913089|2260392|$(sql 'SELECT count(*) FROM groups WHERE solved > 0')|138" \
    "$(sql 'SELECT sum(layouts), (SELECT layouts || "|" || groups FROM depth_histogram WHERE min_steps = 0),
                   max(min_steps) FROM depth_histogram')"
expect "depth_histogram: per min_steps, the layouts and groups of the layers" \
    "$(sql 'SELECT depth, sum(size), count(*) FROM layers WHERE depth IS NOT NULL GROUP BY depth ORDER BY depth' | md5sum)" \
    "$(sql 'SELECT min_steps, layouts, groups FROM depth_histogram ORDER BY min_steps' | md5sum)"
expect "depth histogram of 5-4-1-1 agrees with layouts" "$(sql "
    SELECT group_concat(n) FROM (SELECT count(*) n FROM layouts WHERE group_id =
    (SELECT group_id FROM groups WHERE name = '5-4-1-1') GROUP BY min_steps ORDER BY min_steps)")" \
    "$(sql "SELECT group_concat(size) FROM (SELECT l.size FROM layers l JOIN groups g USING (group_id)
    WHERE g.name = '5-4-1-1' ORDER BY l.depth)")"

# A failed or interrupted build never damages the database that was there.  Each phase
# is told by what the build itself does: it claims its temporary file before it
# enumerates and writes nothing into it until it stores, so an empty temporary file and
# a process past its first 64 MB of memory is the enumeration or the analysis, and a
# temporary file past 64 MB is the store.
before=$(md5sum < "$TEST_DB")
# interrupt PHASE: starts a build over the good database, stops it with SIGTERM once it
# is in PHASE (early or storing) and checks that it was still running then, that it died
# of the signal (status 143), and what it left.
interrupt() {
    "$BIN/klotski-build" --db "$TEST_DB" --quiet &
    local builder=$! tries=0 temp="" size=-1 rss=0 ready=
    while [ -z "$ready" ] && [ $tries -lt 6000 ] && kill -0 "$builder" 2>/dev/null; do
        sleep 0.1
        tries=$((tries + 1))
        temp=$(ls "$TEST_DB".tmp-"$builder" 2>/dev/null)
        [ -n "$temp" ] || continue
        size=$(stat -c %s "$temp" 2>/dev/null || echo -1)
        rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$builder/status" 2>/dev/null || echo 0)
        case $1 in
            early) [ "$size" = 0 ] && [ "${rss:-0}" -gt 65536 ] && ready=1 ;;
            storing) [ "$size" -gt 67108864 ] && ready=1 ;;
        esac
    done
    local running
    running=$(kill -TERM "$builder" 2>/dev/null && echo running || echo ended)
    wait "$builder"
    local status=$?
    expect "build interrupted ($1): the phase was reached, the build still running" "1 running" "$ready $running"
    [ "$1" = early ] && expect "build interrupted (early): nothing stored yet" 0 "$size"
    expect "build interrupted ($1): died of SIGTERM" 143 "$status"
    expect "build interrupted ($1) leaves the database alone" "$before" "$(md5sum < "$TEST_DB")"
    expect "build interrupted ($1) leaves no temporary file" "" "$(ls "$TEST_DB".tmp-* 2>/dev/null)"
}
interrupt early
# The store comes after the whole enumeration and analysis, most of a build: the
# sanitizer build, several times slower, leaves it to the normal build (the same signal
# handler; its own full build above ran the store under the sanitizers).
if [ -z "$SANITIZED" ]; then
    interrupt storing
else
    skip "build interrupted (storing)" "most of a build in a sanitizer build: the normal build checks it"
fi

err=$("$BIN/klotski-build" --db /nonexistent-dir/k.db --quiet 2>&1)
expect "unwritable path exits 1" 1 $?
expect "unwritable path: one line naming the path" 1 "$(printf '%s\n' "$err" | grep -c '/nonexistent-dir/k.db')"
# Running out of memory: a clear message, exit 1, nothing left behind.  Sanitizer builds
# reserve more address space than any such limit, so only the normal build is tried.
if [ -z "$SANITIZED" ]; then
    err=$( (ulimit -v 600000; "$BIN/klotski-build" --db "$WORK/oom.db" --quiet) 2>&1)
    expect "out of memory exits 1" 1 $?
    expect "out of memory: one line" "klotski-build: out of memory while analysing classes" "$err"
    expect "out of memory leaves nothing" "" "$(ls "$WORK"/oom.db* 2>/dev/null)"
else
    skip "the base build out of memory" "a sanitizer build reserves terabytes of address space: no memory limit fits it"
fi

# A full disk: a clear message, exit 1, no temporary file (needs root to mount a tmpfs).
small=$WORK/small-disk
mkdir -p "$small"
if mount -t tmpfs -o size=50M tmpfs "$small" 2>/dev/null; then
    err=$("$BIN/klotski-build" --db "$small/k.db" --quiet 2>&1)
    expect "disk full exits 1" 1 $?
    expect "disk full: one line naming the path" 1 "$(printf '%s\n' "$err" | grep -c "^klotski-build: $small/k.db: .*disk is full")"
    expect "disk full leaves nothing" "" "$(ls "$small")"
    umount "$small"
else
    skip "the base build on a full disk" "cannot mount a tmpfs here (needs root)"
fi

# Bad options, each with --db to a scratch path first, so that a parsing regression that
# went on to build could not replace the tree's data/klotski.db: nothing may appear there.
scratch=$WORK/bad-options.db
"$BIN/klotski-build" --db "$scratch" --threads 0 2>/dev/null
expect "bad --threads exits 2" 2 $?
"$BIN/klotski-build" --db "$scratch" --threads 4294967297 2>/dev/null
expect "--threads past int (once read as 1) exits 2" 2 $?
"$BIN/klotski-build" --db "$scratch" --bogus 2>/dev/null
expect "unknown option exits 2" 2 $?
"$BIN/klotski-build" --db "$scratch" extra 2>/dev/null
expect "stray argument exits 2" 2 $?
expect "bad options build nothing" "" "$(ls "$scratch"* 2>/dev/null)"
# --db naming something that is not a file (once /dev/null, which the finished build's
# rename replaced): refused before any work, and left as it was.  A FIFO stands in for the
# device, so that a regression cannot harm the machine.
fifo=$WORK/not-a-file
mkfifo "$fifo"
err=$("$BIN/klotski-build" --db "$fifo" --quiet 2>&1)
expect "--db naming a FIFO exits 2" 2 $?
expect "--db naming a FIFO: one line naming it" 1 "$(printf '%s\n' "$err" | grep -c "^klotski-build: $fifo: not a regular file")"
expect "--db naming a FIFO leaves it a FIFO, and no temporary file" "fifo|" \
    "$(test -p "$fifo" && echo fifo)|$(ls "$fifo".tmp-* 2>/dev/null)"

finish
