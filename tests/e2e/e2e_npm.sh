#!/usr/bin/env bash
# End-to-end test of the npm package (issue 37, part 3): the tarball `make npm` built
# (OBJ/npm/klotski-VERSION.tgz), installed into a scratch project as a web developer
# installs it (npm install of the local file, offline: no registry is asked), answers in
# Node's own test runner (tests/e2e/npm_test.mjs, node --test) as `klotski --json` does on
# sampled layouts (classic ones in every typed form, unsolvable, solved, spread ones),
# their groups and the classic names, from the complete fixture's pack (lib.sh) and from the
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
finish
