#!/usr/bin/env bash
# End-to-end tests of `klotski serve` (query/serve/): the server started on a free port of
# 127.0.0.1 against the test database; every route of the JSON API read with curl and
# compared field by field (jq) with the --json answer of the command it stands for; the
# player page byte for byte with `solve --html`; bad requests (unknown routes, bad codes,
# over-long addresses, `..` paths, file names, wrong methods, garbage bytes) each a 4xx
# with a JSON error under /api/ and an HTML error page elsewhere, while the server keeps serving; a
# writer's lock taken while the server sits idle after its lookups; a writer's lock held
# while layouts are looked up: 503 after 250 ms from a database the farthest phase may
# still write; then the page in real headless
# Chromium, driven by tests/e2e/browser.py through the DevTools protocol: a click on an
# optimal move, undo and redo, the board editor's reasons, a phone-sized screen, the
# player's Chinese heading drawn from a CJK font (fonts-noto-cjk), and no request
# anywhere but the server; last, a second server on the copy marked finished (opened
# immutable), whose lookups a writer's lock does not delay.  All traffic stays on
# 127.0.0.1; every wait is bounded; the servers are stopped at the end whatever happens.
. "$(dirname "$0")/lib.sh"
use_database
K=$BIN/klotski
T=$WORK/serve
rm -rf "$T"
mkdir -p "$T"
CHROMIUM=$(command -v "${CHROMIUM:-chromium}")
expect "curl, python3 and chromium are installed" yes \
    "$(command -v curl >/dev/null && command -v python3 >/dev/null && [ -n "$CHROMIUM" ] && echo yes || echo no)"

# start_server FILE ARGS...: starts klotski serve in the background, its stdout in FILE;
# sets server (its pid).
start_server() {
    local out=$1
    shift
    "$K" --db "$TEST_DB" serve "$@" >"$out" 2>>"$T/server.err" &
    server=$!
}
# The server of the main checks reads a copy of the test database of its own: the writer's
# lock taken beside it at the end must meet no reader but the server's, and the scripts
# that run beside this one read the test database.
served_db=$T/served.db
cp "$TEST_DB" "$served_db"
serve_test_database "$served_db"

# get PATH [CURL OPTIONS...]: sets code (the HTTP status), type (the content type) and
# writes the body to $T/body.
get() {
    local path=$1
    shift
    read -r code type < <(curl -s --max-time 30 --path-as-is -o "$T/body" -w '%{http_code} %{content_type}\n' \
                              "$@" "$URL$path")
}

# same_as_cli NAME PATH ARGS...: the route answers 200 with JSON equal, field by field,
# to `klotski --json ARGS`; same_as_cli_rows: to the array of the rows it prints (a table).
same_as_cli() { compare_with_cli '.[0]' "$@"; }
same_as_cli_rows() { compare_with_cli . "$@"; }
# compare_with_cli FILTER NAME PATH ARGS...: FILTER picks the answer from the array of
# the objects the command prints.
compare_with_cli() {
    local filter=$1 name=$2 path=$3
    shift 3
    get "$path"
    expect "$name: status" 200 "$code"
    expect "$name: JSON" "application/json; charset=utf-8" "$type"
    local cli api
    cli=$(answered "$K" --db "$TEST_DB" --json "$@" | jq -cSs "$filter")
    api=$(jq -cS . "$T/body")
    if [ -z "$cli" ]; then
        expect "$name: an answer of klotski --json $*" something nothing
    else
        expect "$name: the answer of klotski --json $*" "$cli" "$api"
    fi
}

# error NAME STATUS TEXT PATH [CURL OPTIONS...]: answered STATUS with an error that
# contains TEXT: a JSON error under /api/, an HTML page (data-status, #error) elsewhere.
error() {
    local name=$1 want=$2 text=$3 path=$4 message
    shift 4
    get "$path" "$@"
    expect "$name: status" "$want" "$code"
    case $path in
        /api/*)
            expect "$name: a JSON error of that status" "$want" "$(jq -r '.status' "$T/body" 2>/dev/null)"
            message=$(jq -r '.error' "$T/body" 2>/dev/null) ;;
        *)
            expect "$name: an HTML page of that status" "text/html; charset=utf-8 $want" \
                "$type $(sed -n 's/.*data-status="\([0-9]*\)".*/\1/p' "$T/body")"
            message=$(sed -n 's/.*<p id="error" role="alert">\(.*\)<\/p>.*/\1/p' "$T/body") ;;
    esac
    case $message in
        *"$text"*) expect "$name: message" ok ok ;;
        *) expect "$name: message" "...$text..." "$(cat "$T/body")" ;;
    esac
}

