#!/usr/bin/env bash
# End-to-end test of `klotski serve --pack FILE`: the server answering from a pack alone
# (the complete fixture's, lib.sh's use_complete), with no database.  Beside it the database's
# server (`klotski serve` on the database the pack was written from) answers the same requests: on a sample of
# layouts (the classic one, solved ones, unsolvable ones, others spread over the ids) the
# pack's /api/layout, moves (under each metric), solve and group answers must equal the
# database's in every field the pack holds (the pack leaves out group_index, the farthest
# and solution counts, min_solution_num, and the hardest counts in straight and unit
# moves; its moves have no farthest data), and its names the database's without their
# groups; a route the pack cannot answer is 404 with a message saying that it needs the
# database; the page and /api/board work without one.  Loopback only; every wait bounded.
. "$(dirname "$0")/lib.sh"
query_setup serve_pack
# The pack and database of the complete fixture (lib.sh), shared with the other scripts
# that read a pack, in place of a pack written here.
use_complete
TEST_DB=$COMPLETE_DB

# The database's server (serve_test_database: $server, $URL), then the pack's, run with
# a --db that does not exist: it must open no database.
serve_test_database
DB_URL=$URL db_server=$server
"$K" --db "$T/no-such.db" serve --any-port --pack "$COMPLETE_PACK" >"$T/pack.out" 2>"$T/pack.err" &
pack_server=$!
trap 'kill "$db_server" "$pack_server" 2>/dev/null; wait "$db_server" "$pack_server" 2>/dev/null' EXIT
served_url "$T/pack.out" # with no database
PACK_URL=$URL

# get BASE PATH: the body of BASE/PATH, then its status on a line of its own.
get() { curl -s --max-time 30 -w '\n%{http_code}' "$1$2"; }
# Both servers' answer to PATH: sets pack_body, pack_code, db_body, db_code.
ask_both() {
    local answer
    answer=$(get "$PACK_URL" "$1")
    pack_body=${answer%$'\n'*} pack_code=${answer##*$'\n'}
    answer=$(get "$DB_URL" "$1")
    db_body=${answer%$'\n'*} db_code=${answer##*$'\n'}
}
# The database's answer cut to the fields of the pack's (both sorted), and the pack's.
# FILTER: a jq filter applied to both first (what the pack holds of a list).
same_fields() {
    local filter=${2:-.}
    expect "$1: both answer 200" "200 200" "$pack_code $db_code"
    expect "$1: the pack's fields as the database's" \
        "$(jq -cS --argjson pack "$(jq -c "$filter" <<<"$pack_body")" "$filter | with_entries(select(.key as \$k | \$pack | has(\$k)))" <<<"$db_body")" \
        "$(jq -cS "$filter" <<<"$pack_body")"
}

unsolvable=$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL ORDER BY code LIMIT 2")
solved=$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps = 0 ORDER BY code LIMIT 1")
spread=$(for part in 1 2 3 4 5 6; do
    sql "SELECT printf('%09X', code) FROM layouts WHERE code >= $part * 9000000000 ORDER BY code LIMIT 1"
done)
layouts="1A9BF0C00 $solved $unsolvable $spread"
expect "the sample holds 10 layouts" 10 "$(wc -w <<<"$layouts")"
no_farthest='del(.move_list[]?.farthest_steps, .move_list[]?.farthest_num)'
for layout in $layouts; do
    ask_both "/api/layout?layout=$layout"
    same_fields "layout $layout"
    expect "layout $layout: the pack gives its min moves in every metric" 3 \
        "$(jq '[.min_steps, .min_straight_moves, .min_unit_moves] | length' <<<"$pack_body")"
    for metric in step straight unit; do
        ask_both "/api/moves?layout=$layout&metric=$metric"
        same_fields "moves $layout ($metric)" "$no_farthest"
        ask_both "/api/solve?layout=$layout&metric=$metric"
        if [ "$db_code" = 200 ]; then
            same_fields "solve $layout ($metric)" '{from, steps, metric, length: (.route | length)}'
        else
            expect "solve $layout ($metric): unsolvable, 404 from both" "404 404" "$pack_code $db_code"
        fi
    done
    ask_both "/api/group?group=$layout"
    same_fields "group of $layout"
done
ask_both "/api/group?group=5-4-1-1"
same_fields "group 5-4-1-1"
expect "group 5-4-1-1: the pack holds its diameter" 145 "$(jq .diameter <<<"$pack_body")"
ask_both "/api/names?metric=unit"
expect "names (unit): both answer 200" "200 200" "$pack_code $db_code"
expect "names (unit): the database's, each name's group too" "$(jq -cS . <<<"$db_body")" \
    "$(jq -cS . <<<"$pack_body")"
expect "names: all 559" 559 "$(jq length <<<"$pack_body")"

# The page and what needs no database.
for path in / /app.js "/api/board?board=VKKVVKKVVHHVVooVo..o" "/play?layout=1A9BF0C00"; do
    answer=$(get "$PACK_URL" "$path")
    expect "$path: 200 from the pack's server" 200 "${answer##*$'\n'}"
done

# What the pack cannot answer: 404, saying so.
for path in "/api/hardest" "/api/farthest?layout=1A9BF0C00" "/api/path?from=1A9BF0C00&to=1ADEF8000" \
    "/api/members?group=5-4-1-1" "/api/stats?table=summary" "/api/solutions?layout=1A9BF0C00" \
    "/api/hint?layout=1A9BF0C00" "/api/check?attempt=1A9BF0C00" "/api/names?section=经典"; do
    answer=$(get "$PACK_URL" "$path")
    body=${answer%$'\n'*}
    expect "$path: 404 from the pack's server" 404 "${answer##*$'\n'}"
    expect "$path: says that it needs the database" yes \
        "$(jq -r .error <<<"$body" | grep -q 'needs the database' && echo yes || echo no)"
done
answer=$(get "$PACK_URL" "/api/hardest")
expect "the 404 says how to build a database" yes "$(grep -q 'klotski-build' <<<"$answer" && echo yes || echo no)"
answer=$(get "$PACK_URL" "/api/layout?layout=zz")
expect "a bad layout: 400 as from the database's server" 400 "${answer##*$'\n'}"

# A file that is no pack: one line, exit status 2.
printf 'not a pack' > "$T/bad.pack"
"$K" serve --any-port --pack "$T/bad.pack" >"$T/bad.out" 2>"$T/bad.err"
expect "serve --pack on no pack: exit status" 2 "$?"
expect "serve --pack on no pack: one line naming the file" "1 yes" \
    "$(one_line "$(cat "$T/bad.err")") $(grep -q "$T/bad.pack" "$T/bad.err" && echo yes || echo no)"
finish
