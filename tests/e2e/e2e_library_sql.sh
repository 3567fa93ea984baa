#!/usr/bin/env bash
# End-to-end test of the SQL functions as a user loads them: `make install PREFIX=...`,
# then the sqlite3 shell `.load`s the INSTALLED PREFIX/lib/klotski/klotski_sqlite.so on
# the test database.  On 1,000 sampled layouts (ids spread by a multiplicative hash),
# given as text (#id) and as the integers layouts.code stores: klotski_code, klotski_id,
# klotski_short, klotski_mirror and klotski_class against `klotski show --json`,
# klotski_board parsed back by the klotski command, klotski_steps against `klotski moves
# --json`, klotski_steps(x, 'straight' or 'unit') against `klotski --metric M moves
# --json`; klotski_min_steps against show's min_steps, and on SPEC.md's 横刀立马 in every
# form; klotski_svg against `show --svg` (the same pieces); the README's join of
# klotski_steps with layouts; klotski_int against the integers; classic names in
# characters and pinyin (SPEC.md's 横刀立马 is 1A9BF0C00, 81 steps); klotski_members
# against a scan of the layouts table in code order; NULL gives NULL; bad input (an illegal code, garbage text, a
# blob, a real, a huge and a negative integer, a scan of klotski_steps without a layout, a
# metric that is none) gives an SQL error with the command's message, and the connection
# answers after each.  klotski_steps' hidden column layout is the argument as given (so
# that WHERE layout = it holds); klotski_version() is the library's version; the entry
# point sqlite3_klotski_init loads by name, and a registration that fails (a second load
# inside a running statement, which SQLite refuses) reports why through *pzErrMsg.
. "$(dirname "$0")/lib.sh"
library_setup sql
mkdir -p "$T/boards"
EXT=$P/lib/klotski/klotski_sqlite.so
expect "make install puts the extension in place" yes "$([ -f "$EXT" ] && echo yes || echo no)"

# ksql SQL...: the sqlite3 shell on the test database with the installed extension loaded.
ksql() { library_run sqlite3 -batch "$TEST_DB" ".load $EXT" "$@"; }

awk 'BEGIN { for (i = 1; i <= 1000; i++) printf "#%d\n", (i * 2654435761) % 29334498 }' > "$T/inputs"
mapfile -t ids < "$T/inputs"
"$K" --db "$TEST_DB" show "${ids[@]}" --json > "$T/show.json"
jq -r '"\(.code)|\(.id)|\(.short_code)|\(.mirror)|\(.class)"' "$T/show.json" > "$T/expected"
texts=$(printf "('%s')," "${ids[@]}")
mapfile -t codes < <(jq -r .code "$T/show.json")
integers=$(for c in "${codes[@]}"; do printf '(%d),' "$((16#$c))"; done)
ksql "WITH s(x) AS (VALUES ${texts%,}) SELECT klotski_code(x), klotski_id(x), klotski_short(x), klotski_mirror(x), klotski_class(x) FROM s" > "$T/from_text"
expect "1000 layouts as text: code, id, short code, mirror, class as the command's" "" "$(diff "$T/expected" "$T/from_text" | head -3)"
ksql "WITH s(x) AS (VALUES ${integers%,}) SELECT klotski_code(x), klotski_id(x), klotski_short(x), klotski_mirror(x), klotski_class(x) FROM s" > "$T/from_integers"
expect "1000 layouts as integers: the same" "" "$(diff "$T/expected" "$T/from_integers" | head -3)"
ksql "WITH s(x) AS (VALUES ${texts%,}) SELECT klotski_int(x) FROM s" > "$T/ints"
expect "klotski_int of 1000 layouts as text: the integers layouts.code holds" "" \
    "$(diff <(printf '%s\n' "${integers%,}" | tr -d '()' | tr ',' '\n') "$T/ints" | head -3)"
expect "the codes are those of the layouts table" 1000 "$(ksql "WITH s(x) AS (VALUES ${integers%,}) SELECT count(*) FROM s JOIN layouts l ON l.code = s.x")"

# klotski_min_steps: the command's min_steps (null: unsolvable) of the 1000 layouts, named
# by id as text and by the integer; SPEC.md's 横刀立马 (81 steps) named as a user would.
jq -r '.min_steps // ""' "$T/show.json" > "$T/min_steps_expected"
expect "klotski_min_steps of 1000 layouts as text: the command's min_steps" "" \
    "$(diff "$T/min_steps_expected" <(ksql "WITH s(x) AS (VALUES ${texts%,}) SELECT klotski_min_steps(x) FROM s") | head -3)"
