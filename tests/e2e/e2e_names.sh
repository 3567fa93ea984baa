#!/usr/bin/env bash
# End-to-end tests of the classic names in the database (issue 23): the `names` table
# read with the sqlite3 shell against data/classic_names.tsv line for line, the view
# named_layouts against the layouts and groups tables joined by hand, and `klotski names
# [--section S]` in every output format against the file read with awk and the tables
# read with sqlite3 (python3's csv module reads the CSV).  SPEC.md's facts of 横刀立马
# (1A9BF0C00: 81 steps, group 5-4-1-1) come out of plain SQL by its name.
# Names typed in pinyin (issue 30): every name of the file, spelled from
# data/classic_pinyin.tsv by an independent model in Python (its first readings, without
# tones and blanks, with tone marks and blanks, in capitals), answers as the model says:
# the name's layout, its pick list, or the list of names that read alike, where the
# model resolves a spelling by trying every reading of every character and taking the
# shortest name; a spelling with one letter dropped gets the model's closest names;
# data/classic_pinyin.sh remakes the file from Debian's unicode-data; the
# server's API (what the page's input asks) reads pinyin too.
. "$(dirname "$0")/lib.sh"
K=$BIN/klotski
T=$WORK/names
rm -rf "$T"
mkdir -p "$T"
use_database
TSV=$ROOT/data/classic_names.tsv
lines=$(wc -l < "$TSV")

# ---- the table: every line of the file, in its order ----
expect "the names table has a row per line of data/classic_names.tsv" "$lines" "$(sql 'SELECT count(*) FROM names')"
sqlite3 -batch -separator "$(printf '\t')" "$TEST_DB" \
    "SELECT printf('%09X', code), name, section FROM names ORDER BY name_id" > "$T/table.tsv"
expect "the names table holds the file's lines, in order" "$(md5sum < "$TSV")" "$(md5sum < "$T/table.tsv")"
expect "name_id counts the file's lines from 1" "1 $lines" "$(sql 'SELECT min(name_id), max(name_id) FROM names' | tr '|' ' ')"
expect "every named code is a layout" 0 "$(sql 'SELECT count(*) FROM names WHERE code NOT IN (SELECT code FROM layouts)')"

# ---- the view: a name's facts from plain SQL ----
expect "SQL finds 横刀立马 by its name, with SPEC's facts" "1A9BF0C00|81|5-4-1-1|7472|25955|5-4-1" \
    "$(sql "SELECT code_hex, min_steps, group_name, group_index, group_size, class FROM named_layouts WHERE name = '横刀立马'")"
expect "the view has a row per name" "$lines" "$(sql 'SELECT count(*) FROM named_layouts')"
sql "SELECT n.name_id, printf('%09X', n.code), ifnull(l.min_steps, 'null'), g.name, l.group_index
     FROM names n, layouts l, groups g WHERE l.code = n.code AND g.group_id = l.group_id ORDER BY n.name_id" > "$T/joined.txt"
sql "SELECT name_id, code_hex, ifnull(min_steps, 'null'), group_name, group_index FROM named_layouts ORDER BY name_id" > "$T/view.txt"
expect "the view's facts are the layouts' and groups' rows" "$(md5sum < "$T/joined.txt")" "$(md5sum < "$T/view.txt")"

# ---- klotski names: every format ----
# The expected rows: the file's code, name and section, with min_steps and group read from
# the tables by code.
awk -F'\t' '{print $1}' "$TSV" | sed 's/^/0x/' | paste -sd, > "$T/codes.txt"
sql "SELECT printf('%09X', l.code), ifnull(l.min_steps, 'null'), g.name FROM layouts l JOIN groups g USING (group_id)
     WHERE l.code IN ($(cat "$T/codes.txt"))" | tr '|' '\t' | sort > "$T/facts.tsv"
awk -F'\t' '{print NR "\t" $0}' "$TSV" | sort -t"$(printf '\t')" -k2,2 \
    | join -t"$(printf '\t')" -1 2 -2 1 - "$T/facts.tsv" \
    | awk -F'\t' -v OFS='\t' '{print $2, $3, $1, $5, $6, $4}' | sort -n | cut -f2- > "$T/expected.tsv"
