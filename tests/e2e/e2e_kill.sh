#!/usr/bin/env bash
# The farthest phase killed beyond catching (SIGKILL) at random moments, many times and
# then run to its end, gives exactly what an uninterrupted run gives, and queries made
# all the while never fail nor answer wrong.  (The base build killed so: e2e_build.sh,
# whose build of the test database is the build after the killed ones.)  A fixed seed,
# so that a failure repeats (the moments still depend on the machine's speed).
# KLOTSKI_KILL_RUNS: how many kills of the farthest phase (default 8).
. "$(dirname "$0")/lib.sh"

kill_dir=$WORK/kill
rm -rf "$kill_dir"
mkdir -p "$kill_dir"
trap 'rm -rf "$kill_dir"' EXIT
RANDOM=11

# farthest_done_count DB: meta farthest_groups_done of DB (0 when it cannot be read).
# killed_sql DB SQL: a read of a database that a killed run may have left with a hot
# journal while the query loop reads it too: the first reader rolls the journal back and
# the others wait for it (busy), so the shell waits as the tool does; a failed read is a
# failed check, never an empty answer.
killed_sql() { answered sqlite3 -batch -cmd '.timeout 60000' "$@"; }

farthest_done_count() {
    local n
    n=$(killed_sql "$1" "SELECT value FROM meta WHERE key = 'farthest_groups_done'")
    echo "${n:-0}"
}

# The farthest phase over the groups of at most 2,000 layouts (all but 168 of the 25,422
# groups), on two copies: one run uninterrupted (one commit at the end), one killed again
# and again while it commits after every class, beside the next class's search.
max_group=2000
whole=$kill_dir/whole.db
killed=$kill_dir/killed.db
cp --reflink=auto "$TEST_DB" "$whole"
cp --reflink=auto "$TEST_DB" "$killed"
"$BIN/klotski-build" --farthest --max-group $max_group --db "$whole" --quiet
expect "uninterrupted farthest phase: exit status" 0 $?

# checksum DB: every farthest column, the groups' and the layouts'.
checksum() {
    sqlite3 -batch "$1" "SELECT group_id, diameter, radius, peripheral_count, hex(peripheral_ids),
                                central_count, hex(central_ids), farthest_done
                         FROM groups ORDER BY group_id;
                         SELECT code, farthest_steps, farthest_num, solution_num FROM layouts
                         WHERE farthest_steps IS NOT NULL ORDER BY code;
                         SELECT value FROM meta WHERE key = 'farthest_groups_done';" | md5sum
}

# Queries in a loop while the phase writes: a layout of the largest group asked for, and
# that group; each answer is the uninterrupted run's, or (before the group is done) the
# same with no farthest values.
probe_group=$(sql "SELECT name FROM groups WHERE size <= $max_group ORDER BY size DESC, group_id LIMIT 1")
probe=$(sql "SELECT printf('%09X', min_code) FROM groups WHERE name = '$probe_group'")
done_answer=$("$BIN/klotski" --db "$whole" --json show "$probe")
pending_answer=$("$BIN/klotski" --db "$TEST_DB" --json show "$probe")
done_group=$("$BIN/klotski" --db "$whole" --json group "$probe_group")
pending_group=$("$BIN/klotski" --db "$TEST_DB" --json group "$probe_group")
expect "the probe's answer changes once its group is done" 1 \
    "$([ "$done_answer" != "$pending_answer" ] && echo 1)"
# A writer killed mid-transaction leaves a hot journal, which a read-only connection
# cannot roll back (SQLITE_READONLY_ROLLBACK): the tool, which reads read-only, must
# still answer at once, as it did before, and leave the journal rolled back.  A killed
# writer made on purpose, so that this is tested every run, not only when a kill below
# happens to come mid-transaction.
(python3 - "$killed"; true) 2>/dev/null <<'PYTHON'
import os, signal, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA cache_size = 5")  # pages spill into the file: the journal is hot
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE layouts SET packed = packed + 1 WHERE rowid <= 20000")
db.execute("UPDATE meta SET value = 'damaged' WHERE key = 'format_version'")
os.kill(os.getpid(), signal.SIGKILL)
PYTHON
expect "a writer killed mid-transaction left a hot journal" yes "$([ -s "$killed-journal" ] && echo yes)"
expect "a query of a database with a hot journal: the answer as before" "$pending_answer" \
    "$("$BIN/klotski" --db "$killed" --json show "$probe" 2>&1)"
