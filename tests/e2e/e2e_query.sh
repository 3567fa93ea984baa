#!/usr/bin/env bash
# End-to-end tests of the query tool bin/klotski against the built database: every
# command, every LAYOUT form, every output format, each error path with its exit status,
# the answers SPEC.md gives for 1A9BF0C00 and 4FEA13400, and solve's routes checked step
# by step by tests/reference/step_check.c, which shares no code with the tool.
. "$(dirname "$0")/lib.sh"
query_setup query
STEP_CHECK=$REFERENCE_BIN/step_check
built_reference step_check

# --- show: the SPEC answers, every field ---
run show 1A9BF0C00 --json
expect "show exit status" 0 "$status"
expect "show 1A9BF0C00" "1A9BF0C00 4091296 5-4-1 5-4-1-1 7472 25955 81 1A9BF0C00 true 横刀立马" \
    "$(json '[.code, .id, .class, .group, .group_index, .group_size, .min_steps, .mirror, .self_mirror, .names] | map(tostring) | join(" ")')"
run show 4FEA13400 --json
expect "show 4FEA13400 min_steps" 138 "$(json .min_steps)"
mirror=$(json .mirror)
run show "$mirror" --json
expect "the mirror of the mirror" 4FEA13400 "$(json .mirror)"
expect "a mirror has the same min_steps" 138 "$(json .min_steps)"
run show 1A9BF0C00 --json
expect "show 1A9BF0C00 min_solution_num (SPEC.md: 2 minimal solutions)" 2 "$(json .min_solution_num)"
unsolvable=$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL LIMIT 1")
run show "$unsolvable" --json
expect "show an unsolvable layout's min_solution_num" "null null" "$(json '"\(.min_steps) \(.min_solution_num)"')"
farthest_stored=$(sql 'SELECT farthest_steps IS NOT NULL FROM layouts WHERE code = 0x1A9BF0C00')
run show 1A9BF0C00 --json
if [ "$farthest_stored" = 1 ]; then
    expect "show farthest data when stored" "124 8 6" "$(json '"\(.farthest_steps) \(.farthest_num) \(.solution_num)"')"
else
    expect "show farthest null when not stored" "null null null" "$(json '"\(.farthest_steps) \(.farthest_num) \(.solution_num)"')"
fi

run show 1A9BF0C00
expect "show for people: exit status" 0 "$status"
has "show for people: the code" "1A9BF0C00"
has "show for people: min steps" "min steps"
has "show for people: the group" "5-4-1-1"
has "show for people: the name" "横刀立马"
printf '%s\n' "$out" >"$T/drawn_utf8.txt"
has "show draws with box characters in a UTF-8 locale" "┌───┬───────┬───┐"
out=$(LC_ALL=C answered "$K" --db "$TEST_DB" show 1A9BF0C00)
printf '%s\n' "$out" >"$T/drawn_ascii.txt"
has "show draws in ASCII otherwise" "+---+-------+---+"

run show 1A9BF0C00 --csv
expect "show --csv" "code,id,short_code,class,group,group_index,group_size,min_steps,min_straight_moves,min_unit_moves,min_solution_num,mirror,self_mirror,farthest_steps,farthest_num,solution_num,names,board" \
    "$(printf '%s\n' "$out" | head -1)"
expect "show --csv row" "1A9BF0C00,4091296,4WVE1,5-4-1,5-4-1-1,7472,25955,81" "$(printf '%s\n' "$out" | sed -n 2p | cut -d, -f1-8)"
run show 1A9BF0C00 --md
expect "show --md header" "| code | id | short_code | class |" "$(printf '%s\n' "$out" | head -1 | cut -c1-34)"
expect "show --md lines" 3 "$(printf '%s\n' "$out" | wc -l)"

unsolvable=$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL LIMIT 1")
run show "$unsolvable"
has "show says unsolvable" "unsolvable"
run show "$unsolvable" --json
expect "show --json min_steps of an unsolvable layout" null "$(json .min_steps)"

# --- every LAYOUT form names the same layout ---
printf 'VKKV\nVKKV\nVHHV\nVooV\no..o\n' >"$T/board.txt"
printf 'vkkv\r\nvkkv\r\n\r\nvhhv\r\nvoov\r\no..o   \r\n' >"$T/board_loose.txt"
for form in 1A9BF0C00 1a9bf0c 1A9BF0C '#4091296' 横刀立马 27732773455641161001 \
    "$T/board.txt" "$T/board_loose.txt" "$T/drawn_utf8.txt" "$T/drawn_ascii.txt"; do
    run show "$form" --csv
    expect "LAYOUT form $form" "0 1A9BF0C00" "$status $(printf '%s\n' "$out" | sed -n 2p | cut -d, -f1)"
