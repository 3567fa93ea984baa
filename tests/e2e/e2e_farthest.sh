#!/usr/bin/env bash
# The farthest phase (klotski-build --farthest) on a copy of the test database, limited
# to the groups of at most 30,000 layouts, since the whole phase takes half an hour: the
# stored values against SPEC.md's reference facts, against each other and against the
# query tool's own search (`klotski solutions`), a stopped run and its continuation, and
# bad input.  unit_farthest checks the values themselves against brute force.  The
# sanitizer build, several times slower, leaves the run on a group of over 30,000
# layouts to the normal build.
. "$(dirname "$0")/lib.sh"

db=$WORK/farthest.db
cp "$TEST_DB" "$db"
fsql() { answered sqlite3 -batch "$db" "$1"; }
done_meta() { fsql "SELECT value FROM meta WHERE key = 'farthest_groups_done'"; }

expect "nothing done after a build" 0 "$(done_meta)"
# The extremes of the dense groups of up to 30,000 layouts, found on demand by `klotski
# farthest GROUP` before the phase (query/search/extremes.c), against what the phase
# stores for them after it, by a search from every member (issue 30).
dense_groups=$(fsql 'SELECT name FROM groups WHERE peripheral_ids IS NULL AND size <= 30000 ORDER BY size')
extremes_answer() { answered "$BIN/klotski" --db "$1" farthest --central --json "$2" | jq -c '[.diameter, .radius, .peripheral_count, .central_count, .extremes, [.layouts[] | select(.kind != "hardest") | .kind + " " + .code]]'; }
for g in $dense_groups; do
    extremes_answer "$db" "$g" >"$WORK/on_demand_$g.json"
done
expect "dense groups of up to 30,000 layouts, found on demand before the phase" 8 "$(printf '%s\n' $dense_groups | grep -c .)"
solutions_before=$(fsql 'SELECT count(min_solution_num), sum(min_solution_num) FROM layouts')

# A group is done when the phase marked it (groups.farthest_done), whatever else filled
# its extremes: a diameter written beforehand neither counts nor survives.
fsql "UPDATE groups SET diameter = 9999
      WHERE group_id = (SELECT group_id FROM groups WHERE size <= 1000 ORDER BY size DESC LIMIT 1)"
"$BIN/klotski-build" --farthest --max-group 1000 --db "$db" --quiet
expect "groups up to 1000: exit status" 0 $?
small=$(fsql 'SELECT count(*) FROM groups WHERE size <= 1000')
expect "meta counts the groups done" "$small" "$(done_meta)"
expect "the groups done are those asked for" "$small" \
    "$(fsql 'SELECT count(*) FROM groups WHERE farthest_done IS NOT NULL AND size <= 1000')"
expect "a diameter written before the phase is the phase's own" 0 \
    "$(fsql 'SELECT count(*) FROM groups WHERE diameter = 9999')"
expect "their layouts are filled, and only theirs" "$(fsql 'SELECT sum(size) FROM groups WHERE size <= 1000')" \
    "$(fsql 'SELECT count(farthest_steps) FROM layouts')"

# A run stopped partway leaves a valid database that says what it holds: stopped with
# SIGTERM once a commit of its own shows (it commits after every class with
# --commit-every 0), while it still runs, and dying of the signal.
done_before=$(done_meta)
"$BIN/klotski-build" --farthest --max-group 30000 --commit-every 0 --db "$db" --quiet &
builder=$!
tries=0 seen=$done_before
while [ "$seen" = "$done_before" ] && [ $tries -lt 3000 ] && kill -0 "$builder" 2>/dev/null; do
    sleep 0.1
    tries=$((tries + 1))
    seen=$(sqlite3 -batch "$db" "SELECT value FROM meta WHERE key = 'farthest_groups_done'" 2>/dev/null || echo "$seen")
done
running=$(kill -TERM "$builder" 2>/dev/null && echo running || echo ended)
wait "$builder"
status=$?
expect "stopped run: stopped after a commit of its own, while it ran, by the signal" "yes running 143" \
    "$([ "$seen" -gt "$done_before" ] && echo yes || echo "no: $seen done") $running $status"
expect "stopped run: database intact" ok "$(fsql 'PRAGMA integrity_check')"
stopped_done=$(done_meta)
expect "stopped run: meta agrees with the groups" "$stopped_done" \
    "$(fsql 'SELECT count(*) FROM groups WHERE farthest_done IS NOT NULL')"
