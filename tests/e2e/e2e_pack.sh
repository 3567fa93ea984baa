#!/usr/bin/env bash
# End-to-end test of the pack (schema/pack.md): `klotski pack FILE` writes it from the
# complete fixture's database (lib.sh's use_complete), over a copy of the fixture's pack,
# the same bytes as `klotski site` wrote in two files, its steps part at most 6 MB, the
# whole at most 16; an independent reader of the format
# (tests/reference/pack_tamper.py, python3's zlib alone) finds the header's counts and the
# stored values of known layouts where SPEC.md puts them, in steps, straight and unit
# moves, and a group's layer sizes and lists (the lists part) as the database's tables
# hold them; `klotski pack --check` agrees
# with the database on every one of the 29,334,498 layouts (their values in the three
# metrics, groups and the min moves of the three walks), every group (its facts, layer
# sizes and lists) and every name; the installed Python module
# (klotski.open_pack over libklotski) and a C program on the installed header answer as the klotski command's --json on sampled
# layouts, unsolvable and classic ones among them, with threads sharing a pack and every
# call's allocations failing one by one (tests/library/test_pack.py); bad
# usage, a file that is no pack and a path that cannot be written fail with one line and
# leave nothing behind; a new pack replaces the old one by a rename.  Each fault the check
# guards is made on purpose, with the checksums made right where the fault is to be found
# by something else: a flipped residue in one block, a wrong group number, a damaged
# block (the content checksum; and with the checksums rewritten, the block's inflating),
# a wrong id in a group's list, a damaged lists part (its checksum, its inflating).
. "$(dirname "$0")/lib.sh"
library_setup pack
# The complete fixture (lib.sh's use_complete) and its pack, the site's two pack files
# together: the pack written here, over a copy of it, must be the same bytes, and every
# check below reads the fixture's database.
use_complete
TEST_DB=$COMPLETE_DB
TAMPER="python3 $REFERENCE/pack_tamper.py"
PACK=$T/klotski.pack

cp "$COMPLETE_PACK" "$PACK"
before=$(stat -c %i "$PACK")
run pack "$PACK"
expect "pack: exit status" 0 "$status"
has "pack: says what it wrote" "$PACK: "
expect "pack over a pack replaces the file (a new inode: renamed, never written in place)" yes \
    "$([ "$(stat -c %i "$PACK")" != "$before" ] && echo yes || echo no)"
expect "pack writes the same bytes as klotski site's two pack files together" same \
    "$(cmp "$PACK" "$COMPLETE_PACK" && echo same)"
size=$(stat -c %s "$PACK")
metrics_offset=$($TAMPER "$PACK" info | jq .metrics_offset)
echo "figure bytes of the pack, of its steps part	$size $metrics_offset"
expect "the pack's steps part holds at most 6 MB (it holds $metrics_offset bytes)" yes \
    "$([ "$metrics_offset" -le 6000000 ] && echo yes || echo no)"
expect "the whole pack holds at most 16 MB (it holds $size bytes)" yes "$([ "$size" -le 16000000 ] && echo yes || echo no)"
expect "the pack's permissions follow the umask" "$(printf '%o' $((0666 & ~$(umask))))" "$(stat -c %a "$PACK")"
expect "nothing but the pack is left in its folder" "klotski.pack" "$(ls "$T" | grep -v '^prefix' | grep '^klotski')"

# The format read independently: the header's counts, and the values of known layouts.
info=$($TAMPER "$PACK" info)
expect "independent reader: layouts" 29334498 "$(jq -r .layout_count <<< "$info")"
expect "independent reader: groups" "$(sql 'SELECT count(*) FROM groups')" "$(jq -r .group_count <<< "$info")"
expect "independent reader: names" "$(grep -c . "$ROOT/data/classic_names.tsv")" "$(jq -r .name_count <<< "$info")"
expect "independent reader: max_min_steps" "$(sql 'SELECT max(max_min_steps) FROM groups')" \
    "$(jq -r .max_min_steps <<< "$info")"
