#!/usr/bin/env bash
# The three ways to count of SPEC.md ("Other ways to count") in the test database:
# min_steps, min_straight_moves and min_unit_moves against tests/reference/metric_check.c
# (breadth-first searches of its own over the naive model's steps, straight moves and
# unit moves: whole small classes, and layouts of every class checked against their
# neighbours), then, by SQL over every layout, steps <= straight <= unit; SPEC.md's
# Century (99 steps, a published solution of 111 straight moves); the per-group and
# whole-database largest counts and the hardest_moves rows against the layouts rows;
# klotski's show, solve and check under --metric (routes checked by step_check.c).
. "$(dirname "$0")/lib.sh"
K=$BIN/klotski
T=$WORK/metrics
mkdir -p "$T"
use_database
METRIC_CHECK=$REFERENCE_BIN/metric_check

if [ -x "$METRIC_CHECK" ]; then
    out=$("$METRIC_CHECK" "$TEST_DB")
    status=$?
    printf '%s\n' "$out" | grep -v '^metric_check:' | head -n 40
    join_checks metric_check "$out" "$status"
else
    expect "metric_check built by make check" "$METRIC_CHECK" missing
fi

# One pass over every layout: the order of the three counts, each group's largest under
# each metric against the groups table, and each group's layer sizes under each metric
# against the view layer_sizes (move_layers, and layers' row of an unsolvable group):
# per group the sum over its members of a mark of their depth, d^3 + 1000003 d (NULL as
# 255), which any change of a member's depth or of a layer's size changes.
expect "every layout: steps <= straight <= unit moves, NULL together; every group's largest; its layer sizes" \
    "0|0|0|0" \
    "$(sql "SELECT sum(disordered), sum(g.max_min_straight_moves IS NOT x.straight
                                      OR g.max_min_unit_moves IS NOT x.unit),
                   sum(x.straight_marks IS NOT m.straight), sum(x.unit_marks IS NOT m.unit)
            FROM (SELECT group_id, max(min_straight_moves) AS straight,
                         max(min_unit_moves) AS unit,
                         sum(min_straight_moves < min_steps OR min_unit_moves < min_straight_moves
                             OR (min_steps IS NULL) <> (min_unit_moves IS NULL)) AS disordered,
                         sum(coalesce(min_straight_moves, 255) * (coalesce(min_straight_moves, 255)
                             * coalesce(min_straight_moves, 255) + 1000003)) AS straight_marks,
                         sum(coalesce(min_unit_moves, 255) * (coalesce(min_unit_moves, 255)
                             * coalesce(min_unit_moves, 255) + 1000003)) AS unit_marks
                  FROM layouts GROUP BY group_id) x JOIN groups g USING (group_id)
            JOIN (SELECT group_id, sum(CASE metric WHEN 'straight' THEN size * d * (d * d + 1000003) END) AS straight,
                         sum(CASE metric WHEN 'unit' THEN size * d * (d * d + 1000003) END) AS unit
                  FROM (SELECT metric, group_id, size, coalesce(depth, 255) AS d FROM layer_sizes)
                  GROUP BY group_id) m USING (group_id)")"

