#!/usr/bin/env bash
# End-to-end test of the npm package (issue 37, part 3): the tarball `make npm` built
# (OBJ/npm/klotski-VERSION.tgz), installed into a scratch project as a web developer
# installs it (npm install of the local file, offline: no registry is asked), answers in
# Node's own test runner (tests/e2e/npm_test.mjs, node --test) as `klotski --json` does on
# sampled layouts (classic ones in every typed form, unsolvable, solved, spread ones),
# their groups, pages of those groups' members and shortest paths in them (searches of the
# group in the module) and the classic names, from the complete fixture's pack (lib.sh) and from the
# package's own pack; bad input rejects with an Error carrying the command's reason and
# exit status.
. "$(dirname "$0")/lib.sh"
query_setup npm
tarball=$(ls "${KLOTSKI_TEST_OBJ:-$ROOT/build/release}"/npm/klotski-*.tgz 2>/dev/null | head -1)
expect "make npm built the tarball" yes "$([ -f "$tarball" ] && echo yes || echo no)"
expect "node is 18 or later" yes "$([ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -ge 18 ] &&
    echo yes || echo no)"
mkdir -p "$T/project"
echo '{"name": "scratch", "version": "1.0.0", "private": true, "type": "module"}' > "$T/project/package.json"
(cd "$T/project" && npm install --offline --no-audit --no-fund "$tarball") >"$T/install.out" 2>&1
expect "npm install of the tarball, offline" 0 $?
expect "the package brings no dependency" "klotski" "$(ls "$T/project/node_modules" | grep -v '^\.' | paste -sd' ')"
expect "the package holds its module, types, engine, pack and licence" \
    "LICENSE README.md klotski.d.ts klotski.js klotski.pack klotski.wasm package.json" \
    "$(ls "$T/project/node_modules/klotski" | paste -sd' ')"

# The complete fixture's pack and database (lib.sh's use_complete), shared with the other
# scripts that read a pack, in place of a pack written here.
use_complete
TEST_DB=$COMPLETE_DB

# answers [OPTION...] COMMAND: for each line of $T/layouts, the line
# "LAYOUT<TAB>STATUS<TAB>ANSWER" of `klotski [OPTION...] COMMAND LAYOUT --json`: its JSON,
# or the reason it says on stderr (after "klotski: "), as npm_test.mjs reads them.
answers() {
    local layout answer status
    while IFS= read -r layout; do
        answer=$("$K" --db "$TEST_DB" "$@" "$layout" --json 2>"$T/cli.err")
        status=$?
        [ "$status" = 0 ] || answer=$(sed 's/^klotski: //' "$T/cli.err")
        printf '%s\t%s\t%s\n' "$layout" "$status" "$answer"
    done < "$T/layouts"
}

# ---- the sample and the command's answers ----
{
    sql "SELECT DISTINCT printf('%09X', code) FROM names ORDER BY name_id LIMIT 20"
    sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL AND code % 4099 = 2 LIMIT 10"
    sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps = 0 AND code % 4099 = 3 LIMIT 5"
    sql "SELECT printf('%09X', code) FROM layouts WHERE code % 1000003 = 7 LIMIT 20"
    printf '%s\n' 4WVE1 '#4091296' VKKVVKKVVHHVVooVo..o 横刀立马 hengdaolima 4FEA13400
} > "$T/layouts"
expect "layouts sampled" yes "$([ "$(wc -l < "$T/layouts")" -ge 60 ] && echo yes || echo no)"
for command in show moves solve; do
    answers "$command" > "$T/$command.tsv"
done
# The searches from a layout: its farthest layouts and its solutions (whose counts, with
# its farthest_steps and farthest_num, layout() gives too; the test database, whose
# farthest phase has not run, answers them by the same searches), of the layouts of
# groups up to 300,000 layouts (a second of the engine's time each, the largest); and the
# farthest data of the moves from the first layouts sampled, each move's layout's own.
cp "$T/layouts" "$T/layouts.sample"
cut -f3 "$T/show.tsv" | jq -r 'select(.group_size <= 300000) | .code' > "$T/layouts"
answers farthest > "$T/farthest.tsv"
answers solutions > "$T/solutions.tsv"
head -n 25 "$T/moves.tsv" | awk -F'\t' '$2 == 0' | cut -f3 | jq -r '.move_list[].code' | sort -u > "$T/layouts"
answers farthest > "$T/moves_farthest.tsv"
expect "the farthest data of moves: the layouts they lead to" yes \
    "$([ "$(awk -F'\t' '$2 == 0' "$T/moves_farthest.tsv" | wc -l)" -ge 60 ] && echo yes || echo no)"
cp "$T/layouts.sample" "$T/layouts"
# The same moves and solutions in unit moves (--metric unit, the pack's metrics part).
answers --metric unit moves > "$T/moves_unit.tsv"
answers --metric unit solve > "$T/solve_unit.tsv"
# Hints of the three levels, and in unit moves.
for level in 1 2 3; do
    answers hint --level "$level" > "$T/hint$level.tsv"