expect "stopped run: what it committed is kept, and it is not all" yes \
    "$([ "$stopped_done" -ge "$seen" ] && [ "$stopped_done" -lt "$(fsql 'SELECT count(*) FROM groups WHERE size <= 30000')" ] && echo yes)"
expect "stopped run: the groups it marked done have their layouts filled" \
    "$(fsql 'SELECT sum(size) FROM groups WHERE farthest_done IS NOT NULL')" "$(fsql 'SELECT count(farthest_steps) FROM layouts')"

"$BIN/klotski-build" --farthest --max-group 30000 --db "$db" --quiet
expect "continued run: exit status" 0 $?
asked=$(fsql 'SELECT count(*) FROM groups WHERE size <= 30000')
expect "continued run: every group asked for is done" "$asked" "$(done_meta)"
expect "min_solution_num kept beside the farthest data in packed" "$solutions_before" \
    "$(fsql 'SELECT count(min_solution_num), sum(min_solution_num) FROM layouts')"
before=$(md5sum < "$db")
"$BIN/klotski-build" --farthest --max-group 30000 --db "$db" --quiet
expect "a run with nothing to do changes nothing" "$before" "$(md5sum < "$db")"
for g in $dense_groups; do
    expect "dense group $g: its extremes found on demand are those the phase stores" \
        "$(extremes_answer "$db" "$g" | sed 's/"stored"/"found now"/')" "$(cat "$WORK/on_demand_$g.json")"
done

expect "1A9BF0C00: 124 steps, 8 farthest layouts, 6 solutions" "124|8|6" \
    "$(fsql 'SELECT farthest_steps, farthest_num, solution_num FROM layouts WHERE code = 0x1A9BF0C00')"
expect "solution_num: NULL exactly for the unsolvable, 1 for the solved, else at least 1" 0 \
    "$(fsql 'SELECT count(*) FROM layouts WHERE farthest_steps IS NOT NULL AND
             ((solution_num IS NULL) != (min_steps IS NULL) OR (min_steps = 0 AND solution_num != 1)
              OR solution_num < 1)')"
# The stored solution_num against the query tool's search, on a sample of every kind of
# layout (the smallest code of each group of over 100 layouts, and a layout in a thousand).
picked="solution_num IS NOT NULL AND
        (code IN (SELECT min_code FROM groups WHERE size > 100) OR code % 997 = 0) ORDER BY code"
sample=$(fsql "SELECT printf('%09X', code) FROM layouts WHERE $picked")
expect "solutions: a sample of over 500 layouts to compare" yes "$([ "$(wc -w <<< "$sample")" -gt 500 ] && echo yes)"
expect "solutions: its count is the stored solution_num" \
    "$(fsql "SELECT printf('%09X', code) || '|' || solution_num FROM layouts WHERE $picked")" \
    "$(answered "$BIN/klotski" --db "$db" --json solutions $sample | jq -r '"\(.code)|\(.solutions)"')"
expect "5-4-1-1: diameter 145, radius 83" "145|83" \
    "$(fsql "SELECT diameter, radius FROM groups WHERE name = '5-4-1-1'")"
expect "mirror groups 5-4-1-0 and 5-4-1-1 agree" 1 "$(fsql "
    SELECT a.diameter = b.diameter AND a.radius = b.radius AND a.peripheral_count = b.peripheral_count
    FROM groups a, groups b WHERE a.name = '5-4-1-0' AND b.name = '5-4-1-1'")"
expect "each group's summary agrees with its layouts" 0 "$(fsql '
    WITH per_group AS (
        SELECT group_id, max(l.farthest_steps) AS high, min(l.farthest_steps) AS low,
               count(*) AS filled, sum(l.farthest_steps = g.diameter) AS peripheral,
               sum(l.farthest_steps = g.radius) AS central, min(l.farthest_num) AS fewest
        FROM layouts l JOIN groups g USING (group_id)
        WHERE l.farthest_steps IS NOT NULL GROUP BY group_id)
    SELECT count(*) FROM groups g LEFT JOIN per_group p USING (group_id)
    WHERE (g.farthest_done IS NULL) != (p.group_id IS NULL) OR
          (g.farthest_done IS NOT NULL AND (p.filled != g.size OR p.high != g.diameter OR
           p.low != g.radius OR p.peripheral != g.peripheral_count OR
           p.central != g.central_count OR p.fewest < 1))')"