# ---- the API: every route against the command it answers with ----
same_as_cli "layout" "/api/layout?layout=1A9BF0C00" show 1A9BF0C00
expect "layout: every field of show --json" \
    '["board","class","code","farthest_num","farthest_steps","group","group_index","group_size","id","min_solution_num","min_steps","min_straight_moves","min_unit_moves","mirror","names","self_mirror","short_code","solution_num"]' \
    "$(jq -c 'keys' "$T/body")"
expect "layout: SPEC's facts" "81 5-4-1-1 7472 25955 4091296" \
    "$(jq -r '"\(.min_steps) \(.group) \(.group_index) \(.group_size) \(.id)"' "$T/body")"
same_as_cli "layout by classic name" "/api/layout?layout=%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC" show 横刀立马
same_as_cli "layout by id" "/api/layout?layout=%234091296" show '#4091296'
same_as_cli "layout by a short form of its code" "/api/layout?layout=4fea134" show 4FEA13400
same_as_cli "layout by the 5-character short code" "/api/layout?layout=4WVE1" show 4WVE1
same_as_cli "layout by grid" "/api/layout?layout=27732773455641161001" show 27732773455641161001
same_as_cli "moves" "/api/moves?layout=1A9BF0C00" moves 1A9BF0C00
expect "moves: every field" '["code","group","min_steps","move_list","moves_count","optimal_count"]' \
    "$(jq -c 'keys' "$T/body")"
expect "moves: best first, an optimal move first" "-1 80" "$(jq -r '.move_list[0] | "\(.change) \(.min_steps)"' "$T/body")"
# metric= as --metric: the other ways to count (SPEC.md), on the routes that count moves.
same_as_cli "solve, metric=unit" "/api/solve?layout=1A9BF0C00&metric=unit" --metric unit solve 1A9BF0C00
expect "solve, metric=unit: 116 unit moves" "116 unit" "$(jq -r '"\(.steps) \(.metric)"' "$T/body")"
same_as_cli "moves, metric=straight" "/api/moves?layout=1A9BF0C00&metric=straight" --metric straight moves 1A9BF0C00
same_as_cli "path, metric=straight" "/api/path?from=1A9BF0C00&to=1A9BF3000&metric=straight" --metric straight path 1A9BF0C00 1A9BF3000
same_as_cli "solve after a metric= request counts steps again" "/api/solve?layout=1A9BF0C00" solve 1A9BF0C00
error "a bad metric" 400 "is no metric" "/api/solve?layout=1A9BF0C00&metric=diagonal"
same_as_cli "solve" "/api/solve?layout=4FEA13400" solve 4FEA13400
expect "solve: 138 steps" 138 "$(jq -r '.steps' "$T/body")"
same_as_cli "path" "/api/path?from=1A9BF0C00&to=DAA7F3000" path 1A9BF0C00 DAA7F3000
same_as_cli "group" "/api/group?group=5-4-1-1" group 5-4-1-1
same_as_cli "group of a layout" "/api/group?group=1A9BF0C00" group 1A9BF0C00
same_as_cli "farthest" "/api/farthest?layout=1A9BF0C00" farthest 1A9BF0C00
same_as_cli "farthest of a group" "/api/farthest?group=5-4-1-1" farthest --group 5-4-1-1
same_as_cli_rows "hardest of a class" "/api/hardest?class=5-4-1" hardest --class 5-4-1
same_as_cli_rows "hardest of a group" "/api/hardest?group=5-4-1-1" hardest --group 5-4-1-1
for table in summary classes groups depths; do
    same_as_cli_rows "stats $table" "/api/stats?table=$table" stats "$table"
done
same_as_cli_rows "stats depths of a class" "/api/stats?table=depths&class=5-4-1" stats depths --class 5-4-1
same_as_cli_rows "a table of one row: still an array" "/api/stats?table=classes&class=5-4-1" stats classes --class 5-4-1
expect "stats classes of one class: one row" 1 "$(jq length "$T/body")"
# The options the routes above set must not stay set for the next request.
same_as_cli "farthest after farthest of a group" "/api/farthest?layout=4FEA13400" farthest 4FEA13400

