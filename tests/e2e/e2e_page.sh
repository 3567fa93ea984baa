#!/usr/bin/env bash
# End-to-end tests of the web application's newer parts (issue 23), against `klotski
# serve` on a free port of 127.0.0.1: the API routes that match the CLI (hardest without
# arguments and its bounded limit, solutions, hint, check, a group's members by pages,
# names), each compared with the --json answer of the command it stands for, the pages
# for people answering HTML on error while /api/ answers JSON, and the explorer page's
# states in real headless Chromium (tests/e2e/page.py): the error state, Explore from
# /?edit=, the player's #step=, Back and Forward, the layouts farthest from here, the
# classic layouts list, the arrow keys, and the page in Chinese; the routes' metric= of
# issue 22 against `klotski --metric` and the database, and the explorer's metric picker
# (page.py); the languages of issue 30: lang= in the address, the server's messages in
# Chinese, every CJK character drawn from a CJK font, and a screenshot of the Chinese page
# kept in the build's test-logs (page-zh.png).  The server is stopped at the end whatever
# happens.
. "$(dirname "$0")/lib.sh"
use_database
K=$BIN/klotski
T=$WORK/page
rm -rf "$T"
mkdir -p "$T"
CHROMIUM=$(command -v "${CHROMIUM:-chromium}")

serve_test_database

# get PATH: sets code and type, the body in $T/body.
get() {
    read -r code type < <(curl -s --max-time 60 -o "$T/body" -w '%{http_code} %{content_type}\n' "$URL$1")
}
# like_cli NAME PATH FILTER ARGS...: 200 and JSON equal to jq -s FILTER of klotski --json ARGS.
like_cli() {
    local name=$1 path=$2 filter=$3
    shift 3
    get "$path"
    expect "$name: 200 JSON" "200 application/json; charset=utf-8" "$code $type"
    local cli
    cli=$(answered "$K" --db "$TEST_DB" --json "$@" | jq -cSs "$filter")
    expect "$name: the answer of klotski --json $*" "$cli" "$(jq -cS . "$T/body" 2>&1)"
    [ "$cli" != "[]" ] && [ -n "$cli" ] || expect "$name: something to compare" something nothing
}
# refused NAME STATUS TEXT PATH: a JSON error of STATUS containing TEXT.
refused() {
    get "$4"
    expect "$1: status" "$2 application/json; charset=utf-8" "$code $type"
    case $(jq -r .error "$T/body" 2>/dev/null) in
        *"$3"*) expect "$1: message" ok ok ;;
        *) expect "$1: message" "...$3..." "$(cat "$T/body")" ;;
    esac
}

# ---- hardest: the global list as `klotski hardest`, a bounded limit ----
like_cli "hardest without arguments" "/api/hardest" . hardest
expect "hardest without arguments: 10 rows, 138 steps first" "10 138" "$(jq -r '"\(length) \(.[0].min_steps)"' "$T/body")"
like_cli "hardest?limit=25" "/api/hardest?limit=25" . hardest --limit 25
like_cli "hardest?class=&limit=" "/api/hardest?class=5-4-1&limit=3" . hardest --class 5-4-1 --limit 3
like_cli "hardest?group= after a limit: the limit put back" "/api/hardest?group=5-4-1-1" . hardest --group 5-4-1-1
refused "hardest?limit=1001" 400 "limit takes a number from 1 to 1000" "/api/hardest?limit=1001"
refused "hardest?limit=0" 400 "limit takes a number from 1 to 1000" "/api/hardest?limit=0"
refused "hardest?limit=ten" 400 "limit takes a number" "/api/hardest?limit=ten"

# ---- solutions, hint ----
like_cli "solutions" "/api/solutions?layout=1A9BF0C00" '.[0]' solutions 1A9BF0C00
expect "solutions: SPEC's 6 solutions, 2 minimal" "6 2" "$(jq -r '"\(.solutions) \(.min_solutions)"' "$T/body")"
like_cli "hint" "/api/hint?layout=%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC" '.[0]' hint 1A9BF0C00
for level in 1 2 3; do
    like_cli "hint?level=$level" "/api/hint?layout=4FEA13400&level=$level" '.[0]' hint --level "$level" 4FEA13400
done
refused "hint?level=4" 400 "level takes a number from 1 to 3" "/api/hint?layout=4FEA13400&level=4"

# ---- check: an attempt in one argument ----
"$K" --db "$TEST_DB" solve --codes 4FEA13400 > "$T/solution.txt"
like_cli "check of a minimal-step solution" "/api/check?attempt=$(paste -sd, "$T/solution.txt")" '.[0]' \
    check $(cat "$T/solution.txt")
expect "check: 138 steps, none wasted, solved" "138 0 true" "$(jq -r '"\(.steps) \(.wasted) \(.solved)"' "$T/body")"
like_cli "check with blanks and line ends between" "/api/check?attempt=1A9BF0C00%0A%201A98FCC00" '.[0]' \
    check 1A9BF0C00 1A98FCC00
refused "check of a jump" 400 "line 2: 4FEA13400 is not one step from 1A9BF0C00" "/api/check?attempt=1A9BF0C00,4FEA13400"
refused "check of a bad code" 400 "ZZZ: not a layout code" "/api/check?attempt=1A9BF0C00,ZZZ"
refused "check of nothing" 400 "attempt: missing" "/api/check?attempt=,"