# Century, oKKo/VKKV/V.VV/o.Vo/HHHH: SPEC.md's 99 steps, and at most the published 111
# straight moves.
century=$(sql "SELECT min_steps, min_straight_moves <= 111, min_straight_moves >= 99,
                      min_unit_moves >= min_straight_moves
               FROM layouts WHERE code = 0x1FA2CD400")
expect "Century: 99 steps, straight moves in 99..111, unit moves no fewer" "99|1|1|1" "$century"

for metric in straight unit; do
    column=min_${metric}_moves
    expect "$metric: hardest_moves rows per group = groups.hardest_${metric}_count" 0 \
        "$(sql "SELECT count(*) FROM groups g LEFT JOIN
                (SELECT group_id, count(*) AS rows FROM hardest_moves
                 WHERE metric = '$metric' GROUP BY group_id) h USING (group_id)
                WHERE ifnull(g.hardest_${metric}_count, 0) <> ifnull(h.rows, 0)")"
    expect "$metric: every hardest_moves row is its layout's count and its group's largest" 0 \
        "$(sql "SELECT count(*) FROM hardest_moves h JOIN layouts l USING (code)
                JOIN groups g ON g.group_id = h.group_id
                WHERE h.metric = '$metric' AND (l.$column <> h.min_moves
                   OR g.max_$column <> h.min_moves OR l.group_id <> h.group_id)")"
    expect "$metric: meta max_$column is the largest of the groups'" \
        "$(sql "SELECT max(max_$column) FROM groups")" \
        "$(sql "SELECT value FROM meta WHERE key = 'max_$column'")"
done

# stats under --metric (the layer sizes of move_layers, checked above): depths against
# move_layers and layers' unsolvable rows read without the view, and the view
# metric_depth_histogram; classes and groups against the groups table; the chart's bars
# and axis against the table; /api/stats?metric= against the command line.
for metric in straight unit; do
    column=min_${metric}_moves
    run --metric $metric --csv stats depths
    expect "stats depths --metric $metric: move_layers per depth, then the unsolvable" \
        "$(echo "$column,layouts,groups"
           sql "SELECT depth || ',' || sum(size) || ',' || count(*) FROM move_layers
                WHERE metric = '$metric' GROUP BY depth ORDER BY depth"
           sql "SELECT ',' || sum(size) || ',' || count(*) FROM layers WHERE depth IS NULL")" \
        "$out"
    expect "metric_depth_histogram, $metric: as stats depths" \
        "$(printf '%s\n' "$out" | sed '1d;/^,/d')" \
        "$(sql "SELECT depth || ',' || layouts || ',' || groups FROM metric_depth_histogram
                WHERE metric = '$metric' ORDER BY depth")"
    run --metric $metric --csv stats classes
    expect "stats classes --metric $metric: each class's largest $column of its groups" \
        "$(sql "SELECT c.name || ',' || ifnull(max(g.max_$column), '') FROM classes c JOIN groups g USING (class_id)
                GROUP BY c.class_id ORDER BY c.class_id" | paste -sd' ')" \
        "$(printf '%s\n' "$out" | awk -F, -v c=max_$column 'NR == 1 { ok = $9 == c } NR > 1 && ok { print $1 "," $9 }' | paste -sd' ')"
    run --metric $metric --csv stats groups --class 5-4-2
    expect "stats groups --metric $metric: the groups' max_$column and hardest_${metric}_count" \
        "max_$column,hardest_${metric}_count $(sql "SELECT ifnull(max_$column, '') || ',' || ifnull(hardest_${metric}_count, '')
            FROM groups WHERE class_id = (SELECT class_id FROM classes WHERE name = '5-4-2')
            ORDER BY group_id" | paste -sd' ')" \
        "$(printf '%s\n' "$out" | cut -d, -f6,7 | paste -sd' ')"
done
"$K" --db "$TEST_DB" --metric unit stats depths --class 5-4-1 --svg > "$T/depths.svg"
report=$(answered python3 "$REFERENCE/picture_check.py" bars "$T/depths.svg" 2>&1)
expect "stats depths --svg --metric unit: a bar per row of the table" \
    "$(answered "$K" --db "$TEST_DB" --metric unit --csv stats depths --class 5-4-1 | sed '1d;/^,/d' | cut -d, -f1,2 | tr , ' ')" \
    "$(printf '%s\n' "$report" | sed '$d')"
expect "stats depths --svg --metric unit: bar heights follow the values" "heights ok" "$(printf '%s\n' "$report" | tail -1)"
expect "stats depths --svg --metric unit: the axis and the title name min_unit_moves" 2 \
    "$(grep -c -e '<text class="x-label"[^>]*>min_unit_moves<' -e '>Layouts by min_unit_moves in class 5-4-1<' "$T/depths.svg")"