get "/api/board?board=VKKVVKKVVHHVVooVo..o"
expect "board: a legal board" '{"board":"VKKVVKKVVHHVVooVo..o","code":"1A9BF0C00","id":4091296,"legal":true}' \
    "$(jq -cS . "$T/body")"
get "/api/board?layout=1a9bf0c"
expect "board of a layout" '{"board":"VKKVVKKVVHHVVooVo..o","code":"1A9BF0C00","id":4091296,"legal":true}' \
    "$(jq -cS . "$T/body")"
for case in "VKKVVKKVVHHVVooVoooo|fewer than two empty cells" "VKKVVKKVVHHVVooVo.Ko|there must be exactly one 2x2 block of K" \
            "VKKVVKKVVHHVVooVo.Ho|an H has no H partner to its right" "VKKVVKKVHH.VVooVo..o|a V has no V partner below it" \
            "VKKV|it ends after 1 row; a board is 5 lines of 4 cells" \
            "VKKVVKKVVHHVVooVo..*|'*' is no cell: a piece is a letter or digit, a blank . _ or a space" \
            "BAACBAACDEEFDGGFI..G|piece G covers 3 cells that are not a 2x2, 1x2, 2x1 or 1x1 block"; do
    get "/api/board?board=${case%%|*}"
    expect "board ${case%%|*}: the codec's reason" "200 false ${case#*|}" "$code $(jq -r '"\(.legal) \(.error)"' "$T/body")"
done
get "/api/board?layout=1A9BF0C01"
expect "board of a bad code: the codec's reason" "false 1A9BF0C01: not a layout code: unused low bits are not zero" \
    "$(jq -r '"\(.legal) \(.error)"' "$T/body")"

# ---- the pages ----
get "/play?layout=1A9BF0C00"
expect "play: a page" "200 text/html; charset=utf-8" "$code $type"
answered "$K" --db "$TEST_DB" solve --html 1A9BF0C00 >"$T/solve.html"
expect "play: the page of solve --html" "$(md5sum <"$T/solve.html")" "$(md5sum <"$T/body")"
get "/"
expect "the application's page" "200 text/html; charset=utf-8" "$code $type"
expect "the page loads its own scripts, api.js first" "api.js app.js" \
    "$(grep -o '<script src="[a-z]*\.js"></script>' "$T/body" | sed 's/.*src="\(.*\)".*/\1/' | paste -sd' ')"
expect "the page names nothing on the network" 0 "$(grep -c 'https\?://' "$T/body")"
get "/api.js"
expect "api.js, the page's questions over HTTP" "200 text/javascript; charset=utf-8 1" \
    "$code $type $(grep -c 'async function api' "$T/body")"
get "/app.js"
expect "the script" "200 text/javascript; charset=utf-8" "$code $type"
expect "the script: not empty" yes "$([ -s "$T/body" ] && echo yes)"
expect "the script names nothing on the network" 0 "$(grep -v '^//' "$T/body" | grep -c 'https\?://[^w]')"
get "/app.css"
expect "the style sheet" "200 text/css; charset=utf-8" "$code $type"
policy=$(curl -s --max-time 30 -D - -o /dev/null "$URL/?layout=1A9BF0C00" | tr -d '\r' | sed -n 's/^Content-Security-Policy: //Ip')
expect "the page may fetch from its own server only" "default-src 'none'" "${policy%%;*}"
expect "HEAD is answered, without a body" "200 0" \
    "$(curl -s --max-time 30 -I -o /dev/null -w '%{http_code} %{size_download}' "$URL/api/layout?layout=1A9BF0C00")"

