#!/usr/bin/env bash
# Every fenced example of the Markdown files a user reads (README.md, and every *.md of
# the repository's folders) runs as the user would run it, its shown output compared
# (tests/e2e/docs_examples.py; the markers a block that cannot run carries are in
# tests/README.md).  The user's world: `make install PREFIX=$HOME/klotski` of this build
# (library_setup) with the test database as its installed one, PATH finding the installed
# tools first, and a clone of the repository to stand in, whose data/klotski.db is the
# test database (the clone's other entries are links to the repository, read only).
# A block that cannot run and says nothing fails, so a new example cannot go untested.
. "$(dirname "$0")/lib.sh"
library_setup docs
ln -sf "$TEST_DB" "$P/share/klotski/klotski.db"
home=$T/home clone=$T/clone
mkdir -p "$home" "$clone/data"
ln -s "$P" "$home/klotski"
ln -s "$TEST_DB" "$clone/data/klotski.db"
for entry in "$ROOT"/*; do
    case ${entry##*/} in data | bin | build) ;; *) ln -s "$entry" "$clone/${entry##*/}" ;; esac
done

# The sanitizer build's library needs its runtime first in the programs that load it.
prelude=$T/prelude.sh
if [ -n "$LIBRARY_PRELOAD" ]; then
    cat > "$prelude" <<EOF
sqlite3() { LD_PRELOAD=$LIBRARY_PRELOAD ASAN_OPTIONS=\${ASAN_OPTIONS:+\$ASAN_OPTIONS:}detect_leaks=0 command sqlite3 "\$@"; }
python3() { LD_PRELOAD=$LIBRARY_PRELOAD ASAN_OPTIONS=\${ASAN_OPTIONS:+\$ASAN_OPTIONS:}detect_leaks=0 command python3 "\$@"; }
cc() { command cc -fsanitize=address,undefined "\$@"; }
EOF
else
    : > "$prelude"
fi

mapfile -t documents < <(cd "$ROOT" && find . \( -name .git -o -name build -o -name bin -o -name node_modules \) -prune \
                             -o -name '*.md' -print | sed 's|^\./||' | sort)
expect "the README is among the documents" yes "$(printf '%s\n' "${documents[@]}" | grep -qx README.md && echo yes || echo no)"
out=$(cd "$ROOT" && env -u KLOTSKI_DB HOME="$home" PATH="$P/bin:$PATH" \
          DOCS_EXTENSION="$P/lib/klotski/klotski_sqlite.so" DOCS_PRELUDE="$prelude" \
          python3 "$ROOT/tests/e2e/docs_examples.py" "$clone" "${documents[@]}")
status=$?
printf '%s\n' "$out"
checks_skipped=$((checks_skipped + $(printf '%s\n' "$out" | grep -c '^SKIP ')))
join_checks docs_examples "$out" "$status"
rm -rf "$T"
finish
