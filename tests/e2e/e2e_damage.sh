#!/usr/bin/env bash
# Damaged databases: the query tool opened on an empty file, a directory, a file that is
# no database, a database of another format version, a copy of the test database with a
# layout's min_steps one off, with corrupt member lists (layers.ids,
# groups.peripheral_ids), with bytes flipped in random pages, and cut short.  Every query answers or fails with one line on stderr and exit
# status 1 or 2, never a crash (the sanitizer build runs this too), and `klotski verify`
# reports each damage of the copy.  One copy of the test database serves every case: the
# member lists and the flipped pages are put back after each, the cut comes last.
. "$(dirname "$0")/lib.sh"

damage=$WORK/damage
db=$damage/copy.db
rm -rf "$damage"
mkdir -p "$damage"
trap 'rm -rf "$damage"' EXIT
dsql() { answered sqlite3 -batch "$db" "$1"; }

# fails_in_one_line NAME STATUSES DB ARGS...: klotski --db DB ARGS exits with one of
# STATUSES ("1 2") and prints exactly one line on stderr, "klotski: ...".
fails_in_one_line() {
    local name=$1 statuses=$2 path=$3 status
    shift 3
    "$BIN/klotski" --db "$path" "$@" >/dev/null 2>"$damage/stderr"
    status=$?
    local verdict=ok
    case " $statuses " in *" $status "*) ;; *) verdict="exit status $status" ;; esac
    if [ "$verdict" = ok ] && { [ "$(wc -l < "$damage/stderr")" != 1 ] ||
                                ! grep -q '^klotski: ' "$damage/stderr"; }; then
        verdict="stderr: $(head -c 300 "$damage/stderr")"
    fi
    expect "$name" ok "$verdict"
}

# answers_or_fails NAME DB ARGS...: on a damaged file a query may still answer from
# pages the damage missed (exit 0), or fail in one line (1 or 2); never anything else.
answers_or_fails() {
    local name=$1 path=$2 status
    shift 2
    "$BIN/klotski" --db "$path" "$@" >/dev/null 2>"$damage/stderr"
    status=$?
    local verdict=ok
    if [ "$status" != 0 ]; then
        case $status in 1 | 2) ;; *) verdict="exit status $status" ;; esac
        if [ "$verdict" = ok ] && { [ "$(wc -l < "$damage/stderr")" != 1 ] ||
                                    ! grep -q '^klotski: ' "$damage/stderr"; }; then
            verdict="stderr: $(head -c 300 "$damage/stderr")"
        fi
    fi
    expect "$name" ok "$verdict"
}

# The queries every damaged copy is asked: a layout, a solution, a group's histogram
# and members (the layers), its hardest and peripheral layouts, the tables of stats.
queries() {
    local what=$1
    answers_or_fails "$what: show" "$db" show 1A9BF0C00 4FEA13400
    answers_or_fails "$what: solve" "$db" solve 4FEA13400 --codes
    answers_or_fails "$what: group" "$db" group 5-4-1-1 "$small_group"
    answers_or_fails "$what: group --members" "$db" group --members 5-4-1-1 "$small_group"
    answers_or_fails "$what: farthest --group" "$db" farthest --group 5-4-1-1 "$small_group"
    answers_or_fails "$what: hardest" "$db" hardest
    answers_or_fails "$what: stats groups" "$db" stats groups --csv
    answers_or_fails "$what: stats classes" "$db" stats classes --csv
}

# verify_reports WHAT: verify exits 1 (checks differ) or 2 (cannot read the database).
verify_reports() {
    "$BIN/klotski" --db "$db" verify >/dev/null 2>&1
    local status=$?
    expect "$1: verify reports it" 1 "$([ "$status" = 1 ] || [ "$status" = 2 ] && echo 1 || echo "exit $status")"
}

# Files that are no klotski database at all.
: > "$damage/empty.db"
fails_in_one_line "empty file" 2 "$damage/empty.db" show 1A9BF0C00
mkdir "$damage/folder.db"
fails_in_one_line "a directory" 2 "$damage/folder.db" show 1A9BF0C00
head -c 100000 /dev/urandom > "$damage/noise.db"
fails_in_one_line "random bytes" 2 "$damage/noise.db" show 1A9BF0C00
sqlite3 "$damage/other.db" "CREATE TABLE meta (key TEXT PRIMARY KEY, value);
                            INSERT INTO meta VALUES ('format_version', '99');"