serve_test_database
for table in classes depths; do
    expect "/api/stats?table=$table&metric=unit: the rows of stats $table --metric unit" \
        "$(answered "$K" --db "$TEST_DB" --metric unit --json stats $table --class 5-4-1 | jq -cS .)" \
        "$(curl -s "$URL/api/stats?table=$table&class=5-4-1&metric=unit" | jq -cS '.[]')"
done
expect "/api/stats?metric=diagonal: refused, naming the metric" "400 1" \
    "$(curl -s -o "$T/body" -w '%{http_code}' "$URL/api/stats?table=depths&metric=diagonal") $(grep -c 'is no metric' "$T/body")"

# The query tool: show gives the three counts; solve --metric M gives a route of the
# stored length that tests/reference/step_check.c accepts move by move under M, and
# check of it wastes nothing; a route of another metric is refused by check.
STEP_CHECK=$REFERENCE_BIN/step_check
run show 1FA2CD400 --json
expect "show: the three counts of Century" "99 111 131" \
    "$(json '"\(.min_steps) \(.min_straight_moves) \(.min_unit_moves)"')"
for metric in step straight unit; do
    case $metric in
        step) column=min_steps; unit=steps ;;
        *) column=min_${metric}_moves; unit="$metric moves" ;;
    esac
    for code in 1A9BF0C00 1FA2CD400; do
        stored=$(sql "SELECT $column FROM layouts WHERE code = 0x$code")
        run --metric "$metric" solve --codes "$code"
        printf '%s\n' "$out" > "$T/route.txt"
        arg=$metric; [ "$metric" = step ] && arg=
        expect "solve --metric $metric $code: checked by the model, the stored length" \
            "$stored $unit" "$("$STEP_CHECK" $arg < "$T/route.txt")"
        run --metric "$metric" --json check - < "$T/route.txt"
        expect "check --metric $metric of that route: nothing wasted" "0 true" \
            "$(json '"\(.wasted) \(.solved)"')"
    done
done
"$K" --db "$TEST_DB" --metric straight solve --codes 1A9BF0C00 > "$T/straight.txt"
run --metric unit check - < "$T/straight.txt"
expect "check --metric unit refuses a straight move of two cells" 2 "$status"
run --json group 5-4-2-0
expect "group: the largest count under each metric, as the groups table holds them" \
    "$(sql "SELECT max_min_steps || ' ' || max_min_straight_moves || ' ' || max_min_unit_moves
            FROM groups WHERE name = '5-4-2-0'")" \
    "$(json '"\(.max_min_steps) \(.max_min_straight_moves) \(.max_min_unit_moves)"')"
run --metric unit --csv hardest --group 5-4-2-0 --limit 3
expect "hardest --metric unit: the group's hardest under unit moves, as hardest_moves lists them" \
    "$(sql "SELECT group_concat(printf('%09X,%d', code, min_moves), ' ') FROM (SELECT code, min_moves
            FROM hardest_moves JOIN groups USING (group_id) WHERE metric = 'unit'
            AND name = '5-4-2-0' ORDER BY code LIMIT 3)")" \
    "$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f1,3 | tr '\n' ' ' | sed 's/ $//')"
KLOTSKI_METRIC=unit run solve 1A9BF0C00
has "KLOTSKI_METRIC=unit: solve counts unit moves" "in 116 unit moves"
expect_error "--metric with a bad name" 2 "is no metric" --metric diagonal show 1A9BF0C00

# ---- task A (issue 22): the texts for people say the metric's unit; JSON keeps its names ----
straight=$(sql "SELECT min_straight_moves FROM layouts WHERE code = 0x1A9BF0C00")
unit=$(sql "SELECT min_unit_moves FROM layouts WHERE code = 0x1A9BF0C00")
band=$((unit / 10 * 10))
run --metric unit hint --level 3 1A9BF0C00
has "hint --metric unit: the band in unit moves" "1A9BF0C00: between $band and $((band + 9)) unit moves left"
run --metric straight hint "$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps = 0 LIMIT 1")"
has "hint --metric straight of a solved layout" "solved, no straight move left"
run --metric unit moves 1A9BF0C00
optimal=$("$K" --db "$TEST_DB" --json --metric unit moves 1A9BF0C00 | jq -r '"\(.moves_count) unit moves, \(.optimal_count) optimal"')
expect "moves --metric unit: the headline in unit moves" "1A9BF0C00 ($unit unit moves from solved): $optimal" \
    "$(printf '%s\n' "$out" | head -1)"
