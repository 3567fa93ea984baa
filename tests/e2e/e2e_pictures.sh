#!/usr/bin/env bash
# End-to-end tests of the pictures of bin/klotski (query/render/pictures.h): board SVGs parsed
# as XML and checked piece by piece against a decoder of the code written from SPEC.md
# alone (tests/reference/picture_check.py); the solution and path pages opened in headless
# Chromium, at the start, at the end, in the middle, played to the end, and driven
# through their buttons, keys, slider and step list; the charts' bars and dots checked
# against the tables the tool prints; the group page's boards checked one by one.
# Chromium (Debian package chromium, or $CHROMIUM) and python3 are installed before any
# test by `make check` (target test-deps); this script only checks they are there.
. "$(dirname "$0")/lib.sh"
K=$BIN/klotski
T=$WORK/pictures
CHECK="python3 $REFERENCE/picture_check.py"
mkdir -p "$T"
use_database

CHROMIUM=$(command -v "${CHROMIUM:-chromium}")
expect "python3 is installed" yes "$(command -v python3 >/dev/null && echo yes || echo no)"
expect "chromium is installed" yes "$([ -n "$CHROMIUM" ] && echo yes || echo no)"

# picture FILE ARGS...: runs klotski into FILE; expects exit status 0 and no message.
picture() {
    local file=$1
    shift
    "$K" --db "$TEST_DB" "$@" >"$file" 2>"$T/stderr"
    expect "klotski $* exits 0" 0 $?
    expect "klotski $* says nothing on stderr" "" "$(cat "$T/stderr")"
}

# expect_error NAME STATUS ARGS...: the command fails with STATUS, one line on stderr and
# nothing on stdout (this script's own, in place of lib.sh's).
expect_error() {
    local name=$1 want=$2
    shift 2
    run "$@"
    expect "$name: exit status" "$want" "$status"
    expect "$name: one line on stderr" 1 "$(printf '%s\n' "$err" | grep -c .)"
    expect "$name: nothing on stdout" "" "$out"
}

# all_ok NAME OUTPUT: every line of a picture_check.py report ends in "ok", and there is
# one (an empty report is one failure, never a pass).
all_ok() {
    if [ -z "$2" ]; then
        expect "$1: something to check" lines none
    else
        expect "$1" "" "$(printf '%s\n' "$2" | grep -v ' ok$')"
    fi
}

# dom URL [FLAGS...]: the DOM of a page after its scripts ran, as headless Chromium sees it.
dom() {
    local url=$1 profile
    shift
    profile=$(mktemp -d)
    timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" "$@" --dump-dom "$url" 2>/dev/null
    rm -rf "$profile"
}

json_field() { answered "$K" --db "$TEST_DB" show "$1" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['$2'])"; }

