#!/usr/bin/env bash
# End-to-end test of libklotski from a C program, as a user builds one: `make install
# PREFIX=...` (and once with DESTDIR) puts klotski.h, libklotski.so* and klotski.pc in
# place; the README's example (docs/example.c) and the test program tests/library/probe.c
# compile with `cc FILE $(pkg-config --cflags --libs klotski)` against the INSTALLED files
# and run on the installed library.  The probe's answers on 200 sampled layouts (ids
# spread by a multiplicative hash, so unsolvable and solved ones come too) must equal the
# klotski command's --json answers (show and moves), its error lines those of the command
# for bad inputs (long ones, control bytes) and a bad metric; on 42 of the layouts the
# moves and solutions in straight and unit moves equal `klotski --metric M moves/solve
# --json`; the facts the command does not print it checks itself (see probe.c).
# make install names what a program needs to find the library in PREFIX/lib (the loader
# does not search it): without it the example does not start, with the -Wl,-rpath it
# names it does.  The example, run from another folder without $KLOTSKI_DB, finds the installed database
# from the library's own place, also when LIBDIR is a multiarch folder and INCLUDEDIR
# another (and `make uninstall` with the same variables removes every file).  The .pc
# file names sqlite3 and zlib as private requirements (a static link needs them).
# tests/library/contract.c checks the rules no answer shows (klotski_errcode, NULLs and
# KLOTSKI_MISUSE, struct bounds and sized structs, long paths, klotski_close with a
# statement open, no lock held while idle: a writer's lock taken beside an idle handle).
# tests/library/members.c walks groups' members
# (klotski_members_*), compared with a scan of the layouts table by the sqlite3 shell in
# code order, and parses classic names in characters and pinyin (klotski_parse), compared
# with SPEC.md's 横刀立马 and with the command's answers and error lines.
. "$(dirname "$0")/lib.sh"
library_setup c
mkdir -p "$T/elsewhere"
for f in include/klotski.h lib/libklotski.so lib/libklotski.so.1 lib/pkgconfig/klotski.pc lib/klotski/klotski_sqlite.so; do
    expect "make install puts $f in place" yes "$([ -e "$P/$f" ] && echo yes || echo no)"
done
expect "libklotski's soname" "libklotski.so.1" "$(objdump -p "$P/lib/libklotski.so" | awk '/SONAME/ {print $2}')"
exported=$(nm -D --defined-only "$P/lib/libklotski.so" | awk '{print $3}' | grep -vc '^klotski_')
expect "libklotski exports klotski_* symbols only" 0 "$exported"
: > "$T/no-database"
make -s -C "$ROOT" install PREFIX=/opt/klotski DESTDIR="$T/stage" BIN="$BIN" OBJ="$LIBRARY_OBJ" DB="$T/no-database" > "$T/make.log" 2>&1
expect "make install DESTDIR: exit status" 0 "$?"
expect "make install DESTDIR: the header under DESTDIR/PREFIX" yes \
    "$([ -f "$T/stage/opt/klotski/include/klotski.h" ] && echo yes || echo no)"
expect "make install DESTDIR: klotski.pc names PREFIX" "prefix=/opt/klotski" "$(head -1 "$T/stage/opt/klotski/lib/pkgconfig/klotski.pc")"
ln -sf "$TEST_DB" "$P/share/klotski/klotski.db"

export PKG_CONFIG_PATH=$P/lib/pkgconfig
# The sanitizer build's library needs its runtime in the programs linked to it.
san_flags=${LIBRARY_PRELOAD:+-fsanitize=address,undefined}
compile() {
    # shellcheck disable=SC2046
    cc $san_flags -std=c11 -Wall -Wextra -Werror -o "$2" "$1" $(pkg-config --cflags --libs klotski ${3:-}) 2> "$T/cc.log"
    local status=$?
    expect "$(basename "$1") compiles against the installed library" 0 "$status"
    [ "$status" -eq 0 ] || cat "$T/cc.log"
}
expect "pkg-config --cflags names the installed headers" "-I$P/include" "$(pkg-config --cflags klotski | xargs)"
compile "$ROOT/docs/example.c" "$T/example"
compile "$ROOT/tests/library/probe.c" "$T/probe"
compile "$ROOT/tests/library/contract.c" "$T/contract" sqlite3
expect "klotski.pc: its private requirements" "sqlite3 zlib" "$(pkg-config --print-requires-private klotski | xargs)"
expect "pkg-config --static: -lsqlite3 for a static link" yes \
    "$(pkg-config --static --libs klotski | grep -qw -- -lsqlite3 && echo yes || echo no)"