expect "independent reader: the file's size" "$size" "$(jq -r .size <<< "$info")"
# 1A9BF0C00 (id 4091296): 81 steps (residue 0), group 5-4-1-1 (group_num 1); 4FEA13400
# (id 10399732): 138 (residue 0); an unsolvable group's first layout: residue 3.
expect "independent reader: 1A9BF0C00's residue and group_num" "0 1" "$($TAMPER "$PACK" read 4091296)"
expect "independent reader: 4FEA13400's residue" "0" "$($TAMPER "$PACK" read 10399732 | cut -d' ' -f1)"
# Their residues in straight and in unit moves, from the database's min_straight_moves and
# min_unit_moves (90 and 116 for 1A9BF0C00).
for id_code in "4091296 0x1A9BF0C00" "10399732 0x4FEA13400"; do
    expect "independent reader: the straight and unit residues of ${id_code#* }" \
        "$(sql "SELECT (min_straight_moves % 3) || ' ' || (min_unit_moves % 3) FROM layouts WHERE code = ${id_code#* }")" \
        "$($TAMPER "$PACK" read-metrics "${id_code% *}")"
done
unsolvable=$(sql "SELECT printf('%09X', min_code), group_num FROM groups WHERE solved = 0 ORDER BY group_id LIMIT 1")
unsolvable_id=$("$BIN/klotski" --db "$TEST_DB" show "${unsolvable%|*}" --json | jq -r .id)
expect "independent reader: an unsolvable layout's residue" "3 ${unsolvable#*|}" "$($TAMPER "$PACK" read "$unsolvable_id")"
expect "independent reader: an unsolvable layout's straight and unit residues" "3 3" \
    "$($TAMPER "$PACK" read-metrics "$unsolvable_id")"

# The lists part of 5-4-1-1 (1A9BF0C00's group): its layer sizes in steps and unit moves,
# its hardest, peripheral and central layouts, as the database's tables list them.
group_id=$(sql "SELECT group_id FROM groups WHERE name = '5-4-1-1'")
lists=$($TAMPER "$PACK" read-lists "$group_id")
expect "independent reader: 5-4-1-1's layer sizes in steps" \
    "$(sql "SELECT group_concat(size, ' ') FROM (SELECT size FROM layers WHERE group_id = $group_id ORDER BY depth)")" \
    "$(jq -r '.layers[0] | join(" ")' <<< "$lists")"
expect "independent reader: 5-4-1-1's layer sizes in unit moves" \
    "$(sql "SELECT group_concat(size, ' ') FROM (SELECT size FROM move_layers WHERE group_id = $group_id
            AND metric = 'unit' ORDER BY depth)")" "$(jq -r '.layers[2] | join(" ")' <<< "$lists")"
ids_of() { # the ids of the codes (hex) on stdin, one a line, ascending
    while read -r code; do "$BIN/klotski" --db "$TEST_DB" show "$code" --json | jq .id; done | sort -n | tr '\n' ' '
}
expect "independent reader: 5-4-1-1's hardest" \
    "$(sql "SELECT printf('%09X', code) FROM hardest WHERE group_id = $group_id" | ids_of)" \
    "$(jq -r '.lists[0] | join(" ")' <<< "$lists") "
expect "independent reader: 5-4-1-1's hardest in straight moves" \
    "$(sql "SELECT printf('%09X', code) FROM hardest_moves WHERE group_id = $group_id AND metric = 'straight'" | ids_of)" \
    "$(jq -r '.lists[1] | join(" ")' <<< "$lists") "
expect "independent reader: 5-4-1-1's peripheral and central counts" \
    "$(sql "SELECT peripheral_count || ' ' || central_count FROM groups WHERE group_id = $group_id")" \
    "$(jq -r '"\(.lists[3] | length) \(.lists[4] | length)"' <<< "$lists")"

# The check over every layout, group and name.
run pack --check "$PACK"
expect "pack --check: exit status" 0 "$status"
expect "pack --check: every check OK" "7" "$(grep -c ': OK' <<< "$out")"
has "pack --check: every group's layers and lists" \
    "every group's layer sizes, hardest, peripheral and central layouts: OK"
has "pack --check: the walk's min_steps of every layout" "every layout's min_steps by the walk: OK"
has "pack --check: the walk's min_straight_moves of every layout" "every layout's min_straight_moves by the walk: OK"
has "pack --check: the walk's min_unit_moves of every layout" "every layout's min_unit_moves by the walk: OK"

# The installed module against the command's answers.  Its C allocations failing
# (tests/library/failmalloc.c, CAllocationTest) in the normal build only, since the
# sanitizer's runtime owns malloc in the other.
site=$(echo "$P"/lib/python3*/dist-packages)
failmalloc=() ran="OK"
if [ -n "$LIBRARY_PRELOAD" ]; then
    skip "the pack's C allocations failing one by one" "the sanitizer's runtime replaces malloc itself"
    ran="OK (skipped=1)"
else
    cc -shared -fPIC -O2 -o "$T/failmalloc.so" "$ROOT/tests/library/failmalloc.c"
    failmalloc=(KLOTSKI_FAILMALLOC=1 LD_PRELOAD=$T/failmalloc.so)
fi
unit=$(cd "$T" && export PYTHONPATH=$site KLOTSKI_DB=$TEST_DB KLOTSKI_PACK=$PACK KLOTSKI_BIN=$BIN "${failmalloc[@]}" &&
       library_run python3 "$ROOT/tests/library/test_pack.py" -v 2>&1)
status=$?
printf '%s\n' "$unit" | grep -E '^(FAIL|ERROR)|Error' | head -20
expect "the unittest of the pack from the installed module: exit status" 0 "$status"
expect "the unittest ran every test" "$ran" "$(printf '%s\n' "$unit" | grep -E '^Ran [0-9]+ tests' -A2 | tail -1)"
expect "README: the far layout from the pack" "138 139" "$(cd "$T" && PYTHONPATH=$site library_run python3 -c '
import klotski
with klotski.open_pack("klotski.pack") as pack:
    print(pack.min_steps("4FEA13400"), len(pack.solve("4FEA13400")))')"

# The C calls, compiled against the installed header and library with pkg-config.
cat > "$T/pack_probe.c" <<'EOF_C'
#include <stdio.h>
#include <stdlib.h>
#include <klotski.h>

/* pack_probe PACK UNSOLVABLE_CODE */
int main(int argc, char **argv)
{
    klotski_pack *pack;
    if (argc != 3 || klotski_pack_open(argv[1], &pack) != KLOTSKI_OK) {
        printf("open: %s\n", argc == 3 ? klotski_pack_errmsg(pack) : "usage");
        return 1;
    }
    klotski_code unsolvable = strtoull(argv[2], NULL, 16), *route, *none;
    int steps, unsolvable_steps, count, none_count, moves_count;
    struct klotski_move moves[KLOTSKI_MAX_STEPS];
    struct klotski_group group;
    klotski_pack_min_steps(pack, 0x4FEA13400u, &steps);
    klotski_pack_min_steps(pack, unsolvable, &unsolvable_steps);
    int solved = klotski_pack_solve(pack, 0x4FEA13400u, &route, &count);
    klotski_pack_moves(pack, 0x1A9BF0C00u, moves, &moves_count);
    klotski_pack_group(pack, 0x1A9BF0C00u, &group, NULL);
    printf("%d %d %d %d %09llX %d %d %s %lld %d %d\n", steps, unsolvable_steps == KLOTSKI_NULL, solved, count,
           (unsigned long long)route[count - 1], moves_count, moves[0].change, group.name, (long long)group.size,
           klotski_pack_min_steps(pack, 0x1A9BF0C01u, &steps), klotski_pack_solve(pack, unsolvable, &none, &none_count));
    /* The header's NULL rule: misuse answered with KLOTSKI_MISUSE (8), never a crash. */
    struct klotski_group_metrics small = {.size = 0};
    klotski_pack *failed, *none_opened = pack;
    int cantopen = klotski_pack_open("/nonexistent/klotski.pack", &failed);
    int no_path = klotski_pack_open(NULL, &none_opened);
    printf("%d %d %d %d %d %d %d %d %s\n", klotski_pack_min_steps(NULL, 0x1A9BF0C00u, &steps),
           klotski_pack_min_steps(pack, 0x1A9BF0C00u, NULL), klotski_pack_group(pack, 0x1A9BF0C00u, NULL, NULL),
           klotski_pack_group(pack, 0x1A9BF0C00u, &group, &small), klotski_pack_group_named(pack, NULL, &group, NULL),
           no_path, cantopen, klotski_pack_min_steps(failed, 0x1A9BF0C00u, &steps),
           none_opened ? "set" : "NULL");
    printf("%s\n", klotski_pack_errmsg(failed));
    struct klotski_layout layout;
    struct klotski_group_metrics metrics = {.size = sizeof metrics};
    int found = klotski_pack_layout(pack, 0x1A9BF0C00u, &layout, &group, &metrics);
    printf("%d %09llX %d %d %d %lld %s %d %d %d %d\n", found, (unsigned long long)layout.code, layout.min_steps,
           layout.group_id == group.group_id, layout.group_index == KLOTSKI_NULL && layout.farthest_steps == KLOTSKI_NULL,
           (long long)group.size, group.name, metrics.max_min_straight_moves != KLOTSKI_NULL,
           klotski_pack_layout(pack, 0x1A9BF0C00u, NULL, NULL, NULL),
           klotski_pack_layout(pack, 0x1A9BF0C00u, &layout, NULL, &small),
           klotski_pack_layout(pack, 0x1A9BF0C01u, &layout, NULL, NULL));
    /* The handle keeps its last call's result code: KLOTSKI_OK after a success, the
     * failure's after one (klotski_errcode's rule). */
    klotski_pack_min_steps(pack, 0x1A9BF0C00u, &steps);
    int after_ok = klotski_pack_errcode(pack);
    klotski_pack_min_steps(pack, 0x1A9BF0C01u, &steps);
    int after_invalid = klotski_pack_errcode(pack);
    klotski_pack_min_steps(pack, 0x1A9BF0C00u, NULL);
    printf("%d %d %d %d\n", after_ok, after_invalid, klotski_pack_errcode(pack), klotski_pack_errcode(NULL));
    klotski_pack_close(failed);
    klotski_free(route);
    klotski_pack_close(pack);
    return 0;
}
EOF_C
# shellcheck disable=SC2046
cc ${LIBRARY_PRELOAD:+-fsanitize=address,undefined} -std=c11 -Wall -Wextra -Werror -o "$T/pack_probe" "$T/pack_probe.c" \
    $(PKG_CONFIG_PATH=$P/lib/pkgconfig pkg-config --cflags --libs klotski) 2> "$T/cc.log"
expect "the C probe compiles against the installed library" 0 "$?"
head -3 "$T/cc.log"
solved_end=$("$BIN/klotski" --db "$TEST_DB" solve --codes 4FEA13400 | tail -1)
# 138 steps; the unsolvable layout's KLOTSKI_NULL; a solution of 139 codes ending where the
# command's does; 8 moves of 横刀立马, the first optimal; its group; an illegal code
# KLOTSKI_INVALID (1); the unsolvable layout's solution KLOTSKI_UNSOLVABLE (3).
# Then misuse (klotski.h, "NULL"): a NULL handle, output, group or name, a sized struct
# below its first version, a NULL path, each KLOTSKI_MISUSE (8) with *pack NULL after the
# NULL path; a pack that did not open (KLOTSKI_CANTOPEN, 4) answers KLOTSKI_MISUSE and says so.
probe=$(LD_LIBRARY_PATH=$P/lib "$T/pack_probe" "$PACK" "${unsolvable%|*}")
expect "C: the pack's answers" "138 1 0 139 $solved_end 8 -1 5-4-1-1 25955 1 3" "$(printf '%s\n' "$probe" | sed -n 1p)"
expect "C: misuse of the pack's calls" "8 8 8 8 8 8 4 8 NULL" "$(printf '%s\n' "$probe" | sed -n 2p)"
expect "C: a call on a pack that did not open says so" \
    "/nonexistent/klotski.pack: klotski_pack_min_steps: the pack is not open (klotski_pack_open failed)" \
    "$(printf '%s\n' "$probe" | sed -n 3p)"

# klotski_pack_layout: the record of 横刀立马 with what the pack knows (code, min_steps,
# group_id the group's, the rest KLOTSKI_NULL), its group and the group's metrics; a
# NULL record, a sized struct below its first version KLOTSKI_MISUSE (8); an illegal code
# KLOTSKI_INVALID (1).
expect "C: klotski_pack_layout" "0 1A9BF0C00 81 1 1 25955 5-4-1-1 1 8 8 1" "$(printf '%s\n' "$probe" | sed -n 4p)"
# klotski_pack_errcode: 0 after the success above, 1 after an illegal code, 8 after a
# NULL output; NULL gives KLOTSKI_NOMEM (7).
expect "C: klotski_pack_errcode" "0 1 8 7" "$(printf '%s\n' "$probe" | sed -n 5p)"

# Bad usage and files that cannot be written or read.
expect_error "pack without FILE" 2 "pack takes one FILE" pack
expect_error "pack --check of no file" 2 "$T/none.pack: " pack --check "$T/none.pack"
expect_error "pack --check of the database (no pack)" 2 "not a klotski pack" pack --check "$TEST_DB"
mkdir -p "$T/folder"
expect_error "pack onto a folder" 2 "cannot write the pack" pack "$T/folder"
expect "pack onto a folder leaves the folder and no temporary file" "folder" "$(ls -A "$T" | grep folder)"
expect "pack onto a folder leaves the folder empty" "" "$(ls -A "$T/folder")"

# Faults made on purpose: each must fail the check, naming what is wrong.
$TAMPER "$PACK" residue 4091296 1 "$T/residue.pack"
expect "fault: the independent reader sees the flipped residue" "1 1" "$($TAMPER "$T/residue.pack" read 4091296)"
expect_error "fault: a flipped residue in one block" 1 "1A9BF0C00 (#4091296): step residue 1, the database's min_steps 81 gives 0" \
    pack --check "$T/residue.pack"
$TAMPER "$PACK" metric-residue straight 4091296 1 "$T/straight.pack"
expect "fault: the independent reader sees the flipped straight residue" "1 2" \
    "$($TAMPER "$T/straight.pack" read-metrics 4091296)"
expect_error "fault: a flipped residue in straight moves" 1 \
    "1A9BF0C00 (#4091296): straight residue 1, the database's min_straight_moves 90 gives 0" pack --check "$T/straight.pack"
head -c "$metrics_offset" "$PACK" > "$T/steps.pack"
expect_error "the steps part alone: the check says the metrics are missing" 1 \
    "$T/steps.pack: the pack's straight and unit moves are not loaded" pack --check "$T/steps.pack"
$TAMPER "$PACK" group 4091296 0 "$T/group.pack"
expect_error "fault: a wrong group number" 1 "1A9BF0C00 (#4091296): group_num 0, the database's 1" \
    pack --check "$T/group.pack"
expect "fault: the library reads the wrong group number as stored" "5-4-1-0" \
    "$(PYTHONPATH=$site library_run python3 -c 'import klotski, sys; print(klotski.open_pack(sys.argv[1]).group_of("4WVE1").name)' "$T/group.pack")"
$TAMPER "$PACK" damage 5 "$T/damaged.pack"
expect_error "fault: a damaged block (the content checksum)" 1 "content checksum" pack --check "$T/damaged.pack"
expect "fault: open_pack refuses the damaged block" "DatabaseError" \
    "$(PYTHONPATH=$site library_run python3 -c '
import klotski, sys
try:
    klotski.open_pack(sys.argv[1])
except klotski.DatabaseError as e:
    print(type(e).__name__ if "content checksum" in str(e) else e)' "$T/damaged.pack")"
$TAMPER "$PACK" damage-rechecked 5 "$T/rechecked.pack"
expect_error "fault: a damaged block under right checksums (its inflating)" 1 "step residue block 5 does not inflate" \
    pack --check "$T/rechecked.pack"
first_unit_chunk=$(( $(jq '(.layout_count + .residue_block_layouts - 1) / .residue_block_layouts | floor' <<< "$info") * 2 +
                     $(jq '(.layout_count + .group_block_layouts - 1) / .group_block_layouts | floor' <<< "$info") + 2 ))
$TAMPER "$PACK" damage "$first_unit_chunk" "$T/metrics-damaged.pack"
expect_error "fault: a damaged block of the metrics part (its checksum)" 1 "metrics checksum" \
    pack --check "$T/metrics-damaged.pack"
$TAMPER "$PACK" damage-rechecked "$first_unit_chunk" "$T/metrics-rechecked.pack"
expect_error "fault: a damaged block of the metrics part under right checksums" 1 "unit residue block 0 does not inflate" \
    pack --check "$T/metrics-rechecked.pack"
depths_chunk=$((first_unit_chunk + $(jq '(.layout_count + .residue_block_layouts - 1) / .residue_block_layouts | floor' <<< "$info")))
$TAMPER "$PACK" damage $((depths_chunk + 1)) "$T/lists-damaged.pack"
expect_error "fault: a damaged lists chunk (its checksum)" 1 "lists checksum" pack --check "$T/lists-damaged.pack"
$TAMPER "$PACK" damage-rechecked "$depths_chunk" "$T/lists-rechecked.pack"
expect_error "fault: a damaged depths chunk under right checksums (its inflating)" 1 "the depths chunk does not inflate" \
    pack --check "$T/lists-rechecked.pack"
# 5-4-1-1's first peripheral layout made the id before it: still ascending, so only the
# comparison with the database finds it.
first=$(jq '.lists[3][0]' <<< "$lists")
$TAMPER "$PACK" list "$group_id" 3 0 $((first - 1)) "$T/list.pack"
expect "fault: the independent reader sees the changed peripheral id" "$((first - 1))" \
    "$($TAMPER "$T/list.pack" read-lists "$group_id" | jq '.lists[3][0]')"
expect_error "fault: a wrong id in a group's list" 1 "group 5-4-1-1's peripheral layouts differ from its row's" \
    pack --check "$T/list.pack"
rm -rf "$T"
finish