# ---- bad requests: a 4xx with a JSON error each ----
unsolvable=$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL LIMIT 1")
error "unknown route" 404 "no such page" "/api/nope"
error "unknown page" 404 "no such page" "/index.html"
error "the API's folder" 404 "no such page" "/api/"
error "case matters" 404 "no such page" "/API/layout?layout=1A9BF0C00"
error "bad code" 400 "1A9BF0C01: not a layout code: unused low bits are not zero" "/api/layout?layout=1A9BF0C01"
error "not hex" 400 "ZZZ: not a layout code: the 1st character, 'Z', is not a hex digit" "/api/moves?layout=ZZZ"
error "bad id" 400 "an id is # and a number" "/api/solve?layout=%23999999999"
error "no layout" 400 "layout: missing" "/api/layout"
error "empty layout" 400 "layout: missing" "/api/layout?layout="
error "no such group" 404 "9-9-9-9: no such group" "/api/group?group=9-9-9-9"
error "a class for a group" 400 "not a code, id, grid, board file or classic name" "/api/group?group=5-4-1"
error "bad class" 400 "a CLASS is written jiang-bing-style" "/api/hardest?class=5-4"
error "no such class" 404 "no such class" "/api/stats?table=depths&class=9-9-9"
error "bad table" 400 "table: one of summary" "/api/stats?table=nope"
error "unsolvable, solve" 404 "unsolvable" "/api/solve?layout=$unsolvable"
error "unsolvable, play" 404 "unsolvable" "/play?layout=$unsolvable"
error "path across groups" 404 "no path: they lie in different groups (5-4-1-1 and 5-4-2-0)" "/api/path?from=1A9BF0C00&to=4FEA13400"
error "unknown argument" 400 "x: not an argument of /api/layout" "/api/layout?layout=1A9BF0C00&x=1"
error "repeated argument" 400 "layout: a repeated argument" "/api/layout?layout=1A9BF0C00&layout=4FEA13400"
error "too many arguments" 400 "too many arguments" "/api/layout?a=1&b=2&c=3&d=4&e=5"
error "both layout and group" 400 "not both" "/api/farthest?layout=1A9BF0C00&group=5-4-1-1"
long=$(printf 'A%.0s' $(seq 1 3000))
error "over-long address" 414 "too long" "/api/layout?layout=$long"
get "/api/layout?layout=$(printf 'A%.0s' $(seq 1 100000))"
expect "a far over-long address: a 4xx" 4 "${code:0:1}"
# A request's headers may be long (cookies of other pages, a long User-Agent): 6,000
# bytes of them fit each connection's memory.
get "/api/layout?layout=1A9BF0C00" -H "X-Padding: $(printf 'x%.0s' $(seq 1 6000))"
expect "6,000 bytes of headers: answered" 200 "$code"
for path in "/../etc/passwd" "/api/../../etc/passwd" "/%2e%2e/%2e%2e/etc/passwd" "/app.js/../../../etc/passwd" \
            "/..%2f..%2fetc%2fpasswd" "/api/layout/../../etc/passwd"; do
    error "$path" 404 "no such page" "$path"
done
for path in "/api/layout?layout=/etc/passwd" "/api/layout?layout=..%2F..%2Fetc%2Fpasswd" "/api/layout?layout=-" \
            "/api/group?group=/etc/passwd"; do
    get "$path"
    expect "$path: never a file" "4 0" "${code:0:1} $(grep -c 'root:' "$T/body")"
done
get "/api/board?layout=/etc/passwd"
expect "board of a file name: not a layout, never the file" "200 false 0" \
    "$code $(jq -r .legal "$T/body") $(grep -c 'root:' "$T/body")"
for method in POST PUT DELETE PATCH OPTIONS; do
    error "$method" 405 "only GET and HEAD" "/api/layout?layout=1A9BF0C00" -X "$method" --data x
done
allow=$(curl -s --max-time 30 -X POST -D - -o /dev/null "$URL/api/layout" | tr -d '\r' | sed -n 's/^Allow: //Ip')
expect "405 says what is allowed" "GET, HEAD" "$allow"
error "garbage bytes in an argument" 400 "not a code" "/api/layout?layout=%FF%FE%01garbage"
error "garbage bytes with a NUL in an argument: refused whole, never cut at the NUL" 400 "a NUL byte (%00)" \
    "/api/layout?layout=%FF%FE%00%01garbage"
expect "garbage bytes: the error is valid JSON" yes "$(jq -e .error "$T/body" >/dev/null 2>&1 && echo yes || echo no)"
error "garbage bytes in the path" 404 "no such page" "/%FF%FE%01"
# Raw garbage, not HTTP at all: the server answers 400 (libmicrohttpd's own page) or
# closes the connection, and keeps serving.
raw=$(python3 - "${URL#http://}" <<'PY'
import socket, sys
host, port = sys.argv[1].split(":")
answers = []
for garbage in (b"\x00\xff\xfe garbage \x01\x02\r\n\r\n", b"GET\r\n\r\n", b"GET /\x01\xff HTTP/1.1\r\nHost: x\r\n\r\n",
                b"GET /api/layout?layout=1A9BF0C00 HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n"):
    s = socket.create_connection((host, int(port)), timeout=10)
    s.sendall(garbage)
    try:
        line = s.recv(4096).split(b"\r\n")[0].decode(errors="replace")
    except OSError:
        line = ""
    s.close()
    answers.append(line.split(" ")[1][0] if line.startswith("HTTP/") else "closed")
print(" ".join(answers))
PY
)
expect "raw garbage: a 4xx or the connection closed, each of the four" "4 yes" \
    "$(wc -w <<< "$raw") $(printf '%s\n' $raw | grep -v '^[4]$\|^closed$' > /dev/null && echo "no: $raw" || echo yes)"
