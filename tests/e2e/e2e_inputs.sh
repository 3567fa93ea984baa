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
code_of() { "$K" --db "$TEST_DB" show --json "$@" 2>"$T/stderr" | jq -r '.code' | paste -sd' '; }

# --- 1. every LAYOUT form in every place ---------------------------------------------
printf 'VKKV\nVKKV\nVHHV\nVooV\no..o\n' >"$T/board.txt"
printf '\xEF\xBB\xBFVKKV\r\nVKKV\r\nVHHV\r\nVooV\r\no..o\r\n' >"$T/board_crlf_bom.txt"
"$K" --db "$TEST_DB" show $REF >"$T/drawing.txt"
forms=(
    "$REF" "1a9bf0c" " 1a9bf0c " "0x1A9BF0C00" "0X1a9bf0c" "4WVE1" "4wve1" " 4wVe1	"
    "#4091296" " #4091296 " "VKKVVKKVVHHVVooVo..o" "vkkvvkkvvhhvvoovo..o" " VKKVVKKVVHHVVooVo..o "
    "27732773455641161001" " 27732773455641161001" "横刀立马" " 横刀立马 "
)
for form in "${forms[@]}"; do
    expect "argument '$form'" $REF "$(code_of "$form")"
    expect "stdin line '$form'" $REF "$(printf '%s\n' "$form" | code_of)"
    expect "stdin line '$form' with CRLF" $REF "$(printf '%s\r\n' "$form" | code_of)"
    expect "check argument '$form'" $REF \
        "$("$K" --db "$TEST_DB" check --json "$form" 2>/dev/null | jq -r .start)"
done
expect "stdin starting with a byte-order mark" $REF "$(printf '\xEF\xBB\xBF1A9BF0C00\n' | code_of)"
for file in board.txt board_crlf_bom.txt drawing.txt; do
    expect "board file $file" $REF "$(code_of "$T/$file")"
    expect "board file $file on stdin" $REF "$(code_of <"$T/$file")"
    expect "board file $file as -" $REF "$(code_of - <"$T/$file")"
    expect "check of board file $file" $REF "$("$K" --db "$TEST_DB" check --json "$T/$file" | jq -r .start)"
done
# Several boards on stdin, separated by blank lines, each answered; show's own output too.
expect "two boards on stdin" "$REF 1A9BCF000" \
    "$(printf 'VKKV\nVKKV\nVHHV\nVooV\no..o\n\nVKKV\nVKKV\nVHHV\nVooV\n.oo.\n' | code_of)"
expect "show's output of two layouts, read back" "$REF 1A9BCF000" \
    "$("$K" --db "$TEST_DB" show $REF 1A9BCF000 | code_of)"

# A decimal that is no code but an id: the error suggests #N.
expect_error "decimal id" 2 "did you mean the id #4091296?" show 4091296
expect_error "decimal id with blanks" 2 "did you mean the id #4091296?" show " 4091296 "

# check: an attempt as a start and steps in the notation of moves, boards, files.
first_moves=$("$K" --db "$TEST_DB" moves --json $REF | jq -r '.move_list[0] | "\(.piece) r\(.row)c\(.col) \(.moves) \(.code)"')
step=${first_moves% *}
after=${first_moves##* }
second=$("$K" --db "$TEST_DB" moves --json "$after" | jq -r '.move_list[0] | "\(.piece) r\(.row)c\(.col) \(.moves) \(.code)"')
step2=${second% *}
end=${second##* }
expect "check of a start and two steps on stdin: the codes" "$REF $after $end" \
    "$(printf '%s\n%s\n%s\n' "$REF" "$step" "$step2" | "$K" --db "$TEST_DB" check --json | jq -r '[.step_list[].code] | join(" ")')"
expect "check of steps in other case and spacing" "$end" \
    "$(printf '%s\n%s\n%s\n' "横刀立马" "$(printf '%s' "$step" | tr 'a-z' 'A-Z')" "  $step2  " |
       "$K" --db "$TEST_DB" check --json | jq -r .end)"
expect "check of a start and two steps as arguments" "$end" \
    "$("$K" --db "$TEST_DB" check --json "$REF" "$step" "$step2" | jq -r .end)"
printf 'VKKV\r\nVKKV\r\nVHHV\r\nVooV\r\no..o\r\n\r\n%s\r\n' "$step" >"$T/attempt.txt"
"$K" --db "$TEST_DB" show --json "$end" | jq -r .board | sed 's/..../&\n/g' | sed '/^$/d' >>"$T/attempt.txt"
expect "check of an attempt file: a board, a step, a board" "$REF $after $end" \
    "$("$K" --db "$TEST_DB" check --json "$T/attempt.txt" | jq -r '[.step_list[].code] | join(" ")')"
expect "check of the attempt on stdin" "$REF $after $end" \
    "$("$K" --db "$TEST_DB" check --json <"$T/attempt.txt" | jq -r '[.step_list[].code] | join(" ")')"
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
expect "a 100 KB argument: the input cut to 60 characters and …" "klotski: $(printf 'x%.0s' $(seq 1 60))…: " \
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
expect "--db on a text file" "klotski: $T/text.db: not a klotski database (not an SQLite database file); rebuild it with \`make\`
status 2" "$(db_error "$T/text.db")"
expect "--db on an empty file" "klotski: $T/empty.db: not a klotski database (an empty file, not an SQLite database); rebuild it with \`make\`
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

finish