# ---- members: pages of a group, checked against the whole list sliced by jq ----
like_cli "members: the first page, 100" "/api/members?group=5-4-1-1" '.[0:100]' group 5-4-1-1 --members
like_cli "members: a page further on" "/api/members?group=5-4-1-1&offset=25900&limit=80" '.[25900:]' group 5-4-1-1 --members
expect "members: the last page holds the rest" 55 "$(jq length "$T/body")"
like_cli "members of a depth, paged" "/api/members?group=1A9BF0C00&depth=0&offset=3&limit=4" '.[3:7]' group 5-4-1-1 --depth 0
# The same pages from the command line: group --offset/--limit against the whole list.
expect "group --offset 2 --limit 3: members 2 to 4" \
    "$("$K" --db "$TEST_DB" --json group 5-4-1-1 --members | jq -c '.group_index' | sed -n 3,5p | paste -sd,)" \
    "$("$K" --db "$TEST_DB" --json group 5-4-1-1 --offset 2 --limit 3 | jq -c '.group_index' | paste -sd,)"
run group 5-4-1-1 --offset x
expect "group --offset x: a usage error naming it" "2 klotski: x: --offset takes a number from 0" "$status $err"
run group 5-4-1-1 --limit 0
expect "group --limit 0: a usage error naming it" "2 klotski: 0: --limit takes a number from 1" "$status $err"
refused "members?limit=1001" 400 "limit takes a number from 1 to 1000" "/api/members?group=5-4-1-1&limit=1001"
refused "members of no group" 404 "no such group" "/api/members?group=5-4-1-999"

# ---- names ----
like_cli "names" "/api/names" . names
expect "names: a row per line of data/classic_names.tsv" "$(wc -l < "$ROOT/data/classic_names.tsv")" "$(jq length "$T/body")"
like_cli "names of a section" "/api/names?section=%E7%BB%8F%E5%85%B8" . names --section 经典
expect "names of a section: 40" 40 "$(jq length "$T/body")"
refused "names of no section" 404 "no such section" "/api/names?section=x"

# ---- metric= (issue 22): each route against the CLI's --metric answer ----
like_cli "hardest?metric=unit of a group" "/api/hardest?group=5-4-2-0&metric=unit&limit=3" . \
    --metric unit hardest --group 5-4-2-0 --limit 3
expect "hardest?metric=unit: counted as min_unit_moves" "$(sql "SELECT max_min_unit_moves FROM groups WHERE name = '5-4-2-0'")" \
    "$(jq -r '.[0].min_unit_moves' "$T/body")"
like_cli "hardest?metric=straight over the database" "/api/hardest?metric=straight&limit=1" . --metric straight hardest --limit 1
like_cli "names?metric=straight" "/api/names?metric=straight&section=%E7%BB%8F%E5%85%B8" . --metric straight names --section 经典
expect "names?metric=straight: 横刀立马 in straight moves" "$(sql "SELECT min_straight_moves FROM layouts WHERE code = 0x1A9BF0C00")" \
    "$(jq -r '.[] | select(.name == "横刀立马") | .min_straight_moves' "$T/body")"
refused "hardest?metric=diagonal" 400 "'diagonal' is no metric" "/api/hardest?metric=diagonal"
for metric in straight unit; do
    count=$(sql "SELECT min_${metric}_moves FROM layouts WHERE code = 0x1A9BF0C00")
    get "/play?layout=1A9BF0C00&metric=$metric"
    expect "/play?metric=$metric: titled in $metric moves, the route as long, counted in them" \
        "200 <title>横刀立马 (1A9BF0C00) → DAAF4CC00: a minimal solution in $count $metric moves</title> data-steps=\"$count\" <p id=\"counter\">$metric move 0 of $count</p>" \
        "$code $(grep -o '<title>[^<]*</title>' "$T/body") $(grep -o 'data-steps="[0-9]*"' "$T/body") $(grep -o '<p id="counter">[^<]*</p>' "$T/body")"
done
get "/?layout=1A9BF0C00&metric=unit"
expect "/ takes metric=" "200 text/html; charset=utf-8" "$code $type"

# ---- every route has its curl example in the README ----
for route in layout moves solve solutions path group members farthest hardest hint check stats board names; do
    expect "README: a curl example of /api/$route" yes \
        "$(grep -q "curl -s 'http://127.0.0.1:8080/api/$route[?']" "$ROOT/README.md" && echo yes || echo no)"
done

# ---- the page in a real browser (tests/e2e/page.py) ----
expect "python3 and chromium are installed" yes "$(command -v python3 >/dev/null && [ -n "$CHROMIUM" ] && echo yes || echo no)"
# The Chinese page's screenshot stays beside the test logs (tests/run.sh's test-logs).
logs_dir=${KLOTSKI_TEST_OBJ:-$ROOT/build/release}/test-logs
mkdir -p "$logs_dir"
KLOTSKI_PAGE_SCREENSHOT=$logs_dir/page-zh.png \
    python3 "$ROOT/tests/e2e/page.py" "$CHROMIUM" "$T/profile" "$URL" >"$T/page" 2>"$T/page.err"
expect "page.py runs to its end" 0 $?
[ -s "$T/page.err" ] && cat "$T/page.err"
expect "page.py checked something" yes "$(grep -q '^check ' "$T/page" && echo yes || echo no)"
while IFS=$'\t' read -r name want got; do
    expect "page: ${name#check }" "$want" "$got"
done < <(grep '^check ' "$T/page")

kill -TERM "$server"
wait "$server"
expect "SIGTERM stops the server cleanly" 0 $?
trap - EXIT
expect "the server said nothing on stderr (no sanitizer report)" "" "$(cat "$T/server.err")"
finish