done
out=$(answered "$K" --db "$TEST_DB" show - --csv <"$T/board.txt" | sed -n 2p | cut -d, -f1)
expect "LAYOUT - reads a board on stdin" 1A9BF0C00 "$out"
out=$(answered "$K" --db "$TEST_DB" show - --csv <"$T/drawn_utf8.txt" | sed -n 2p | cut -d, -f1)
expect "LAYOUT - reads a drawing on stdin" 1A9BF0C00 "$out"
out=$(answered "$K" --db "$TEST_DB" show --csv <"$T/board.txt" | sed -n 2p | cut -d, -f1)
expect "a board on stdin without -" 1A9BF0C00 "$out"
out=$(printf '1A9BF0C00\n\n  4fea134  \n#0\n' | answered "$K" --db "$TEST_DB" show --csv | cut -d, -f1 | tr '\n' ' ')
expect "one LAYOUT per line on stdin" "code 1A9BF0C00 4FEA13400 $(sql "SELECT printf('%09X', min(code)) FROM layouts") " "$out"
expect_error "empty stdin" 2 "no input given" show --json < /dev/null
expect_error "blank lines only on stdin" 2 "no input given" show --json <<< $'\n  \n'
run show 1A9BF0C00 4FEA13400 --csv
expect "several LAYOUTs: one header, one row each" 3 "$(printf '%s\n' "$out" | wc -l)"
run show 1A9BF0C00 4FEA13400 --json
expect "several LAYOUTs: one JSON object each" 2 "$(printf '%s\n' "$out" | jq -c . | wc -l)"
run show '四面楚歌#2' --csv
expect "NAME#N picks one of a name's layouts" 5BEE90C00 "$(printf '%s\n' "$out" | sed -n 2p | cut -d, -f1)"
out=$(cd / && answered "$K" --db "$TEST_DB" show 横刀立马 --csv | sed -n 2p | cut -d, -f1)
expect "classic names need no data file at run time" 1A9BF0C00 "$out"
# Every code of the list answered, in order (the answers' codes are the codes asked for),
# exit status 0 and nothing on stderr: an illegal code would fail all three.
cut -f1 "$ROOT/data/classic_names.tsv" | sort -u > "$T/classic_codes.txt"
"$K" --db "$TEST_DB" show --csv < "$T/classic_codes.txt" > "$T/classic.csv" 2> "$T/stderr"
expect "every classic name's code: exit status" 0 $?
expect "every classic name's code: nothing on stderr" "" "$(cat "$T/stderr")"
expect "every classic name's code is a legal layout: one answer each" \
    "$(md5sum < "$T/classic_codes.txt")" "$(tail -n +2 "$T/classic.csv" | cut -d, -f1 | md5sum)"
expect "every classic name's code: the list is there" yes "$([ "$(wc -l < "$T/classic_codes.txt")" -gt 300 ] && echo yes)"
out=$(KLOTSKI_DB=$TEST_DB answered "$K" show 1A9BF0C00 --csv | sed -n 2p | cut -d, -f1)
expect "KLOTSKI_DB names the database" 1A9BF0C00 "$out"

# --- LAYOUT errors: exit 2, one line naming the input and the reason ---
expect_error "unused bits" 2 "1A9BF0C01: not a layout code: unused low bits are not zero" show 1A9BF0C01
expect_error "too long" 2 "more than 9 hex digits" show 1A9BF0C000
expect_error "2x2 address" 2 "first digit is not a possible 2x2 address" show 3A9BF0C00
expect_error "not hex" 2 "not a hex digit" show 1A9BG0
# The character at fault is named with its place (issue 39), counted from the 0x when
# there is one.
expect_error "a bad digit named with its place" 2 "1A9BF0C0G: not a layout code: the 9th character, 'G', is not a hex digit" \
    show 1A9BF0C0G
expect_error "a bad digit after 0x" 2 "0x1A9BF0C0Z: not a layout code: the 11th character, 'Z', is not a hex digit" \
    show 0x1A9BF0C0Z
