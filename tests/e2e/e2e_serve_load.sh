#!/usr/bin/env bash
# `klotski serve` under the pressure one anonymous client can put on it, on loopback
# (tests/e2e/serve_load.py drives it): the fast routes keep answering while slow ones
# run beside them, a request whose client hung up or whose deadline passed stops its
# work (SQLite's and the searches'), a repeated slow request is answered from the cache of
# slow answers, which keeps to its bound, one address's idle connections keep no other address out, a NUL (%00) in a
# request is refused, and answers carry a strong ETag that a client's copy is checked by.  A few seconds; every wait is bounded; the servers are stopped at
# the end whatever happens.
. "$(dirname "$0")/lib.sh"
use_database
K=$BIN/klotski
T=$WORK/serve_load
rm -rf "$T"
mkdir -p "$T"
LOAD="/usr/bin/python3 $ROOT/tests/e2e/serve_load.py"
# The slowest route: the extremes of the dense group 3-3-0-0 (158,400 members), searched
# on demand (query/search/extremes.c: tens of seconds here), never answered within the
# deadline, so never cached; its search asks the request's watch whether to stop.
SLOW_PATH='/api/farthest?group=3-3-0-0'
# One slow request at a time, so that a slow request still running shows as the next
# one's 503; a deadline of 3 s, so that the slow requests end within the checks' waits.
serve_test_database "$TEST_DB" --slow 1 --deadline 3

# status PATH [CURL OPTIONS...]: the HTTP status of PATH; its body in $T/body.
status() {
    local path=$1
    shift
    : >"$T/body"
    curl -s --max-time 30 -o "$T/body" -w '%{http_code}' "$@" "$URL$path"
}

# ---- a NUL in a request: 400, never the value cut at it ----
expect "%00 in an argument: 400" 400 "$(status '/api/layout?layout=1A9BF0C00%00junk')"
expect "%00 in an argument: the error says why" "a NUL byte (%00) in the request: no path or argument holds one" \
    "$(jq -r .error "$T/body")"
expect "%00 in an argument's name: 400" 400 "$(status '/api/layout?layout%00x=1A9BF0C00')"
expect "%00 in the path: 400" 400 "$(status '/api/layout%00.css?layout=1A9BF0C00')"
expect "the same request without it: 200" 200 "$(status '/api/layout?layout=1A9BF0C00')"

# ---- answers cached by their ETag ----
# A strong ETag from the database's checksum (meta layouts_crc32, read here with sqlite3)
# and the program's version; 304 when the client has it; errors neither cached nor tagged.
want_etag="\"$(sql "SELECT value FROM meta WHERE key = 'layouts_crc32'")-$("$K" --version | sed -n 's/^klotski \([^ ]*\) .*/\1/p')\""
curl -s --max-time 30 -D "$T/headers" -o "$T/body" "$URL/api/moves?layout=1A9BF0C00"
expect "a 200 answer: its ETag is the database's checksum and the version" "$want_etag" \
    "$(tr -d '\r' < "$T/headers" | sed -n 's/^etag: //Ip')"
expect "a 200 answer: Cache-Control" "public, max-age=86400" "$(tr -d '\r' < "$T/headers" | sed -n 's/^cache-control: //Ip')"
expect "If-None-Match with that ETag: 304, no body" "304 0" \
    "$(status '/api/moves?layout=1A9BF0C00' -H "If-None-Match: $want_etag") $(wc -c < "$T/body")"
expect "If-None-Match with another ETag: 200" 200 "$(status '/api/moves?layout=1A9BF0C00' -H 'If-None-Match: "0-0"')"
curl -s --max-time 30 -D "$T/headers" -o "$T/body" "$URL/api/layout?layout=1A9BF0C01"
expect "an error: no-store, no ETag" "no-store 0" \
    "$(tr -d '\r' < "$T/headers" | sed -n 's/^cache-control: //Ip') $(grep -ci '^etag:' "$T/headers")"

