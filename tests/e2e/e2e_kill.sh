#!/usr/bin/env bash
# Builds killed beyond catching (SIGKILL) at random moments: the base build leaves the
# database that was there alone and the next build removes what the killed ones left;
# the farthest phase, killed many times and then run to its end, gives exactly what an
# uninterrupted run gives, and queries made all the while never fail nor answer wrong.
# Fixed seeds, so that a failure repeats (the moments still depend on the machine's
# speed).  KLOTSKI_KILL_RUNS: how many kills of the farthest phase (default 8).
. "$(dirname "$0")/lib.sh"

kill_dir=$WORK/kill
rm -rf "$kill_dir"
mkdir -p "$kill_dir"
trap 'rm -rf "$kill_dir"' EXIT
RANDOM=11

# start_and_kill TENTHS COMMAND...: starts COMMAND, SIGKILLs it after TENTHS tenths of a
# second unless it ended before; says "killed" (it was running and died of the signal,
# status 137), "ended STATUS" or "killed, but STATUS".  With AFTER_COMMIT=DB set, the
# TENTHS count from the moment the farthest phase's meta in DB shows a commit of this
# run (farthest_groups_done above its value at the start), so that the kill comes
# partway, after what the run itself committed.
start_and_kill() {
    local tenths=$1 start_done=""
    shift
    [ -n "${AFTER_COMMIT:-}" ] && start_done=$(farthest_done_count "$AFTER_COMMIT")
    "$@" &
    local pid=$! waited=0
    if [ -n "$start_done" ]; then
        while [ "$waited" -lt 6000 ] && kill -0 "$pid" 2>/dev/null &&
              [ "$(farthest_done_count "$AFTER_COMMIT")" = "$start_done" ]; do
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

# The base build: three kills at random moments, in its first 3, 6 and 9 seconds (a whole
# build takes about 9 s on 2 cores, so most kills come before its end), over a "previous
# database" (any file: the build never reads it, only replaces it).  Each killed build
# leaves its temporary file, until the next build removes it: checked right after the kill.
previous=$kill_dir/base.db
printf 'the previous database\n' > "$previous"
base_kills=0
for run in 1 2 3; do
    window=$((run * 30))
    outcome=$(start_and_kill $((5 + RANDOM % (window - 5))) "$BIN/klotski-build" --db "$previous" --quiet --threads 2)
    if [ "$outcome" = killed ]; then
        base_kills=$((base_kills + 1))
        expect "base build killed (run $run): previous database intact" "the previous database" "$(cat "$previous")"
        expect "base build killed (run $run): its temporary file is left" 1 \
            "$(ls "$previous".tmp-* >/dev/null 2>&1 && echo 1)"
    else
        expect "base build ran to its end before the kill (run $run)" "ended 0" "$outcome"
        printf 'the previous database\n' > "$previous"
    fi
done
expect "base build: at least one of the three runs killed while it ran" yes "$([ $base_kills -gt 0 ] && echo yes)"
"$BIN/klotski-build" --db "$previous" --quiet
expect "next base build: exit status" 0 $?
expect "next base build: the killed builds' temporary files are gone" "" "$(ls "$previous".tmp-* 2>/dev/null)"
crc=$(sql "SELECT value FROM meta WHERE key = 'layouts_crc32'")
expect "next base build: the database of the test build (its checksum, there to compare)" \
    "yes $crc" "$([ -n "$crc" ] && echo yes) $(sqlite3 -batch "$previous" "SELECT value FROM meta WHERE key = 'layouts_crc32'")"
rm -f "$previous"

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
    outcome=$(AFTER_COMMIT=$after start_and_kill $tenths "$BIN/klotski-build" --farthest \
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
