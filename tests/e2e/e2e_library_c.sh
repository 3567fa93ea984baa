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
# The example, run from another folder without $KLOTSKI_DB, finds the installed database
# from the library's own place.
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
    cc $san_flags -std=c11 -Wall -Wextra -Werror -o "$2" "$1" $(pkg-config --cflags --libs klotski) 2> "$T/cc.log"
    local status=$?
    expect "$(basename "$1") compiles against the installed library" 0 "$status"
    [ "$status" -eq 0 ] || cat "$T/cc.log"
}
expect "pkg-config --cflags names the installed headers" "-I$P/include" "$(pkg-config --cflags klotski | xargs)"
compile "$ROOT/docs/example.c" "$T/example"
compile "$ROOT/tests/library/probe.c" "$T/probe"
expect "the programs link the installed library" "$P/lib/libklotski.so.1" \
    "$(LD_LIBRARY_PATH=$P/lib ldd "$T/probe" | awk '/libklotski/ {print $3}')"

# The README's example, from another folder: the installed database.
out=$(cd "$T/elsewhere" && env -u KLOTSKI_DB LD_LIBRARY_PATH="$P/lib" "$T/example" 4WVE1 2>&1)
expect "example: exit status" 0 "$?"
route=$(answered "$K" --db "$TEST_DB" solve 1A9BF0C00 --codes | sed -n '2,4p' | tr '\n' ' ')
expect "example: its answer" "1A9BF0C00, class 5-4-1, libklotski 1.2.0
VKKV
VKKV
VHHV
VooV
o..o
solved in 81 steps, by way of ${route}..." "$out"
out=$(LD_LIBRARY_PATH=$P/lib "$T/example" 1A9BF0C01 2>&1)
expect "example: a bad layout" "2 example: 1A9BF0C01: not a layout code: unused low bits are not zero" "$? $out"
out=$(cd "$T/elsewhere" && KLOTSKI_DB=$T/none.db LD_LIBRARY_PATH="$P/lib" "$T/example" 4WVE1 2>&1 >/dev/null)
expect "example: no database" "example: $T/none.db: no database here; build it with \`make\` in the klotski sources (or name one, or set \$KLOTSKI_DB)" "$out"

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
expect "probe: a text in no form" "error hello world: not a code, short code, #id, grid or board" \
    "$(echo 'hello world' | KLOTSKI_DB=$TEST_DB LD_LIBRARY_PATH=$P/lib "$T/probe" | grep '^error')"
rm -rf "$T"
finish