# --- show --svg: one shape per piece, where the code of the layout asked for puts it (the
# codes of the ids from the database's list of codes, which e2e_build.sh checks whole) ---
for pair in 1A9BF0C00:1A9BF0C00 4FEA13400:4FEA13400 5DC02F800:5DC02F800 '#0:000000000' '#29334497:EFFFFFFF0' \
            "#4000000:$(sql "SELECT printf('%09X', code) FROM layouts ORDER BY code LIMIT 1 OFFSET 4000000")" \
            "#17000000:$(sql "SELECT printf('%09X', code) FROM layouts ORDER BY code LIMIT 1 OFFSET 17000000")" \
            横刀立马:1A9BF0C00; do
    layout=${pair%:*} code=${pair##*:}
    picture "$T/board.svg" show "$layout" --svg
    report=$(answered $CHECK boards "$T/board.svg" 2>&1)
    expect "show $layout --svg: one board, of $code, with the pieces of its code" "$code ok" "$report"
done
picture "$T/board.svg" show 1A9BF0C00 --svg
expect "the board's code" 1A9BF0C00 "$(answered $CHECK boards "$T/board.svg" | cut -d' ' -f1)"
expect "the caption: code, class, min_steps" "1A9BF0C00|class 5-4-1 · 81 steps to solve" \
    "$(python3 -c 'import sys, xml.etree.ElementTree as E
print("|".join(t.text for t in E.parse(sys.argv[1]).iter() if t.get("class") == "caption"))' "$T/board.svg")"
expect "the exit is marked" 1 "$(grep -c 'class="exit"' "$T/board.svg")"
expect "the same layout gives the same bytes" "$(md5sum <"$T/board.svg")" \
    "$(answered "$K" --db "$TEST_DB" show 1a9bf0c --svg | md5sum)"
picture "$T/unsolvable.svg" show "$(sql "SELECT printf('%09X', min_code) FROM groups WHERE solved = 0 LIMIT 1")" --svg
expect "an unsolvable layout says so" 1 "$(grep -c 'unsolvable' "$T/unsolvable.svg")"
answered "$K" --db "$TEST_DB" show 1A9BF0C00 >"$T/drawing.txt"
picture "$T/board.svg" show - --svg <"$T/drawing.txt"
expect "show - --svg reads a board on stdin" "1A9BF0C00 ok" "$($CHECK boards "$T/board.svg")"

expect_error "show --svg with two layouts" 2 show 1A9BF0C00 4FEA13400 --svg
expect_error "show --svg with no layout" 2 show --svg
expect_error "show --svg --json" 2 show 1A9BF0C00 --svg --json
expect_error "show --svg of a bad code" 2 show 1A9BF0C0F --svg
expect_error "show --html" 2 show 1A9BF0C00 --html
expect_error "show --png" 2 show 1A9BF0C00 --png
expect_error "solve --html --codes" 2 solve 1A9BF0C00 --html --codes
expect_error "solve --svg --html" 2 solve 1A9BF0C00 --html --svg
expect_error "solve --html of an unsolvable layout" 1 solve "$(sql "SELECT printf('%09X', min_code) FROM groups WHERE solved = 0 LIMIT 1")" --html
expect_error "path --html across groups" 1 path 1A9BF0C00 4FEA13400 --html
expect_error "stats summary --svg" 2 stats summary --svg
expect_error "stats classes --svg" 2 stats classes --svg
expect_error "group --svg --members" 2 group 5-4-1-1 --svg --members
expect_error "group --html with two groups" 2 group 5-4-1-1 5-4-1-0 --html
expect_error "group --svg of an unsolvable group" 1 group "$(sql 'SELECT name FROM groups WHERE solved = 0 LIMIT 1')" --svg

# --- solve --html: the page plays the solution in Chromium ---
start=4FEA13400
picture "$T/solution.html" solve $start --html
"$K" --db "$TEST_DB" solve $start --codes >"$T/solution.codes"
expect "solve --codes: exit status" 0 $?
min_steps=$(json_field $start min_steps)
expect "the page fetches nothing" "" "$(grep -oE '(src|href)=|https?://[^"]*' "$T/solution.html" | grep -v '^http://www.w3.org/2000/svg$')"
all_ok "the page's board is the start" "$($CHECK boards "$T/solution.html")"
url="file://$T/solution.html"

dom "$url" >"$T/dom.html"
expect "Chromium opens the page at the start" "0 $min_steps $start" "$($CHECK state "$T/dom.html")"
all_ok "Chromium shows the start board" "$($CHECK boards "$T/dom.html")"

dom "$url#end" >"$T/dom.html"
end=$(tail -1 "$T/solution.codes")
expect "at the end: the step count is min_steps" "$min_steps $min_steps $end" "$($CHECK state "$T/dom.html")"
all_ok "at the end: the board drawn is the last layout" "$($CHECK boards "$T/dom.html")"
expect "at the end: the 2x2 is at address 13" 1 \
    "$(grep -oE '<rect class="piece king[^>]*data-cell="13"' "$T/dom.html" | wc -l)"
expect "the last layout is solved" D "${end:0:1}"

middle=$((min_steps / 2))
dom "$url#step=$middle" >"$T/dom.html"
expect "#step=$middle shows that step of solve --codes" "$middle $min_steps $(sed -n "$((middle + 1))p" "$T/solution.codes")" \
    "$($CHECK state "$T/dom.html")"
