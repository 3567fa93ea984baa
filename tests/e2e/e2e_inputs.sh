#!/usr/bin/env bash
# End-to-end tests of what a user types and of what the tool says back (issue 23):
# every LAYOUT form, with the blanks, 0x, case, CRLF and byte-order marks people bring,
# read the same in every place a layout is asked for: a command's argument, a line of
# stdin, a board file, a board on stdin, an attempt for `check` (boards separated by
# blank lines, steps written as `moves` prints them), and the server's API (started on a
# free port of 127.0.0.1).  Each form is judged against the code that SPEC.md's reference
# layout 横刀立马 has (1A9BF0C00, id 4091296), and the steps of an attempt against the
# codes `moves` lists.  Then the errors: cut to a readable length, control bytes and
# bad UTF-8 escaped, `--db` on a folder, a non-SQLite file and an unreadable file,
# unknown commands, options given values they do not take, two output formats.  Then
# the database found beside the program from another folder, and the peak memory of the
# longest listing (GNU time).
. "$(dirname "$0")/lib.sh"
use_database
K=$BIN/klotski
T=$WORK/inputs
rm -rf "$T"
mkdir -p "$T"
REF=1A9BF0C00

# code_of ARGS...: the codes the answers of `klotski show --json ARGS` name, on one line.
code_of() { answered "$K" --db "$TEST_DB" show --json "$@" 2>"$T/stderr" | jq -r '.code' | paste -sd' '; }

# --- 1. every LAYOUT form in every place ---------------------------------------------
printf 'VKKV\nVKKV\nVHHV\nVooV\no..o\n' >"$T/board.txt"
printf '\xEF\xBB\xBFVKKV\r\nVKKV\r\nVHHV\r\nVooV\r\no..o\r\n' >"$T/board_crlf_bom.txt"
"$K" --db "$TEST_DB" show $REF >"$T/drawing.txt"
forms=(
    "$REF" "1a9bf0c" " 1a9bf0c " "0x1A9BF0C00" "0X1a9bf0c" "4WVE1" "4wve1" " 4wVe1	"
    "#4091296" " #4091296 " "VKKVVKKVVHHVVooVo..o" "vkkvvkkvvhhvvoovo..o" " VKKVVKKVVHHVVooVo..o "
    "27732773455641161001" " 27732773455641161001" "横刀立马" " 横刀立马 "
    "BAAC/BAAC/DEEF/DGHF/I..J" "baac/baac/deef/dghf/i__j" "BAACBAACDEEFDGHFI..J"
)
for form in "${forms[@]}"; do
    expect "argument '$form'" $REF "$(code_of "$form")"
    expect "stdin line '$form'" $REF "$(printf '%s\n' "$form" | code_of)"
    expect "stdin line '$form' with CRLF" $REF "$(printf '%s\r\n' "$form" | code_of)"
    expect "check argument '$form'" $REF \
        "$(answered "$K" --db "$TEST_DB" check --json "$form" 2>/dev/null | jq -r .start)"
done
expect "stdin starting with a byte-order mark" $REF "$(printf '\xEF\xBB\xBF1A9BF0C00\n' | code_of)"
for file in board.txt board_crlf_bom.txt drawing.txt; do
    expect "board file $file" $REF "$(code_of "$T/$file")"
    expect "board file $file on stdin" $REF "$(code_of <"$T/$file")"
    expect "board file $file as -" $REF "$(code_of - <"$T/$file")"
    expect "check of board file $file" $REF "$(answered "$K" --db "$TEST_DB" check --json "$T/$file" | jq -r .start)"
done
# Several boards on stdin, separated by blank lines, each answered; show's own output too.
expect "two boards on stdin" "$REF 1A9BCF000" \
    "$(printf 'VKKV\nVKKV\nVHHV\nVooV\no..o\n\nVKKV\nVKKV\nVHHV\nVooV\n.oo.\n' | code_of)"
expect "show's output of two layouts, read back" "$REF 1A9BCF000" \
    "$(answered "$K" --db "$TEST_DB" show $REF 1A9BCF000 | code_of)"

