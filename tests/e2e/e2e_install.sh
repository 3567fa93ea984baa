#!/usr/bin/env bash
# End-to-end test of installed use: `make install DESTDIR=... PREFIX=/usr` puts the tools,
# the man page and the database in place, and the installed klotski, run from another
# folder with no option, finds its database; then the order of the places it looks
# (--db, $KLOTSKI_DB, data/klotski.db in the current folder, the installed database),
# each shown by a place that holds a bad file winning over the ones after it.
. "$(dirname "$0")/lib.sh"
T=$WORK/install
rm -rf "$T"
mkdir -p "$T/elsewhere" "$T/with_data/data"
use_database

# The tools of this build (the make that runs the tests passes its OBJ and BIN on).
make -s -C "$ROOT" install DESTDIR="$T/root" PREFIX=/usr BIN="$BIN" OBJ="${KLOTSKI_TEST_OBJ:-build/release}" \
    DB="$TEST_DB" > "$T/make.log" 2>&1
expect "make install: exit status" 0 "$?"
expect "make install PREFIX=/usr: no loader notice (the loader searches /usr/lib)" "" \
    "$(grep -E 'dynamic loader|LD_LIBRARY_PATH' "$T/make.log")"
for f in usr/bin/klotski usr/bin/klotski-build usr/share/man/man1/klotski.1 usr/share/man/man1/klotski-build.1 \
         usr/share/klotski/klotski.db; do
    expect "make install puts $f in place" yes "$([ -f "$T/root/$f" ] && echo yes || echo no)"
done
expect "the installed database is the one built" "$(stat -c %s "$TEST_DB")" "$(stat -c %s "$T/root/usr/share/klotski/klotski.db")"
K=$T/root/usr/bin/klotski

# answer DIR ARGS...: the installed klotski run in DIR without $KLOTSKI_DB; sets out,
# err, status.
answer() {
    local dir=$1
    shift
    out=$(cd "$dir" && env -u KLOTSKI_DB "$K" "$@" 2>"$T/stderr")
    status=$?
    err=$(cat "$T/stderr")
}

answer "$T/elsewhere" show 4WVE1 --json
expect "installed klotski from another folder: exit status" 0 "$status"
expect "installed klotski from another folder: the answer" "1A9BF0C00 81" "$(printf '%s\n' "$out" | jq -r '"\(.code) \(.min_steps)"')"
answer "$T/elsewhere" hint --level 3 1A9BF0C00 --json
expect "installed klotski: hint" 1A98FCC00 "$(printf '%s\n' "$out" | jq -r .to)"

echo "not a database" > "$T/bad.db"
cp "$T/bad.db" "$T/with_data/data/klotski.db"
answer "$T/with_data" show 1A9BF0C00
expect "data/klotski.db in the current folder comes before the installed one" \
    "2 klotski: data/klotski.db:" "$status ${err:0:25}"
answer "$T/elsewhere" --db "$T/bad.db" show 1A9BF0C00
expect "--db comes before the installed database" "2 bad.db" "$status $(printf '%s' "$err" | grep -o 'bad\.db' | head -1)"
out=$(cd "$T/with_data" && KLOTSKI_DB=$TEST_DB answered "$K" show 1A9BF0C00 --csv 2>&1 | sed -n 2p | cut -d, -f1)
expect "\$KLOTSKI_DB comes before data/klotski.db" 1A9BF0C00 "$out"
out=$(cd "$T/elsewhere" && KLOTSKI_DB=$T/bad.db answered "$K" --db "$TEST_DB" show 1A9BF0C00 --csv 2>&1 | sed -n 2p | cut -d, -f1)
expect "--db comes before \$KLOTSKI_DB" 1A9BF0C00 "$out"

rm "$T/root/usr/share/klotski/klotski.db"
answer "$T/elsewhere" show 1A9BF0C00
expect "no database anywhere: exit status" 2 "$status"
expect "no database anywhere: the message lists each place looked at" \
    "klotski: data/klotski.db: no database here (looked in: \$KLOTSKI_DB (not set); data/klotski.db (in $T/elsewhere); $T/root/usr/data/klotski.db; $T/root/usr/share/klotski/klotski.db); build it with \`klotski-build --db data/klotski.db\` (or \`make\` in the klotski sources), or name one with --db PATH or \$KLOTSKI_DB" "$err"
# A copy of klotski elsewhere looks beside itself, and says so.
mkdir -p "$T/copy/bin"
cp "$K" "$T/copy/bin/klotski"
err=$(cd "$T/elsewhere" && env -u KLOTSKI_DB "$T/copy/bin/klotski" show 4WVE1 2>&1)
expect "a copied klotski without a database: the places it looked at" \
    "klotski: data/klotski.db: no database here (looked in: \$KLOTSKI_DB (not set); data/klotski.db (in $T/elsewhere); $T/copy/data/klotski.db; $T/copy/share/klotski/klotski.db); build it with \`klotski-build --db data/klotski.db\` (or \`make\` in the klotski sources), or name one with --db PATH or \$KLOTSKI_DB" "$err"
# $KLOTSKI_DB is taken as it is: the places after it, with_data/data/klotski.db a file
# that is there, were not looked at.
err=$(cd "$T/with_data" && KLOTSKI_DB=$T/none.db "$K" show 4WVE1 2>&1)
expect "\$KLOTSKI_DB naming no file: the one place looked at" \
    "klotski: $T/none.db: no database here (looked in: \$KLOTSKI_DB=$T/none.db); build it with \`klotski-build --db $T/none.db\` (or \`make\` in the klotski sources), or name one with --db PATH or \$KLOTSKI_DB" "$err"
answer "$T/elsewhere" --db "$T/none.db" show 4WVE1
expect "--db naming no file: no places (none was looked up)" \
    "klotski: $T/none.db: no database here; build it with \`klotski-build --db $T/none.db\` (or \`make\` in the klotski sources), or name one with --db PATH or \$KLOTSKI_DB" "$err"
rm -rf "$T"
finish