expect_error "a bad first digit" 2 "XA9BF0C00: not a layout code: the 1st character, 'X', is not a hex digit" show XA9BF0C00
expect_error "a bad 2nd and 3rd digit" 2 "the 2nd character, 'G'" show 1GAB
expect_error "a bad 3rd digit" 2 "the 3rd character, 'H'" show 1AHB
# A name-like input is told what it looks like, the closest names, before anything it
# lacks as a code (issue 39: not "not a hex digit" first).
expect_error "misspelt pinyin: the name diagnosis first" 2 \
    "cengcengshefnag: looks like a classic name in pinyin, but no name reads so; closest names: 层层设防 (céng céng shè fáng), 层层设防1 (céng céng shè fáng 1), 层层设防2 (céng céng shè fáng 2)" \
    show cengcengshefnag
expect_error "misspelt pinyin with blanks: the same diagnosis" 2 \
    "ceng ceng she fnag: looks like a classic name in pinyin, but no name reads so; closest names: 层层设防 (céng céng shè fáng)" \
    show 'ceng ceng she fnag'
expect_error "a misspelt name in characters: the name diagnosis first" 2 \
    "层层设房: not a code, id, grid, board file or classic name; closest names: 层层设防, 层层设防1, 层层设防2" \
    show 层层设房
expect_error "overlap" 2 "pieces overlap" show 14
expect_error "off board" 2 "stick out of the board" show 01
expect_error "few empty" 2 "fewer than two empty cells" show 1FFFFFFFF
expect_error "id too large" 2 "#29334498: an id is # and a number" show '#29334498'
expect_error "id not a number" 2 "an id is # and a number" show '#12x'
expect_error "grid digit" 2 "grid: cells are 0" show 27732773455641161009
expect_error "grid general" 2 "general 2 does not cover two adjacent cells" show 27732773455641161002
printf 'VKKV\nVKKV\nVHHV\nVooV\nooo.\n' >"$T/board_full.txt"
expect_error "board: few empty" 2 "not a board: fewer than two empty cells" show "$T/board_full.txt"
printf 'VKKV\nVKKV\nVHHV\nVooV\n' >"$T/board_short.txt"
expect_error "board: cut short" 2 "board_short.txt: not a board: it ends after 4 rows; a board is 5 lines of 4 cells" show "$T/board_short.txt"
expect_error "no such file" 2 "no such board file" show "$T/missing.txt"
expect_error "unknown name suggests the closest" 2 "closest names: 横刀立马" show 横刀
expect_error "ambiguous name lists its layouts" 2 "四面楚歌#3 = " show 四面楚歌
expect_error "NAME#N out of range" 2 "pick #1 to #3" show '四面楚歌#4'
run show 1A9BF0C00 1A9BF0C01 4FEA134 --csv
expect "a bad input among good ones: worst status" 2 "$status"
expect "a bad input among good ones: the others answered" 3 "$(printf '%s\n' "$out" | wc -l)"

# --- solve: the route checked step by step ---
run solve 4FEA13400 --codes
expect "solve --codes exit status" 0 "$status"
printf '%s\n' "$out" >"$T/route.txt"
expect "solve 4FEA13400: 138 legal steps" "138 steps" "$("$STEP_CHECK" <"$T/route.txt")"
expect "solve starts at the layout" 4FEA13400 "$(head -1 "$T/route.txt")"
expect "solve ends solved" D "$(tail -1 "$T/route.txt" | cut -c1)"
values=$(awk '{printf "%s(%d,0x%s)", (NR > 1 ? "," : ""), NR, $1}' "$T/route.txt")
expect "solve walks down one depth layer a step" "$(seq -s, 138 -1 0)" \
    "$(sql "WITH r(i, c) AS (VALUES $values) SELECT group_concat(min_steps) FROM (SELECT min_steps FROM r JOIN layouts ON code = c ORDER BY i)")"
run solve 1A9BF0C00 --codes
printf '%s\n' "$out" >"$T/route81.txt"
expect "solve 1A9BF0C00: 81 legal steps" "81 steps" "$("$STEP_CHECK" <"$T/route81.txt")"
expect "solve 1A9BF0C00 ends solved" D "$(tail -1 "$T/route81.txt" | cut -c1)"
solved_end=$(tail -1 "$T/route81.txt")
run solve 1A9BF0C00
has "solve for people: headline" "1A9BF0C00 → $solved_end in 81 steps"
has "solve for people: the last step" "81. $solved_end"
run solve 1A9BF0C00 --json
expect "solve --json" "1A9BF0C00 $solved_end 81 82" "$(json '"\(.from) \(.to) \(.steps) \(.route | length)"')"
expect "solve --json: each step names piece, moves, distance" 81 \
    "$(json '[.route[1:][] | select(.piece != null and .moves != null and .distance > 0)] | length')"