# Boards in letters, one symbol per piece (issue 30), as other solvers and puzzle books
# write them: the issue's board on stdin and as an argument, then sampled layouts of
# several classes written so by an independent model (pieces_as_symbols below: a new
# symbol per piece of the board show prints, blanks as . _ or a space), read back.
letters_board='BAAC\nBAAC\nDEEF\nDGHF\nI..J\n'
expect "a board in letters on stdin" $REF "$(printf "$letters_board" | code_of)"
expect "a board in letters in a file" $REF "$(printf "$letters_board" >"$T/letters.txt"; code_of "$T/letters.txt")"
expect "a board in letters as one argument" $REF "$(code_of "$(printf "$letters_board")")"
expect "a board in letters with spaces for blanks" $REF "$(printf 'BAAC\nBAAC\nDEEF\nDGHF\nI  J\n' | code_of)"
expect "a board in letters, then a code, on stdin" "$REF 1A9BCF000" "$(printf "${letters_board}\n1A9BCF000\n" | code_of)"
expect "check of an attempt in letters" $REF \
    "$(printf "$letters_board" | answered "$K" --db "$TEST_DB" check --json | jq -r .start)"
expect_error "a board in letters cut short" 2 "stdin, line 1: not a board: it ends after 3 rows; a board is 5 lines of 4 cells" \
    show < <(printf 'BAAC\nBAAC\nDEEF\n')
run show < <(printf 'BAAC\nBAAC\nDEEF\n')
expect "a board cut short on stdin: one error, no code shown" "2 1 " "$status $(one_line "$err") $out"
expect_error "a board in letters with a short line" 2 "stdin, line 1: not a board: its line 4 (DGH) has 3 cells, not 4" \
    show < <(printf 'BAAC\nBAAC\nDEEF\nDGH\nI..J\n')
expect_error "a board in letters with a sixth row" 2 "not a board: its line 6 is a 6th row" \
    show < <(printf 'BAAC\nBAAC\nDEEF\nDGHF\nI..J\nKLMN\n')
expect_error "a board file in letters with a short line" 2 "$T/short.txt: not a board: its line 4 (DGH) has 3 cells, not 4" \
    show "$(printf 'BAAC\nBAAC\nDEEF\nDGH\nI..J\n' >"$T/short.txt"; echo "$T/short.txt")"
expect_error "a piece of no shape" 2 "BAAC/BAAC/DEEF/DGGF/I..G: not a board: piece G covers 3 cells that are not a 2x2, 1x2, 2x1 or 1x1 block" \
    show BAAC/BAAC/DEEF/DGGF/I..G
expect_error "a symbol that is no cell" 2 "not a board: '*' is no cell" show 'BAAC/BAAC/DEEF/DGHF/I..*'
expect_error "no 2x2 piece" 2 "not a board: there must be exactly one 2x2 piece" show ABBC/ADDC/EFGH/EIJH/K..L
pieces_as_symbols() {
    python3 -c '
import sys
symbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
blanks = "._ "
for n, board in enumerate(sys.stdin.read().split()):
    out, used, next_blank = [None] * 20, 0, n
    for cell in range(20):
        if out[cell] is not None:
            continue
        kind = board[cell].upper()
        if kind == ".":
            # a space never ends or starts a row, where an editor may drop it
            out[cell] = blanks[next_blank % 3] if cell % 4 in (1, 2) else blanks[next_blank % 2]
            next_blank += 1
            continue
        symbol = symbols[(used * 7 + n) % len(symbols)]
        used += 1
        for other in {"O": [0], "H": [0, 1], "V": [0, 4], "K": [0, 1, 4, 5]}[kind]:
            out[cell + other] = symbol
    print("\n".join("".join(out[r * 4:r * 4 + 4]) for r in range(5)) + "\n")
'
}
sampled=$(answered "$K" --db "$TEST_DB" hardest --limit 40 --csv | tail -n +2 | cut -d, -f1
          answered "$K" --db "$TEST_DB" group 2-6-1-0 --members --limit 30 --csv | tail -n +2 | cut -d, -f2
          answered "$K" --db "$TEST_DB" group 0-10-0-0 --members --limit 10 --csv | tail -n +2 | cut -d, -f2)
printf '%s\n' $sampled | answered "$K" --db "$TEST_DB" show --json | jq -r .board >"$T/sampled_boards.txt"
pieces_as_symbols <"$T/sampled_boards.txt" >"$T/sampled_letters.txt"
expect "sampled layouts of three classes, in letters on stdin, read back" "$(printf '%s\n' $sampled | paste -sd' ')" \
    "$(code_of <"$T/sampled_letters.txt")"
