#!/usr/bin/env bash
# End-to-end tests of the explorer's commands of bin/klotski (moves, hint, check) and of
# the short code, against the built database.  `moves` is checked on sampled layouts
# against tests/reference/neighbour_list.c (the naive board model of layout_model.h,
# sharing no code with the tool) for the steps, and against the database read with the
# sqlite3 shell for every resulting layout's min_steps.
. "$(dirname "$0")/lib.sh"
query_setup explore
NEIGHBOURS=$REFERENCE_BIN/neighbour_list
built_reference neighbour_list

# --- moves: the SPEC layout, by hand ---
run moves 1A9BF0C00 --json
expect "moves exit status" 0 "$status"
expect "moves 1A9BF0C00 summary" "1A9BF0C00 5-4-1-1 81 8 4" \
    "$(json '[.code, .group, .min_steps, .moves_count, .optimal_count] | map(tostring) | join(" ")')"
expect "moves 1A9BF0C00 first move" "1A98FCC00 o 4 2 5 2 down 1 1 80 -1" \
    "$(json '.move_list[0] | [.code, .piece, .row, .col, .to_row, .to_col, .moves, .distance, .min_steps, .change] | map(tostring) | join(" ")')"
expect "moves 1A9BF0C00 changes, best first" "-1 -1 -1 -1 0 0 0 0" "$(json '[.move_list[].change] | map(tostring) | join(" ")')"
run moves 1A9BF0C00
expect "moves for people: headline" "1A9BF0C00 (81 steps from solved): 8 steps, 4 optimal" "$(printf '%s\n' "$out" | head -1)"
expect "moves for people: the step in one column, best first" "1A98FCC00 o r4c2 down 1 80 -1 optimal" \
    "$(printf '%s\n' "$out" | sed -n 4p | tr -s ' ' | sed 's/ *-  *-$//')"
expect "moves for people: the last step" "1A9BFC000 o r5c4 left 2 81 +0 neutral" \
    "$(printf '%s\n' "$out" | sed -n 11p | tr -s ' ' | sed 's/ *-  *-$//')"
run moves 1A9BF0C00 --csv
expect "moves --csv: header and 8 rows" 9 "$(printf '%s\n' "$out" | wc -l)"
run moves 1A9BF0C00 --md
expect "moves --md: header, rule and 8 rows" 10 "$(printf '%s\n' "$out" | wc -l)"

# --- moves on sampled layouts: steps against the model, min_steps against the database ---
ids="0 29334497"
for i in $(seq 1 60); do ids="$ids $(( (i * 1000003 + i * i * 7919) % 29334498 ))"; done
unsolvable=$(sql "SELECT printf('%09X', min_code) FROM groups WHERE solved = 0 LIMIT 1")
sample=$(answered "$K" --db "$TEST_DB" show $(printf "#%s " $ids) --json | jq -r .code)
sample="$sample
$unsolvable
1A9BF0C00
4FEA13400
D00000000"
run moves $sample --json
expect "moves on the sample: exit status" 0 "$status"
printf '%s\n' "$out" > "$T/moves.json"
expect "moves on the sample: one answer each" "$(printf '%s\n' "$sample" | wc -l)" "$(wc -l < "$T/moves.json")"
printf '%s\n' "$sample" | "$NEIGHBOURS" > "$T/model.txt"
expect "the model lists the steps: exit status" 0 $?
jq -r '.code as $from | .move_list[] | "\($from) \(.code) \(.distance)"' "$T/moves.json" | sort > "$T/listed.txt"
expect "moves on the sample: every step, with its distance, as the model lists them" \
    "$(sort "$T/model.txt" | md5sum)" "$(md5sum < "$T/listed.txt")"
