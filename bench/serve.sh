#!/usr/bin/env bash
# The server's speed: requests per second and the median and 99th percentile latency of
# /api/layout and /api/moves with 32 concurrent clients (wrk, Debian package wrk: 2
# threads, 32 connections kept alive, 10 s per route), against a running copy of
# `klotski serve` on a free port of 127.0.0.1.  The load tool shares the machine with
# the server, so on 2 cores both compete for them: the figures are a floor.  The first
# row, a static asset (no database, no command), is what HTTP alone costs here.
#   bench/serve.sh [BIN] [DB]
set -eu
bin=${1:-bin}
db=${2:-data/klotski.db}
seconds=${KLOTSKI_BENCH_SECONDS:-10}
command -v wrk >/dev/null || { echo "bench/serve.sh: needs wrk (apt-get install wrk)" >&2; exit 1; }
out=$(mktemp)
"$bin/klotski" --db "$db" serve --any-port >"$out" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -f "$out"' EXIT
for _ in $(seq 1 300); do
    grep -q serving "$out" && break
    sleep 0.1
done
url=$(sed -n 's|^klotski: serving \(http://[^ ]*\)/$|\1|p' "$out")
echo "klotski serve at $url, $(nproc) cores, wrk -t2 -c32 -d${seconds}s"
# The server's CPU time so far (user + system), in clock ticks: per request, it says what
# a request costs the server whatever else the machine does.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
ticks_per_s=$(getconf CLK_TCK)
printf '%-32s %11s %9s %9s %16s\n' route requests/s median p99 "server CPU/req"
for route in "/app.css" "/api/layout?layout=1A9BF0C00" "/api/moves?layout=1A9BF0C00" "/api/layout?layout=4FEA13400" \
             "/api/moves?layout=4FEA13400"; do
    curl -sf -o /dev/null "$url$route"
    before=$(cpu_ticks)
    report=$(wrk -t2 -c32 -d"${seconds}s" --latency "$url$route")
    used=$(($(cpu_ticks) - before))
    printf '%s\n' "$report" |
        awk -v route="$route" -v used="$used" -v hz="$ticks_per_s" '
            /requests in/ {count = $1} /Requests\/sec/ {rps = $2} / 50%/ {median = $2} / 99%/ {p99 = $2}
            /Non-2xx/ {bad = $NF}
            END {printf "%-32s %11s %9s %9s %13.1f us%s\n", route, rps, median, p99, used / hz / count * 1e6,
                 bad ? "  (" bad " not 200!)" : ""}'
done