expect "a query of a database with a hot journal: the journal rolled back" "" "$(ls "$killed-journal" 2>/dev/null)"
query_loop() {
    local bad=0 asked=0 answer
    while [ ! -e "$kill_dir/stop" ]; do
        answer=$("$BIN/klotski" --db "$killed" --json show "$probe" 2>&1)
        [ "$answer" = "$done_answer" ] || [ "$answer" = "$pending_answer" ] ||
            { bad=$((bad + 1)); echo "query during the phase: $answer" >&2; }
        answer=$("$BIN/klotski" --db "$killed" --json group "$probe_group" 2>&1)
        [ "$answer" = "$done_group" ] || [ "$answer" = "$pending_group" ] ||
            { bad=$((bad + 1)); echo "query during the phase: $answer" >&2; }
        asked=$((asked + 2))
    done
    echo "$asked $bad" > "$kill_dir/queries"
}
query_loop &
loop=$!

runs=${KLOTSKI_KILL_RUNS:-8} kills=0 done_last=0 regress=0 committed=0
# Odd runs are killed at a random moment, even ones at a random moment after a commit of
# their own.
for ((run = 1; run <= runs; run++)); do
    after= tenths=$((2 + RANDOM % 100))
    [ $((run % 2)) = 0 ] && after=$killed tenths=$((RANDOM % 10))
    outcome=$(KILL_COUNT_FROM=${after:+farthest_done_count $after} start_and_kill $tenths "$BIN/klotski-build" --farthest \
        --max-group $max_group --commit-every 0 --db "$killed" --quiet --threads 2)
    case $outcome in
        killed) kills=$((kills + 1)) ;;
        "ended 0") ;;
        *) expect "farthest phase run $run: killed (137) or ended well" killed "$outcome" ;;
    esac
    # What the killed runs committed: kept, never lost to a later kill, and as meta says.
    done_now=$(farthest_done_count "$killed")
    [ "${done_now:-0}" -ge "$done_last" ] || regress=$((regress + 1))
    [ "${done_now:-0}" -gt 0 ] && [ "${done_now:-0}" -lt "$(sql "SELECT count(*) FROM groups WHERE size <= $max_group")" ] &&
        committed=$((committed + 1))
    done_last=${done_now:-0}
    expect "after kill $run: meta counts the groups done" "$done_now" \
        "$(killed_sql "$killed" 'SELECT count(*) FROM groups WHERE farthest_done IS NOT NULL')"
    answer=$("$BIN/klotski" --db "$killed" --json show "$probe" 2>&1)
    expect "a query right after kill $run" 1 \
        "$([ "$answer" = "$done_answer" ] || [ "$answer" = "$pending_answer" ] && echo 1 || echo "$answer")"
done
"$BIN/klotski-build" --farthest --max-group $max_group --commit-every 0 --db "$killed" --quiet
expect "farthest phase after $kills kills: exit status" 0 $?
touch "$kill_dir/stop"
wait "$loop"
read -r asked bad < "$kill_dir/queries"
echo "farthest phase killed $kills times; $asked queries made meanwhile"
expect "farthest phase: runs killed while they ran" yes "$([ "$kills" -gt 0 ] && echo yes || echo "no: $kills of $runs")"
expect "farthest phase: a kill never loses what was committed" 0 "$regress"
expect "farthest phase: some kills came partway, after a commit" yes "$([ "$committed" -gt 0 ] && echo yes)"
expect "queries while the phase writes and is killed: none failed or answered wrong" 0 "$bad"
expect "queries while the phase writes: some were made" 1 "$([ "$asked" -gt 0 ] && echo 1)"
expect "killed farthest phase, run to its end: every farthest column as uninterrupted" \
    "$(checksum "$whole")" "$(checksum "$killed")"
expect "killed farthest phase: database intact" ok "$(killed_sql "$killed" 'PRAGMA quick_check')"

finish