expect "moves on the sample: steps compared" yes "$([ "$(wc -l < "$T/model.txt")" -gt 500 ] && echo yes || echo no)"
codes=$( (printf '%s\n' "$sample"; cut -d' ' -f2 "$T/model.txt") | sort -u | sed 's/^/0x/' | paste -sd,)
sql "SELECT printf('%09X', code), ifnull(min_steps, 'null') FROM layouts WHERE code IN ($codes)" | tr '|' ' ' | sort > "$T/stored.txt"
answered jq -r '.move_list[] | "\(.code) \(.min_steps)"' "$T/moves.json" | sort -u > "$T/listed_steps.txt"
expect "moves on the sample: each resulting layout's min_steps as stored" \
    "" "$(join -v1 "$T/listed_steps.txt" "$T/stored.txt"; join "$T/listed_steps.txt" "$T/stored.txt" | awk '$2 != $3')"
expect "moves on the sample: a min_steps compared for each resulting layout" \
    "$(cut -d' ' -f2 "$T/model.txt" | sort -u | wc -l)" "$(join "$T/listed_steps.txt" "$T/stored.txt" | wc -l)"
expect "moves on the sample: the change is the difference of min_steps (0 when unsolvable)" 0 \
    "$(answered jq '.min_steps as $f | [.move_list[] | select(.change != (if $f == null or .min_steps == null then 0 else .min_steps - $f end))] | length' "$T/moves.json" | awk '{s += $1} END {print s}')"
expect "moves on the sample: best first, ties by code" 0 \
    "$(answered jq '[.move_list[] | [.change, .code]] | select(. != sort) | 1' "$T/moves.json" | wc -l)"
expect "moves on the sample: each solvable layout has an optimal step unless solved" 0 \
    "$(answered jq 'select(.min_steps != null and .min_steps > 0 and .optimal_count == 0) | 1' "$T/moves.json" | wc -l)"
run moves "$unsolvable" --json
expect "moves of an unsolvable layout: listed" "null true" "$(json '"\(.min_steps) \(.moves_count > 0)"')"

expect_error "moves of a bad code" 2 "ZZZ" moves ZZZ

# --- hint: every level on the sample; the band holds the stored min_steps, level 3's
# step is one the model lists and leads one step closer by the database ---
solvable=$(answered jq -r 'select(.min_steps != null and .min_steps > 0) | .code' "$T/moves.json")
expect "hint: solvable layouts in the sample" yes "$([ "$(printf '%s\n' "$solvable" | wc -l)" -gt 40 ] && echo yes)"
for level in 1 2 3; do
    run hint --level $level $solvable --json
    printf '%s\n' "$out" > "$T/hint$level.json"
    expect "hint --level $level: exit status" 0 "$status"
    expect "hint --level $level: one answer each" "$(printf '%s\n' "$solvable" | wc -l)" "$(wc -l < "$T/hint$level.json")"
done
expect "hint: the band holds min_steps, ten wide" "" \
    "$(answered jq -rs '.[0] as $m | .[1] | ($m | map({(.code): .min_steps}) | add) as $steps | .[] |
        select($steps[.code] < .steps_from or $steps[.code] > .steps_to or .steps_to - .steps_from > 9 or .steps_from % 10 > 1) | .code' \
        <(jq -s . "$T/moves.json") <(jq -s . "$T/hint1.json"))"
expect "hint --level 1 tells no piece or step" 0 "$(answered jq 'select(.piece != null or .moves != null or .to != null) | 1' "$T/hint1.json" | wc -l)"
expect "hint --level 2 tells the piece, not the step" 0 "$(answered jq 'select(.piece == null or .row == null or .moves != null or .to != null) | 1' "$T/hint2.json" | wc -l)"
expect "hint --level 2 and 3 name the same piece" "$(answered jq -c '[.piece, .row, .col]' "$T/hint2.json" | md5sum)" "$(answered jq -c '[.piece, .row, .col]' "$T/hint3.json" | md5sum)"
answered jq -r '"\(.code) \(.to)"' "$T/hint3.json" | sort > "$T/hint_steps.txt"
expect "hint --level 3: a step for each solvable layout of the sample" \
    "$(printf '%s\n' "$solvable" | wc -l)" "$(grep -c ' [0-9A-F]\{9\}$' "$T/hint_steps.txt")"