fails_in_one_line "another format version" 2 "$damage/other.db" show 1A9BF0C00
expect "another format version: says which" 1 "$(grep -c 'version 99' "$damage/stderr")"
sqlite3 "$damage/nometa.db" "CREATE TABLE t (x);"
fails_in_one_line "an SQLite file without meta" 2 "$damage/nometa.db" show 1A9BF0C00
fails_in_one_line "verify on an empty file" 2 "$damage/empty.db" verify

# The copy.  A few small groups get the farthest phase, so that they have peripheral
# lists to corrupt.
cp --reflink=auto "$TEST_DB" "$db"
"$BIN/klotski-build" --farthest --max-group 20 --db "$db" --quiet
small_group=$(dsql "SELECT name FROM groups WHERE size <= 20 AND peripheral_count > 1
                    ORDER BY size DESC, group_id LIMIT 1")
expect "a small group with peripheral layouts" 1 "$([ -n "$small_group" ] && echo 1)"
big_id=$(dsql "SELECT group_id FROM groups WHERE name = '5-4-1-1'")
small_id=$(dsql "SELECT group_id FROM groups WHERE name = '$small_group'")
queries "intact copy"
out=$("$BIN/klotski" --db "$db" verify)
expect "intact copy: verify passes" 0 $?
expect "intact copy: verify says OK" 1 "$(printf '%s\n' "$out" | grep -c '^OK: every checksum and count matches$')"
# A layout's min_steps one off: its row's checksum, and its layer (1A9BF0C00 sits in
# depth 81's list), and nothing else.
dsql "UPDATE layouts SET min_steps = min_steps + 1 WHERE code = 0x1A9BF0C00"
out=$("$BIN/klotski" --db "$db" verify --csv)
expect_status "a min_steps one off: verify exits 1" 1 $?
expect "a min_steps one off: verify names what differs" "meta layouts_crc32,false groups whose layers are not their members,false" \
    "$(printf '%s\n' "$out" | grep -v ',true$' | tail -n +2 | cut -d, -f1,4 | paste -sd' ')"
dsql "UPDATE layouts SET min_steps = min_steps - 1 WHERE code = 0x1A9BF0C00"
# Five off: no neighbour is one step closer, and the query tool says so, with the command
# that rebuilds the database as an installed user has it (issue 39: not `make`).
dsql "UPDATE layouts SET min_steps = min_steps + 5 WHERE code = 0x1A9BF0C00"
rebuild="rebuild it with \`klotski-build --db $(realpath "$db")\`"
fails_in_one_line "a min_steps five off: solve fails" 2 "$db" solve 1A9BF0C00
expect "a min_steps five off: solve names the command that rebuilds it" \
    "klotski: 1A9BF0C00: the database is inconsistent: no step leads closer to solved; $rebuild" "$(cat "$damage/stderr")"
fails_in_one_line "a min_steps five off: hint fails" 2 "$db" hint 1A9BF0C00
expect "a min_steps five off: hint names the command that rebuilds it" \
    "klotski: 1A9BF0C00: the database is inconsistent: no step leads closer to solved; $rebuild" "$(cat "$damage/stderr")"
dsql "UPDATE layouts SET min_steps = min_steps - 5 WHERE code = 0x1A9BF0C00"

# Corrupt member lists, each put back after: saved in a table of the copy.
dsql "CREATE TABLE saved_layers AS SELECT rowid AS r, size, ids FROM layers WHERE group_id IN ($big_id, $small_id);
      CREATE TABLE saved_groups AS SELECT group_id, peripheral_count, peripheral_ids FROM groups WHERE group_id = $small_id;"
restore() {
    dsql "UPDATE layers SET size = (SELECT size FROM saved_layers WHERE r = layers.rowid),
                            ids = (SELECT ids FROM saved_layers WHERE r = layers.rowid)
          WHERE rowid IN (SELECT r FROM saved_layers);
          UPDATE groups SET peripheral_count = (SELECT peripheral_count FROM saved_groups),
                            peripheral_ids = (SELECT peripheral_ids FROM saved_groups)
          WHERE group_id = $small_id;"
}
# A zlib stream of valid varints whose one id is past the last layout.
past_last=$(python3 -c 'import zlib; print(zlib.compress(bytes([0xe2, 0xb7, 0xfe, 0x0d])).hex())')
corruptions=(
    "layers.ids random bytes|UPDATE layers SET ids = randomblob(length(ids)) WHERE group_id = $big_id"
    "layers.ids cut short|UPDATE layers SET ids = substr(ids, 1, length(ids) / 2) WHERE group_id = $big_id"
    "layers.ids empty|UPDATE layers SET ids = zeroblob(0) WHERE group_id = $big_id"
    "layers.size one more|UPDATE layers SET size = size + 1 WHERE group_id = $big_id"
    "layers.size negative|UPDATE layers SET size = -1 WHERE group_id = $big_id"
    "layers.size huge|UPDATE layers SET size = 1 << 40 WHERE group_id = $big_id"
    "layers.ids past the last layout|UPDATE layers SET size = 1, ids = X'$past_last' WHERE group_id = $big_id"
    "peripheral_ids random bytes|UPDATE groups SET peripheral_ids = randomblob(length(peripheral_ids)) WHERE group_id = $small_id"
    "peripheral_ids past the last layout|UPDATE groups SET peripheral_count = 1, peripheral_ids = X'$past_last' WHERE group_id = $small_id"
    "peripheral_count negative|UPDATE groups SET peripheral_count = -5 WHERE group_id = $small_id"
)
for corruption in "${corruptions[@]}"; do
    what=${corruption%%|*}
    dsql "${corruption#*|}"
    queries "$what"
    case $what in
        layers.*) fails_in_one_line "$what: group --members fails" 2 "$db" group --members 5-4-1-1 ;;
        *) fails_in_one_line "$what: farthest --group fails" 2 "$db" farthest --group "$small_group" ;;
    esac
    restore
