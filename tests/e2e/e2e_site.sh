#!/usr/bin/env bash
# End-to-end tests of the page with no server (issues 29 and 37): `klotski site DIR` writes
# the static site; on the complete fixture (lib.sh's use_complete: the test database with
# its farthest phase run on the groups of up to 30,000 layouts, the site written from it)
# `klotski serve`'s /api/ answers every route for a sample of 1,000 layouts (classic,
# unsolvable, solved, members of dense and of long groups, spread ones; seeded, the same
# each run) and for their groups and classes; the server is stopped, and in headless
# Chromium (tests/e2e/site.py) the page, served by `python3 -m http.server` alone, must
# give through its api() the same JSON, field for field, every route (layout, moves and
# solve in the three metrics, hints, check, group, names, farthest of a layout and of a
# group, hardest of a group in each metric and of a class, solutions, path, members,
# stats), and one field changed must fail the comparison; then play, undo, read names,
# speak Chinese, keep to the site's files (at most 6 MB before the first answer, 24 in
# all) and work offline once the file server is stopped.  A damaged pack must show as an
# error, never as answers.  The first answer's time, the bytes downloaded and the
# answers and fields compared per route are printed as figures, not checked against a
# limit of time.
. "$(dirname "$0")/lib.sh"
use_complete
# Every command and query of this script reads the complete fixture, the database the
# site was written from.
TEST_DB=$COMPLETE_DB
K=$BIN/klotski
T=$WORK/site
rm -rf "$T"
mkdir -p "$T"
CHROMIUM=$(command -v "${CHROMIUM:-chromium}")
SITE=$COMPLETE_SITE

# ---- the site (written by use_complete) ----
expect "klotski site DIR: the files" \
    "api.js app.css app.js index.html klotski-lists.pack klotski-metrics.pack klotski.pack klotski.wasm play.html sw.js" \
    "$(ls "$SITE" | paste -sd' ')"
for file in index.html app.css app.js; do
    expect "$file is the serve page's own" "$(cat "$ROOT/query/serve/assets/$file" | md5sum)" "$(md5sum < "$SITE/$file")"
