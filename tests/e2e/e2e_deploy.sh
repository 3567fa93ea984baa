#!/usr/bin/env bash
# The deployment that docs/deploy/ gives people to copy, checked as far as a test
# machine without systemd running allows: the systemd unit (klotski.service) passes
# `systemd-analyze verify` without a word and `systemd-analyze security --offline` rates
# it well hardened; the nginx site (nginx-klotski.conf) runs with Debian's nginx on
# loopback, unprivileged, in a scratch folder, in front of `klotski serve`: the page and
# the API through it answer as the server does, a repeated answer comes from nginx's
# cache, and a burst over the limit is answered 429.  Every wait is bounded; nginx and the
# server are stopped at the end whatever happens.
. "$(dirname "$0")/lib.sh"
use_database
K=$BIN/klotski
T=$WORK/deploy
rm -rf "$T"
mkdir -p "$T/share" "$T/nginx"
DEPLOY=$ROOT/docs/deploy
NGINX=/usr/sbin/nginx

# ---- the systemd unit ----
# Its paths are the installed ones (make install, PREFIX=/usr/local); verify checks that
# the program exists, so they point at this build and a scratch folder here.
sed "s|/usr/local/bin/klotski|$K|; s|/usr/local/share/klotski|$T/share|g" "$DEPLOY/klotski.service" >"$T/klotski.service"
err=$(systemd-analyze verify --man=no "$T/klotski.service" 2>&1)
expect "systemd-analyze verify: the unit passes, without a word" "0 " "$? $err"
for setting in DynamicUser=yes ProtectSystem=strict "ReadOnlyPaths=$T/share" NoNewPrivileges=yes MemoryMax=; do
    expect "the unit sets $setting" 1 "$(grep -c "^$setting" "$T/klotski.service")"
done
exposure=$(systemd-analyze security --offline=yes --no-pager "$T/klotski.service" 2>&1 |
           sed -n 's/.*Overall exposure level for klotski.service: \([0-9.]*\).*/\1/p')
expect "systemd-analyze security: exposure at most 2.0 (of 10)" yes \
    "$(awk -v e="$exposure" 'BEGIN { print (e != "" && e + 0 <= 2.0) ? "yes" : "no: " e }')"

# ---- nginx in front ----
serve_test_database
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null;
      [ -f "$T/nginx/nginx.pid" ] && kill "$(cat "$T/nginx/nginx.pid")" 2>/dev/null' EXIT
upstream=${URL#http://}
# A free port for nginx: one the system hands out and takes back.
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The site as given, on loopback: its listen lines, the server's address and the cache's
# folder changed; inside a main configuration that runs unprivileged in $T/nginx.
sed -e "s|listen 80;|listen 127.0.0.1:$port;|; /listen \[::\]:80;/d" -e "s|127.0.0.1:8080|$upstream|" \
    -e "s|/var/cache/nginx/klotski|$T/nginx/cache|" "$DEPLOY/nginx-klotski.conf" >"$T/nginx/site.conf"
cat >"$T/nginx/nginx.conf" <<EOF
pid $T/nginx/nginx.pid;
error_log $T/nginx/error.log;
events {}
http {
    access_log off;
    client_body_temp_path $T/nginx/body;
    proxy_temp_path $T/nginx/proxy;
    fastcgi_temp_path $T/nginx/fastcgi;
    uwsgi_temp_path $T/nginx/uwsgi;
    scgi_temp_path $T/nginx/scgi;
    include $T/nginx/site.conf;
}
EOF
err=$("$NGINX" -t -p "$T/nginx" -c "$T/nginx/nginx.conf" 2>&1)
expect "nginx -t: the site's configuration is valid" 0 "$?"
"$NGINX" -p "$T/nginx" -c "$T/nginx/nginx.conf" 2>"$T/nginx/start.err"
expect "nginx starts" 0 "$?"
NGINX_URL=http://127.0.0.1:$port
for wait in $(seq 1 100); do
    curl -s -o /dev/null --max-time 2 "$NGINX_URL/app.css" && break
    sleep 0.1
done

# through PATH: sets code, cache (nginx's X-Cache) and writes the body to $T/through.
through() {
    read -r code cache < <(curl -s --max-time 30 -D "$T/headers" -o "$T/through" -w '%{http_code}\n' "$NGINX_URL$1" |
                           { read -r c; echo "$c $(tr -d '\r' < "$T/headers" | sed -n 's/^x-cache: //Ip')"; })
}
curl -s --max-time 30 -o "$T/direct" "http://$upstream/"
through /
expect "the page through nginx: 200, the server's own" "200 same" "$code $(cmp -s "$T/direct" "$T/through" && echo same)"
curl -s --max-time 30 -o "$T/direct" "http://$upstream/api/moves?layout=1A9BF0C00"
through "/api/moves?layout=1A9BF0C00"
expect "an API answer through nginx: 200, the server's own" "200 same" "$code $(cmp -s "$T/direct" "$T/through" && echo same)"
through "/api/moves?layout=1A9BF0C00"
expect "the same answer again: from nginx's cache" "200 HIT" "$code $cache"
through "/api/layout?layout=1A9BF0C01"
expect "an error through nginx: the server's 400, not cached" "400 no" "$code $([ "$cache" = HIT ] && echo yes || echo no)"

# A burst of 200 API requests from one address, one after the other on one connection
# kept alive (a second or less): the first 41 or so are answered (20 a second with
# bursts of 40), the rest 429; nothing else.
curl -s --max-time 60 $(for id in $(seq 1 200); do printf -- "-o /dev/null $NGINX_URL/api/layout?layout=%%23$id "; done) \
    -w '%{http_code}\n' >"$T/burst"
expect "a burst over the limit: some answered 200" yes "$(grep -q '^200$' "$T/burst" && echo yes || echo no)"
expect "a burst over the limit: the rest 429" yes "$(grep -q '^429$' "$T/burst" && echo yes || echo no)"
expect "a burst over the limit: no other status" "" "$(grep -v '^200$\|^429$' "$T/burst" | sort -u | paste -sd ' ')"

"$NGINX" -p "$T/nginx" -c "$T/nginx/nginx.conf" -s quit 2>/dev/null
kill "$server"
wait "$server" 2>/dev/null
expect "the server's stderr stays empty" "" "$(cat "$T/server.err")"
finish