compile "$ROOT/tests/library/members.c" "$T/members"
expect "the programs link the installed library" "$P/lib/libklotski.so.1" \
    "$(LD_LIBRARY_PATH=$P/lib ldd "$T/probe" | awk '/libklotski/ {print $3}')"

# The README's example, from another folder: the installed database.
out=$(cd "$T/elsewhere" && env -u KLOTSKI_DB LD_LIBRARY_PATH="$P/lib" "$T/example" 4WVE1 2>&1)
expect "example: exit status" 0 "$?"
route=$(answered "$K" --db "$TEST_DB" solve 1A9BF0C00 --codes | sed -n '2,4p' | tr '\n' ' ')
version=$(sed -n 's/^#define KLOTSKI_VERSION "\(.*\)"/\1/p' "$P/include/klotski.h")
expect "example: its answer" "1A9BF0C00, class 5-4-1, libklotski $version
VKKV
VKKV
VHHV
VooV
o..o
solved in 81 steps, by way of ${route}..." "$out"
out=$(LD_LIBRARY_PATH=$P/lib "$T/example" 1A9BF0C01 2>&1)
expect "example: a bad layout" "2 example: 1A9BF0C01: not a layout code: unused low bits are not zero" "$? $out"
out=$(cd "$T/elsewhere" && KLOTSKI_DB=$T/none.db LD_LIBRARY_PATH="$P/lib" "$T/example" 4WVE1 2>&1 >/dev/null)
expect "example: no database" "example: $T/none.db: no database here; build it with \`klotski-build --db $T/none.db\` (or \`make\` in the klotski sources), or name one, or set \$KLOTSKI_DB" "$out"

# PREFIX/lib is no folder the loader searches: make install says so, with each way out,
# as libtool's install does; the example as pkg-config builds it does not start without
# one, and starts with the run path the notice gives, without LD_LIBRARY_PATH.
notice=$(cat "$P.make.log")
for part in "installed in:" "   $P/lib" "export LD_LIBRARY_PATH=$P/lib" "-Wl,-rpath,$P/lib" "run ldconfig"; do
    expect "make install PREFIX=prefix: its notice says '$part'" yes \
        "$(printf '%s\n' "$notice" | grep -qF -- "$part" && echo yes || echo no)"
done
out=$(env -u LD_LIBRARY_PATH "$T/example" 4WVE1 2>&1)
expect "example without LD_LIBRARY_PATH: the loader does not find the library" \
    "127 libklotski.so.1: cannot open shared object file" "$? $(printf '%s\n' "$out" | grep -o 'libklotski.so.1: cannot open shared object file')"
# shellcheck disable=SC2046
cc $san_flags -std=c11 -o "$T/example-rpath" "$ROOT/docs/example.c" $(pkg-config --cflags --libs klotski) -Wl,-rpath,"$P/lib"
expect "example linked with the notice's -Wl,-rpath: compiles" 0 "$?"
out=$(cd "$T/elsewhere" && env -u KLOTSKI_DB -u LD_LIBRARY_PATH "$T/example-rpath" 4WVE1 2>&1 | tail -1)
expect "example linked with the notice's -Wl,-rpath: runs without LD_LIBRARY_PATH" "0 solved in 81 steps, by way of ${route}..." "$? $out"

# The rules no answer shows.
# contract takes writer's locks: on a copy of the test database of its own, which no
# script running beside this one reads.
cp "$TEST_DB" "$T/contract.db"
LD_LIBRARY_PATH=$P/lib "$T/contract" "$T/contract.db" > "$T/contract.out" 2>&1
expect "contract: exit status" 0 "$?"
grep '^FAIL' "$T/contract.out" | head -5
expect "contract: its checks" "checks failed: 0" "$(tail -1 "$T/contract.out")"

# LIBDIR a multiarch folder, INCLUDEDIR another: pkg-config, the link and the installed
# database found from the library's place; then `make uninstall` leaves no file.
M=$T/multiarch
make -s -C "$ROOT" install PREFIX="$M" LIBDIR="$M/lib/x86_64-linux-gnu" INCLUDEDIR="$M/include/klotski" \
    BIN="$BIN" OBJ="$LIBRARY_OBJ" DB="$T/no-database" > "$T/make.log" 2>&1