all_ok "#step=$middle: the board drawn is that layout" "$($CHECK boards "$T/dom.html")"
expect "#step=$middle: the moved piece is outlined" 1 "$(grep -o 'class="piece [a-z]* moved"' "$T/dom.html" | wc -l)"
expect "#step=$middle: the current step is marked in the list" 1 "$(grep -o '<li[^>]*class="current"' "$T/dom.html" | wc -l)"

dom "$url#play" --virtual-time-budget=400000 >"$T/dom.html"
expect "#play plays to the end" "$min_steps $min_steps $end" "$($CHECK state "$T/dom.html")"
all_ok "#play: the board drawn at the end is the last layout" "$($CHECK boards "$T/dom.html")"

# The controls, driven from a page that holds the player in a frame: each line of its
# log is the player's step, code and pieces after one action.
cat >"$T/drive.html" <<'EOF'
<!DOCTYPE html>
<html><body><iframe id="player" src="solution.html"></iframe><pre id="log"></pre>
<script>
const frame = document.getElementById("player");
frame.addEventListener("load", () => {
  const page = frame.contentWindow, doc = page.document, log = [];
  const note = label => {
    const pieces = Array.from(doc.querySelectorAll("svg.board .piece"), p => p.dataset.kind + ":" + p.dataset.cell);
    log.push([label, doc.body.dataset.step, doc.body.dataset.code, pieces.join(",")].join(" "));
  };
  const key = name => doc.dispatchEvent(new page.KeyboardEvent("keydown", {key: name, bubbles: true}));
  const slider = doc.getElementById("slider");
  note("load");
  doc.getElementById("last").click(); note("last");
  doc.getElementById("prev").click(); note("prev");
  key("ArrowLeft"); note("left");
  key("Home"); note("home");
  doc.getElementById("next").click(); note("next");
  key("ArrowRight"); note("right");
  slider.value = 7; slider.dispatchEvent(new page.Event("input")); note("slider");
  doc.querySelectorAll("#steps li")[3].click(); note("list");
  key("End"); note("end");
  doc.getElementById("first").click(); note("first");
  page.klotskiPlayer.go(page.klotskiPlayer.steps - 5); note("go");
  note("counter:" + doc.getElementById("counter").textContent.replace(/ /g, "_"));
  document.getElementById("log").textContent = log.join("\n");
});
</script></body></html>
EOF
dom "file://$T/drive.html" --allow-file-access-from-files --virtual-time-budget=5000 >"$T/dom.html"
report=$($CHECK log "$T/dom.html" 2>&1)
all_ok "every control leaves the board drawn as the layout of its step" "$(printf '%s\n' "$report" | grep -v '^counter:')"
code_at() { sed -n "$(($1 + 1))p" "$T/solution.codes"; }
n=$min_steps
expected=""
for pair in load:0 last:$n prev:$((n - 1)) left:$((n - 2)) home:0 next:1 right:2 slider:7 list:3 end:$n first:0 go:$((n - 5)); do
    expected+="${pair%%:*} ${pair#*:} $(code_at "${pair#*:}") ok"$'\n'
done
expect "buttons, keys, slider, step list and go() reach the right steps" "${expected%$'\n'}" \
    "$(printf '%s\n' "$report" | grep -v '^counter:')"
expect "the step counter" "counter:step_$((n - 5))_of_$n" "$(printf '%s\n' "$report" | grep '^counter:' | cut -d' ' -f1)"

# --- path --html ---
to=$(sed -n 30p "$T/solution.codes")
picture "$T/path.html" path $start "$to" --html
dom "file://$T/path.html#end" >"$T/dom.html"
expect "path --html: the end is TO after the path's steps" "$(answered "$K" --db "$TEST_DB" path $start "$to" --codes | wc -l | awk '{print $1 - 1}') $to" \
    "$(answered $CHECK state "$T/dom.html" | cut -d' ' -f1,3)"
all_ok "path --html: the board drawn at the end is TO" "$($CHECK boards "$T/dom.html")"

# --- stats --svg: the bars and dots are the rows of the tables ---
# bars_match NAME ROWS SVG: the chart has a bar "X VALUE" per row of ROWS, in order, and
# its heights follow the values.
bars_match() {
    local report
    report=$($CHECK bars "$3" 2>&1)
    expect "$1: a bar per row" "$2" "$(printf '%s\n' "$report" | sed '$d')"
    expect "$1: bar heights follow the values" "heights ok" "$(printf '%s\n' "$report" | tail -1)"
}
picture "$T/depths.svg" stats depths --svg
bars_match "stats depths --svg" \
    "$(answered "$K" --db "$TEST_DB" stats depths --csv | tail -n +2 | grep -v '^,' | cut -d, -f1,2 | tr , ' ')" "$T/depths.svg"
expect "stats depths --svg: a log scale for counts from 2,260,392 down to 1" 1 "$(grep -c 'log scale' "$T/depths.svg")"
picture "$T/depths.svg" stats depths --class 5-4-1 --svg
bars_match "stats depths --class --svg" \
    "$(answered "$K" --db "$TEST_DB" stats depths --class 5-4-1 --csv | tail -n +2 | grep -v '^,' | cut -d, -f1,2 | tr , ' ')" \
    "$T/depths.svg"
picture "$T/groups.svg" stats groups --svg
expect "stats groups --svg: a dot per class and group size, weighted by its number of groups" \
    "$(answered "$K" --db "$TEST_DB" stats groups --csv | tail -n +2 | cut -d, -f2,3 | sort | uniq -c |
        awk '{split($2, f, ","); print f[1], f[2], $1}' | sort)" \
    "$(answered $CHECK dots "$T/groups.svg" | sort)"