done
answers --metric unit hint --level 3 > "$T/hint_unit.tsv"
# Attempts at the puzzle from the solvable unsolved layouts: the best step then back
# (good, with a step not optimal), a jump that is no step (bad), a layout that is none
# (illegal); and from an unsolvable layout its first move.
awk -F'\t' '$2 == 0' "$T/hint3.tsv" | cut -f3 | jq -r 'select(.to != null) | "\(.code),\(.to),\(.code)", "\(.code),4FEA13400",
    "\(.code),\(.to),1A9BF0C0Q"' > "$T/attempts"
echo "000995000,$("$K" --db "$TEST_DB" moves 000995000 --json | jq -r '.move_list[0].code')" >> "$T/attempts"
expect "attempts made" yes "$([ "$(wc -l < "$T/attempts")" -ge 60 ] && echo yes || echo no)"
# checked [OPTION...]: for each line of $T/attempts (LAYOUTs separated by commas), the line
# "ATTEMPT<TAB>STATUS<TAB>ANSWER" of `klotski [OPTION...] check LAYOUT... --json`, as
# answers() writes its lines.
checked() {
    local attempt answer status
    while IFS= read -r attempt; do
        answer=$("$K" --db "$TEST_DB" "$@" check ${attempt//,/ } --json 2>"$T/cli.err")
        status=$?
        [ "$status" = 0 ] || answer=$(sed 's/^klotski: //' "$T/cli.err")
        printf '%s\t%s\t%s\n' "$attempt" "$status" "$answer"
    done < "$T/attempts"
}
checked > "$T/check.tsv"
checked --metric unit > "$T/check_unit.tsv"
expect "the attempts: good, bad and illegal ones" "bad good illegal" \
    "$(awk -F'\t' '{print $2 == 0 ? "good" : $3 ~ /is not one step/ ? "bad" : "illegal"}' "$T/check.tsv" |
        sort -u | paste -sd' ')"
cut -f3 "$T/show.tsv" | jq -r .group | sort -u > "$T/layouts"
answers group > "$T/group.tsv"
# Pages of members of the sample's groups of up to 100,000 layouts (each page a search of
# the group in the module), and of 5-4-1-1 named by a LAYOUT: a line "GROUP<TAB>DEPTH<TAB>
# OFFSET<TAB>LIMIT<TAB>STATUS<TAB>ANSWER" each (DEPTH -1: any), the answer group --members'
# JSON lines as one array.
while IFS= read -r group; do
    size=$(sql "SELECT size FROM groups WHERE name = '$group'")
    [ "${size:-0}" -le 100000 ] && echo "$group"
done < "$T/layouts" | head -12 > "$T/member_groups"
echo 横刀立马 >> "$T/member_groups"
while IFS= read -r group; do
    for page in "-1 0 1000" "0 0 20" "-1 17 5" "3 1 7" "200 0 100"; do
        read -r depth offset limit <<< "$page"
        depth_option=()
        [ "$depth" = -1 ] || depth_option=(--depth "$depth")
        "$K" --db "$TEST_DB" group "$group" --members "${depth_option[@]}" --offset "$offset" --limit "$limit" \
            --json >"$T/cli.out" 2>"$T/cli.err"
        status=$?
        answer=$(jq -sc . "$T/cli.out")
        [ "$status" = 0 ] || answer=$(sed 's/^klotski: //' "$T/cli.err")
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$group" "$depth" "$offset" "$limit" "$status" "$answer"
    done
done < "$T/member_groups" > "$T/members.tsv"
expect "members: pages of groups, and errors" "yes yes" "$(awk -F'\t' '{n[$5 == 0]++} END {
    print (n[1] >= 30 ? "yes" : "no"), (n[0] >= 5 ? "yes" : "no")}' "$T/members.tsv")"
# Shortest paths from the sample's layouts in those groups to their group's smallest member,
# and to a layout of another group, in steps and in unit moves: "FROM<TAB>TO<TAB>METRIC<TAB>
# STATUS<TAB>ANSWER" each.
cut -f3 "$T/show.tsv" | jq -r 'select(.group_size <= 100000) | "\(.code) \(.group)"' | head -20 |
while read -r code group; do
    for to in "$(sql "SELECT printf('%09X', min_code) FROM groups WHERE name = '$group'")" 4FEA13400; do
        for metric in step unit; do
            answer=$("$K" --db "$TEST_DB" --metric "$metric" path "$code" "$to" --json 2>"$T/cli.err")
            status=$?
            [ "$status" = 0 ] || answer=$(sed 's/^klotski: //' "$T/cli.err")
            printf '%s\t%s\t%s\t%s\t%s\n' "$code" "$to" "$metric" "$status" "$answer"
        done
    done
done > "$T/path.tsv"
expect "paths: found, and between groups" "yes yes" "$(awk -F'\t' '{n[$4 == 0]++} END {
    print (n[1] >= 20 ? "yes" : "no"), (n[0] >= 10 ? "yes" : "no")}' "$T/path.tsv")"
printf '%s\n' ZZZ "" 1A9BF0C0Q 1A9BF0C01 '#99999999999' VKKVVKKVVHHVVooVo.oo 四面楚歌 'no such name' 000995000 \
    > "$T/layouts"