expect "make install LIBDIR INCLUDEDIR: exit status" 0 "$?"
ln -sf "$TEST_DB" "$M/share/klotski/klotski.db"
PKG_CONFIG_PATH=$M/lib/x86_64-linux-gnu/pkgconfig compile "$ROOT/docs/example.c" "$T/example-multiarch"
expect "LIBDIR INCLUDEDIR: pkg-config names them" "-I$M/include/klotski -L$M/lib/x86_64-linux-gnu -lklotski" \
    "$(PKG_CONFIG_PATH=$M/lib/x86_64-linux-gnu/pkgconfig pkg-config --cflags --libs klotski | xargs)"
out=$(cd "$T/elsewhere" && env -u KLOTSKI_DB LD_LIBRARY_PATH="$M/lib/x86_64-linux-gnu" "$T/example-multiarch" 4WVE1 2>&1)
expect "LIBDIR multiarch: the example finds the installed database" "0 1A9BF0C00, class 5-4-1, libklotski $version" \
    "$? $(head -1 <<< "$out")"
# klotski_db_places from the multiarch library: the places its lookup looks at, under
# PREFIX (not PREFIX/lib), up to the database it finds, which it does not list.
places() {
    (cd "$T/elsewhere" && unset KLOTSKI_DB && library_run python3 -c '
import ctypes, sys
buffer = ctypes.create_string_buffer(8192)
ctypes.CDLL(sys.argv[1]).klotski_db_places(buffer, ctypes.c_size_t(8192))
print(buffer.value.decode())' "$M/lib/x86_64-linux-gnu/libklotski.so.1" 2>&1)
}
expect "LIBDIR multiarch: klotski_db_places stops before the database it finds" "\$KLOTSKI_DB (not set)
data/klotski.db (in $T/elsewhere)
$M/data/klotski.db" "$(places)"
rm "$M/share/klotski/klotski.db"
expect "LIBDIR multiarch: klotski_db_places without a database lists the places looked at" "\$KLOTSKI_DB (not set)
data/klotski.db (in $T/elsewhere)
$M/data/klotski.db
$M/share/klotski/klotski.db" "$(places)"
make -s -C "$ROOT" uninstall PREFIX="$M" LIBDIR="$M/lib/x86_64-linux-gnu" INCLUDEDIR="$M/include/klotski" \
    BIN="$BIN" OBJ="$LIBRARY_OBJ" > "$T/make.log" 2>&1
expect "make uninstall: exit status" 0 "$?"
expect "make uninstall: no file left of make install's" "" "$(find "$M" ! -type d)"

# 200 sampled layouts as ids, and other forms.
awk 'BEGIN { for (i = 1; i <= 200; i++) printf "#%d\n", (i * 2654435761) % 29334498 }' > "$T/inputs"
printf '%s\n' 4WVE1 1a9bf0c 27732773144115510660 '#0' '#29334497' >> "$T/inputs"
# Bad inputs, long ones among them (the messages cut them as the command does: start and
# end around …) and ones with control bytes (written \xNN).
bad=(1A9BF0C01 '#29334498' '#x' VZ7Z3 27732773144115510669 27732773144115510600 1A9BF0C00FF G DAA7F3001 ''
     "$(printf '1%.0s' {1..100})" "#$(printf '9%.0s' {1..30})é$(printf '9%.0s' {1..40})" $'#12\x1b3' $'#12\xff3')
mapfile -t good < "$T/inputs"
# The first 40 layouts, 横刀立马 and an unsolvable layout (0069A4000) again in the other
# metrics ("@METRIC LAYOUT"), and a metric that is none.
metrics=(straight unit)
metric_inputs=("${good[@]:0:40}" 4WVE1 0069A4000)
for m in "${metrics[@]}"; do printf "@$m %s\n" "${metric_inputs[@]}"; done > "$T/metric_inputs"
KLOTSKI_DB=$TEST_DB LD_LIBRARY_PATH=$P/lib "$T/probe" < <(cat "$T/inputs" "$T/metric_inputs"; printf '%s\n' "${bad[@]}";
    echo "@bogus 4WVE1") > "$T/probe.out"
expect "probe: exit status" 0 "$?"
grep '^FAIL' "$T/probe.out" | head -5
expect "probe: its own checks" "checks failed: 0" "$(tail -1 "$T/probe.out")"
expect "probe: klotski_open(NULL) takes \$KLOTSKI_DB" "database $TEST_DB" "$(head -1 "$T/probe.out")"

answered "$K" --db "$TEST_DB" show "${good[@]}" --json | jq -r '"show \(.code) \(.id) \(.short_code) \(.class) \(.group) \(.group_index) \(.group_size) \(.min_steps // -1) \(.min_solution_num // -1) \(.mirror)"' > "$T/show"
answered "$K" --db "$TEST_DB" moves "${good[@]}" --json | jq -r '"moves \(.code)" + ([.move_list[] | " \(.code):\(.change):\(.piece):\((.row - 1) * 4 + .col - 1):\((.to_row - 1) * 4 + .to_col - 1):\(.distance)"] | join(""))' > "$T/moves"
paste -d '\n' "$T/show" "$T/moves" | awk '{ print } /^show/ { s = $9 == -1 ? "unsolvable" : $9; solve[NR] = "solve " $2 " " s } /^moves/ { print solve[NR - 1] }' > "$T/expected"
grep -E '^(show|moves|solve) ' "$T/probe.out" > "$T/actual"
expect "probe on $(wc -l < "$T/inputs") layouts: show, moves and solve as the klotski command answers" \
    "$(wc -l < "$T/expected") lines, no difference" "$(wc -l < "$T/actual") lines, $(diff "$T/expected" "$T/actual" > "$T/diff" && echo no difference || head -3 "$T/diff")"
for x in "${bad[@]}"; do
    "$K" --db "$TEST_DB" show "$x" 2>&1 >/dev/null | sed 's/^klotski: /error /'
done > "$T/errors_expected"
"$K" --db "$TEST_DB" --metric bogus show 4WVE1 2>&1 >/dev/null | sed 's/^klotski: --metric: /error /' >> "$T/errors_expected"
grep '^error ' "$T/probe.out" > "$T/errors_actual"
expect "probe: the error messages of ${#bad[@]} bad inputs and a bad metric are the command's" "" "$(diff "$T/errors_expected" "$T/errors_actual")"
# Each metric's moves and solutions against the command's under --metric: the moves with
# their outcomes in that metric, best first, and the whole route (the same descent).
for m in "${metrics[@]}"; do
    answered "$K" --db "$TEST_DB" --metric "$m" moves "${metric_inputs[@]}" --json |
        jq -r --arg m "$m" '"moves/\($m) \(.code)" + ([.move_list[] | " \(.code):\(.change):\(.piece):\((.row - 1) * 4 + .col - 1):\((.to_row - 1) * 4 + .to_col - 1):\(.distance)"] | join(""))'
    answered "$K" --db "$TEST_DB" show "${metric_inputs[@]}" --json |
        jq -r --arg m "$m" 'select(.["min_\($m)_moves"] == null) | "solve/\($m) \(.code) unsolvable"'
    mapfile -t solvable < <(answered "$K" --db "$TEST_DB" show "${metric_inputs[@]}" --json |
        jq -r --arg m "$m" 'select(.["min_\($m)_moves"] != null) | .code')
    answered "$K" --db "$TEST_DB" --metric "$m" solve "${solvable[@]}" --json |
        jq -r '"solve/\(.metric) \(.from) \(.steps) \([.route[].code] | join(","))"'
done | sort > "$T/metric_expected"
grep -E '^(moves|solve)/' "$T/probe.out" | sort > "$T/metric_actual"
expect "probe: moves and solutions of ${#metric_inputs[@]} layouts in ${metrics[*]} moves as klotski --metric answers" \
    "$(wc -l < "$T/metric_expected") lines, no difference" \
    "$(wc -l < "$T/metric_actual") lines, $(diff "$T/metric_expected" "$T/metric_actual" > "$T/diff" && echo no difference || head -3 "$T/diff")"
expect "probe: a text in no form, as the command words it (but the board files it reads)" \
    "error hello world: not a code, id, grid, board or classic name; closest names: 伏羲八卦 风风巽, 伏羲八卦 地天泰, 伏羲八卦 天水讼" \
    "$(echo 'hello world' | KLOTSKI_DB=$TEST_DB LD_LIBRARY_PATH=$P/lib "$T/probe" | grep '^error')"
expect "the command's words for it" \
    "klotski: hello world: not a code, id, grid, board file or classic name; closest names: 伏羲八卦 风风巽, 伏羲八卦 地天泰, 伏羲八卦 天水讼" \
    "$("$K" --db "$TEST_DB" show 'hello world' 2>&1)"

# ---- a group's members: the walk against a scan of the table, in code order ----
# 5-4-1-1 (横刀立马's), the largest group 2-6-1-0 (964,656 members), an unsolvable group of
# one layout and the largest unsolvable group.
groups=(5-4-1-1 2-6-1-0 6-2-3-1174 5-3-0-0)
KLOTSKI_DB=$TEST_DB LD_LIBRARY_PATH=$P/lib "$T/members" "${groups[@]}" no-such-group > "$T/members.out"
expect "members: exit status" 0 "$?"
grep '^FAIL' "$T/members.out" | head -5
expect "members: its own checks" "checks failed: 0" "$(tail -1 "$T/members.out")"
for g in "${groups[@]}"; do
    sqlite3 -batch "$TEST_DB" "SELECT '$g', printf('%09X', l.code), ifnull(l.min_steps, 'null') FROM layouts l
        WHERE l.group_id = (SELECT group_id FROM groups WHERE name = '$g') ORDER BY l.code" |
        awk -F'|' '{ print "member " $1 " " NR - 1 " " $2 " " $3 }'
    sql "SELECT 'count $g ' || size FROM groups WHERE name = '$g'"
done > "$T/members.expected"
grep -E '^(member|count) ' "$T/members.out" > "$T/members.actual"
expect "members of ${groups[*]}: every member in code order, its group_index and min_steps, as a scan of layouts" \
    "$(wc -l < "$T/members.expected") lines, no difference" \
    "$(wc -l < "$T/members.actual") lines, $(diff "$T/members.expected" "$T/members.actual" > "$T/diff" && echo no difference || head -3 "$T/diff")"
expect "members: no such group" "error no-such-group: no such group" "$(grep '^error' "$T/members.out")"

# ---- classic names, in characters and in pinyin ----
names=(横刀立马 hengdaolima "heng dao li ma" "héng dāo lì mǎ" "HÉNG DĀO LÌ MǍ" "Heng'Dao-Li Ma")
KLOTSKI_DB=$TEST_DB LD_LIBRARY_PATH=$P/lib "$T/members" "${names[@]/#/@}" > "$T/names.out"
expect "klotski_parse: 横刀立马 in characters and in pinyin, any case, blanks and tone marks, is SPEC's 1A9BF0C00" \
    "$(printf 'parse %s 1A9BF0C00\n' "${names[@]}")" "$(grep -E '^(parse|error)' "$T/names.out")"
# The command's answers and its error lines ("board file", which the library does not
# read, aside): a name of several layouts, a pick of one, misspelt pinyin and characters,
# pinyin that reads as two names, a name in pinyin with a pick.
named=(四面楚歌 '四面楚歌#2' '四面楚歌#4' simianchuge 'si mian chu ge#3' hengdaolma 'heng dao li' 横刀立 gaoweifenqi xiaoxuanfeng
       cengcengshefnag 层层设房 1A9BF0C0G)
for x in "${named[@]}"; do
    if code=$("$K" --db "$TEST_DB" show "$x" --json 2> "$T/stderr" | jq -r .code); then
        echo "parse $x $code"
    else
        sed -e 's/^klotski: /error /' -e 's/board file/board/' "$T/stderr"
    fi
done > "$T/named.expected"
KLOTSKI_DB=$TEST_DB LD_LIBRARY_PATH=$P/lib "$T/members" "${named[@]/#/@}" | grep -E '^(parse|error)' > "$T/named.actual"
expect "xiaoxuanfeng is 小旋风 (data/classic_names.tsv), not 小旋风Ⅰ" "5DFAB8000" \
    "$(awk -F'\t' '$2 == "小旋风" {print $1}' "$ROOT/data/classic_names.tsv")"
grep -q '^parse xiaoxuanfeng 5DFAB8000$' "$T/named.expected"
expect "the command reads xiaoxuanfeng as 小旋风" 0 "$?"
expect "klotski_parse: ${#named[@]} names, picks and misspellings answer as the command" \
    "" "$(diff "$T/named.expected" "$T/named.actual")"
expect "the command's answers hold what is checked: a pick list, the pinyin's suggestions, two names that read alike, misspelt pinyin told first, a bad digit with its place" \
    "1 2 1 1 1" "$(grep -c 'pick one: simianchuge#1 = 5BEA70C00' "$T/named.expected") $(grep -c 'closest names: 横刀立马 (héng dāo lì mǎ)' "$T/named.expected") $(grep -c 'reads as 2 names: 高位分歧, 高位分岐' "$T/named.expected") $(grep -c '^error cengcengshefnag: looks like a classic name in pinyin' "$T/named.expected") $(grep -c "^error 1A9BF0C0G: not a layout code: the 9th character, 'G', is not a hex digit" "$T/named.expected")"
rm -rf "$T"
finish
