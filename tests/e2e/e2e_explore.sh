#!/usr/bin/env bash
# End-to-end tests of the explorer's commands of bin/klotski (moves, hint, check) and of
# the short code, against the built database.  `moves` is checked on sampled layouts
# against tests/reference/neighbour_list.c (the naive board model of layout_model.h,
# sharing no code with the tool) for the steps, and against the database read with the
# sqlite3 shell for every resulting layout's min_steps.
. "$(dirname "$0")/lib.sh"
[ -f "$TEST_DB" ] || TEST_DB=$ROOT/data/klotski.db
K=$BIN/klotski
T=$WORK/explore
mkdir -p "$T"

if [ ! -f "$TEST_DB" ]; then
    expect "a database to query (run tests/e2e/e2e_build.sh or make)" present missing
    finish
    exit
fi

# run ARGS...: runs klotski on the test database; sets out, err and status.
run() {
    out=$("$K" --db "$TEST_DB" "$@" 2>"$T/stderr")
    status=$?
    err=$(cat "$T/stderr")
}

# expect_error NAME STATUS TEXT ARGS...: the command fails with STATUS and one line on
# stderr that contains TEXT.
expect_error() {
    local name=$1 want=$2 text=$3
    shift 3
    run "$@"
    expect "$name: exit status" "$want" "$status"
    expect "$name: one line on stderr" 1 "$(printf '%s\n' "$err" | wc -l)"
    case $err in
        *"$text"*) expect "$name: message" ok ok ;;
        *) expect "$name: message" "...$text..." "$err" ;;
    esac
}

# json FILTER: jq on the last output.
json() { printf '%s\n' "$out" | jq -r "$1"; }

NEIGHBOURS=$REFERENCE_BIN/neighbour_list
expect "neighbour lister built by make check" yes "$([ -x "$NEIGHBOURS" ] && echo yes || echo no)"

# --- moves: the SPEC layout, by hand ---
run moves 1A9BF0C00 --json
expect "moves exit status" 0 "$status"
expect "moves 1A9BF0C00 summary" "1A9BF0C00 5-4-1-1 81 8 4" \
    "$(json '[.code, .group, .min_steps, .moves_count, .optimal_count] | map(tostring) | join(" ")')"
expect "moves 1A9BF0C00 first move" "1A98FCC00 o 4 2 5 2 down 1 1 80 -1" \
    "$(json '.move_list[0] | [.code, .piece, .row, .col, .to_row, .to_col, .moves, .distance, .min_steps, .change] | map(tostring) | join(" ")')"
expect "moves 1A9BF0C00 changes, best first" "-1 -1 -1 -1 0 0 0 0" "$(json '[.move_list[].change] | map(tostring) | join(" ")')"
run moves 1A9BF0C00
expect "moves for people: headline" "1A9BF0C00 (81 steps from solved): 8 moves, 4 optimal" "$(printf '%s\n' "$out" | head -1)"
run moves 1A9BF0C00 --csv
expect "moves --csv: header and 8 rows" 9 "$(printf '%s\n' "$out" | wc -l)"
run moves 1A9BF0C00 --md
expect "moves --md: header, rule and 8 rows" 10 "$(printf '%s\n' "$out" | wc -l)"

# --- moves on sampled layouts: steps against the model, min_steps against the database ---
ids="0 29334497"
for i in $(seq 1 60); do ids="$ids $(( (i * 1000003 + i * i * 7919) % 29334498 ))"; done
unsolvable=$(sql "SELECT printf('%09X', min_code) FROM groups WHERE solved = 0 LIMIT 1")
sample=$("$K" --db "$TEST_DB" show $(printf "#%s " $ids) --json | jq -r .code)
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
jq -r '.code as $from | .move_list[] | "\($from) \(.code) \(.distance)"' "$T/moves.json" | sort > "$T/listed.txt"
expect "moves on the sample: every step, with its distance, as the model lists them" \
    "$(sort "$T/model.txt" | md5sum)" "$(md5sum < "$T/listed.txt")"
expect "moves on the sample: steps compared" yes "$([ "$(wc -l < "$T/model.txt")" -gt 500 ] && echo yes || echo no)"
codes=$( (printf '%s\n' "$sample"; cut -d' ' -f2 "$T/model.txt") | sort -u | sed 's/^/0x/' | paste -sd,)
sql "SELECT printf('%09X', code), ifnull(min_steps, 'null') FROM layouts WHERE code IN ($codes)" | tr '|' ' ' | sort > "$T/stored.txt"
jq -r '.move_list[] | "\(.code) \(.min_steps)"' "$T/moves.json" | sort -u > "$T/listed_steps.txt"
expect "moves on the sample: each resulting layout's min_steps as stored" \
    "" "$(join -v1 "$T/listed_steps.txt" "$T/stored.txt"; join "$T/listed_steps.txt" "$T/stored.txt" | awk '$2 != $3')"
expect "moves on the sample: the change is the difference of min_steps (0 when unsolvable)" 0 \
    "$(jq '.min_steps as $f | [.move_list[] | select(.change != (if $f == null or .min_steps == null then 0 else .min_steps - $f end))] | length' "$T/moves.json" | awk '{s += $1} END {print s}')"
expect "moves on the sample: best first, ties by code" 0 \
    "$(jq '[.move_list[] | [.change, .code]] | select(. != sort) | 1' "$T/moves.json" | wc -l)"
expect "moves on the sample: each solvable layout has an optimal step unless solved" 0 \
    "$(jq 'select(.min_steps != null and .min_steps > 0 and .optimal_count == 0) | 1' "$T/moves.json" | wc -l)"
run moves "$unsolvable" --json
expect "moves of an unsolvable layout: listed" "null true" "$(json '"\(.min_steps) \(.moves_count > 0)"')"

expect_error "moves of a bad code" 2 "ZZZ" moves ZZZ

finish