# ---- the slow answers' cache ----
# header NAME: the value of the header NAME in $T/headers.
header() { tr -d '\r' < "$T/headers" | sed -n "s/^$1: //Ip"; }
curl -s --max-time 30 -D "$T/headers" -o "$T/first" "$URL/api/hardest?metric=unit&limit=1000"
expect "a slow answer asked first: 200, computed (X-Cache: miss)" "200 miss" \
    "$(sed -n '1s/^HTTP[^ ]* \([0-9]*\).*/\1/p' "$T/headers") $(header x-cache)"
curl -s --max-time 30 -D "$T/headers" -o "$T/again" "$URL/api/hardest?limit=1000&metric=unit"
expect "the same asked again, its arguments in another order: from the cache (X-Cache: hit)" hit "$(header x-cache)"
expect "... the same bytes" yes "$(cmp -s "$T/first" "$T/again" && echo yes || echo no)"
curl -s --max-time 30 -D "$T/headers" -o /dev/null "$URL/api/hardest?metric=straight&limit=1000"
expect "another metric is another answer: computed" miss "$(header x-cache)"
curl -s --max-time 30 -D "$T/headers" -o /dev/null "$URL/api/layout?layout=1A9BF0C00"
expect "a fast route is never cached" "" "$(header x-cache)"

# ---- the deadline ----
start=$(date +%s%N)
expect "a slow request past its deadline: 503" 503 "$(status "$SLOW_PATH")"
expect "a slow request past its deadline: the error says why" "stopped: the answer took longer than the server's deadline" \
    "$(jq -r .error "$T/body")"
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
expect "a slow request past its deadline (3 s): answered within 4.5 s" yes "$([ "$elapsed_ms" -lt 4500 ] && echo yes || echo "no: $elapsed_ms ms")"

# ---- a full slow pool: 503 with Retry-After at once ----
$LOAD abandon "$URL" "$SLOW_PATH" 0.8 >"$T/abandon" &
abandoned=$!
for wait in $(seq 1 100); do
    grep -q sent "$T/abandon" && break
    sleep 0.05
done
sleep 0.2 # the server has read the request
curl -s --max-time 30 -D "$T/headers" -o "$T/body" "$URL/api/hardest?limit=1"
expect "a slow request while the one slow place is taken: 503" 503 "$(sed -n '1s/^HTTP[^ ]* \([0-9]*\).*/\1/p' "$T/headers")"
expect "... with Retry-After" 1 "$(grep -ci '^retry-after: 1' "$T/headers")"
expect "a fast request meanwhile: 200" 200 "$(status '/api/moves?layout=1A9BF0C00')"

# ---- a client that hangs up stops its work within 0.5 s ----
# The client above hangs up 0.8 s after its request, whose work has 3 s to its deadline:
# work that ignored the hang-up would hold the one slow place 2.2 s more.  The place is
# asked for every 0.1 s (each time another answer, which no cache holds) and must be free
# within 1.6 s: the goal is 0.5 s, printed beside, but the machine may be shared with
# other tests, and 1.6 s still tells a stopped search from one left to its deadline.
wait "$abandoned"
hung_up=$(date +%s%N)
for probe in $(seq 2 40); do
    answer=$(status "/api/hardest?limit=$probe")
    freed_ms=$((($(date +%s%N) - hung_up) / 1000000))
    [ "$answer" = 200 ] || [ "$freed_ms" -gt 1600 ] && break
    sleep 0.1
done
echo "the slow place was free again $freed_ms ms after the client hung up (goal 500 ms)"
expect "after its client hung up, the slow request's work has stopped: a slow request is answered within 1.6 s" \
    yes "$([ "$answer" = 200 ] && [ "$freed_ms" -le 1600 ] && echo yes || echo "no: $answer after $freed_ms ms")"