answers solve > "$T/bad.tsv"
expect "bad input: the command fails on each" "" "$(awk -F'\t' '$2 == 0' "$T/bad.tsv")"
"$K" --db "$TEST_DB" names --json > "$T/names.jsonl"

# ---- the README's example, then the module by Node's test runner, from the project ----
cp "$ROOT/tests/e2e/npm_example.mjs" "$ROOT/tests/e2e/npm_test.mjs" "$T/project/"
expect "the README's example prints 横刀立马's min_steps" "0 81" \
    "$(cd "$T/project" && out=$(node npm_example.mjs 2>&1); echo "$? $out")"
(cd "$T/project" && KLOTSKI_TEST_PACK=$COMPLETE_PACK KLOTSKI_TEST_ANSWERS=$T \
    node --test --test-reporter=tap npm_test.mjs) >"$T/node.out" 2>&1
status=$?
expect "node --test: exit status" 0 "$status"
[ "$status" = 0 ] || grep -B2 -A12 '^not ok\|# Subtest' "$T/node.out" | grep -v '^# Subtest' | head -60
passed=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$T/node.out")
failed=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$T/node.out")
echo "figure node --test: tests passed, failed	${passed:-none} ${failed:-none}"
expect "node --test ran its tests, none failed" "yes 0" "$([ "${passed:-0}" -ge 8 ] && echo yes || echo no) ${failed:-none}"

# ---- a classic name that needs escapes, read from a crafted pack: the engine writes it
# as a JSON string (core/json.h), so that JSON.parse reads back its quote, backslash and
# DEL, and a byte that is not UTF-8 as "?" (issue 36) ----
python3 "$REFERENCE/pack_tamper.py" "$COMPLETE_PACK" name 0 $'a"b\\c\x7f横\xff' "$T/named.pack"
expect "pack_tamper.py writes a name that needs escapes" 0 $?
expect "names(): the crafted name round-trips through JSON.parse" $'a"b\\c\x7f横?' \
    "$(cd "$T/project" && node --input-type=module -e '
        import {readFile} from "node:fs/promises";
        import {openPack} from "klotski";
        const names = await (await openPack(await readFile(process.argv[1]))).names();
        process.stdout.write(names[0].name);' "$T/named.pack" 2>&1)"

# ---- a group's answers from the pack's lists part: farthestGroup and hardest as the
# command's --json; with the lists part's depths chunk damaged under right checksums,
# each an Error naming the chunk, never an answer ----
expect "farthestGroup: 5-4-1-1's, as farthest --group --central --limit 4" \
    "$("$K" --db "$TEST_DB" farthest --group 5-4-1-1 --central --limit 4 --json | jq -c .)" \
    "$(cd "$T/project" && node --input-type=module -e '
        import {readFile} from "node:fs/promises";
        import {openPack} from "klotski";
        const pack = await openPack(await readFile(process.argv[1]));
        process.stdout.write(JSON.stringify(await pack.farthestGroup("1A9BF0C00", true, 4)));' "$COMPLETE_PACK" 2>&1 |
        jq -c .)"
expect "hardest: 5-4-1's 30 hardest in unit moves, as hardest --class --metric unit" \
    "$("$K" --db "$TEST_DB" --metric unit hardest --class 5-4-1 --limit 30 --json | jq -c -s .)" \
    "$(cd "$T/project" && node --input-type=module -e '
        import {readFile} from "node:fs/promises";
        import {openPack} from "klotski";
        const pack = await openPack(await readFile(process.argv[1]));
        process.stdout.write(JSON.stringify(await pack.hardest({class: "5-4-1", limit: 30, metric: "unit"})));' \
        "$COMPLETE_PACK" 2>&1 | jq -c .)"
info=$(python3 "$REFERENCE/pack_tamper.py" "$COMPLETE_PACK" info)
residue_blocks=$(jq '(.layout_count + .residue_block_layouts - 1) / .residue_block_layouts | floor' <<< "$info")
group_blocks=$(jq '(.layout_count + .group_block_layouts - 1) / .group_block_layouts | floor' <<< "$info")
python3 "$REFERENCE/pack_tamper.py" "$COMPLETE_PACK" damage-rechecked $((3 * residue_blocks + group_blocks + 2)) \
    "$T/lists-damaged.pack"
expect "a damaged depths chunk: group, farthestGroup and hardest each fail naming it" \
    "the depths chunk does not inflate|the depths chunk does not inflate|the depths chunk does not inflate" \
    "$(cd "$T/project" && node --input-type=module -e '
        import {readFile} from "node:fs/promises";
        import {openPack} from "klotski";
        const pack = await openPack(await readFile(process.argv[1]));
        const reasons = [];
        for (const call of [() => pack.group("5-4-1-1"), () => pack.farthestGroup("5-4-1-1"), () => pack.hardest()])
          reasons.push(await call().then(answer => `answered ${JSON.stringify(answer).slice(0, 80)}`,
                                         error => (error.message.match(/the depths chunk does not inflate/) || [error.message])[0]));
        process.stdout.write(reasons.join("|"));' "$T/lists-damaged.pack" 2>&1)"
finish