run solve 1A9BF0C00 --csv
expect "solve --csv: header and one row per layout" 83 "$(printf '%s\n' "$out" | wc -l)"
expect "solve --csv: step 0 is the start" "1A9BF0C00,0,,,,,,1A9BF0C00" "$(printf '%s\n' "$out" | sed -n 2p)"
run solve "$solved_end" --codes
expect "solve a solved layout: no step" "$solved_end" "$out"
expect_error "solve an unsolvable layout" 1 "$unsolvable: unsolvable" solve "$unsolvable"

# --- solutions ---
run solutions 1A9BF0C00 --csv
expect "solutions exit status" 0 "$status"
printf '%s\n' "$out" | tail -n +2 >"$T/solutions.csv"
expect "solutions: SPEC.md's 6 for 1A9BF0C00, a row each" 6 "$(wc -l < "$T/solutions.csv")"
expect "solutions are solved layouts" 0 "$(cut -d, -f2 "$T/solutions.csv" | grep -vc '^D')"
expect "minimal exactly at min_steps" 0 \
    "$(awk -F, '($3 == 81) != ($4 == "true")' "$T/solutions.csv" | wc -l)"
expect "no solution nearer than min_steps" 0 "$(awk -F, '$3 < 81' "$T/solutions.csv" | wc -l)"
expect "solve's end is a min solution" 1 "$(grep -c "^1A9BF0C00,$solved_end,81,true$" "$T/solutions.csv")"
run solutions 1A9BF0C00 --json
expect "solutions --json counts" "81 true" \
    "$(json '"\(.min_steps) \(.solutions == (.solution_list | length) and .min_solutions == ([.solution_list[] | select(.minimal)] | length))"')"
run solutions "$solved_end" --csv
expect "a solved layout is its own only solution" "1" "$(printf '%s\n' "$out" | tail -n +2 | wc -l)"
expect_error "solutions of an unsolvable layout" 1 "unsolvable" solutions "$unsolvable"

# --- path ---
run path 1A9BF0C00 "$solved_end" --codes
printf '%s\n' "$out" >"$T/path.txt"
expect "path to a min solution: min_steps legal steps" "81 steps" "$("$STEP_CHECK" <"$T/path.txt")"
expect "path ends at TO" "$solved_end" "$(tail -1 "$T/path.txt")"
run path "$solved_end" 1A9BF0C00 --codes
expect "path back has the same length" 82 "$(printf '%s\n' "$out" | wc -l)"
run path 1A9BF0C00 1A9BF0C00 --codes
expect "path to itself" 1A9BF0C00 "$out"
run path 1A9BF0C00 "$solved_end" --json
expect "path --json" "81 82" "$(json '"\(.steps) \(.route | length)"')"
other_group=$(sql "SELECT printf('%09X', min_code) FROM groups WHERE name = '5-4-1-0'")
expect_error "path across groups" 1 "different groups (5-4-1-1 and 5-4-1-0)" path 1A9BF0C00 "$other_group"
expect_error "path needs two layouts" 2 "path takes two LAYOUTs" path 1A9BF0C00
expect_error "path with a bad layout" 2 "not a layout code" path 1A9BF0C00 XYZ

# --- group ---
run group 5-4-1-1 --json
expect "group 5-4-1-1" "5-4-1 25955 true true" \
    "$(json '"\(.class) \(.size) \(.solvable) \(.max_min_steps == ([.depths[].depth] | max))"')"
expect "group histogram adds up to the size" 25955 "$(json '[.depths[].layouts] | add')"
run group 1A9BF0C00 --json
expect "GROUP as a LAYOUT" 5-4-1-1 "$(json .group)"
run group 5-4-1-1
has "group for people" "size"
run group 5-4-1-0 --json
size0=$(json .size)
min0=$(json .min_code)
run group 5-4-1-1 --json
expect "5-4-1-0 and 5-4-1-1: equal sizes, 5-4-1-0 has the smaller min code" "25955 yes" \
    "$size0 $([ "$min0" \< "$(json .min_code)" ] && echo yes)"
run group 5-4-1-1 --members --csv
expect "group --members lists every member" 25956 "$(printf '%s\n' "$out" | wc -l)"
expect "group --members row of 1A9BF0C00" "5-4-1-1,1A9BF0C00,4091296,7472,81" "$(printf '%s\n' "$out" | grep ',1A9BF0C00,')"
expect "members in group_index order" "$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f2 | sort | tr -d '\n')" \
    "$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f2 | tr -d '\n')"