done
expect "klotski.wasm is WebAssembly" "0061736d" "$(head -c 4 "$SITE/klotski.wasm" | od -An -tx1 | tr -d ' \n')"
# Everything the page can download: every file once, and the small ones a second time by
# the service worker's install.
bound=$(( $(cat "$SITE"/* | wc -c) + $(cat "$SITE"/{index.html,app.css,app.js,api.js,play.html} | wc -c) ))
echo "figure bytes of the site, with the service worker's copies	$bound"
expect "the site with the service worker's copies: at most 24 MB" yes "$([ "$bound" -le 24000000 ] && echo yes || echo no)"
expect "the site's klotski.pack is the steps part, the metrics part next, its pack files together a whole pack whose checksums hold" \
    "$(stat -c %s "$SITE/klotski.pack") $(cat "$SITE/klotski.pack" "$SITE/klotski-metrics.pack" | wc -c) $(stat -c %s "$COMPLETE_PACK") true" \
    "$(python3 "$REFERENCE/pack_tamper.py" "$COMPLETE_PACK" info | jq -r '"\(.metrics_offset) \(.lists_offset) \(.size) \(.checksums_hold)"')"
run site
expect "site without a folder: exit status 2" 2 "$status"
run site "$SITE/index.html"
expect "site into a file: exit status 1, the reason" "1 not a folder" "$status $(echo "$err" | grep -o 'not a folder$')"

# ---- the page as one file (issue 37, part 2) ----
run site --single-file "$T/one.html"
expect "klotski site --single-file: exit status" 0 "$status"
echo "figure bytes of the one-file page	$(wc -c < "$T/one.html")"
expect "the one-file page: at most 8 MB" yes "$([ "$(wc -c < "$T/one.html")" -le 8000000 ] && echo yes || echo no)"
expect "the one-file page holds the same pack as the site" "$(base64 -w0 "$SITE/klotski.pack" | md5sum)" \
    "$(sed -n 's|^.*<script type="application/base64" id="klotski.pack">\([^<]*\)</script>$|\1|p' "$T/one.html" | tr -d '\n' | md5sum)"
run site --single-file
expect "site --single-file without a file: exit status 2" 2 "$status"
run site --single-file "$SITE"
expect "site --single-file into a folder: exit status 1, the reason" "1 cannot write: Is a directory" \
    "$status $(echo "$err" | grep -o 'cannot write: .*$')"

# site_checks NAME OUT: the "check NAME<TAB>EXPECTED<TAB>ACTUAL" lines site.py wrote to OUT,
# as checks of this script (at least one).
site_checks() {
    expect "$1: site.py checked something" yes "$(grep -q '^check ' "$2" && echo yes || echo no)"
    while IFS=$'\t' read -r name want got; do
        expect "$1: ${name#check }" "$want" "$got"
    done < <(grep '^check ' "$2")
}

# json_id LAYOUT: its id, as klotski show --json gives it.
json_id() { "$K" --db "$TEST_DB" show "$1" --json | jq .id; }

# ---- the sample and the server's answers ----
# 1,000 layouts of the groups the farthest phase did (groups.farthest_done), chosen by a
# seeded hash of their codes (SAMPLE_SEED: the same sample each run): every classic
# layout there, then 150 unsolvable, 100 solved, 150 of the three densest groups (most
# layouts per depth: 0-4-0-0, 1-2-0-0, 3-1-0-0), 150 of the long ones (81 steps deep
# or more: 5-4-4-0, 5-4-1-1, 6-1-2-0), and spread ones up to 1,000; site.py adds for each
# the routes of its group and class, and the routes asked once.
SAMPLE_SEED=37
SAMPLE_SIZE=1000
sql "SELECT DISTINCT printf('%09X', n.code) FROM names n JOIN layouts l USING (code) JOIN groups g USING (group_id)
     WHERE g.farthest_done IS NOT NULL ORDER BY n.code" > "$T/classic"
spread=$((SAMPLE_SIZE - 550 - $(wc -l < "$T/classic")))
sql "WITH dense AS (SELECT group_id FROM groups WHERE farthest_done IS NOT NULL AND solved > 0
                    ORDER BY size * 1.0 / (max_min_steps + 1) DESC, group_id LIMIT 3),
          long AS (SELECT group_id FROM groups WHERE farthest_done IS NOT NULL AND max_min_steps >= 81),
          kinds AS (SELECT CASE WHEN l.group_id IN dense THEN 'dense' WHEN l.group_id IN long THEN 'long'
                                WHEN l.min_steps IS NULL THEN 'unsolvable' WHEN l.min_steps = 0 THEN 'solved'
                                ELSE 'spread' END AS kind,
                           l.code, (l.code * 48271 + $SAMPLE_SEED) % 2147483647 AS rank
                    FROM layouts l JOIN groups g USING (group_id)
                    WHERE g.farthest_done IS NOT NULL AND (l.code * 48271 + $SAMPLE_SEED) % 2147483647 % 64 = 0
                      AND l.code NOT IN (SELECT code FROM names)),
          ranked AS (SELECT kind, code, row_number() OVER (PARTITION BY kind ORDER BY rank) AS n FROM kinds)
     SELECT kind, printf('%09X', code) FROM ranked
     WHERE n <= CASE kind WHEN 'spread' THEN $spread WHEN 'solved' THEN 100 ELSE 150 END ORDER BY kind, n" > "$T/kinds"
{ cat "$T/classic"; cut -d'|' -f2 "$T/kinds"; } > "$T/codes"
expect "the sample: 1,000 layouts, none twice" "$SAMPLE_SIZE $SAMPLE_SIZE" "$(wc -l < "$T/codes") $(sort -u "$T/codes" | wc -l)"
echo "figure layouts sampled: classic, and of each kind	$(wc -l < "$T/classic") $(cut -d'|' -f1 "$T/kinds" | uniq -c | awk '{print $2, $1}' | paste -sd' ')"
# Two threads for the slow routes: site.py asks one request at a time, but the thread that
# answered the last one may not be free yet.
serve_test_database "$TEST_DB" --slow 2
python3 "$ROOT/tests/e2e/site.py" reference "$URL" "$T/codes" "$T/reference.json" >"$T/reference.out" 2>"$T/reference.err"
expect "the server's answers read" 0 $?
grep '^figure ' "$T/reference.out"
[ -s "$T/reference.err" ] && cat "$T/reference.err"
kill -TERM "$server"
wait "$server"
expect "klotski serve stopped before the page runs" "0 no" "$? $(kill -0 "$server" 2>/dev/null && echo yes || echo no)"
trap - EXIT

# ---- the page, with no klotski running ----
expect "python3 and chromium are installed" yes "$(command -v python3 >/dev/null && [ -n "$CHROMIUM" ] && echo yes || echo no)"
python3 "$ROOT/tests/e2e/site.py" page "$CHROMIUM" "$T/profile" "$SITE" "$T/reference.json" "$T/answers.json" \
    >"$T/page" 2>"$T/page.err"
expect "site.py runs to its end" 0 $?
[ -s "$T/page.err" ] && cat "$T/page.err"
grep '^figure ' "$T/page"
site_checks page "$T/page"
# The comparison can fail: the page's answers against the server's with one field of the
# server's changed (site.py compare ... change: a number of an answer the page gave the
# same, plus one) must differ in that field more, and fail one route more (one whose every answer was the same).
python3 "$ROOT/tests/e2e/site.py" compare "$T/reference.json" "$T/answers.json" change >"$T/changed" 2>"$T/changed.err"
expect "site.py compare runs to its end" 0 $?
[ -s "$T/changed.err" ] && cat "$T/changed.err"
grep '^figure changed\|^figure fields' "$T/changed"
grep '^check one changed field' "$T/changed" > "$T/changed.check"
site_checks "compare" "$T/changed.check"

# ---- the one-file page opened from disk, the browser offline ----
python3 "$ROOT/tests/e2e/site.py" single "$CHROMIUM" "$T/profile-one" "$T/one.html" "$T/reference.json" \
    >"$T/one" 2>"$T/one.err"
expect "site.py single runs to its end" 0 $?
[ -s "$T/one.err" ] && cat "$T/one.err"
grep '^figure ' "$T/one"
site_checks "one file" "$T/one"

# ---- the same in Firefox (firefox-esr, one of the tests' Debian packages: the Makefile's
# TEST_NEEDS), through WebDriver BiDi (tests/e2e/firefox.py) ----
FIREFOX=$(command -v firefox-esr || command -v firefox)
if [ -n "$FIREFOX" ]; then
    python3 "$ROOT/tests/e2e/site.py" single "$FIREFOX" "$T/profile-firefox" "$T/one.html" "$T/reference.json" \
        >"$T/firefox" 2>"$T/firefox.err"
    expect "site.py single in Firefox runs to its end" 0 $?
    [ -s "$T/firefox.err" ] && cat "$T/firefox.err"
    sed -n 's/^figure one file/figure one file in Firefox/p' "$T/firefox"
    site_checks "one file in Firefox" "$T/firefox"
else
    skip "the one-file page in Firefox" "no firefox-esr or firefox on PATH"
fi

# ---- Chinese to the end: no English word on the pages under ?lang=zh ----
python3 "$ROOT/tests/e2e/site.py" chinese "$CHROMIUM" "$T/profile-zh" "$SITE" \
    "$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps = 0 LIMIT 1")" \
    "$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL LIMIT 1")" >"$T/zh" 2>"$T/zh.err"
expect "site.py chinese runs to its end" 0 $?
[ -s "$T/zh.err" ] && cat "$T/zh.err"
site_checks zh "$T/zh"

# ---- damaged packs: a byte changed (the content checksum fails when the pack opens),
# and a block's deflate stream damaged with every checksum made right again
# (tests/reference/pack_tamper.py: the block fails when a walk reaches it) ----
cp -r "$SITE" "$T/damaged"
size=$(wc -c < "$T/damaged/klotski.pack")
printf '\x5a' | dd of="$T/damaged/klotski.pack" bs=1 seek=$((size / 2)) conv=notrunc status=none
cp -r "$SITE" "$T/bad-block"
per_block=$(python3 "$REFERENCE/pack_tamper.py" "$SITE/klotski.pack" info | jq .residue_block_layouts)
python3 "$REFERENCE/pack_tamper.py" "$SITE/klotski.pack" damage-rechecked \
    $(( $(json_id 1A9BF0C00) / per_block )) "$T/bad-block/klotski.pack"
expect "pack_tamper.py damages the block of 1A9BF0C00" 0 $?
for kind in damaged bad-block; do
    python3 "$ROOT/tests/e2e/site.py" damaged "$CHROMIUM" "$T/profile-$kind" "$T/$kind" >"$T/$kind.out" 2>"$T/$kind.err"
    expect "site.py damaged ($kind) runs to its end" 0 $?
    [ -s "$T/$kind.err" ] && cat "$T/$kind.err"
    grep '^figure ' "$T/$kind.out"
    site_checks "$kind pack" "$T/$kind.out"
done
finish