expect "expected rows: one per line of the file" "$lines" "$(wc -l < "$T/expected.tsv")"

run names --json
expect "names --json: exit status" 0 "$status"
printf '%s\n' "$out" | jq -r '[.name, .code, (.min_steps | tostring), .group, .section] | @tsv' > "$T/json.tsv"
expect "names --json: name, code, min_steps, group, section of every line, in the file's order" \
    "$(md5sum < "$T/expected.tsv")" "$(md5sum < "$T/json.tsv")"
expect "names --json: the fields" '["code","group","min_steps","name","section"]' "$(printf '%s\n' "$out" | head -1 | jq -c keys)"

run names --csv
expect "names --csv: exit status" 0 "$status"
printf '%s\n' "$out" | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
print("\t".join(rows[0]))
for r in rows[1:]:
    print("\t".join(c if c else "null" for c in r))' > "$T/csv.tsv"
expect "names --csv: the header" "name	code	min_steps	group	section" "$(head -1 "$T/csv.tsv")"
expect "names --csv: the rows of the file" "$(md5sum < "$T/expected.tsv")" "$(tail -n +2 "$T/csv.tsv" | md5sum)"

run names --md
expect "names --md: a header, a rule and a row per line" "$((lines + 2))" "$(printf '%s\n' "$out" | wc -l)"
expect "names --md: the first row" "| 横刀立马 | 1A9BF0C00 | 81 | 5-4-1-1 | 华容道经典布局40种 |" "$(printf '%s\n' "$out" | sed -n 3p)"

run names
expect "names for people: a header and a row per line" "$((lines + 1))" "$(printf '%s\n' "$out" | wc -l)"
expect "names for people: the first row" "横刀立马 1A9BF0C00 81 5-4-1-1 华容道经典布局40种" "$(printf '%s\n' "$out" | sed -n 2p | tr -s ' ')"

# ---- --section: each section whole, by its name and by a part only it has ----
cut -f3 "$TSV" | awk '!seen[$0]++' > "$T/sections.txt"
while IFS= read -r section; do
    run names --json --section "$section"
    expect "names --section $section: exit status" 0 "$status"
    expect "names --section $section: its lines of the file" \
        "$(awk -F'\t' -v s="$section" '$3 == s {print $1 "\t" $2}' "$TSV" | md5sum)" \
        "$(printf '%s\n' "$out" | jq -r '[.code, .name] | @tsv' | md5sum)"
done < "$T/sections.txt"
expect "the file has five sections" 5 "$(wc -l < "$T/sections.txt")"
run names --section 经典 --csv
expect "names --section 经典: the 40 classic layouts" 41 "$(printf '%s\n' "$out" | wc -l)"
expect_error "names --section of no section" 1 "no such section; the sections are 华容道经典布局40种" names --section 象棋
expect_error "names --section of a part several have" 2 "names 3 sections" names --section 华容道
expect_error "names takes no arguments" 2 "names takes no arguments" names 横刀立马
# ---- names typed in pinyin ----
PINYIN=$ROOT/data/classic_pinyin.tsv
# The model: for each distinct name, in the file's order, lines "SPELLING<TAB>EXPECTED"
# where EXPECTED is "code CODE", "picks NAME" or "alike NAME, NAME" (the shortest names
# that read alike, in the file's order); for spellings with a letter dropped, "SPELLING
# <TAB>closest NAME, NAME" (the model's suggestions: first-reading spellings at most a
# quarter of the letters away, at least one, fewest first, ties in the file's order).
python3 - "$TSV" "$PINYIN" "$T/pinyin_other.tsv" > "$T/pinyin_model.tsv" <<'PY'
import itertools, sys, unicodedata
names_file, pinyin_file, other_file = sys.argv[1:]
other_spellings = open(other_file, "w", encoding="utf-8")
def plain(reading):
    letters = "".join(c for c in unicodedata.normalize("NFD", reading) if c.isascii())
    return letters.replace("v", "u")