get "/api/layout?layout=1A9BF0C00"
expect "after all the bad requests the server still answers" "200 81" "$code $(jq -r .min_steps "$T/body")"

# ---- many clients at once ----
# 64 requests, 32 at a time, on both threads of the pool: moves of 32 layouts, and the
# hardest layouts of their groups (a route that sets a command's option for its
# request, and a slow one: those the slow routes' places cannot take at once are
# answered 503 with Retry-After, which curl --retry honours); each answer must be the
# command's own.
mkdir -p "$T/parallel"
ids=$(seq 0 916666 29334497 | head -32)
for id in $ids; do
    printf '%s\n' "moves-$id /api/moves?layout=%23$id" "hardest-$id /api/hardest?group=%23$id"
done | xargs -P 32 -L 1 sh -c 'curl -s --max-time 60 --retry 30 -o "$0/$2" "$1$3"' "$T/parallel" "$URL"
wrong=0
for id in $ids; do
    [ "$(jq -cS . "$T/parallel/moves-$id")" = "$(answered "$K" --db "$TEST_DB" --json moves "#$id" | jq -cS .)" ] ||
        wrong=$((wrong + 1))
    [ "$(jq -cS . "$T/parallel/hardest-$id")" = "$(answered "$K" --db "$TEST_DB" --json hardest --group "#$id" |
                                                    jq -cSs .)" ] || wrong=$((wrong + 1))
done
expect "64 requests, 32 at a time: each answered as the command answers it" 0 "$wrong"

# ---- connections kept alive ----
# Each request of one curl after the first goes over the first's connection (curl counts
# 0 new connections for it), whatever the answer: a fast route, a page's file, a 404, a
# slow route answered on the slow pool (asked nowhere else: no cached answer), a 304, a
# HEAD.
kept='%{http_code}:%{num_connects} '
etag=$(curl -s --max-time 30 -o /dev/null -w '%header{etag}' "$URL/app.css")
connects=$(curl -s --max-time 30 -w "$kept" -o /dev/null "$URL/api/layout?layout=1A9BF0C00" -o /dev/null "$URL/app.css" \
               -o /dev/null "$URL/nothing" -o /dev/null "$URL/api/members?group=5-4-1-1&offset=3&limit=1" \
               --next -s --max-time 30 -w "$kept" -o /dev/null -H "If-None-Match: $etag" "$URL/app.css" \
               --next -s --max-time 30 -w "$kept" -o /dev/null -I "$URL/api/group?group=5-4-1-1")
expect "six requests over one connection kept alive" "200:1 200:0 404:0 200:0 304:0 200:0" "${connects% }"

# ---- an idle server holds no lock ----
# Every thread of the pool has looked layouts, groups, distances and moves up by now; idle,
# it must leave the database to a writer (the farthest phase of klotski-build commits
# while a server runs): a writer's lock, taken without waiting, succeeds.
err=$(sqlite3 "$served_db" 'BEGIN EXCLUSIVE; COMMIT;' 2>&1)
expect "a writer's lock while the server sits idle after its lookups" "0 " "$? $err"

# ---- an outside writer holding the database ----
# hold_writer_lock: the sqlite3 shell takes a writer's exclusive lock on the served copy
# and holds it 3 s (then rolls back: nothing written) in the background; sets writer (its
# pid) once the lock is held, or counts a failure.
hold_writer_lock() {
    (printf "BEGIN EXCLUSIVE; SELECT 'locked';\n"; sleep 3; printf 'ROLLBACK;\n') |
        sqlite3 -batch "$served_db" >"$T/writer.out" 2>&1 &
    writer=$!
    local wait
    for wait in $(seq 1 100); do
        grep -q locked "$T/writer.out" && break
        sleep 0.05
    done
    expect "the writer holds its lock" locked "$(cat "$T/writer.out")"
}
# lookups_under_lock BASE COUNT: COUNT layout lookups from BASE while the writer holds its
# lock, one after another: their statuses counted ("20x200"), and whether the writer held
# the lock until the last was answered.
lookups_under_lock() {
    local id statuses
    statuses=$(for id in $(seq 0 1466724 29334497 | head -"$2"); do
                   curl -s --max-time 10 -o /dev/null -w '%{http_code}\n' "$1/api/layout?layout=%23$id"
               done | sort | uniq -c | awk '{printf "%sx%s ", $1, $2}')
    echo "${statuses% } $(kill -0 "$writer" 2>/dev/null && echo held || echo released)"
}
# The server above opened a database whose farthest phase has not run (the phase may
# still commit in place beside it): its connections take SQLite's locks, and a request
# that meets a writer's lock answers 503 after 250 ms rather than waiting for it.
hold_writer_lock
expect "a database the farthest phase may still write: 4 lookups under a writer's lock answer 503, never a stall" \
    "4x503 held" "$(lookups_under_lock "$URL" 4)"
wait "$writer"

# ---- the address and the port ----
err=$("$K" --db "$TEST_DB" serve --bind nowhere 2>&1 >/dev/null)
expect "--bind takes an address or a name that resolves" \
    "2 klotski: nowhere: --bind takes an IP address or a host name" "$? ${err%%, e.g.*}"
port=${URL##*:}
err=$("$K" --db "$TEST_DB" serve --port "$port" 2>&1 >/dev/null)
expect "a port in use: exit 2" "2" "$?"
expect "a port in use: one line" 1 "$(printf '%s\n' "$err" | grep -c 'cannot listen on port')"
err=$("$K" --db "$T/none.db" serve --any-port 2>&1 >/dev/null)
expect "no database: exit 2 at once" "2" "$?"

# ---- the page in a real browser ----
python3 "$ROOT/tests/e2e/browser.py" "$CHROMIUM" "$T/profile" "$URL" >"$T/browser" 2>"$T/browser.err"
expect "browser.py runs to its end" 0 $?
[ -s "$T/browser.err" ] && cat "$T/browser.err"
expect "browser.py checked something" yes "$(grep -q '^check ' "$T/browser" && echo yes || echo no)"
while IFS=$'\t' read -r name want got; do
    expect "browser: ${name#check }" "$want" "$got"
done < <(grep '^check ' "$T/browser")

# ---- a clean stop ----
kill -TERM "$server"
wait "$server"
expect "SIGTERM stops the server cleanly" 0 $?
trap - EXIT
expect "the server said nothing on stderr" "" "$(cat "$T/server.err")"

# ---- a fresh server: a writer's lock before its first request ----
# Its first request finds the connection the server opened at its start, whose wait for
# a writer's lock is 250 ms as any request's: 503, not an answer once the writer is done.
serve_test_database "$served_db"
hold_writer_lock
expect "a fresh server's first lookups under a writer's lock: 503, never a stall" \
    "2x503 held" "$(lookups_under_lock "$URL" 2)"
wait "$writer"
kill -TERM "$server"
wait "$server"
expect "the fresh server stops cleanly" 0 $?
expect "the fresh server said nothing on stderr" "" "$(cat "$T/server.err")"

# ---- a finished database: read immutable ----
# Once the farthest phase is complete no build writes the file in place again (a new
# build is renamed over it): a server started then opens it immutable, takes no lock, and
# a writer's lock delays none of its lookups.  The phase's completion is written into the
# copy's meta as the phase writes it.  The server opens it by a name holding what a URI
# would read otherwise ("?", "#", "%", a space, Chinese), a link to the copy.
sqlite3 "$served_db" "UPDATE meta SET value = (SELECT value FROM meta WHERE key = 'groups')
                      WHERE key = 'farthest_groups_done'"
ln -s "$served_db" "$T/finished ?#%25 华容道.db"
serve_test_database "$T/finished ?#%25 华容道.db"
hold_writer_lock
expect "a finished database: 20 lookups answered 200 at once while a writer holds its lock" \
    "20x200 held" "$(lookups_under_lock "$URL" 20)"
wait "$writer"
expect "the finished database's server answers as the command does" \
    "$(answered "$K" --db "$TEST_DB" --json show 1A9BF0C00 | jq -cS .)" \
    "$(curl -s --max-time 30 "$URL/api/layout?layout=1A9BF0C00" | jq -cS .)"
kill -TERM "$server"
wait "$server"
expect "the finished database's server stops cleanly" 0 $?
trap - EXIT
expect "the finished database's server said nothing on stderr" "" "$(cat "$T/server.err")"
finish
