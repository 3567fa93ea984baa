#!/usr/bin/env bash
# End-to-end tests of the page with no server (issue 29, part 3): `klotski site DIR`
# writes the static site; `klotski serve`'s /api/ answers a sample of layouts (every
# classic layout, unsolvable ones, solved ones, the hardest, spread ones: at least 1,000),
# then the server is stopped, and in headless Chromium (tests/e2e/site.py) the page,
# served by `python3 -m http.server` alone, must give the same min_steps, min straight
# and unit moves, moves best first with their outcomes and solution lengths under each
# metric, hints of the three levels and checked attempts (good, bad, illegal) field for
# field, play, undo, read names, speak Chinese, keep to the site's files (at most 6 MB
# before the first answer, 24 in all) and work offline once the file server is stopped.
# A damaged pack must show as an error, never as answers.  The first answer's time and
# the bytes downloaded are printed as figures, not checked against a limit of time.
. "$(dirname "$0")/lib.sh"
use_database
K=$BIN/klotski
T=$WORK/site
rm -rf "$T"
mkdir -p "$T"
CHROMIUM=$(command -v "${CHROMIUM:-chromium}")

# ---- the site ----
run site "$T/site"
expect "klotski site DIR: exit status" 0 "$status"
expect "klotski site DIR: the files" \
    "api.js app.css app.js index.html klotski-lists.pack klotski-metrics.pack klotski.pack klotski.wasm play.html sw.js" \
    "$(ls "$T/site" | paste -sd' ')"
for file in index.html app.css app.js; do
    expect "$file is the serve page's own" "$(cat "$ROOT/query/serve/assets/$file" | md5sum)" "$(md5sum < "$T/site/$file")"
done
expect "klotski.wasm is WebAssembly" "0061736d" "$(head -c 4 "$T/site/klotski.wasm" | od -An -tx1 | tr -d ' \n')"
# Everything the page can download: every file once, and the small ones a second time by
# the service worker's install.
bound=$(( $(cat "$T"/site/* | wc -c) + $(cat "$T"/site/{index.html,app.css,app.js,api.js,play.html} | wc -c) ))
echo "figure bytes of the site, with the service worker's copies	$bound"
expect "the site with the service worker's copies: at most 24 MB" yes "$([ "$bound" -le 24000000 ] && echo yes || echo no)"
cat "$T/site/klotski.pack" "$T/site/klotski-metrics.pack" "$T/site/klotski-lists.pack" > "$T/whole.pack"
expect "the site's klotski.pack is the steps part, the metrics part next, its three files together a whole pack whose checksums hold" \
    "$(stat -c %s "$T/site/klotski.pack") $(cat "$T/site/klotski.pack" "$T/site/klotski-metrics.pack" | wc -c) $(stat -c %s "$T/whole.pack") true" \
    "$(python3 "$REFERENCE/pack_tamper.py" "$T/whole.pack" info | jq -r '"\(.metrics_offset) \(.lists_offset) \(.size) \(.checksums_hold)"')"
run site
expect "site without a folder: exit status 2" 2 "$status"
run site "$T/site/index.html"
expect "site into a file: exit status 1, the reason" "1 not a folder" "$status $(echo "$err" | grep -o 'not a folder$')"

# ---- the page as one file (issue 37, part 2) ----
run site --single-file "$T/one.html"
expect "klotski site --single-file: exit status" 0 "$status"
echo "figure bytes of the one-file page	$(wc -c < "$T/one.html")"
expect "the one-file page: at most 8 MB" yes "$([ "$(wc -c < "$T/one.html")" -le 8000000 ] && echo yes || echo no)"
expect "the one-file page holds the same pack as the site" "$(base64 -w0 "$T/site/klotski.pack" | md5sum)" \
    "$(sed -n 's|^.*<script type="application/base64" id="klotski.pack">\([^<]*\)</script>$|\1|p' "$T/one.html" | tr -d '\n' | md5sum)"
run site --single-file
expect "site --single-file without a file: exit status 2" 2 "$status"
run site --single-file "$T/site"
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
{
    sql "SELECT DISTINCT printf('%09X', code) FROM names"
    sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL AND code % 4099 = 2 LIMIT 150"
    sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps = 0 AND code % 4099 = 3 LIMIT 50"
    sql "SELECT printf('%09X', code) FROM layouts WHERE code % 65537 = 1 LIMIT 500"
    echo 4FEA13400
} | sort -u > "$T/codes"
expect "at least 1,000 layouts sampled" yes "$([ "$(wc -l < "$T/codes")" -ge 1000 ] && echo yes || echo no)"
echo "figure layouts sampled	$(wc -l < "$T/codes")"
serve_test_database
python3 "$ROOT/tests/e2e/site.py" reference "$URL" "$T/codes" "$T/reference.json" 2>"$T/reference.err"
expect "the server's answers read" 0 $?
[ -s "$T/reference.err" ] && cat "$T/reference.err"
kill -TERM "$server"
wait "$server"
expect "klotski serve stopped before the page runs" "0 no" "$? $(kill -0 "$server" 2>/dev/null && echo yes || echo no)"
trap - EXIT

# ---- the page, with no klotski running ----
expect "python3 and chromium are installed" yes "$(command -v python3 >/dev/null && [ -n "$CHROMIUM" ] && echo yes || echo no)"
python3 "$ROOT/tests/e2e/site.py" page "$CHROMIUM" "$T/profile" "$T/site" "$T/reference.json" >"$T/page" 2>"$T/page.err"
expect "site.py runs to its end" 0 $?
[ -s "$T/page.err" ] && cat "$T/page.err"
grep '^figure ' "$T/page"
site_checks page "$T/page"

# ---- the one-file page opened from disk, the browser offline ----
python3 "$ROOT/tests/e2e/site.py" single "$CHROMIUM" "$T/profile-one" "$T/one.html" "$T/reference.json" \
    >"$T/one" 2>"$T/one.err"
expect "site.py single runs to its end" 0 $?
[ -s "$T/one.err" ] && cat "$T/one.err"
grep '^figure ' "$T/one"
site_checks "one file" "$T/one"

# ---- Chinese to the end: no English word on the pages under ?lang=zh ----
python3 "$ROOT/tests/e2e/site.py" chinese "$CHROMIUM" "$T/profile-zh" "$T/site" \
    "$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps = 0 LIMIT 1")" \
    "$(sql "SELECT printf('%09X', code) FROM layouts WHERE min_steps IS NULL LIMIT 1")" >"$T/zh" 2>"$T/zh.err"
expect "site.py chinese runs to its end" 0 $?
[ -s "$T/zh.err" ] && cat "$T/zh.err"
site_checks zh "$T/zh"

# ---- damaged packs: a byte changed (the content checksum fails when the pack opens),
# and a block's deflate stream damaged with every checksum made right again
# (tests/reference/pack_tamper.py: the block fails when a walk reaches it) ----
cp -r "$T/site" "$T/damaged"
size=$(wc -c < "$T/damaged/klotski.pack")
printf '\x5a' | dd of="$T/damaged/klotski.pack" bs=1 seek=$((size / 2)) conv=notrunc status=none
cp -r "$T/site" "$T/bad-block"
per_block=$(python3 "$REFERENCE/pack_tamper.py" "$T/site/klotski.pack" info | jq .residue_block_layouts)
python3 "$REFERENCE/pack_tamper.py" "$T/site/klotski.pack" damage-rechecked \
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