readings = {}
for line in open(pinyin_file, encoding="utf-8"):
    ch, rs = line.rstrip("\n").split("\t")
    readings[ch] = rs.split(" ")
codes, order = {}, []
for line in open(names_file, encoding="utf-8"):
    code, name = line.split("\t")[:2]
    if name not in codes:
        order.append(name)
    codes.setdefault(name, set()).add(code)
def units(name):
    for ch in name:
        if ch in readings:
            yield readings[ch]
        elif ch.isascii() and ch.isalnum():
            yield [ch.lower()]
keys = {}
for name in order:
    for combination in itertools.product(*[sorted({plain(r) for r in u}) for u in units(name)]):
        keys.setdefault("".join(combination), []).append(name)
def key_of(name):
    return "".join(plain(u[0]) for u in units(name))
def distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]
def expected(key):
    read = keys.get(key, [])
    if not read:
        return None
    shortest = min(len(n) for n in read)
    best = [n for n in read if len(n) == shortest]
    if len(best) > 1:
        return "alike " + ", ".join(best)
    name = best[0]
    return "code " + min(codes[name]) if len(codes[name]) == 1 else "picks " + name
SHORT_CODE = set("123456789ABCDEFGHJKMNPQRSTUVWXYZ")
def is_code(text):
    """A spelling the command reads as a code or a short code (tanke is a short code)."""
    return (len(text) == 5 and set(text.upper()) <= SHORT_CODE) or set(text) <= set("0123456789abcdef")
for name in order:
    key = key_of(name)
    toned = " ".join(u[0] for u in units(name))
    for spelling in (key, toned, toned.upper()):
        if not is_code(spelling):
            print(spelling + "\t" + expected(key))
    # A character of several readings (多音字) read by its last: a spelling of its own.
    other = "".join(plain(u[-1]) for u in units(name))
    if other != key and not is_code(other):
        print(other + "\t" + expected(other), file=other_spellings)
    if len(key) >= 8:
        dropped = key[:len(key) // 2] + key[len(key) // 2 + 1:]
        if expected(dropped) is None and not is_code(dropped):
            bound = max(1, len(dropped) // 4)
            scored = sorted((distance(key_of(n), dropped), i, n) for i, n in enumerate(order)
                            if abs(len(key_of(n)) - len(dropped)) <= bound)
            close = [n for d, i, n in scored if d <= bound][:3]
            print(dropped + "\tclosest " + ", ".join(close))
PY
expect "the model spells every name three ways (but tanke, a short code)" "$(( $(cut -f2 "$TSV" | awk '!seen[$0]++' | wc -l) * 3 - 1 ))" \
    "$(grep -cv $'\tclosest' "$T/pinyin_model.tsv")"
expect "the model spells the names with a character of several readings by their last readings too" yes \
    "$([ "$(wc -l < "$T/pinyin_other.tsv")" -gt 50 ] && echo yes || echo no)"
cat "$T/pinyin_other.tsv" >> "$T/pinyin_model.tsv"
run show --json tanke 'tan ke'
expect "tanke is a short code; 'tan ke' is 坦克" "E03EC1800 10F99DC00" "$(printf '%s\n' "$out" | jq -r .code | xargs)"
# What the command answers, in the model's words: the spellings that name one layout in
# one run (a JSON answer each, in order), the others in another (an error line each).
grep $'\tcode ' "$T/pinyin_model.tsv" > "$T/model_codes.tsv"
grep -v $'\tcode ' "$T/pinyin_model.tsv" > "$T/model_errors.tsv"
mapfile -t spellings < <(cut -f1 "$T/model_codes.tsv")
"$K" --db "$TEST_DB" show --json "${spellings[@]}" 2> "$T/stderr" | jq -r '"code " + .code' |
    paste <(cut -f1 "$T/model_codes.tsv") - > "$T/answers_codes.tsv"
expect "the spellings of names of one layout: no error" "" "$(head -3 "$T/stderr")"
mapfile -t spellings < <(cut -f1 "$T/model_errors.tsv")
"$K" --db "$TEST_DB" show --json "${spellings[@]}" 2>&1 >/dev/null | paste "$T/model_errors.tsv" - |
    while IFS=$'\t' read -r spelling want error; do
        case $want in
            "picks "*) case $error in *": is ${want#picks }, which names "*) got=$want ;; *) got=$error ;; esac ;;
            "alike "*) got="alike $(printf '%s' "$error" | sed -n 's/.*: reads as [0-9]* names: \(.*\); type the one you mean$/\1/p')" ;;
            "closest "*) got="closest $(printf '%s' "$error" | sed -n 's/.*closest names: //p' | sed 's/ ([^)]*)//g')" ;;
        esac
        printf '%s\t%s\n' "$spelling" "$got"
    done > "$T/answers_errors.tsv"