expect "klotski_min_steps of 1000 layouts as integers: the same" "" \
    "$(diff "$T/min_steps_expected" <(ksql "WITH s(x) AS (VALUES ${integers%,}) SELECT klotski_min_steps(x) FROM s") | head -3)"
expect "the sample holds unsolvable layouts (NULL from klotski_min_steps)" yes \
    "$(grep -qx '' "$T/min_steps_expected" && echo yes || echo no)"
expect "klotski_min_steps of 横刀立马 in every form: 81 (SPEC.md)" "81|81|81|81|81|81|81" \
    "$(ksql "SELECT klotski_min_steps('横刀立马'), klotski_min_steps('hengdaolima'), klotski_min_steps('héng dāo lì mǎ'),
                    klotski_min_steps('4WVE1'), klotski_min_steps('1a9bf0c'), klotski_min_steps('#4091296'),
                    klotski_min_steps(0x1A9BF0C00)")"
expect "klotski_min_steps: NULL gives NULL" 1 "$(ksql "SELECT klotski_min_steps(NULL) IS NULL")"
expect "klotski_min_steps: a bad layout is an SQL error with the command's message" \
    "$("$K" --db "$TEST_DB" show hengdaolma 2>&1 >/dev/null | sed 's/^klotski: /klotski_min_steps: /')" \
    "$(ksql "SELECT klotski_min_steps('hengdaolma')" 2>&1 | sed 's/^.*\(klotski_min_steps: \)/\1/')"
expect "klotski_min_steps on a connection without a klotski database: an SQL error that says so" \
    "klotski_min_steps: not a klotski database (no such table: layouts)" \
    "$(library_run sqlite3 -batch :memory: ".load $EXT" "SELECT klotski_min_steps('4WVE1')" 2>&1 | sed 's/^.*\(klotski_min_steps: \)/\1/')"
out=$(library_run sqlite3 -batch :memory: ".load $EXT" "SELECT klotski_steps('4WVE1')" 2>&1)
expect "klotski_steps is table-valued, as the docs say: no such scalar function" "1 yes" \
    "$? $(printf '%s\n' "$out" | grep -q 'no such function: klotski_steps' && echo yes || echo no)"

# Boards: each written to a file and read back by the command.
ksql "WITH s(x) AS (VALUES ${texts%,}) SELECT klotski_board(x) || '=' FROM s" |
    awk -v dir="$T/boards" '/=$/ { n++; next } { print > (dir "/" n + 0 ".txt") }'
expect "klotski_board: 1000 boards of 5 lines" "1000 5000" "$(ls "$T/boards" | wc -l) $(cat "$T/boards"/*.txt | wc -l)"
boards=()
for i in $(seq 0 999); do boards+=("$T/boards/$i.txt"); done
answered "$K" --db "$TEST_DB" show "${boards[@]}" --json | jq -r .code > "$T/boards_read"
expect "klotski_board: the command reads each board back to its layout" "" "$(diff <(cut -d'|' -f1 "$T/expected") "$T/boards_read" | head -3)"

# Steps.
answered "$K" --db "$TEST_DB" moves "${ids[@]}" --json |
    jq -r '.code as $from | .move_list[] | "\($from)|\(.code)|\(.piece)|\((.row - 1) * 4 + .col - 1)|\((.to_row - 1) * 4 + .to_col - 1)|\(.distance)"' |
    sort > "$T/moves"
ksql "WITH s(x) AS (VALUES ${texts%,}) SELECT klotski_code(s.x), st.next, st.piece, st.from_cell, st.to_cell, st.distance FROM s, klotski_steps(s.x) st" |
    sort > "$T/steps"
expect "klotski_steps of 1000 layouts: the steps of klotski moves" "$(wc -l < "$T/moves") lines, no difference" \
    "$(wc -l < "$T/steps") lines, $(diff "$T/moves" "$T/steps" > "$T/diff" && echo no difference || head -3 "$T/diff")"
# The moves of the other metrics: klotski_steps(x, metric) against klotski --metric moves.
for m in straight unit; do
    answered "$K" --db "$TEST_DB" --metric "$m" moves "${ids[@]}" --json |
        jq -r --arg m "$m" '.code as $from | .move_list[] | "\($m)|\($from)|\(.code)|\(.piece)|\((.row - 1) * 4 + .col - 1)|\((.to_row - 1) * 4 + .to_col - 1)|\(.distance)"'