picture "$T/class.svg" stats groups --class 5-4-1 --svg
# The class's groups binned by size (1, 2-3, 4-7, ...): a bar per bin up to the largest
# group's, each the layouts of its groups.
bars_match "stats groups --class --svg" \
    "$(answered "$K" --db "$TEST_DB" stats groups --class 5-4-1 --csv | tail -n +2 | cut -d, -f3 |
       awk '{k = 0; while (2 ^ (k + 1) <= $1) k++; sum[k] += $1; if (k > last) last = k}
            END {for (k = 0; k <= last; k++) print 2 ^ k, sum[k] + 0}')" \
    "$T/class.svg"
for f in depths groups class; do
    expect "$f chart: labelled axes" 2 "$(grep -cE 'class="(x|y)-label"' "$T/$f.svg")"
done

# --- group --svg and --html ---
picture "$T/group.svg" group 5-4-1-1 --svg
bars_match "group --svg" "$(answered "$K" --db "$TEST_DB" group 5-4-1-1 --csv | tail -n +2 | cut -d, -f2,3 | tr , ' ')" \
    "$T/group.svg"
expect "group --svg: a linear scale for counts from 964 down to 1" 0 "$(grep -c 'log scale' "$T/group.svg")"
picture "$T/group.html" group 5-4-1-1 --html
dom "file://$T/group.html" >"$T/dom.html"
report=$($CHECK boards "$T/dom.html")
all_ok "group --html: every board is drawn as its code" "$report"
"$K" --db "$TEST_DB" farthest --group 5-4-1-1 --csv >"$T/group.csv"
expect "farthest --group: exit status" 0 $?
hardest=$(grep ',hardest,' "$T/group.csv" | cut -d, -f3 | head -12)
if grep -q ',peripheral,' "$T/group.csv"; then
    farthest=$(grep ',peripheral,' "$T/group.csv" | cut -d, -f3 | head -12)
else
    farthest=$(answered "$K" --db "$TEST_DB" farthest "$(printf '%s\n' "$hardest" | head -1)" --csv |
        tail -n +2 | cut -d, -f2 | head -12)
fi
expect "group --html: the hardest boards, then the peripheral ones (else the farthest from the first hardest)" \
    "$(printf '%s\n%s' "$hardest" "$farthest")" "$(printf '%s\n' "$report" | cut -d' ' -f1)"
expect "group --html: the facts and the histogram" "25,955 1" \
    "$(grep -o '25,955' "$T/dom.html" | head -1) $(grep -c '<svg[^>]*class="chart"' "$T/dom.html")"

finish