expect "peripheral and central lists stored" 0 \
    "$(fsql 'SELECT count(*) FROM groups WHERE farthest_done IS NOT NULL AND
             (length(peripheral_ids) = 0 OR length(central_ids) = 0)')"
expect "a group's radius is at least half its diameter" 0 \
    "$(fsql 'SELECT count(*) FROM groups WHERE 2 * radius < diameter')"

err=$("$BIN/klotski-build" --farthest --db "$WORK/missing.db" 2>&1)
expect "missing database exits 1" 1 $?
expect "missing database: one line naming it" 1 "$(printf '%s\n' "$err" | grep -c "^klotski-build: $WORK/missing.db: ")"
expect "missing database is not created" "" "$(ls "$WORK"/missing.db* 2>/dev/null)"
printf 'not a database\n' > "$WORK/junk.db"
err=$("$BIN/klotski-build" --farthest --db "$WORK/junk.db" 2>&1)
expect "not a database exits 1" 1 $?
expect "not a database: one line" 1 "$(printf '%s\n' "$err" | wc -l)"
"$BIN/klotski-build" --max-group 10 --db "$WORK/junk.db" 2>/dev/null
expect "--max-group without --farthest exits 2" 2 $?
"$BIN/klotski-build" --farthest --max-group 0 --db "$WORK/junk.db" 2>/dev/null
expect "--max-group 0 exits 2" 2 $?
"$BIN/klotski-build" --commit-every 10 --db "$WORK/junk.db" 2>/dev/null
expect "--commit-every without --farthest exits 2" 2 $?
"$BIN/klotski-build" --farthest --commit-every -1 --db "$WORK/junk.db" 2>/dev/null
expect "--commit-every -1 exits 2" 2 $?
"$BIN/klotski-build" --farthest --device tpu --db "$db" 2>/dev/null
expect "--device tpu exits 2" 2 $?
"$BIN/klotski-build" --device cpu --db "$WORK/junk.db" 2>/dev/null
expect "--device without --farthest exits 2" 2 $?
# Without an NVIDIA GPU (this machine, CI's): --device gpu is one line and exit 1, even
# with nothing left to do, and --device auto is the CPU phase (the runs above).
if ! nvidia-smi -L >/dev/null 2>&1; then
    err=$("$BIN/klotski-build" --farthest --device gpu --max-group 1 --db "$db" 2>&1)
    expect "--device gpu without a GPU exits 1" 1 $?
    expect "--device gpu without a GPU: one line saying so" 1 \
        "$(printf '%s\n' "$err" | grep -c "^klotski-build: $db: --device gpu: ")"
else
    skip "--device gpu without a GPU exits 1 with one line" "this machine has an NVIDIA GPU"
fi
# klotski moves gives each step's farthest data once stored.
moves=$(answered "$BIN/klotski" --db "$db" moves 1A9BF0C00 --json | jq -r '.move_list[] | "\(.code)|\(.farthest_steps)|\(.farthest_num)"' | sort)
codes=$(printf '%s\n' "$moves" | cut -d'|' -f1 | sed 's/^/0x/' | paste -sd,)
expect "moves: each step's farthest data as stored" \
    "$(fsql "SELECT printf('%09X', code), farthest_steps, farthest_num FROM layouts WHERE code IN ($codes) ORDER BY 1")" "$moves"
expect "moves: farthest data there to compare" 8 "$(printf '%s\n' "$moves" | grep -c '|[0-9]*|[0-9]*$')"

# klotski solutions says so when the stored count is not its own.  The counts are stored
# in the column packed (schema/tables.sql); this also checks that the generated columns
# read them back.
fsql "UPDATE layouts SET packed = packed + 269 * (7 - solution_num) WHERE code = 0x1A9BF0C00"
expect "packed: solution_num written through it" "124|8|7|2" \
    "$(fsql 'SELECT farthest_steps, farthest_num, solution_num, min_solution_num FROM layouts WHERE code = 0x1A9BF0C00')"
err=$("$BIN/klotski" --db "$db" solutions 1A9BF0C00 2>&1 >/dev/null)
expect "solutions: a stored count it disagrees with exits 1" 1 $?
expect "solutions: the disagreement in one line" \
    "klotski: 1A9BF0C00: the database stores solution_num 7, the search finds 6: the database is wrong; rebuild it" "$err"