has "moves --metric unit: the columns say unit moves" "unit_move"
run --metric straight solve 1A9BF0C00
has "solve --metric straight: in straight moves" "in $straight straight moves"
run --metric straight path 1A9BF0C00 1A98FCC00
has "path --metric straight: one straight move, singular" "in 1 straight move"$'\n'
"$K" --db "$TEST_DB" --metric unit solve --codes 1A9BF0C00 | head -n 3 > "$T/unit3.txt"
run --metric unit check - < "$T/unit3.txt"
has "check --metric unit: the count of moves in unit moves" "unit moves            2"
has "check --metric unit: the start's count in unit moves" "start min unit moves  $unit"
run --json --metric unit check - < "$T/unit3.txt"
expect "check --json --metric unit: the field names stay, the counts are unit moves" "2 $unit" \
    "$(json '"\(.steps) \(.start_min_steps)"')"
expect_error "check --metric straight: a step round a corner is no straight move" 2 \
    "is not one straight move from 1A9BF0C00 on line 1" --metric straight check 1A9BF0C00 \
    "$("$K" --db "$TEST_DB" --json moves 1A9BF0C00 | jq -r '.move_list[] | select(.moves | contains(",")) | .code' | head -n 1)"
run --metric straight solve --html 1A9BF0C00
has "solve --html --metric straight: the title" "<title>横刀立马 (1A9BF0C00) → DAAF4CC00: a minimal solution in $straight straight moves</title>"
# hardest beyond the scope's hardest under straight and unit moves, against SQL's own
# ranking: one scan of the layouts rows keeps those with at least 120 straight or 150 unit
# moves (918 rows, over 300 under each metric) and all of group 5-4-1-1, so that each
# scope's first N are among them when the scan kept N or more of that scope.
sqlite3 -batch -separator ' ' "$TEST_DB" "SELECT printf('%09X', l.code), l.min_straight_moves, l.min_unit_moves,
    g.name, c.name FROM layouts l JOIN groups g USING (group_id) JOIN classes c USING (class_id)
    WHERE l.min_straight_moves >= 120 OR l.min_unit_moves >= 150
       OR l.group_id = (SELECT group_id FROM groups WHERE name = '5-4-1-1')" > "$T/deep.txt"
# ranked METRIC FIELD VALUE LIMIT: the scan's first LIMIT of the scope (field 4 group, 5
# class, 0 all) as "code count group" lines, most moves first, ties by code.
ranked() {
    local column=2 least=120
    [ "$1" = unit ] && column=3 least=150
    awk -v c="$column" -v least="$least" -v f="$2" -v v="$3" \
        '(f == 0 || $f == v) && ($c >= least || $4 == "5-4-1-1") { print $1, $c, $4 }' "$T/deep.txt" |
        sort -k2,2nr -k1,1 | head -n "$4"
}
for scope in "straight 0 all 300" "unit 0 all 300" "unit 5 5-4-3 200" "straight 5 5-4-2 60" \
             "straight 4 5-4-1-1 40" "unit 4 5-4-1-1 40"; do
    set -- $scope
    case $2 in 0) option=() ;; 4) option=(--group "$3") ;; *) option=(--class "$3") ;; esac
    expected=$(ranked "$@")
    expect "hardest --metric $1 ${option[*]}: the scan holds the scope's first $4" "$4" \
        "$(printf '%s\n' "$expected" | grep -c .)"
    run --metric "$1" hardest "${option[@]}" --limit "$4"
    expect "hardest --metric $1 ${option[*]} --limit $4: as SQL ranks the layouts" "$expected" \
        "$(printf '%s\n' "$out" | tail -n +2 | awk '{print $1, $3, $4}')"
done
finish