done | sort > "$T/metric_moves"
ksql "WITH s(x) AS (VALUES ${texts%,}), m(name) AS (VALUES ('straight'), ('unit'))
    SELECT st.metric, klotski_code(s.x), st.next, st.piece, st.from_cell, st.to_cell, st.distance
    FROM s, m, klotski_steps(s.x, m.name) st" | sort > "$T/metric_steps"
expect "klotski_steps(x, 'straight' and 'unit') of 1000 layouts: the moves of klotski --metric moves" \
    "$(wc -l < "$T/metric_moves") lines, no difference" \
    "$(wc -l < "$T/metric_steps") lines, $(diff "$T/metric_moves" "$T/metric_steps" > "$T/diff" && echo no difference || head -3 "$T/diff")"
expect "klotski_steps: the metric column, step when not named, as a hidden column too" "step|8 straight|6 unit|4 unit|4" \
    "$(ksql "SELECT metric, count(*) FROM klotski_steps('4WVE1')
             UNION ALL SELECT metric, count(*) FROM klotski_steps('4WVE1', 'straight')
             UNION ALL SELECT metric, count(*) FROM klotski_steps('4WVE1', 'unit')
             UNION ALL SELECT metric, count(*) FROM klotski_steps WHERE layout = '4WVE1' AND metric = 'unit'" | xargs)"
expect "klotski_steps: next_code is the integer of next" 0 \
    "$(ksql "SELECT count(*) FROM klotski_steps('1A9BF0C00') WHERE klotski_code(next_code) <> next")"
expect "klotski_steps joined with layouts (the README's query)" \
    "$(answered "$K" --db "$TEST_DB" moves 1A9BF0C00 --json | jq -r '.move_list[] | "\(.code)|\(.min_steps)"' | sort)" \
    "$(ksql "SELECT s.next, l.min_steps FROM klotski_steps('1A9BF0C00') s JOIN layouts l ON l.code = s.next_code" | sort)"
expect "klotski_steps: the hidden layout column, the argument as given" "4WVE1|8" \
    "$(ksql "SELECT layout, count(*) FROM klotski_steps WHERE layout = '4WVE1'")"
expect "klotski_steps('4WVE1') WHERE layout = '4WVE1': every step" "8 8 8" \
    "$(ksql "SELECT count(*) FROM klotski_steps('4WVE1') WHERE layout = '4WVE1'
             UNION ALL SELECT count(*) FROM klotski_steps(0x1A9BF0C00) WHERE layout = 0x1A9BF0C00
             UNION ALL SELECT count(*) FROM klotski_steps('#4091296', 'step') WHERE layout = '#4091296'" | xargs)"

# The version, the entry point by name, and a failed registration's message.
expect "klotski_version(): the library's version" "$(sed -n 's/^#define KLOTSKI_VERSION "\(.*\)"/\1/p' "$P/include/klotski.h")" \
    "$(ksql "SELECT klotski_version()")"
expect "load_extension(FILE, 'sqlite3_klotski_init')" "1A9BF0C00" \
    "$(library_run sqlite3 -batch "$TEST_DB" "SELECT load_extension('$EXT', 'sqlite3_klotski_init')" "SELECT klotski_code('4WVE1')" | tail -1)"
out=$(ksql "SELECT load_extension('$EXT', 'sqlite3_klotski_init') FROM (SELECT 1 UNION ALL SELECT 2)" 2>&1)
expect "a failed registration: its message through pzErrMsg" yes \
    "$(grep -q "klotski_sqlite: cannot register klotski_code (libklotski [0-9.]*): unable to delete/modify user-function due to active statements" <<< "$out" && echo yes || echo "no: $out")"

# ---- klotski_int and classic names ----
expect "klotski_int: every form, a name in characters and in pinyin, is 0x1A9BF0C00" \
    "7142837248|7142837248|7142837248|7142837248|7142837248|7142837248|7142837248" \
    "$(ksql "SELECT klotski_int('4WVE1'), klotski_int('1a9bf0c'), klotski_int('#4091296'), klotski_int(0x1A9BF0C00),
        klotski_int('横刀立马'), klotski_int('hengdaolima'), klotski_int('Héng Dāo Lì Mǎ')")"
expect "WHERE code = klotski_int(...) finds the row (README), where klotski_code's text matches nothing" "81|0" \
    "$(ksql "SELECT (SELECT min_steps FROM layouts WHERE code = klotski_int('4WVE1')),
        (SELECT count(*) FROM layouts WHERE code = klotski_code('4WVE1'))")"