done
dsql "DROP TABLE saved_layers; DROP TABLE saved_groups;"
# verify names each damage: two layers of a group that swapped places (each decodes,
# the sizes still add up, but the members are at the wrong depth), a peripheral list
# that holds an id past the last layout, and a layout's stored straight and unit counts
# (extra_moves, which layouts_crc32 covers) one off.
dsql "UPDATE layouts SET extra_moves = extra_moves + 1 WHERE code = 0x1A9BF0C00;
      CREATE TABLE swap AS SELECT depth, size, ids FROM layers WHERE group_id = $big_id AND depth IN (40, 41);
      UPDATE layers SET size = (SELECT size FROM swap WHERE depth = 81 - layers.depth),
                        ids = (SELECT ids FROM swap WHERE depth = 81 - layers.depth)
      WHERE group_id = $big_id AND depth IN (40, 41);
      UPDATE groups SET peripheral_count = 1, peripheral_ids = X'$past_last' WHERE group_id = $small_id;"
"$BIN/klotski" --db "$db" --csv verify > "$damage/verify.csv"
expect_status "wrong member lists: verify exits 1" 1 $?
failed_checks=$(grep ',false$' "$damage/verify.csv" | cut -d, -f1 | paste -sd,)
expect "wrong member lists and extra_moves: verify names them" "meta layouts_crc32,\
groups whose layers are not their members,\
peripheral lists that do not decode,groups whose peripheral list is not theirs" "$failed_checks"
dsql "UPDATE layouts SET extra_moves = extra_moves - 1 WHERE code = 0x1A9BF0C00"

# Bytes flipped in random pages (after the first, the header: that case is the random
# bytes above), each page put back after.  Fixed seeds, so a failure repeats.
flip_pages() { # SEED COUNT: flips a byte in COUNT random pages, saving them to $damage/pages
    python3 - "$db" "$1" "$2" "$damage/pages" <<'EOF'
import os, pickle, random, sys
path, seed, count, saved = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
page = 4096
pages = os.path.getsize(path) // page
rng = random.Random(seed)
kept = {}
with open(path, 'r+b') as f:
    for p in rng.sample(range(1, pages), count):
        f.seek(p * page)
        kept[p] = f.read(page)
        at = rng.randrange(page)
        f.seek(p * page + at)
        f.write(bytes([kept[p][at] ^ (1 << rng.randrange(8))]))
with open(saved, 'wb') as f:
    pickle.dump(kept, f)
EOF
}
unflip_pages() {
    python3 - "$db" "$damage/pages" <<'EOF'
import pickle, sys
with open(sys.argv[2], 'rb') as f:
    kept = pickle.load(f)
with open(sys.argv[1], 'r+b') as f:
    for p, data in kept.items():
        f.seek(p * 4096)
        f.write(data)
EOF
}
for seed in 1 2; do
    flip_pages "$seed" 200
    queries "200 pages flipped (seed $seed)"
    verify_reports "200 pages flipped (seed $seed)"
    unflip_pages
done

# Cut short, last: at half its size, then to its first page.
truncate -s $(($(stat -c %s "$db") / 2)) "$db"
queries "cut to half"
verify_reports "cut to half"
truncate -s 4096 "$db"
queries "cut to one page"
verify_reports "cut to one page"

finish