run group 5-4-1-1 --depth 0 --csv
expect "group --depth 0: solved members" 0 "$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f2 | grep -vc '^D')"
expect "group --depth 0: as many as the group has solved" \
    "$(sql "SELECT solved FROM groups WHERE name = '5-4-1-1'")" "$(printf '%s\n' "$out" | tail -n +2 | wc -l)"
expect_error "no such group" 1 "9-9-9-9: no such group" group 9-9-9-9
expect_error "no such group number" 1 "no such group" group 5-4-1-999
expect_error "a class given as GROUP" 2 "a class, not a group" group 5-4-1
expect_error "group --depth beyond the deepest" 1 "no members 999 steps from solved" group 5-4-1-1 --depth 999
expect_error "group --depth not a number" 2 "--depth takes a number" group 5-4-1-1 --depth x

# --- farthest ---
run farthest 1A9BF0C00 --json
expect "farthest 1A9BF0C00: 124 steps, 8 layouts" "124 8 8" \
    "$(json '"\(.farthest_steps) \(.farthest_num) \(.farthest | length)"')"
far=$(json '.farthest[0].farthest')
run path 1A9BF0C00 "$far" --codes
expect "a farthest layout is farthest_steps away" 125 "$(printf '%s\n' "$out" | wc -l)"
run farthest 1A9BF0C00
has "farthest for people" "8 farthest layouts, 124 steps away"
run farthest --group 5-4-1-1 --csv
max=$(sql "SELECT max_min_steps FROM groups WHERE name = '5-4-1-1'")
expect "farthest --group lists the hardest layouts" \
    "$(sql "SELECT hardest_count FROM groups WHERE name = '5-4-1-1'")" \
    "$(printf '%s\n' "$out" | grep -c ",hardest,.*,$max$")"
# The base build stores the reference group's extremes (SPEC.md: diameter 145, radius 83).
run farthest --group 5-4-1-1 --central --json
expect "farthest --group: diameter and radius" "145 83" "$(json '"\(.diameter) \(.radius)"')"
expect "farthest --group --central: as many peripheral and central layouts as counted" \
    "$(json '"\(.peripheral_count) \(.central_count)"')" \
    "$(json '"\([.layouts[] | select(.kind == "peripheral" and .steps == 145)] | length) \([.layouts[] | select(.kind == "central" and .steps == 83)] | length)"')"
peripheral=$(json '[.layouts[] | select(.kind == "peripheral")][0].code')
run farthest "$peripheral" --json
expect "a peripheral layout is diameter steps from its farthest" 145 "$(json .farthest_steps)"
central=$(printf '%s\n' "$(answered "$K" --db "$TEST_DB" farthest --group 5-4-1-1 --central --csv)" | grep ',central,' | head -1 | cut -d, -f3)
run farthest "$central" --json
expect "a central layout is radius steps from its farthest" 83 "$(json .farthest_steps)"
run group 5-4-1-1 --json
expect "group: diameter, radius and their counts" "145 83 10 6" \
    "$(json '"\(.diameter) \(.radius) \(.peripheral_count) \(.central_count)"')"
run stats groups --csv
expect "stats groups: diameter and radius" "5-4-1-1,5-4-1,25955,145,83" \
    "$(printf '%s\n' "$out" | grep '^5-4-1-1,' | cut -d, -f1-3,8,9)"
# A long group of more than 39,062 layouts (builder/extremes/extremes.h), home of 109
# classic layouts; the phase's full search found diameter 230 and radius 116.
run farthest --group 5-4-2-0 --json
expect "farthest --group of a long large group" "230 116 12 24" \
    "$(json '"\(.diameter) \(.radius) \(.peripheral_count) \(.central_count)"')"
peripheral=$(json '[.layouts[] | select(.kind == "peripheral")][0].code')
run farthest "$peripheral" --json
expect "its peripheral layout is diameter steps from its farthest" 230 "$(json .farthest_steps)"
unstored=$(sql "SELECT name FROM groups WHERE peripheral_ids IS NULL ORDER BY size DESC LIMIT 1")
# The advice names the command an installed user has, with the database's real path
# (issue 39): never `make farthest`.
complete="\`klotski-build --farthest --db $(realpath "$TEST_DB")\` stores them"
expect_error "farthest --group of a group whose extremes wait for the farthest phase" 1 "$complete" \
    farthest --group "$unstored"
expect_error "farthest 2-6-1-0, a dense group too large to search now: the installed command" 1 \
    "2-6-1-0: only its hardest layouts: its diameter, radius, peripheral and central layouts (a dense group of 964656 layouts, too large to search now) are not stored; $complete" \
    farthest 2-6-1-0