# ---- slow routes beside fast ones ----
# One client looks layouts up for 2 s alone, then for 3 s while two clients ask the slow
# route over and over (each 503 waits 50 ms).  The old global lock held a lookup for a
# slow request's whole run, up to the 3 s deadline: the lookups' 99th percentile was
# 3,025 ms and 3,212 ms.  The issue's goal is 50 ms (make bench measures it, wrk on an
# idle machine); here, where other tests and builds share the 2 cores, its p99 alone
# ranges from 16 to 240 ms, so the check holds it within a quarter of the deadline,
# 750 ms, and prints both.
read -r alone_count alone_p50 alone_p99 < <($LOAD mixed "$URL" 2 '/api/layout?layout=1A9BF0C00')
read -r count p50 p99 < <($LOAD mixed "$URL" 3 '/api/layout?layout=1A9BF0C00' "$SLOW_PATH" "$SLOW_PATH")
echo "lookups alone: $alone_count in 2 s, p50 $alone_p50 ms, p99 $alone_p99 ms;" \
     "beside slow requests: $count in 3 s, p50 $p50 ms, p99 $p99 ms (goal 50 ms)"
expect "lookups: every one answered 200" yes \
    "$([[ $alone_count$count =~ ^[0-9]+$ ]] && echo yes || echo "no: $alone_count $alone_p50 / $count $p50")"
expect "lookups beside slow requests: p99 within 750 ms" yes \
    "$(awk -v p="$p99" 'BEGIN { print (p != "" && p + 0 <= 750) ? "yes" : "no: " p " ms" }')"

# ---- one address's idle connections keep no other address out ----
# 1,100 connections from 127.0.0.1 that send nothing (over the server's 1,024 in all);
# a request from 127.0.0.2 is still answered, at once.
read -r answer seconds < <($LOAD idle "$URL" 1100 1)
expect "1,100 idle connections from 127.0.0.1: a request from 127.0.0.2 is answered" 200 "$answer"
expect "... within 2 s" yes "$(awk -v s="$seconds" 'BEGIN { print (s != "" && s + 0 <= 2) ? "yes" : "no: " s " s" }')"
# Their threads end as each notices its connection closed: a few tenths of a second.
for wait in $(seq 1 30); do
    answer=$(status '/api/layout?layout=1A9BF0C00')
    [ "$answer" = 200 ] && break
    sleep 0.1
done
expect "after them, a request from 127.0.0.1 is answered again within 3 s" 200 "$answer"

# ---- clients that hang up at once never take the server down ----
# Each solution's descent is watched: a stop (the client gone) midway must end that
# answer, not the process.  Three times 64 solutions asked, each on a connection of its
# own, and hung up on after 20 ms, while the server's two threads work through them.
for i in 1 2 3; do
    $LOAD abandon "$URL" '/api/solve?layout=4FEA13400' 0.02 64 >/dev/null
done
expect "3 x 64 solutions asked and hung up on: the server still answers" 200 \
    "$(status '/api/layout?layout=1A9BF0C00')"

kill "$server"
wait "$server" 2>/dev/null
expect "the server's stderr stays empty" "" "$(cat "$T/server.err")"

# ---- the cache keeps to its bound, the least recently used out ----
# 1 MiB of cache; 20 answers of 73 kB each (hardest under unit moves, limits 981 to
# 1000), 1.4 MB in all: the first of them is dropped, the last kept.
serve_test_database "$TEST_DB" --cache-mb 1
for limit in $(seq 1000 -1 981); do
    curl -s --max-time 30 -o /dev/null "$URL/api/hardest?metric=unit&limit=$limit"
done
curl -s --max-time 30 -D "$T/headers" -o "$T/body" "$URL/api/hardest?metric=unit&limit=981"
expect "--cache-mb 1: the last of 20 answers of 73 kB is kept" hit "$(header x-cache)"
curl -s --max-time 30 -D "$T/headers" -o /dev/null "$URL/api/hardest?metric=unit&limit=1000"
expect "--cache-mb 1: the first of them, least recently used, was dropped" miss "$(header x-cache)"

# ---- SIGTERM while a slow request runs: the server waits for its work, then exits ----
# (libmicrohttpd aborts a daemon stopped with a connection still suspended.)
curl -s --max-time 30 -o /dev/null "$URL$SLOW_PATH" &
asking=$!
sleep 0.5 # the slow request is under way
kill "$server"
wait "$server"
expect "SIGTERM during a slow request: exit status 0, stderr empty" "0 " "$? $(cat "$T/server.err")"
wait "$asking"
finish