expect "... 80 of them" 80 "$(printf '%s\n' $sampled | grep -c .)"

# A decimal that is no code but an id: the error suggests #N.
expect_error "decimal id" 2 "did you mean the id #4091296?" show 4091296
expect_error "decimal id with blanks" 2 "did you mean the id #4091296?" show " 4091296 "

# check: an attempt as a start and steps in the notation of moves, boards, files.
first_moves=$(answered "$K" --db "$TEST_DB" moves --json $REF | jq -r '.move_list[0] | "\(.piece) r\(.row)c\(.col) \(.moves) \(.code)"')
step=${first_moves% *}
after=${first_moves##* }
second=$(answered "$K" --db "$TEST_DB" moves --json "$after" | jq -r '.move_list[0] | "\(.piece) r\(.row)c\(.col) \(.moves) \(.code)"')
step2=${second% *}
end=${second##* }
expect "check of a start and two steps on stdin: the codes" "$REF $after $end" \
    "$(printf '%s\n%s\n%s\n' "$REF" "$step" "$step2" | answered "$K" --db "$TEST_DB" check --json | jq -r '[.step_list[].code] | join(" ")')"
expect "check of steps in other case and spacing" "$end" \
    "$(printf '%s\n%s\n%s\n' "横刀立马" "$(printf '%s' "$step" | tr 'a-z' 'A-Z')" "  $step2  " |
       answered "$K" --db "$TEST_DB" check --json | jq -r .end)"
expect "check of a start and two steps as arguments" "$end" \
    "$(answered "$K" --db "$TEST_DB" check --json "$REF" "$step" "$step2" | jq -r .end)"
printf 'VKKV\r\nVKKV\r\nVHHV\r\nVooV\r\no..o\r\n\r\n%s\r\n' "$step" >"$T/attempt.txt"
answered "$K" --db "$TEST_DB" show --json "$end" | jq -r .board | sed 's/..../&\n/g' | sed '/^$/d' >>"$T/attempt.txt"
expect "check of an attempt file: a board, a step, a board" "$REF $after $end" \
    "$(answered "$K" --db "$TEST_DB" check --json "$T/attempt.txt" | jq -r '[.step_list[].code] | join(" ")')"
expect "check of the attempt on stdin" "$REF $after $end" \
    "$(answered "$K" --db "$TEST_DB" check --json <"$T/attempt.txt" | jq -r '[.step_list[].code] | join(" ")')"
expect_error "a step that no piece makes" 2 "o r4c2 up 3: argument 2: not a step from $REF" check "$REF" "o r4c2 up 3"
expect_error "a step with nothing before it" 2 "a step needs the layout it starts from" check "o r4c2 down 1"

# The same forms through the server's API.
serve_test_database
for form in "${forms[@]}"; do
    for route in layout moves solve; do
        expect "API /api/$route '$form'" $REF \
            "$(curl -s --max-time 30 -G "$URL/api/$route" --data-urlencode "layout=$form" | jq -r '.code // .start // .route[0].code // .error')"
    done
    expect "API /api/board?layout= '$form'" "true $REF" \
        "$(curl -s --max-time 30 -G "$URL/api/board" --data-urlencode "layout=$form" | jq -r '"\(.legal) \(.code)"')"
    expect "page /?layout= '$form'" 200 \
        "$(curl -s --max-time 30 -o /dev/null -w '%{http_code}' -G "$URL/" --data-urlencode "layout=$form")"
done
expect "API /api/board?board= with blanks" "true $REF" \
    "$(curl -s --max-time 30 -G "$URL/api/board" --data-urlencode "board= VKKVVKKVVHHVVooVo..o " | jq -r '"\(.legal) \(.code)"')"
expect "API /api/board?board= in letters, one symbol per piece" "true $REF" \
    "$(curl -s --max-time 30 -G "$URL/api/board" --data-urlencode "board=BAACBAACDEEFDGHFI..J" | jq -r '"\(.legal) \(.code)"')"
expect "API /api/board?board= in letters cut short: the codec's reason" "false it ends after 3 rows; a board is 5 lines of 4 cells" \
    "$(curl -s --max-time 30 -G "$URL/api/board" --data-urlencode "board=BAAC/BAAC/DEEF" | jq -r '"\(.legal) \(.error)"')"
expect "the library reads a board in letters (Python, build tree)" "1A9BF0C00 ValueError('board: not a board: it ends after 3 rows; a board is 5 lines of 4 cells')" \
    "$(LIBRARY_PRELOAD=${SANITIZED:+$(cc -print-file-name=libasan.so)}
       PYTHONPATH=${KLOTSKI_TEST_OBJ:-$ROOT/build/release}/python library_run /usr/bin/python3 -c '
import klotski
print(klotski.Layout("BAAC\nBAAC\nDEEF\nDGHF\nI..J\n").code, end=" ")
try:
    klotski.Layout("BAAC\nBAAC\nDEEF")
except ValueError as e:
    print(repr(e))')"
expect "API /api/group?group= with blanks" 5-4-1-1 \
    "$(curl -s --max-time 30 -G "$URL/api/group" --data-urlencode "group= 5-4-1-1 " | jq -r '.group')"
expect "API /api/hardest?class= with blanks" 5-4-1 \
    "$(curl -s --max-time 30 -G "$URL/api/hardest" --data-urlencode "class= 5-4-1 " | jq -r '.[0].group' | cut -d- -f1-3)"
expect "API /api/path from and to in two forms" 82 \
    "$(curl -s --max-time 30 -G "$URL/api/path" --data-urlencode "from= 0x1a9bf0c00" --data-urlencode "to=daa7f3 " | jq -r '.route | length')"
expect "API: a decimal id suggests #N" "400 did you mean the id #4091296?" \
    "$(curl -s --max-time 30 "$URL/api/layout?layout=4091296" | jq -r '"\(.status) \(.error | sub(".*; "; ""))"')"

# --- 2. errors a terminal can trust ---------------------------------------------------
long=$(head -c 100000 /dev/zero | tr '\0' 'x')
run show "$long"
expect "a 100 KB argument: exit 2" 2 "$status"
expect "a 100 KB argument: the error line is short" yes "$([ "${#err}" -lt 200 ] && echo yes || echo no)"
expect "a 100 KB argument: the input cut to 60 characters, its start and end around …" \
    "klotski: $(printf 'x%.0s' $(seq 1 29))…$(printf 'x%.0s' $(seq 1 30)): " \
    "${err%%: not a*}: "
run show "$(printf 'a\033[31mred\377\302\233x')"
expect "escape bytes and bad UTF-8 in an argument are written \\xNN" 'klotski: a\x1b[31mred\xff\xc2\x9bx: ' "${err%%: not a*}: "
expect "no escape byte reaches the terminal from an argument" 0 "$(printf '%s' "$err" | tr -dc '\033\377' | wc -c)"
out=$(printf '\033]0;owned\007\n' | "$K" --db "$TEST_DB" show 2>&1 >/dev/null)
expect "control bytes from stdin are written \\xNN" 'klotski: \x1b]0;owned\x07: ' "${out%%: not a*}: "
out=$(printf '%s\n' "$long" | "$K" --db "$TEST_DB" check 2>&1 >/dev/null)
expect "a 100 KB line of an attempt: a short error" yes "$([ "${#out}" -lt 200 ] && echo yes || echo no)"
out=$(curl -s --max-time 30 -G "$URL/api/layout" --data-urlencode "layout=$(printf 'a\033[2Jb')" | jq -r .error)
expect "API: escape bytes in the error are written \\xNN" 'a\x1b[2Jb: ' "${out%%: not a*}: "
mkdir -p "$T/folder"
printf 'not a database at all\n' >"$T/text.db"
: >"$T/empty.db"
head -c 8192 "$TEST_DB" >"$T/unreadable.db"
chmod 000 "$T/unreadable.db"
db_error() { "$K" --db "$1" show 4WVE1 2>&1 >/dev/null; echo "status $?"; }
expect "--db on a folder" "klotski: $T/folder: cannot open the database: it is a folder, not a database file
status 2" "$(db_error "$T/folder")"
# The advice names the command an installed user has, with the real path (issue 39).
expect "--db on a text file" "klotski: $T/text.db: not a klotski database (not an SQLite database file); rebuild it with \`klotski-build --db $(realpath "$T/text.db")\`
status 2" "$(db_error "$T/text.db")"
expect "--db on an empty file" "klotski: $T/empty.db: not a klotski database (an empty file, not an SQLite database); rebuild it with \`klotski-build --db $(realpath "$T/empty.db")\`
status 2" "$(db_error "$T/empty.db")"
# Root reads any file: the unreadable file is read as the user nobody.
if [ "$(id -u)" = 0 ]; then
    cp "$K" "$T/klotski"
    chmod 755 "$T" "$T/klotski"
    out=$(cd / && setpriv --reuid=65534 --regid=65534 --clear-groups "$T/klotski" --db "$T/unreadable.db" show 4WVE1 2>&1; echo "status $?")
else
    out=$(db_error "$T/unreadable.db")
fi
expect "--db on a file without permission" "klotski: $T/unreadable.db: cannot open the database: no permission to read the file
status 2" "$out"
expect_error "an unknown command suggests the nearest" 2 "shwo: no such command; did you mean show?" shwo 4WVE1
expect_error "an unknown command suggests the nearest: soleve" 2 "did you mean solve?" soleve 4WVE1
expect_error "a name far from every command" 2 "xyzzyq: no such command (see klotski --help)" xyzzyq
expect_error "help of an unknown command suggests the nearest" 2 "did you mean hint?" help hitn
expect_error "a misspelt option suggests the nearest: --jsn" 2 "--jsn: unknown option; did you mean --json?" show --jsn 4WVE1
expect_error "a misspelt option suggests the nearest: --metrc" 2 "--metrc: unknown option; did you mean --metric?" --metrc unit show 4WVE1
expect_error "a misspelt option suggests the nearest: --limt" 2 "--limt: unknown option; did you mean --limit?" hardest --limt 3
expect_error "a misspelt option with a value: --limt=3" 2 "--limt=3: unknown option; did you mean --limit?" hardest --limt=3
expect_error "an option far from every option" 2 "--frobnicate: unknown option (see klotski --help)" show --frobnicate 4WVE1
expect_error "an empty layout" 2 "klotski: empty layout" show ""
expect_error "a layout of blanks" 2 "klotski: empty layout" show "  "
expect_error "--json=1" 2 "--json=1: the option takes no value" show --json=1 4WVE1
expect_error "--svg=yes" 2 "--svg=yes: the option takes no value" show --svg=yes 4WVE1
expect_error "--limit without its value" 2 "--limit: the option needs a value" hardest --limit
expect_error "--json --csv" 2 "--csv: one output format at a time: --json was given already" --json show --csv 4WVE1
expect_error "--md --json" 2 "--json: one output format at a time: --md was given already" show 4WVE1 --md --json
run --json --json show 4WVE1
expect "--json twice is one format" "0 1A9BF0C00" "$status $(json .code)"
"$K" --db "$TEST_DB" serve --bind localhost --any-port >"$T/localhost.out" 2>&1 &
named=$!
for _ in $(seq 1 300); do
    grep -q serving "$T/localhost.out" 2>/dev/null && break
    sleep 0.1
done
local_url=$(sed -n 's|^klotski: serving \(http://127\.0\.0\.1:[0-9][0-9]*\)/$|\1|p' "$T/localhost.out")
expect "serve --bind localhost listens on 127.0.0.1" yes "$([ -n "$local_url" ] && echo yes || cat "$T/localhost.out")"
expect "serve --bind localhost answers" 1A9BF0C00 \
    "$(curl -s --max-time 30 "${local_url:-http://127.0.0.1:9}/api/layout?layout=4WVE1" | jq -r .code)"
kill "$named"
wait "$named" 2>/dev/null
expect_error "serve --bind on a name without an address" 2 "--bind takes an IP address or a host name" \
    serve --bind no-such-host.invalid

# --- 3. found without flags, bounded in memory ----------------------------------------
# A copy of the tree's bin/klotski beside a data/klotski.db finds it from any folder,
# after ./data/klotski.db and before the installed PREFIX/share/klotski/klotski.db.
# (A folder deep enough that the installed database's path passes the 60 characters an
# error quotes: its end, the file's name, must still show.)
TREE=$T/a-folder-deep-enough-that-the-paths-below-it-pass-sixty-characters/tree
mkdir -p "$TREE/bin" "$TREE/data" "$TREE/share/klotski" "$T/elsewhere/data" "$T/nowhere"
cp "$K" "$TREE/bin/klotski"
ln -s "$TEST_DB" "$TREE/data/klotski.db"
printf 'not this one\n' >"$TREE/share/klotski/klotski.db"
from_folder() { (cd "$1" && env -u KLOTSKI_DB "$TREE/bin/klotski" show --json 4WVE1 2>&1 | jq -r .code 2>/dev/null || echo failed); }
expect "bin/klotski run from another folder finds BINDIR/../data/klotski.db" 1A9BF0C00 "$(from_folder "$T/nowhere")"
printf 'not a database\n' >"$T/elsewhere/data/klotski.db"
expect "./data/klotski.db comes first" "not a klotski database" \
    "$(cd "$T/elsewhere" && env -u KLOTSKI_DB "$TREE/bin/klotski" show 4WVE1 2>&1 | grep -o 'not a klotski database')"
rm "$TREE/data/klotski.db"
expect "without BINDIR/../data/klotski.db, the installed one is next" "share/klotski/klotski.db: not a klotski database" \
    "$(cd "$T/nowhere" && env -u KLOTSKI_DB "$TREE/bin/klotski" show 4WVE1 2>&1 | grep -o 'share/klotski/klotski.db: not a klotski database')"
expect "--help names the lookup beside the program" yes \
    "$(answered "$K" --help | grep 'BINDIR/../data/klotski.db' >/dev/null && echo yes || echo no)"
expect "the man page names the lookup beside the program" yes \
    "$(grep -q 'BINDIR.*/\.\./data/klotski\.db' "$ROOT/docs/klotski.1" && echo yes || echo no)"

# Long listings stream: peak memory (GNU time, in KB) stays far below what their rows
# would take held (the largest group's 964,656 members held took 130 MB; the first
# million hardest layouts 130 MB).  The sanitizer's quarantine of freed memory would
# count as held, so it is turned off for these runs.
peak_kb() { ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0 /usr/bin/time -f %M -o "$T/peak" "$K" --db "$TEST_DB" "$@" >"$T/listing" && cat "$T/peak"; }
group_peak=$(peak_kb group 2-6-1-0 --members --csv)
expect "group --members of the largest group: every member listed" 964657 "$(wc -l <"$T/listing")"
expect "group --members of the largest group: peak under 64 MB (was $group_peak KB)" yes \
    "$([ "${group_peak:-999999}" -lt 65536 ] && echo yes || echo no)"
hardest_peak=$(peak_kb hardest --limit 1000000 --csv)
expect "hardest --limit 1000000: a million rows" 1000001 "$(wc -l <"$T/listing")"
expect "hardest --limit 1000000: the rows in order (min_steps down, then code)" "" \
    "$(tail -n +2 "$T/listing" | sort -t, -k3,3nr -k1,1 -c 2>&1)"
expect "hardest --limit 1000000: peak under 64 MB (was $hardest_peak KB)" yes \
    "$([ "${hardest_peak:-999999}" -lt 65536 ] && echo yes || echo no)"
run hardest --limit 99999999999999999999 --class 5-4-1 --csv
expect "an absurd limit means all: every solvable layout of 5-4-1" \
    "$(sql "SELECT solvable FROM classes WHERE name = '5-4-1'")" \
    "$(printf '%s\n' "$out" | tail -n +2 | wc -l)"

# --- 4. what answers carry ------------------------------------------------------------
run show --json 横刀立马
expect "show --json carries board and names" "VKKVVKKVVHHVVooVo..o 横刀立马" "$(json '"\(.board) \(.names)"')"
expect "the board of show --json reads back as the layout" 1A9BF0C00 "$(code_of "$(json .board)")"
run show --csv 4FEA13400
expect "show --csv carries board and names" "board,names" \
    "$(printf '%s\n' "$out" | head -1 | tr , '\n' | grep -xE 'board|names' | sort | paste -sd,)"
expect "/api/layout carries board and names" "VKKVVKKVVHHVVooVo..o 横刀立马" \
    "$(curl -s --max-time 30 "$URL/api/layout?layout=4WVE1" | jq -r '"\(.board) \(.names)"')"
expect "show --svg: the title names the classic layout" "1A9BF0C00 横刀立马" \
    "$(answered "$K" --db "$TEST_DB" show --svg 4WVE1 | python3 -c 'import sys, xml.etree.ElementTree as E
print(E.parse(sys.stdin).getroot().find("{http://www.w3.org/2000/svg}title").text)')"
expect "solve --html: the page title names the classic layout" "横刀立马 (1A9BF0C00) → DAAF4CC00: a minimal-step solution in 81 steps" \
    "$(answered "$K" --db "$TEST_DB" solve --html 4WVE1 | sed -n 's|.*<title>\(.*\)</title>.*|\1|p')"
run solve --csv 4WVE1 4FEA134
expect "solve --csv of two layouts: each row names its start (81 + 1 and 138 + 1 rows)" "82 1A9BF0C00
139 4FEA13400" "$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f1 | uniq -c | awk '{print $1, $2}')"
run check --csv 1A9BF0C00 "$step" "$step2"
expect "check --csv keeps the summary: its header after the steps" \
    "start,end,steps,start_min_steps,end_min_steps,solved,first_not_optimal,wasted" "$(printf '%s\n' "$out" | tail -2 | head -1)"
expect "check --csv keeps the summary: steps and wasted" "2 $(answered "$K" --db "$TEST_DB" check --json 1A9BF0C00 "$step" "$step2" | jq -r .wasted)" \
    "$(printf '%s\n' "$out" | tail -1 | awk -F, '{print $3, $8}')"
unsolvable=$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL LIMIT 1")
expect "moves on an unsolvable layout: 0 in JSON" 0 \
    "$(answered "$K" --db "$TEST_DB" moves --json "$unsolvable" | jq -r '[.move_list[].change] | unique | join(" ")')"
expect "moves on an unsolvable layout: +0 neutral in text" "+0 neutral" \
    "$(answered "$K" --db "$TEST_DB" moves "$unsolvable" | tail -n +4 | grep -o '+0 neutral' | sort -u)"
expect "moves --help says change 0 for an unsolvable layout's steps" yes \
    "$(answered "$K" moves --help | tr '\n' ' ' | grep 'change 0 (+0 neutral' >/dev/null && echo yes || echo no)"
# Widths in terminal columns: a layout with names beside its board in 80 columns, in a
# UTF-8 locale and in the C locale alike.
for locale in C.UTF-8 C; do
    lines=$(COLUMNS=80 LC_ALL=$locale "$K" --db "$TEST_DB" show 1829F7C00)
    expect "show of a named layout in 80 columns ($locale): the facts beside the board" yes \
        "$(printf '%s\n' "$lines" | head -1 | grep 'code  *1829F7C00' >/dev/null && echo yes || echo no)"
    expect "show of a named layout ($locale): no line wider than 80 columns" yes \
        "$(printf '%s\n' "$lines" | python3 -c 'import sys, unicodedata
w = lambda l: sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in l)
print("yes" if all(w(l.rstrip("\n")) <= 80 for l in sys.stdin) else "no")')"
done
# The names, one a line, start in the column of the other values (the code's).
expect "show's names line up, one a line, under the other values" "3 names in column code" \
    "$(COLUMNS=80 answered "$K" --db "$TEST_DB" show 1829F7C00 | python3 -c 'import sys, unicodedata
wide = lambda c: unicodedata.east_asian_width(c) in "WF"
width = lambda s: sum(2 if wide(c) else 1 for c in s)
lines = sys.stdin.read().split("\n")
code = width(lines[0][:lines[0].index("1829F7C00")])
cols = [width(l[:i]) for l in lines for i in [next((i for i, c in enumerate(l) if wide(c)), -1)] if i >= 0]
print(len(cols), "names in column", *sorted(set("code" if c == code else str(c) for c in cols)))')"
"$K" --db "$TEST_DB" stats groups --class 5-4-2 --svg >"$T/class.svg"
expect "stats groups --class 5-4-2 --svg: the largest group's bar is at least a tenth of the plot high" yes \
    "$(python3 -c 'import sys, xml.etree.ElementTree as E
bars = [b for b in E.parse(sys.argv[1]).iter() if b.get("class") == "bar"]
top = max(bars, key=lambda b: int(b.get("data-value")))
print("yes" if float(top.get("height")) >= 0.1 * max(float(b.get("height")) for b in bars) and float(top.get("width")) > 3
      and int(top.get("data-value")) >= 81340 else "no")' "$T/class.svg")"

finish