# A path the shell would split or cut is quoted, so that the advice runs as written.
odd_folder="$T/it's a folder"
mkdir -p "$odd_folder"
ln -sf "$TEST_DB" "$odd_folder/klotski.db"
advice=$("$K" --db "$odd_folder/klotski.db" farthest 2-6-1-0 2>&1 >/dev/null | sed -n 's/.*`klotski-build \(.*\)` stores them$/\1/p')
expect "the advice's path runs in the shell as written, the real path" "--farthest|--db|$(realpath "$TEST_DB")" \
    "$(eval "printf '%s|' $advice" | sed 's/|$//')"
copy_folder="$T/it's a copy"
mkdir -p "$copy_folder"
if ln -f "$(realpath "$TEST_DB")" "$copy_folder/klotski.db" 2>/dev/null; then
    advice=$("$K" --db "$copy_folder/klotski.db" farthest 2-6-1-0 2>&1 >/dev/null |
        sed -n 's/.*`klotski-build \(.*\)` stores them$/\1/p')
    expect "a path with a blank and a quote is quoted for the shell" "--farthest|--db|$(realpath "$copy_folder")/klotski.db" \
        "$(eval "printf '%s|' $advice" | sed 's/|$//')"
    rm -f "$copy_folder/klotski.db"
else
    skip "a path with a blank and a quote is quoted for the shell" "no hard link of the test database in $T"
fi
has "farthest --group of such a group still lists its hardest layouts first" "hardest at"
expect_error "--central with a LAYOUT" 2 "--central lists a GROUP's central layouts" farthest 1A9BF0C00 --central
# A group or a class named as an argument (issue 30): read as one, not as a misspelt
# classic name; --limit; the exit status 0 of an answer, 1 of a missing part.
expect "farthest GROUP answers as farthest --group GROUP" \
    "$(answered "$K" --db "$TEST_DB" farthest --group 5-4-1-1 --central --json)" \
    "$(answered "$K" --db "$TEST_DB" farthest 5-4-1-1 --central --json)"
run farthest 5-4-1-1 --central --limit 1 --json
expect "farthest GROUP --limit 1: one layout of each kind, the counts whole" "0 hardest peripheral central 10 6" \
    "$status $(json '[.layouts[].kind] | join(" ")') $(json '"\(.peripheral_count) \(.central_count)"')"
run farthest 1A9BF0C00 --limit 3 --json
expect "farthest LAYOUT --limit 3: three of its 8 farthest layouts" "0 3 8" \
    "$status $(json '.farthest | length') $(json .farthest_num)"
run farthest 5-4-1 --json
expect "farthest CLASS: the class's largest diameter, from the groups table" \
    "0 $(sql "SELECT diameter, sum(peripheral_count) FROM groups JOIN classes c USING (class_id)
              WHERE c.name = '5-4-1' AND diameter = (SELECT max(diameter) FROM groups WHERE class_id = c.class_id)" |
         tr '|' ' ')" \
    "$status $(json '"\(.diameter) \(.peripheral_count)"')"
expect "farthest CLASS: every listed layout is peripheral, diameter steps from its farthest" "145" \
    "$(for code in $(json '.layouts[].code'); do answered "$K" --db "$TEST_DB" farthest --json "$code" | jq .farthest_steps; done | sort -u | paste -sd' ')"
run farthest 5-4-1 --limit 2 --csv
expect "farthest CLASS --limit 2: two rows" 2 "$(printf '%s\n' "$out" | tail -n +2 | wc -l)"
expect_error "farthest GROUP of a group whose extremes wait for the farthest phase, as an argument" 1 \
    "$unstored: only its hardest layouts: its diameter, radius, peripheral and central layouts (a dense group of" \
    farthest "$unstored"
has "... its hardest layouts listed" "hardest at"
# A dense group small enough is searched now (query/search/extremes.h); e2e_farthest.sh
# checks what it finds against the farthest phase.
dense=$(sql "SELECT name FROM groups WHERE peripheral_ids IS NULL AND size <= 30000 ORDER BY size LIMIT 1")
run farthest "$dense" --json --limit 1
expect "farthest GROUP of a small dense group: found now, exit 0" "0 found now hardest peripheral" \
    "$status $(json .extremes) $(json '[.layouts[].kind] | join(" ")')"
