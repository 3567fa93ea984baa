#!/usr/bin/env bash
# Out of memory and a full disk, beyond the base build's (e2e_build.sh): the query
# tool's largest answers under shrinking memory limits answer in full or fail in one
# line, and a full output fails in one line; the farthest phase out of memory, and on a
# full disk, fails in one line and leaves a database that is intact and answers.
# Sanitizer builds reserve more address space than any such limit, so the memory limits
# are tried in the normal build only.
. "$(dirname "$0")/lib.sh"

limits=$WORK/limits
rm -rf "$limits"
mkdir -p "$limits"
cleanup() {
    mountpoint -q "$limits/disk" 2>/dev/null && umount "$limits/disk"
    rm -rf "$limits"
}
trap cleanup EXIT

# one_line_or_full NAME LIMIT_KB ARGS...: under the memory limit, klotski ARGS prints
# the same answer as without it, or fails with "klotski: out of memory" and status 2.
one_line_or_full() {
    local name=$1 limit=$2 status
    shift 2
    (ulimit -v "$limit"; "$BIN/klotski" --db "$TEST_DB" "$@") >"$limits/answer" 2>"$limits/stderr"
    status=$?
    if [ "$status" = 0 ]; then
        expect "$name under $limit KB: the whole answer" "$(md5sum < "$limits/full")" "$(md5sum < "$limits/answer")"
    else
        expect "$name under $limit KB: one line" "2 klotski: out of memory" "$status $(cat "$limits/stderr")"
        failures=$((failures + 1))
    fi
}

# The largest answers: every member of the largest group, the farthest layouts from one
# of its members (a search over 964,656 layouts), the hardest, peripheral and central
# layouts of the largest group whose extremes the base build stores, every group's row.
largest=$(sql "SELECT name FROM groups ORDER BY size DESC, group_id LIMIT 1")
member=$(sql "SELECT printf('%09X', min_code) FROM groups WHERE name = '$largest'")
stored=$(sql "SELECT name FROM groups WHERE central_ids IS NOT NULL ORDER BY size DESC, group_id LIMIT 1")
answers=("group --members $largest" "farthest $member" "farthest --group $stored --central"
         "stats groups --csv")
# The limits start at the smallest one the tool starts in at all: below it the dynamic
# loader, not klotski, fails (the shared libraries' own size sets it), and each limit
# after doubles it.  (A sanitizer build reserves terabytes of address space and runs
# under no limit: it skips these checks.)
memory_limits=()
if [ -z "$SANITIZED" ]; then
    start=4000
    until (ulimit -v "$start"; "$BIN/klotski" --version) >/dev/null 2>&1 || [ "$start" -gt 512000 ]; do
        start=$((start + 4000))
    done
    expect "klotski starts under some limit up to 512000 KB" 1 "$([ "$start" -le 512000 ] && echo 1)"
    for ((limit = start; limit <= 512000; limit *= 2)); do memory_limits+=("$limit"); done
else
    skip "the largest answers under memory limits" "a sanitizer build reserves terabytes of address space: no memory limit fits it"
fi
for answer in "${answers[@]}"; do
    # shellcheck disable=SC2086 # the answer's words are the arguments
    "$BIN/klotski" --db "$TEST_DB" $answer > "$limits/full"
    expect "$answer: answers without a limit" 0 $?
    if [ -z "$SANITIZED" ]; then
        failures=0
        for limit in "${memory_limits[@]}"; do
            # shellcheck disable=SC2086
            one_line_or_full "$answer" "$limit" $answer
        done
        # The hardest and peripheral layouts of one group fit in any limit the tool
        # starts in; the others do not.
        [ "${answer#farthest --group}" = "$answer" ] &&
            expect "$answer: the smallest limits fail" 1 "$([ "$failures" -gt 0 ] && echo 1)"
    fi
    # shellcheck disable=SC2086
    err=$("$BIN/klotski" --db "$TEST_DB" $answer 2>&1 >/dev/full)
    expect "$answer to a full disk: one line, status 2" "2 klotski: cannot write the answer" "$? $err"
done

# The farthest phase on a copy of the test database: out of memory, then (on a tmpfs
# just larger than the copy, when one can be mounted) out of disk.
copy_to() { cp --reflink=auto "$TEST_DB" "$1/copy.db"; }
# intact DB NAME: the database passes SQLite's check, says truthfully how many groups
# are done, and answers a query.
intact() {
    expect "$2: database intact" ok "$(sqlite3 -batch "$1" 'PRAGMA quick_check')"
    expect "$2: meta counts the groups done" \
        "$(sqlite3 -batch "$1" 'SELECT count(*) FROM groups WHERE farthest_done IS NOT NULL')" \
        "$(sqlite3 -batch "$1" "SELECT value FROM meta WHERE key = 'farthest_groups_done'")"
    expect "$2: a query answers" 81 "$(answered "$BIN/klotski" --db "$1" --json show 1A9BF0C00 | jq .min_steps)"
}
mkdir -p "$limits/disk"
size_kb=$(($(stat -L -c %s "$TEST_DB") / 1024))
if mount -t tmpfs -o size=$((size_kb + 2048))k tmpfs "$limits/disk" 2>/dev/null; then
    place=$limits/disk
else
    skip "the farthest phase on a full disk" "cannot mount a tmpfs here (needs root)"
    place=$limits
fi
copy_to "$place"
if [ -z "$SANITIZED" ]; then
    err=$( (ulimit -v 600000; "$BIN/klotski-build" --farthest --max-group 2000 --db "$place/copy.db" --quiet) 2>&1)
    expect "farthest phase out of memory: exits 1" 1 $?
    expect "farthest phase out of memory: one line" "klotski-build: $place/copy.db: out of memory" "$err"
    intact "$place/copy.db" "farthest phase out of memory"
else
    skip "the farthest phase out of memory" "a sanitizer build reserves terabytes of address space: no memory limit fits it"
fi
if [ "$place" = "$limits/disk" ]; then
    err=$("$BIN/klotski-build" --farthest --max-group 2000 --db "$place/copy.db" --quiet 2>&1)
    expect "farthest phase on a full disk: exits 1" 1 $?
    expect "farthest phase on a full disk: one line naming the database" 1 \
        "$(printf '%s\n' "$err" | grep -c "^klotski-build: $place/copy.db: .*disk is full")"
    expect "farthest phase on a full disk: nothing else said" 1 "$(printf '%s\n' "$err" | wc -l)"
    intact "$place/copy.db" "farthest phase on a full disk"
fi

finish