expect "the other functions take names: klotski_code('横刀立马'), klotski_short('heng dao li ma'), a pick" \
    "1A9BF0C00|4WVE1|$(answered "$K" --db "$TEST_DB" show '四面楚歌#2' --json | jq -r .code)" \
    "$(ksql "SELECT klotski_code('横刀立马'), klotski_short('heng dao li ma'), klotski_code('simianchuge#2')")"

# ---- klotski_members: a group's members against a scan of layouts, in code order ----
for g in 5-4-1-1 5-3-0-0; do
    expect "klotski_members('$g'): every member, its group_index and min_steps, in code order, as a scan of layouts" \
        "$(sql "SELECT printf('%09X', code), group_index, ifnull(min_steps, 'null') FROM layouts
                WHERE group_id = (SELECT group_id FROM groups WHERE name = '$g') ORDER BY code" | md5sum)" \
        "$(ksql "SELECT printf('%09X', code), group_index, ifnull(min_steps, 'null') FROM klotski_members('$g')" | md5sum)"
done
expect "klotski_members('2-6-1-0'): its 964,656 members, each its own row of layouts" "964656|964656" \
    "$(ksql "SELECT count(*), sum(l.group_index = m.group_index AND l.min_steps IS m.min_steps
                AND l.group_id = (SELECT group_id FROM groups WHERE name = '2-6-1-0'))
             FROM klotski_members('2-6-1-0') m JOIN layouts l USING (code)")"
expect "klotski_members: the hidden group column, as given, and as a constraint" "5-4-1-1|25955 5-4-1-1|25955" \
    "$(ksql "SELECT \"group\", count(*) FROM klotski_members('5-4-1-1')
             UNION ALL SELECT \"group\", count(*) FROM klotski_members WHERE \"group\" = '5-4-1-1'" | xargs)"
expect "klotski_members: ORDER BY code DESC is honoured" "$(sql "SELECT printf('%09X', max(code)) FROM layouts
        WHERE group_id = (SELECT group_id FROM groups WHERE name = '5-4-1-1')")" \
    "$(ksql "SELECT printf('%09X', code) FROM klotski_members('5-4-1-1') ORDER BY code DESC LIMIT 1")"
expect "klotski_members: one row per group joined with groups, for the three smallest groups" \
    "$(sql "SELECT sum(size) FROM (SELECT size FROM groups ORDER BY size, group_id LIMIT 3)")" \
    "$(ksql "SELECT count(*) FROM (SELECT name FROM groups ORDER BY size, group_id LIMIT 3) g, klotski_members(g.name) m")"

# The picture: the pieces of show --svg, which also captions it.
for x in 1A9BF0C00 '#5' 4FEA13400; do
    expect "klotski_svg($x): the pieces and frame of show --svg" "$(answered "$K" --db "$TEST_DB" show "$x" --svg | grep '<rect')" \
        "$(ksql "SELECT klotski_svg('$x')" | grep '<rect')"
done
expect "klotski_svg: one SVG document" "1 1" "$(ksql "SELECT klotski_svg(0x1A9BF0C00)" | grep -c '<svg') $(ksql "SELECT klotski_svg('4WVE1')" | grep -c '</svg>')"

expect "NULL in, NULL out" "1|1|1|1|1|1|1|0|0" "$(ksql "SELECT klotski_code(NULL) IS NULL, klotski_board(NULL) IS NULL,
    klotski_short(NULL) IS NULL, klotski_id(NULL) IS NULL, klotski_mirror(NULL) IS NULL, klotski_class(NULL) IS NULL,
    klotski_svg(NULL) IS NULL, (SELECT count(*) FROM klotski_steps(NULL)),
    (SELECT count(*) FROM klotski_steps('4WVE1', NULL))")"
expect "NULL in, NULL out: klotski_int and klotski_members" "1|0" \
    "$(ksql "SELECT klotski_int(NULL) IS NULL, (SELECT count(*) FROM klotski_members(NULL))")"

