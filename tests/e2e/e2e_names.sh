#!/usr/bin/env bash
# End-to-end tests of the classic names in the database (issue 23): the `names` table
# read with the sqlite3 shell against data/classic_names.tsv line for line, the view
# named_layouts against the layouts and groups tables joined by hand, and `klotski names
# [--section S]` in every output format against the file read with awk and the tables
# read with sqlite3 (python3's csv module reads the CSV).  SPEC.md's facts of 横刀立马
# (1A9BF0C00: 81 steps, group 5-4-1-1) come out of plain SQL by its name.
. "$(dirname "$0")/lib.sh"
K=$BIN/klotski
T=$WORK/names
rm -rf "$T"
mkdir -p "$T"
use_database
TSV=$ROOT/data/classic_names.tsv
lines=$(wc -l < "$TSV")

# ---- the table: every line of the file, in its order ----
expect "the names table has a row per line of data/classic_names.tsv" "$lines" "$(sql 'SELECT count(*) FROM names')"
sqlite3 -batch -separator "$(printf '\t')" "$TEST_DB" \
    "SELECT printf('%09X', code), name, section FROM names ORDER BY name_id" > "$T/table.tsv"
expect "the names table holds the file's lines, in order" "$(md5sum < "$TSV")" "$(md5sum < "$T/table.tsv")"
expect "name_id counts the file's lines from 1" "1 $lines" "$(sql 'SELECT min(name_id), max(name_id) FROM names' | tr '|' ' ')"
expect "every named code is a layout" 0 "$(sql 'SELECT count(*) FROM names WHERE code NOT IN (SELECT code FROM layouts)')"

# ---- the view: a name's facts from plain SQL ----
expect "SQL finds 横刀立马 by its name, with SPEC's facts" "1A9BF0C00|81|5-4-1-1|7472|25955|5-4-1" \
    "$(sql "SELECT code_hex, min_steps, group_name, group_index, group_size, class FROM named_layouts WHERE name = '横刀立马'")"
expect "the view has a row per name" "$lines" "$(sql 'SELECT count(*) FROM named_layouts')"
sql "SELECT n.name_id, printf('%09X', n.code), ifnull(l.min_steps, 'null'), g.name, l.group_index
     FROM names n, layouts l, groups g WHERE l.code = n.code AND g.group_id = l.group_id ORDER BY n.name_id" > "$T/joined.txt"
sql "SELECT name_id, code_hex, ifnull(min_steps, 'null'), group_name, group_index FROM named_layouts ORDER BY name_id" > "$T/view.txt"
expect "the view's facts are the layouts' and groups' rows" "$(md5sum < "$T/joined.txt")" "$(md5sum < "$T/view.txt")"

# ---- klotski names: every format ----
# The expected rows: the file's code, name and section, with min_steps and group read from
# the tables by code.
awk -F'\t' '{print $1}' "$TSV" | sed 's/^/0x/' | paste -sd, > "$T/codes.txt"
sql "SELECT printf('%09X', l.code), ifnull(l.min_steps, 'null'), g.name FROM layouts l JOIN groups g USING (group_id)
     WHERE l.code IN ($(cat "$T/codes.txt"))" | tr '|' '\t' | sort > "$T/facts.tsv"
awk -F'\t' '{print NR "\t" $0}' "$TSV" | sort -t"$(printf '\t')" -k2,2 \
    | join -t"$(printf '\t')" -1 2 -2 1 - "$T/facts.tsv" \
    | awk -F'\t' -v OFS='\t' '{print $2, $3, $1, $5, $6, $4}' | sort -n | cut -f2- > "$T/expected.tsv"
expect "expected rows: one per line of the file" "$lines" "$(wc -l < "$T/expected.tsv")"

run names --json
expect "names --json: exit status" 0 "$status"
printf '%s\n' "$out" | jq -r '[.name, .code, (.min_steps | tostring), .group, .section] | @tsv' > "$T/json.tsv"
expect "names --json: name, code, min_steps, group, section of every line, in the file's order" \
    "$(md5sum < "$T/expected.tsv")" "$(md5sum < "$T/json.tsv")"
expect "names --json: the fields" '["code","group","min_steps","name","section"]' "$(printf '%s\n' "$out" | head -1 | jq -c keys)"

run names --csv
expect "names --csv: exit status" 0 "$status"
printf '%s\n' "$out" | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
print("\t".join(rows[0]))
for r in rows[1:]:
    print("\t".join(c if c else "null" for c in r))' > "$T/csv.tsv"
expect "names --csv: the header" "name	code	min_steps	group	section" "$(head -1 "$T/csv.tsv")"
expect "names --csv: the rows of the file" "$(md5sum < "$T/expected.tsv")" "$(tail -n +2 "$T/csv.tsv" | md5sum)"

run names --md
expect "names --md: a header, a rule and a row per line" "$((lines + 2))" "$(printf '%s\n' "$out" | wc -l)"
expect "names --md: the first row" "| 横刀立马 | 1A9BF0C00 | 81 | 5-4-1-1 | 华容道经典布局40种 |" "$(printf '%s\n' "$out" | sed -n 3p)"

run names
expect "names for people: a header and a row per line" "$((lines + 1))" "$(printf '%s\n' "$out" | wc -l)"
expect "names for people: the first row" "横刀立马 1A9BF0C00 81 5-4-1-1 华容道经典布局40种" "$(printf '%s\n' "$out" | sed -n 2p | tr -s ' ')"

# ---- --section: each section whole, by its name and by a part only it has ----
cut -f3 "$TSV" | awk '!seen[$0]++' > "$T/sections.txt"
while IFS= read -r section; do
    run names --json --section "$section"
    expect "names --section $section: exit status" 0 "$status"
    expect "names --section $section: its lines of the file" \
        "$(awk -F'\t' -v s="$section" '$3 == s {print $1 "\t" $2}' "$TSV" | md5sum)" \
        "$(printf '%s\n' "$out" | jq -r '[.code, .name] | @tsv' | md5sum)"
done < "$T/sections.txt"
expect "the file has five sections" 5 "$(wc -l < "$T/sections.txt")"
run names --section 经典 --csv
expect "names --section 经典: the 40 classic layouts" 41 "$(printf '%s\n' "$out" | wc -l)"
expect_error "names --section of no section" 1 "no such section; the sections are 华容道经典布局40种" names --section 象棋
expect_error "names --section of a part several have" 2 "names 3 sections" names --section 华容道
expect_error "names takes no arguments" 2 "names takes no arguments" names 横刀立马
run names --help
has "names --help: the option" "--section S"
run --help
has "klotski --help lists names" "names      the classic names"

finish