run farthest "$dense"
has "... and says so to people" "(found now; $complete)"
unstored_class=$(sql "SELECT c.name FROM groups g JOIN classes c USING (class_id) WHERE g.peripheral_ids IS NULL
    AND c.class_id IN (SELECT class_id FROM groups WHERE diameter IS NOT NULL) ORDER BY g.size DESC LIMIT 1")
expect_error "farthest CLASS with dense groups not stored" 1 "no stored diameter, which may be larger; $complete" \
    farthest "$unstored_class"
expect_error "farthest of no class" 1 "9-9-9: no such class" farthest 9-9-9
expect_error "farthest of no group, as an argument" 1 "9-9-9-9: no such group" farthest 9-9-9-9
expect_error "farthest with LAYOUT and --group" 2 "not both" farthest 1A9BF0C00 --group 5-4-1-1
expect_error "farthest --group of no group" 1 "no such group" farthest --group 9-9-9-9

# --- hardest ---
run hardest --limit 1 --csv
expect "hardest overall: the deepest layer" "$(sql 'SELECT max(depth) FROM layers')" \
    "$(printf '%s\n' "$out" | sed -n 2p | cut -d, -f3)"
run hardest --class 5-4-1 --limit 3 --csv
expect "hardest --class --limit: rows" 3 "$(printf '%s\n' "$out" | tail -n +2 | wc -l)"
expect "hardest --class: groups of the class" 3 "$(printf '%s\n' "$out" | grep -c ',5-4-1-[0-9]*$')"
expect "hardest --class: deepest first" "$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f3 | sort -rn | tr -d '\n')" \
    "$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f3 | tr -d '\n')"
expect "hardest --class: the class's max_min_steps" "$(sql "SELECT max_min_steps FROM classes WHERE name = '5-4-1'")" \
    "$(printf '%s\n' "$out" | sed -n 2p | cut -d, -f3)"
run hardest --group 1A9BF0C00 --json
expect "hardest --group: the group's max_min_steps" "$max" "$(printf '%s\n' "$out" | head -1 | jq .min_steps)"
run hardest
expect "hardest default limit" 11 "$(printf '%s\n' "$out" | wc -l)"
expect_error "hardest --class of no class" 1 "7-0-0: no such class" hardest --class 7-0-0
expect_error "hardest --class malformed" 2 "a CLASS is written jiang-bing-style" hardest --class five
expect_error "hardest --class and --group" 2 "not both" hardest --class 5-4-1 --group 5-4-1-1
expect_error "hardest --limit 0" 2 "--limit takes a number from 1" hardest --limit 0
unsolvable_group=$(sql "SELECT name FROM groups WHERE solved = 0 LIMIT 1")
expect_error "hardest of an unsolvable group" 1 "unsolvable" hardest --group "$unsolvable_group"

# --- stats ---
run stats summary --csv
expect "stats summary totals" ",,203,25422,29334498,2260392,28913089" "$(printf '%s\n' "$out" | tail -1)"
expect "stats summary: layouts per jiang" "786228 4190464 8729454 9090662 4995328 1381224 157630 3508" \
    "$(printf '%s\n' "$out" | awk -F, 'NR > 1 && $1 != "" {s[$1] += $5} END {for (j = 0; j <= 7; j++) printf "%s%d", j ? " " : "", s[j]}')"
expect "stats summary: standard layouts (5 generals, 4 soldiers)" 363480 \
    "$(printf '%s\n' "$out" | awk -F, '$1 == 5 && $2 == 4 {print $5}')"
run stats classes --csv
expect "stats classes rows" 204 "$(printf '%s\n' "$out" | wc -l)"
expect "stats classes 5-4-x" "15660 65880 109260 106800 51660 14220" \
    "$(printf '%s\n' "$out" | awk -F, '$1 ~ /^5-4-/ {printf "%s%s", n++ ? " " : "", $5}')"
expect "single-group classes" 122 "$(printf '%s\n' "$out" | awk -F, '$6 == 1' | wc -l)"
run stats classes --class 5-4-1 --csv
expect "stats --class keeps one class" 2 "$(printf '%s\n' "$out" | wc -l)"
run stats groups --csv
expect "stats groups rows" 25423 "$(printf '%s\n' "$out" | wc -l)"
run stats groups --class 2-6-1 --csv
expect "the largest group" "2-6-1-0,2-6-1,964656" "$(printf '%s\n' "$out" | sed -n 2p | cut -d, -f1-3)"
run stats depths --csv
expect "stats depths adds up" 29334498 "$(printf '%s\n' "$out" | awk -F, 'NR > 1 {s += $2} END {print s}')"
expect "stats depths: unsolvable row" $((29334498 - 28913089)) "$(printf '%s\n' "$out" | awk -F, 'NR > 1 && $1 == "" {print $2}')"
run stats depths
has "stats for people: unsolvable" "unsolvable"
run stats classes --md
expect "stats --md" "| class | jiang |" "$(printf '%s\n' "$out" | head -1 | cut -c1-17)"
run stats summary --json
expect "stats --json: an object per row" "203" "$(printf '%s\n' "$out" | tail -1 | jq .classes)"
expect_error "stats of no table" 2 "no such table" stats bogus
expect_error "stats without a table" 2 "stats takes one of" stats

# --- usage, help, version, database errors ---
run --version
expect "--version" "0 klotski" "$status $(printf '%s\n' "$out" | cut -d' ' -f1)"
run --help
expect "--help" 0 "$status"
# The exit status table (issue 30): one row of status 1 per command, the same in
# --help and in the man page's EXIT STATUS (rows read off its roff source), and in each
# command's own --help.
help_rows=$(printf '%s\n' "$out" | sed -n '/^  1  not found:$/,/^  2 /s/^     \([a-z]*\)  *\(.*\)$/\1|\2/p')
man_rows=$(sed -n '/^\.SH EXIT STATUS/,/^\.SH/p' "$ROOT/docs/klotski.1" | sed -n '/^\.B 1$/,/^\.RE$/p' |
    awk '/^\.B [a-z]+$/ { name = $2; next } name != "" && !/^\./ { print name "|" $0; name = "" }' | sed 's/\\-/-/g')
expect "the exit status table of --help lists every command" 16 "$(printf '%s\n' "$help_rows" | grep -c .)"
expect "every command says what its status 1 means" "" "$(printf '%s\n' "$help_rows" | grep -F '(null)')"
expect "the man page's exit status table is --help's" "$help_rows" "$man_rows"
for c in $(printf '%s\n' "$help_rows" | cut -d'|' -f1); do
    row=$(printf '%s\n' "$help_rows" | grep "^$c|" | cut -d'|' -f2)
    run "$c" --help
    has "$c --help ends with its exit status row" "  1  not found:
     $(printf '%-10s %s' "$c" "$row")
  2  bad usage or bad input, or no usable database"
done
run --help
for c in show solve solutions path group farthest hardest stats verify; do
    run "$c" --help
    expect "$c --help" "0 usage: klotski $c" "$status $(printf '%s\n' "$out" | head -1 | cut -d' ' -f1-3)"
    run help "$c"
    expect "help $c" "0 usage: klotski $c" "$status $(printf '%s\n' "$out" | head -1 | cut -d' ' -f1-3)"
done
expect_error "no command" 2 "no command given"
expect_error "unknown command" 2 "frob: no such command" frob
expect_error "unknown option" 2 "--frob: unknown option" show --frob 1A9BF0C00
expect_error "another command's option" 2 "--members: not an option of show" show --members 1A9BF0C00
expect_error "missing option value" 2 "--limit: the option needs a value" hardest --limit
out=$("$K" --db "$T/missing.db" show 1A9BF0C00 2>&1)
expect "missing database: exit status" 2 $?
expect "missing database says how to build it" \
    "klotski: $T/missing.db: no database here; build it with \`klotski-build --db $T/missing.db\` (or \`make\` in the klotski sources), or name one with --db PATH or \$KLOTSKI_DB" \
    "$out"
rm -f "$T/other.db"
sqlite3 "$T/other.db" "CREATE TABLE meta (key TEXT PRIMARY KEY, value); INSERT INTO meta VALUES ('format_version', 1)"
out=$("$K" --db "$T/other.db" show 1A9BF0C00 2>&1)
expect "other format version: exit status" 2 $?
case $out in *"format version 1"*"rebuild"*) expect "other format version says to rebuild" ok ok ;;
    *) expect "other format version says to rebuild" "...rebuild..." "$out" ;; esac
out=$("$K" --db "$T/board.txt" show 1A9BF0C00 2>&1)
expect "not a database: exit status" 2 $?

# --- verify ---
# One run here, of a whole minute's CPU in a sanitizer build; e2e_damage.sh checks the
# text form on its intact copy, and what verify names on the copy damaged.
run verify --csv
expect "verify --csv: exit status" 0 "$status"
expect "verify --csv: every check ok" 0 "$(printf '%s\n' "$out" | tail -n +2 | grep -vc ',true$')"
expect "verify --csv: checks to read" yes "$([ "$(printf '%s\n' "$out" | grep -c ',true$')" -gt 5 ] && echo yes)"

finish