expect "hint --level 3: each step is one the model lists" "" \
    "$(join -v1 <(sed 's/ /:/' "$T/hint_steps.txt") <(sed 's/ /:/' "$T/model.txt" | cut -d' ' -f1 | sort))"
codes=$(cut -d' ' -f2 "$T/hint_steps.txt" | sed 's/^/0x/' | paste -sd,)
sql "SELECT printf('%09X', code), min_steps FROM layouts WHERE code IN ($codes)" | tr '|' ' ' | sort > "$T/hint_to.txt"
expect "hint --level 3: each step leads one step closer" "" \
    "$(answered jq -r '"\(.to) \(.code)"' "$T/hint3.json" | sort | join - "$T/hint_to.txt" | while read -r to from steps; do
        [ "$((steps + 1))" = "$(answered jq -r --arg c "$from" 'select(.code == $c) | .min_steps' "$T/moves.json")" ] || echo "$from"; done)"
expect "hint --level 3: each step's min_steps compared" "$(printf '%s\n' "$solvable" | wc -l)" \
    "$(answered jq -r '"\(.to) \(.code)"' "$T/hint3.json" | sort | join - "$T/hint_to.txt" | wc -l)"
run hint --level 3 1A9BF0C00
expect "hint for people" "1A9BF0C00: between 80 and 89 steps left|move the o at row 4, column 2|slide it down 1, to 1A98FCC00" "$(printf '%s\n' "$out" | paste -sd'|')"
run hint --level 3 D00000000 --json
expect "hint of a solved layout" "0 0 null null" "$(json '"\(.steps_from) \(.steps_to) \(.piece) \(.to)"')"
run hint 1A9BF0C00 --csv
expect "hint --csv" "code,level,steps_from,steps_to,piece,row,col,moves,to|1A9BF0C00,1,80,89,,,,," "$(printf '%s\n' "$out" | paste -sd'|')"
expect_error "hint of an unsolvable layout" 1 "unsolvable" hint "$unsolvable"
expect_error "hint --level 4" 2 "takes 1, 2 or 3" hint --level 4 1A9BF0C00
expect_error "hint --level 0" 2 "--level takes a number from 1" hint --level 0 1A9BF0C00

# --- check: a minimal-step solution, detours, an illegal jump ---
"$K" --db "$TEST_DB" solve --codes 4FEA13400 > "$T/optimal.txt"
expect "solve for check: exit status" 0 $?
run check --json < "$T/optimal.txt"
expect "check of a minimal-step solution: exit status" 0 "$status"
expect "check of a minimal-step solution: 138 steps, solved, none wasted" "4FEA13400 138 138 0 true null 0" \
    "$(json '"\(.start) \(.steps) \(.start_min_steps) \(.end_min_steps) \(.solved) \(.first_not_optimal) \(.wasted)"')"
expect "check of a minimal-step solution: every change -1" "-1" "$(json '[.step_list[1:][].change] | unique | map(tostring) | join(" ")')"
expect "check of a minimal-step solution: min_steps counts down" "$(seq 138 -1 0 | paste -sd' ')" "$(json '[.step_list[].min_steps] | map(tostring) | join(" ")')"
run moves 1A9BF0C00 --json
neutral=$(json '[.move_list[] | select(.change == 0)][0].code')
{ echo 1A9BF0C00; answered "$K" --db "$TEST_DB" solve --codes "$neutral"; } > "$T/detour.txt"
run check --json < "$T/detour.txt"
expect "check of a detour (one neutral step first)" "82 true 2 1" "$(json '"\(.steps) \(.solved) \(.first_not_optimal) \(.wasted)"')"
expect "check of a detour: the route is legal by the model" "82 steps" "$("$REFERENCE_BIN/step_check" < "$T/detour.txt")"
# A step back along the minimal-step solution (136 to 137 steps left), then on from there.
{ sed -n 3p "$T/optimal.txt"; sed -n 2p "$T/optimal.txt"; answered "$K" --db "$TEST_DB" solve --codes "$(sed -n 2p "$T/optimal.txt")" | tail -n +2; } > "$T/backwards.txt"
run check --json < "$T/backwards.txt"
expect "check of a detour with a backward step: two wasted" "136 138 2 2 1 -1" \
    "$(json '"\(.start_min_steps) \(.steps) \(.first_not_optimal) \(.wasted) \(.step_list[1].change) \(.step_list[2].change)"')"