expect "$(wc -l < "$T/pinyin_model.tsv") spellings of the names in pinyin (and misspelt) answer as the model says" \
    "" "$(cat "$T/answers_codes.tsv" "$T/answers_errors.tsv" | diff <(cat "$T/model_codes.tsv" "$T/model_errors.tsv") - | head -5)"
expect "the model's answers hold each kind: a layout, a pick list, names alike, suggestions" "yes yes yes yes" \
    "$(for k in code picks alike closest; do grep -q $'\t'"$k " "$T/pinyin_model.tsv" && printf 'yes ' || printf 'no '; done | xargs)"
expect_error "pinyin of a name of several layouts: the picks" 2 \
    "simianchuge: is 四面楚歌, which names 3 layouts; pick one: simianchuge#1 = 5BEA70C00, simianchuge#2 = 5BEE90C00, simianchuge#3 = 93C9BD400" \
    show simianchuge
run show --json 'si mian chu ge#2'
expect "pinyin with a pick" "$(answered "$K" --db "$TEST_DB" show '四面楚歌#2' --json | jq -r .code)" "$(printf '%s\n' "$out" | jq -r .code)"
expect_error "misspelt pinyin: the closest name, with its pinyin" 2 \
    "hengdaolma: looks like a classic name in pinyin, but no name reads so; closest names: 横刀立马 (héng dāo lì mǎ)" show hengdaolma
run show --json "Heng'dao-li Ma" 'HÉNG DĀO LÌ MǍ' 'héng dāo lì mǎ'
expect "apostrophes, hyphens, capitals with tone marks" "1A9BF0C00 1A9BF0C00" "$(printf '%s\n' "$out" | jq -r .code | head -2 | xargs)"
run show --json "$(printf 'he\xcc\x81ng da\xcc\x84o li\xcc\x80 ma\xcc\x8c')"
expect "combining tone marks" 1A9BF0C00 "$(printf '%s\n' "$out" | jq -r .code)"
run show --json 1ADEF8
expect "a hex code that could be pinyin stays a code" 1ADEF8000 "$(printf '%s\n' "$out" | jq -r .code)"
# The readings remade from Unihan (Debian's unicode-data, which the tests install; the
# build needs only the committed file).
expect "data/classic_pinyin.sh remakes data/classic_pinyin.tsv from unicode-data" "" \
    "$("$ROOT/data/classic_pinyin.sh" "$TSV" /usr/share/unicode/Unihan_Readings.txt.bz2 2>&1 | diff - "$PINYIN" | head -3)"
# The server's API, which the page's input asks: pinyin there too.
serve_test_database
code_of() { curl -s --max-time 30 "$URL/api/layout?layout=$1" | jq -r '.code // .error'; }
expect "the API reads pinyin as the page sends it" "1A9BF0C00 1A9BF0C00" \
    "$(code_of hengdaolima) $(code_of 'h%C3%A9ng%20d%C4%81o%20l%C3%AC%20m%C7%8E')"
expect "the API's error for misspelt pinyin names the closest name" \
    "hengdaolma: looks like a classic name in pinyin, but no name reads so; closest names: 横刀立马 (héng dāo lì mǎ)" "$(code_of hengdaolma)"

run names --help
has "names --help: the option" "--section S"
run --help
has "klotski --help lists names" "names      the classic names"

finish