# Bad input: an SQL error with the command's message, then the connection still answers.
bad_text=(1A9BF0C01 '#29334498' VZ7Z3 27732773144115510669 zz)
{
    echo ".load $EXT"
    i=0
    for x in "${bad_text[@]}"; do
        echo "SELECT klotski_board('$x');"
        echo "SELECT 'alive $((i += 1))';"
    done
    for v in "x'0102'" 1.5 99999999999999999 -5 "'hello world'" 7142837249; do
        echo "SELECT klotski_code($v);"
        echo "SELECT 'alive $((i += 1))';"
    done
    echo "SELECT * FROM klotski_steps('1A9BF0C01');"
    echo "SELECT * FROM klotski_steps('4WVE1', 'bogus');"
    echo "SELECT * FROM klotski_steps('4WVE1', 2);"
    echo "SELECT * FROM klotski_steps;"
    echo "SELECT * FROM klotski_members('5-4-1-9999');"
    echo "SELECT * FROM klotski_members(5);"
    echo "SELECT * FROM klotski_members;"
    echo "SELECT klotski_int('hengdaolma');"
    echo "SELECT klotski_code('simianchuge');"
    echo "SELECT 'alive last';"
} | library_run sqlite3 -batch "$TEST_DB" > "$T/bad.out" 2> "$T/bad.err"
expect "after each bad input the connection answers" "$(printf 'alive %s\n' $(seq 1 11) last)" "$(cat "$T/bad.out")"
expected_errors=$(for x in "${bad_text[@]}"; do "$K" --db "$TEST_DB" show "$x" 2>&1 >/dev/null | sed 's/^klotski: /klotski_board: /'; done
    echo "klotski_code: a layout is text or an integer code, not a blob"
    echo "klotski_code: a layout is text or an integer code, not a real number"
    echo "klotski_code: 99999999999999999: not a layout code: more than 36 bits"
    echo "klotski_code: -5: not a layout code: negative"
    "$K" --db "$TEST_DB" show 'hello world' 2>&1 >/dev/null | sed -e 's/^klotski: /klotski_code: /' -e 's/board file/board/'
    echo "klotski_code: 1A9BF0C01: not a layout code: unused low bits are not zero"
    echo "klotski_steps: 1A9BF0C01: not a layout code: unused low bits are not zero"
    for m in bogus 2; do "$K" --db "$TEST_DB" --metric "$m" show 4WVE1 2>&1 >/dev/null | sed 's/^klotski: --metric: /klotski_steps: /'; done
    echo "klotski_steps: name a layout: SELECT * FROM klotski_steps('1A9BF0C00')"
    echo "klotski_members: 5-4-1-9999: no such group"
    echo "klotski_members: a group is named as text: klotski_members('5-4-1-1')"
    echo "klotski_members: name a group: SELECT * FROM klotski_members('5-4-1-1')"
    "$K" --db "$TEST_DB" show hengdaolma 2>&1 >/dev/null | sed 's/^klotski: /klotski_int: /'
    "$K" --db "$TEST_DB" show simianchuge 2>&1 >/dev/null | sed 's/^klotski: /klotski_code: /')
expect "bad input: SQL errors with the command's messages" "$expected_errors" "$(sed 's/^[A-Za-z ]*error near line [0-9]*: //' "$T/bad.err")"
# schema/functions.md's examples, as written (but the last, a scan of every row).
awk '/^```sql$/ { inside = 1; next } /^```$/ { inside = 0 } inside' "$ROOT/schema/functions.md" |
    sed '/scan of 29.3M rows/,$d' > "$T/examples.sql"
library_run sqlite3 -batch -cmd ".load $EXT" "$TEST_DB" < "$T/examples.sql" > "$T/examples.out" 2> "$T/examples.err"
expect "schema/functions.md's examples run: exit status, no error" "0 " "$? $(head -3 "$T/examples.err")"
expect "schema/functions.md's examples: klotski_int and names find 横刀立马's row (81 steps)" \
    "81 81 1A9BF0C00|4WVE1" "$(sed -n '/^81$/,/4WVE1$/p' "$T/examples.out" | xargs)"
expect "schema/functions.md's examples: 5-4-1-1's first members with their rows" \
    "$(sql "SELECT printf('%09X', code), min_steps, min_unit_moves FROM layouts
            WHERE group_id = (SELECT group_id FROM groups WHERE name = '5-4-1-1') ORDER BY code LIMIT 3")" \
    "$(grep -A2 '^00A6BFC00|' "$T/examples.out")"
expect "klotski_members on a database of another kind: its error names what is missing" \
    "klotski_members: 5-4-1-1: no such table: groups (the member lists are a klotski database's)" \
    "$(library_run sqlite3 -batch :memory: ".load $EXT" "SELECT * FROM klotski_members('5-4-1-1')" 2>&1 | sed 's/^.*\(klotski_members: \)/\1/')"
rm -rf "$T"
finish
