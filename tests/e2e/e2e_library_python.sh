#!/usr/bin/env bash
# End-to-end test of the Python module as users install and import it, on the installed
# files: `make install PREFIX=...` puts klotski*.so and klotski.pyi in
# PREFIX/lib/python3.X/dist-packages; `pip install --no-build-isolation` of python/ (a
# copy, as a fresh clone's) builds the package in a venv of Debian's python3 made with
# --system-site-packages, against that installed libklotski through pkg-config.  In both,
# the unittest tests/library/test_klotski.py runs against the klotski command's answers;
# klotski.open() with no path finds the installed database from another folder, or lists
# where it looked; the README's Python example runs; mypy's stubtest checks the
# installed stub against the module; tests/library/test_names_members.py checks groups'
# members and classic names in characters and pinyin against the command's answers.
. "$(dirname "$0")/lib.sh"
library_setup python
site=$(echo "$P"/lib/python3*/dist-packages)
expect "make install puts the module and its type hints in place" "2" "$(ls "$site" | grep -c '^klotski\.\(cpython.*\.so\|pyi\)$')"
# The installed database, for open() with no path: the test database in the stand-in's place.
installed_db=$P/share/klotski/klotski.db
ln -sf "$TEST_DB" "$installed_db"
# Python's allocator: the sanitizer's malloc in a sanitizer build (a write to freed memory
# stops the test), else the debug hooks (a call without the GIL, a write past a block).
pymalloc=debug
[ -n "$LIBRARY_PRELOAD" ] && pymalloc=malloc

# unittest NAME PYTHON [VAR=VALUE...]: the unittests with that interpreter, from $T.
unittest() {
    local name=$1 python=$2 out status test
    shift 2
    for test in test_klotski test_names_members; do
        out=$(cd "$T" && export "$@" PYTHONMALLOC=$pymalloc KLOTSKI_DB=$TEST_DB KLOTSKI_BIN=$BIN &&
            library_run "$python" "$ROOT/tests/library/$test.py" -v 2>&1)
        status=$?
        printf '%s\n' "$out" | grep -E '^(FAIL|ERROR)|Error' | head -20
        expect "$name: $test: the unittest's exit status" 0 "$status"
        expect "$name: $test: the unittest ran every test" "OK" "$(printf '%s\n' "$out" | grep -E '^Ran [0-9]+ tests' -A2 | tail -1)"
    done
}
# found PYTHON [VAR=VALUE...]: the path klotski.open() opens from / without $KLOTSKI_DB.
found() {
    local python=$1
    shift
    (cd / && unset KLOTSKI_DB && export "$@" PYTHONMALLOC=$pymalloc &&
        library_run "$python" -c 'import klotski; print(klotski.open().path)' 2>&1)
}

# 1. make install
unittest "make install" python3 PYTHONPATH="$site"
expect "the module imported is the installed one" "$site" \
    "$(cd "$T" && PYTHONPATH=$site library_run python3 -c 'import klotski, os; print(os.path.dirname(klotski.__file__))')"
expect "make install: open() finds the installed database from any folder" "$installed_db" "$(found python3 PYTHONPATH="$site")"
expect "the build tree's module imports with PYTHONPATH=OBJ/python" "1A9BF0C00" \
    "$(cd "$T" && PYTHONPATH=$LIBRARY_OBJ/python library_run python3 -c 'import klotski; print(klotski.Layout("4WVE1").code)')"

# Allocations in C failing (tests/library/failmalloc.c): in the normal build only, since
# the sanitizer's runtime owns malloc in the other.
if [ -n "$LIBRARY_PRELOAD" ]; then
    skip "C allocations failing one by one" "the sanitizer's runtime replaces malloc itself"
else
    cc -shared -fPIC -O2 -o "$T/failmalloc.so" "$ROOT/tests/library/failmalloc.c"
    out=$(cd "$T" && PYTHONPATH=$site KLOTSKI_FAILMALLOC=1 KLOTSKI_DB=$TEST_DB KLOTSKI_BIN=$BIN \
        LD_PRELOAD=$T/failmalloc.so python3 "$ROOT/tests/library/test_klotski.py" -v CAllocationTest 2>&1)
    status=$?
    printf '%s\n' "$out" | grep -E '^(FAIL|ERROR)|Error' | head -20
    expect "C allocations failing one by one: the unittest's exit status" 0 "$status"
    expect "C allocations failing one by one: ran, not skipped" "OK" "$(printf '%s\n' "$out" | grep -E '^Ran 1 test' -A2 | tail -1)"