fsql "UPDATE layouts SET packed = 124 + 269 * (6 + 6952 * (8 + 8077 * (3 - 1))) WHERE code = 0x1A9BF0C00"
expect "packed: min_solution_num written through it" "124|8|6|3" \
    "$(fsql 'SELECT farthest_steps, farthest_num, solution_num, min_solution_num FROM layouts WHERE code = 0x1A9BF0C00')"
err=$("$BIN/klotski" --db "$db" solutions 1A9BF0C00 2>&1 >/dev/null)
expect "solutions: a stored min_solution_num it disagrees with exits 1" 1 $?
expect "solutions: that disagreement in one line" \
    "klotski: 1A9BF0C00: the database stores min_solution_num 3, the search finds 2: the database is wrong; rebuild it" "$err"

# The phase on a group of over 30,000 layouts, on a cheap path: 5-4-2-0 (81,340 layouts,
# a long group of diameter 230 that db_crosscheck rebuilds) alone, the other groups up to
# its size marked done (-1) for the run and unmarked after; in the normal build only (the
# same code as the smaller groups', on a larger fixture).  Then db_crosscheck compares
# every layout's farthest_steps, farthest_num and solution_num in the groups of up to
# 3,000 layouts, and a sample in the larger ones done (5-4-2-0 among them), with plain
# searches of its own (tests/reference/db_crosscheck.c).
if [ -z "$SANITIZED" ]; then
    fsql "UPDATE groups SET farthest_done = -1 WHERE farthest_done IS NULL AND size <= 81340 AND name != '5-4-2-0'"
    "$BIN/klotski-build" --farthest --max-group 81340 --db "$db" --quiet
    expect "5-4-2-0 alone: exit status" 0 $?
    fsql "UPDATE groups SET farthest_done = NULL WHERE farthest_done = -1;
          UPDATE meta SET value = (SELECT count(*) FROM groups WHERE farthest_done IS NOT NULL)
          WHERE key = 'farthest_groups_done'"
    expect "5-4-2-0: done, its layouts filled, diameter 230 and radius 116 as e2e_query.sh knows them" \
        "1|81340|230|116" "$(fsql "SELECT farthest_done IS NOT NULL, (SELECT count(farthest_steps) FROM layouts
                                   WHERE group_id = g.group_id), diameter, radius FROM groups g WHERE name = '5-4-2-0'")"
else
    skip "the farthest phase on 5-4-2-0 (81,340 layouts)" "the normal build runs it; a sanitizer build takes minutes"
fi
# In the normal build only: the checker's searches, compiled with the sanitizers in a
# sanitizer build, took minutes there, and would check the same source's output again
# (the sanitizer build's builder still runs above, under the sanitizers; e2e_crosscheck
# runs the checker under them on the base database).
if [ -z "$SANITIZED" ]; then
    crosscheck "$db"
    expect "db_crosscheck compared the farthest columns of over 200,000 layouts" yes \
        "$(printf '%s\n' "$crosscheck_report" | sed -n 's/.*farthest_num and solution_num of \([0-9]*\) layouts.*/\1/p' | awk '{print ($1 > 200000) ? "yes" : $1}')"
else
    skip "db_crosscheck of the farthest columns" "the normal build runs it on the same code's output; under the sanitizers its searches take minutes"
fi

# The run that completes the database compacts it into 64 KB pages.  The groups of over
# 100 layouts are marked done beforehand, so that a short run completes it (its values
# against those of the first run above, which did not complete it).
complete=$WORK/complete.db
cp "$TEST_DB" "$complete"
sqlite3 -batch "$complete" "UPDATE groups SET farthest_done = 1 WHERE size > 100"
"$BIN/klotski-build" --farthest --max-group 100 --db "$complete" --quiet
expect "completing run: exit status" 0 $?
expect "completing run: 64 KB pages, a rollback journal, intact" "65536|delete|ok" \
    "$(sqlite3 -batch "$complete" 'PRAGMA page_size; PRAGMA journal_mode; PRAGMA integrity_check' | paste -sd'|')"
expect "completing run: the same rows as a run that does not complete it" \
    "$(fsql 'SELECT count(*), total(farthest_steps), total(farthest_num), total(solution_num), total(min_solution_num)
             FROM layouts JOIN groups USING (group_id) WHERE size <= 100')" \
    "$(sqlite3 -batch "$complete" 'SELECT count(*), total(farthest_steps), total(farthest_num), total(solution_num),
                                          total(min_solution_num) FROM layouts JOIN groups USING (group_id) WHERE size <= 100')"

rm -f "$db" "$complete" "$WORK/junk.db"

finish
