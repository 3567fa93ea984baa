#!/usr/bin/env bash
# The server's speed (wrk, Debian package wrk, connections kept alive), against a
# running copy of `klotski serve` on a free port of 127.0.0.1:
# - requests per second, median and 99th percentile latency of a static file (HTTP alone:
#   no database), a layout's facts, its moves, its solution and a group's facts, at 1, 8
#   and 64 connections;
# - the mixed run: 32 connections looking layouts up beside 4 on the slowest route
#   (`farthest` of the dense group 3-3-0-0: its extremes searched on demand, tens of
#   seconds of work each, stopped at the deadline; never cached), against the same 32 alone just before; the slow route's answers counted
#   by status (200, or 503: the slow pool busy or the deadline passed).
# The load tool shares the machine with the server, so on 2 cores both compete for them:
# the figures are a floor; the last column, the server's own CPU time per request (from
# /proc), depends least on what else the machine does.  Every run is KLOTSKI_BENCH_SECONDS long (default 10).
#   bench/serve.sh [BIN] [DB]
set -eu
bin=${1:-bin}
db=${2:-data/klotski.db}
seconds=${KLOTSKI_BENCH_SECONDS:-10}
command -v wrk >/dev/null || { echo "bench/serve.sh: needs wrk (apt-get install wrk)" >&2; exit 1; }
scratch=$(mktemp -d)
"$bin/klotski" --db "$db" serve --any-port >"$scratch/server" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$scratch"' EXIT
for _ in $(seq 1 300); do
    grep -q serving "$scratch/server" && break
    sleep 0.1
done
url=$(sed -n 's|^klotski: serving \(http://[^ ]*\)/$|\1|p' "$scratch/server")
echo "klotski serve at $url ($bin), $(nproc) cores, ${seconds} s a run"
# How the server reads the database (query/db.h, db_finished): a finished one immutable,
# with no file lock; one whose farthest phase is incomplete with SQLite's locks, taken
# once a request.
finished=$(sqlite3 -batch "$db" "SELECT a.value = b.value FROM meta a, meta b
                                 WHERE a.key = 'farthest_groups_done' AND b.key = 'groups'" 2>/dev/null)
case $finished in
    1) echo "the database is finished: read immutable, no file lock" ;;
    0) echo "the database's farthest phase is incomplete: read with SQLite's locks" ;;
    *) echo "the database's state unknown (no sqlite3 to read its meta)" ;;
esac

# The server's CPU time so far (user + system), in clock ticks: per request, it says what
# a request costs the server whatever else the machine does.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
ticks_per_s=$(getconf CLK_TCK)
# bench CONNECTIONS PATH: wrk's report of PATH at CONNECTIONS (2 threads, or 1 for 1
# connection), and the server's CPU ticks meanwhile ("cpu N").
bench() {
    local threads=$(($1 < 2 ? 1 : 2)) before
    before=$(cpu_ticks)
    wrk -t"$threads" -c"$1" -d"${seconds}s" --timeout 30s --latency "$url$2"
    echo "cpu $(($(cpu_ticks) - before))"
}
# row NAME CONNECTIONS: a line of the table from bench's report on stdin.
row() {
    awk -v name="$1" -v conns="$2" -v hz="$ticks_per_s" '
        /requests in/ {count = $1} /Requests\/sec/ {rps = $2} / 50%/ {median = $2} / 99%/ {p99 = $2}
        /Non-2xx/ {bad = $NF} /Socket errors/ {errors = $0} /^cpu / {used = $2}
        END {printf "%-40s %5s %11s %9s %9s %10.1f us%s%s\n", name, conns, rps, median, p99,
             count ? used / hz / count * 1e6 : 0, bad ? "  (" bad " not 200)" : "", errors ? "  (" errors ")" : ""}'
}

printf '%-40s %5s %11s %9s %9s %13s\n' route conns requests/s median p99 "server CPU/req"
for route in "/app.css" "/api/layout?layout=1A9BF0C00" "/api/moves?layout=1A9BF0C00" \
             "/api/solve?layout=1A9BF0C00" "/api/group?group=5-4-1-1"; do
    curl -sf --retry 5 --retry-connrefused -o /dev/null "$url$route"
    for connections in 1 8 64; do
        bench "$connections" "$route" | row "$route" "$connections"
    done
done

echo
echo "mixed: 32 connections on layout lookups, alone, then beside 4 on the slowest route"
lookup="/api/layout?layout=1A9BF0C00"
slowest="/api/farthest?group=3-3-0-0"
bench 32 "$lookup" | row "$lookup (alone)" 32
wrk -t1 -c4 -d"$((seconds + 2))s" --timeout 30s "$url$slowest" >"$scratch/slow" &
slow=$!
sleep 1 # the slow requests are under way
bench 32 "$lookup" | row "$lookup (beside 4 slow)" 32
wait "$slow"
awk -v name="$slowest" '/requests in/ {count = $1} /Non-2xx/ {bad = $NF}
    END {printf "%-40s %5s  %d answers, %d of them 503 (the slow pool busy or the deadline passed)\n", name, 4, count, bad}' \
    "$scratch/slow"