fi

# 2. pip install in a venv
cp -r "$ROOT/python" "$T/source"
rm -rf "$T/source/build" "$T/source"/*.egg-info
/usr/bin/python3 -m venv --system-site-packages "$T/venv" > "$T/venv.log" 2>&1
expect "python3 -m venv --system-site-packages: exit status" 0 "$?"
venv_python=$T/venv/bin/python
(cd "$T" && PKG_CONFIG_PATH=$P/lib/pkgconfig library_run "$venv_python" -m pip install --no-build-isolation \
    --no-index "$T/source") > "$T/pip.log" 2>&1
status=$?
expect "pip install --no-build-isolation ./python in the venv: exit status" 0 "$status"
[ "$status" -eq 0 ] || tail -5 "$T/pip.log"
venv_site=$(echo "$T"/venv/lib/python3*/site-packages)
expect "pip puts the module and its type hints in the venv" "2" "$(ls "$venv_site" | grep -c '^klotski\.\(cpython.*\.so\|pyi\)$')"
expect "the venv imports the module pip installed" "$venv_site" \
    "$(cd "$T" && library_run "$venv_python" -c 'import klotski, os; print(os.path.dirname(klotski.__file__))')"
expect "the module's version is the library's (pkg-config)" "$(PKG_CONFIG_PATH=$P/lib/pkgconfig pkg-config --modversion klotski)" \
    "$(cd "$T" && library_run "$venv_python" -c 'import klotski; print(klotski.__version__)')"
unittest "pip install" "$venv_python"
expect "pip install: open() finds the installed database from any folder" "$installed_db" "$(found "$venv_python")"

# The README's Python example, as doctest runs it, in the venv from another folder.
out=$(cd "$T" && unset KLOTSKI_DB && library_run "$venv_python" -c '
import doctest, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
example = re.search(r"\*\*Python\.\*\*.*?```python\n(.*?)```", text, re.S).group(1)
test = doctest.DocTestParser().get_doctest(example, {}, "README.md Python", sys.argv[1], 0)
result = doctest.DocTestRunner().run(test)
print("%d examples, %d failed" % (result.attempted, result.failed))' "$ROOT/README.md" 2>&1)
printf '%s\n' "$out" | grep -v '^[0-9]* examples' | head -20
expect "the README's Python example runs as written" "0 failed" "$(printf '%s\n' "$out" | tail -1 | sed 's/.*, //')"

# 3. no database anywhere: the error lists each place looked at, in order
rm "$installed_db"
mkdir -p "$T/empty"
expect "open() without a database lists where it looked" \
    "klotski.NoDatabaseError: data/klotski.db: no database here; build it with \`klotski-build --db data/klotski.db\` (or \`make\` in the klotski sources), or name one, or set \$KLOTSKI_DB
looked in, in this order:
\$KLOTSKI_DB (not set)
data/klotski.db (in $T/empty)
$P/data/klotski.db
$P/share/klotski/klotski.db" \
    "$(cd "$T/empty" && unset KLOTSKI_DB && library_run "$venv_python" -c 'import klotski; klotski.open()' 2>&1 | sed -n '/^klotski.NoDatabaseError/,$p')"

# $KLOTSKI_DB naming no file: the lookup took it as it is and looked nowhere else (the
# data/klotski.db there is not listed).
mkdir -p "$T/with_data/data"
: > "$T/with_data/data/klotski.db"
expect "open() with \$KLOTSKI_DB naming no file lists that place alone" \
    "klotski.NoDatabaseError: $T/none.db: no database here; build it with \`klotski-build --db $T/none.db\` (or \`make\` in the klotski sources), or name one, or set \$KLOTSKI_DB
looked in, in this order:
\$KLOTSKI_DB=$T/none.db" \
    "$(cd "$T/with_data" && KLOTSKI_DB=$T/none.db library_run "$venv_python" -c 'import klotski; klotski.open()' 2>&1 | sed -n '/^klotski.NoDatabaseError/,$p')"

# 4. the stub against the module (the installed stub, in a folder of its own: mypy
# refuses site-packages on MYPYPATH)
mkdir -p "$T/stubs"
cp "$venv_site/klotski.pyi" "$T/stubs/"
out=$(cd "$T" && MYPYPATH=$T/stubs library_run "$venv_python" -m mypy.stubtest klotski 2>&1)
status=$?
[ "$status" -eq 0 ] || printf '%s\n' "$out" | head -20
expect "mypy's stubtest of klotski.pyi: exit status" 0 "$status"
rm -rf "$T"
finish