head -20 "$T/backwards.txt" > "$T/part.txt"
run check --json < "$T/part.txt"
expect "check of an unfinished attempt: wasted against the steps gained" "19 119 false 2" "$(json '"\(.steps) \(.end_min_steps) \(.solved) \(.wasted)"')"
run check 1A9BF0C00 "$neutral" --csv
expect "check with the layouts as arguments, as CSV: the steps, then the summary's table" "line,code,piece,row,col,moves,min_steps,change|1,1A9BF0C00,,,,,81,|2,$neutral,o,4,2,\"down 1, right 1\",81,0||start,end,steps,start_min_steps,end_min_steps,solved,first_not_optimal,wasted|1A9BF0C00,$neutral,1,81,81,false,2,1" \
    "$(printf '%s\n' "$out" | paste -sd'|')"
run check 1A9BF0C00 --json
expect "check of a start alone: no step" "0 0 null" "$(json '"\(.steps) \(.wasted) \(.first_not_optimal)"')"
run check 1A9BF0C00 "$neutral"
expect "check for people: a card, then the steps" "wasted 1|line code piece row col moves min_steps change" \
    "$(printf '%s\n' "$out" | grep -E '^(wasted|line)' | tr -s ' ' | paste -sd'|')"
sed '3s/.*/D00000000/' "$T/optimal.txt" > "$T/jump.txt"
expect_error "check of an illegal jump names the line" 2 "line 3: D00000000 is not one step from" check < "$T/jump.txt"
expect "check of an illegal jump: nothing on stdout" "" "$out"
printf '1A9BF0C00\n\n%s\n\n4FEA13400\n' "$neutral" > "$T/blank.txt"
expect_error "check on stdin counts blank lines" 2 "line 5: 4FEA13400 is not one step from $neutral on line 3" check < "$T/blank.txt"
expect_error "check with arguments names the argument's position" 2 "line 2: 4FEA13400 is not one step from 1A9BF0C00 on line 1" \
    check 1A9BF0C00 4FEA13400
expect_error "check of the same layout twice" 2 "line 2: 1A9BF0C00 is not one step" check 1A9BF0C00 1A9BF0C00
expect_error "check of a line that is no layout" 2 "ZZZ" check 1A9BF0C00 ZZZ
expect_error "check of nothing" 2 "no input given" check < /dev/null

# --- the short code, both ways: printed by show, read as a LAYOUT (SPEC.md's values and
# the first and last ids, whose short codes are worked out by hand: 0 is 11111, and
# 29334497 = 29*32^4 + 31*32^3 + 6*32^2 + 31*32 + 1 is VZ7Z2) ---
for pair in 0:11111:000000000 4091296:4WVE1:1A9BF0C00 10399732:AXCZN:4FEA13400 29334497:VZ7Z2:EFFFFFFF0; do
    IFS=: read -r id short hex <<< "$pair"
    run show "#$id" --json
    expect "short code of id $id" "$short $hex" "$(json '"\(.short_code) \(.code)"')"
    run show "$short" --json
    expect "short code $short read back" "$id $hex" "$(json '"\(.id) \(.code)"')"
done
run show 4wve1 --json
expect "a short code in lower case" 1A9BF0C00 "$(json .code)"
run moves AXCZN --json
expect "moves takes a short code" 4FEA13400 "$(json .code)"
expect_error "a short code past the last id" 2 "beyond the last layout, VZ7Z2" show VZ7Z3
run show 1A9BF0 --json
expect "a hex code of five digits is written with a trailing 0" 1A9BF0000 "$(json .code)"

finish
