#!/usr/bin/env bash
# The farthest phase out of memory partway: on a copy of the test database whose
# smallest groups a first run has done, a second run over more groups gets a memory
# limit (prlimit on its address space) once its work has begun, enough for its searches
# but not for writing their results.  It must fail with status 1 and one line, and leave the database as the
# phase documents it: SQLite's check and `klotski verify` pass, meta
# farthest_groups_done counts the groups done, each group (its row and its layouts'
# rows) is either as before the run or as an uninterrupted run leaves it, the groups
# done before are kept.  A rerun without the limit then ends exactly as the
# uninterrupted run.  Nothing here reads how the phase marks a group done: groups are
# told apart by comparing whole rows.  A sanitizer build reserves terabytes of address
# space and cannot run under such a limit: it skips this script.
. "$(dirname "$0")/lib.sh"

oom=$WORK/oom
rm -rf "$oom"
mkdir -p "$oom"
trap 'rm -rf "$oom"' EXIT
if [ -n "$SANITIZED" ]; then
    skip "the farthest phase out of memory partway" "a sanitizer build reserves terabytes of address space: no memory limit fits it"
    finish
    exit
fi

first_groups=10 max_group=100
db=$oom/oom.db
reference=$oom/reference.db
build() { "$BIN/klotski-build" --farthest --db "$@" --threads 2 --quiet; }
done_count() { sqlite3 -batch "$1" "SELECT value FROM meta WHERE key = 'farthest_groups_done'"; }
# snapshot DB NAME: every group's row and the rows of every layout in a group of at most
# max_group layouts (whole rows, each prefixed by its group_id), in $oom/NAME.*, a line
# each (SQL literals: BLOBs in hex).
snapshot() {
    sqlite3 -batch -quote "$1" "SELECT * FROM groups ORDER BY group_id" > "$oom/$2.groups"
    sqlite3 -batch -quote "$1" "SELECT group_id, * FROM layouts WHERE group_id IN
                         (SELECT group_id FROM groups WHERE size <= $max_group) ORDER BY code" > "$oom/$2.layouts"
}

# Before: the groups of at most first_groups layouts done.  The reference: from there, an
# uninterrupted run over the groups of at most max_group layouts.
cp --reflink=auto "$TEST_DB" "$db"
build "$db" --max-group $first_groups
expect "first run: exit status" 0 $?
before_done=$(done_count "$db")
expect "first run: some groups done" 1 "$([ "${before_done:-0}" -gt 0 ] && echo 1)"
snapshot "$db" before
cp --reflink=auto "$db" "$reference"
build "$reference" --max-group $max_group
expect "uninterrupted run: exit status" 0 $?
reference_done=$(done_count "$reference")
expect "uninterrupted run: more groups done" 1 "$([ "${reference_done:-0}" -gt "$before_done" ] && echo 1)"
snapshot "$reference" reference
rm -f "$reference"

# The run out of memory: the limit comes when a second thread shows that the phase has
# begun its work (the threads come and go: /proc is read often, with the shell's
# builtins), 128 MB above its address space then.  Measured with --max-group 100: the
# address space is near 590 MB then, its work needs up to 660 MB and writing its results
# 810 MB, so that the run fails partway, in the middle of writing.
"$BIN/klotski-build" --farthest --db "$db" --threads 2 --quiet --max-group $max_group 2> "$oom/stderr" &
pid=$!
limited=
while [ -z "$limited" ] && kill -0 "$pid" 2>/dev/null; do
    threads=1 size_kb=0
    while read -r key value _; do
        case $key in
        VmSize:) size_kb=$value ;;
        Threads:) threads=$value ;;
        esac
    done 2>/dev/null < "/proc/$pid/status"
    if [ "$threads" -gt 1 ]; then
        limit=$(((size_kb + 131072) * 1024))
        prlimit --pid "$pid" --as="$limit:$limit" && limited=$size_kb
    fi
    sleep 0.01
done
wait "$pid"
status=$?
expect "the limit came while the run searched" 1 "$([ -n "$limited" ] && echo 1)"
expect "out of memory: exit status 1" 1 "$status"
expect "out of memory: one line on stderr" 1 "$(wc -l < "$oom/stderr")"
expect "out of memory: the line names the database and says why" 1 \
    "$(grep -c "^klotski-build: $db: .*out of memory\$" "$oom/stderr")"
echo "out of memory at $((limited / 1024 + 128)) MB of address space: $(cat "$oom/stderr")"

# The database as the phase documents it.
expect "after: SQLite's check" ok "$(sqlite3 -batch "$db" 'PRAGMA quick_check')"
verified=$("$BIN/klotski" --db "$db" verify 2>&1)
expect "after: klotski verify passes" "0 OK: every checksum and count matches" "$? $(tail -n 1 <<< "$verified")"
snapshot "$db" after
after_done=$(done_count "$db")
# compare BEFORE AFTER REFERENCE: each line of AFTER is BEFORE's ("kept") or, for the
# groups that the run did, REFERENCE's ("done"), else "wrong".  The groups' rows come
# first and say which groups the run did; then the layouts' rows, by their group.
judge() {
    paste -d '\n' "$oom/before.$1" "$oom/after.$1" "$oom/reference.$1" |
        awk -v kind="$1" -v groups="$oom/done_groups" '
            BEGIN { if (kind == "layouts") while ((getline g < groups) > 0) done[g] = 1 }
            NR % 3 == 1 { before = $0; next }
            NR % 3 == 2 { after = $0; next }
            {
                split(after, field, ",")
                if (kind == "groups") {
                    if (after == before) kept++
                    else if (after == $0) { did++; print field[1] > groups }
                    else wrong++
                } else if (field[1] in done) {
                    if (after == $0) did++; else wrong++
                } else if (after == before) kept++; else wrong++
            }
            END { printf "%d %d %d\n", kept, did, wrong }'
}
: > "$oom/done_groups"
read -r kept did wrong <<< "$(judge groups)"
expect "after: every group's row as before or as the uninterrupted run" 0 "$wrong"
expect "after: farthest_groups_done counts the groups done" "$after_done" "$((before_done + did))"
read -r kept did wrong <<< "$(judge layouts)"
expect "after: every layout of a group done as the uninterrupted run, the others as before" 0 "$wrong"
expect "after: the layouts compared are those of the groups of at most $max_group layouts" \
    "$(wc -l < "$oom/reference.layouts")" "$((kept + did))"

# The rerun without a limit ends as the uninterrupted run.
build "$db" --max-group $max_group
expect "rerun: exit status" 0 $?
snapshot "$db" rerun
expect "rerun: farthest_groups_done as the uninterrupted run" "$reference_done" "$(done_count "$db")"
expect "rerun: every group's row as the uninterrupted run" \
    "$(md5sum < "$oom/reference.groups")" "$(md5sum < "$oom/rerun.groups")"
expect "rerun: every layout's row as the uninterrupted run" \
    "$(md5sum < "$oom/reference.layouts")" "$(md5sum < "$oom/rerun.layouts")"
finish
