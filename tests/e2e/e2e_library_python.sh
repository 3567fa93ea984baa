#!/usr/bin/env bash
# End-to-end test of the Python module as a user imports it: `make install PREFIX=...`
# puts klotski*.so and klotski.pyi in PREFIX/lib/python3.X/dist-packages, and python3,
# with PYTHONPATH there, runs the unittests tests/library/test_klotski.py and
# test_names_members.py (groups' members, classic names in characters and pinyin) against
# the klotski command's answers; the build tree's module (OBJ/python) imports too.
. "$(dirname "$0")/lib.sh"
library_setup python
site=$(echo "$P"/lib/python3*/dist-packages)
expect "make install puts the module and its type hints in place" "2" "$(ls "$site" | grep -c '^klotski\.\(cpython.*\.so\|pyi\)$')"
out=$(cd "$T" && PYTHONPATH=$site KLOTSKI_DB=$TEST_DB KLOTSKI_BIN=$BIN library_run python3 "$ROOT/tests/library/test_klotski.py" -v 2>&1)
status=$?
printf '%s\n' "$out" | grep -E '^(FAIL|ERROR)|Error' | head -20
expect "the unittest of the installed module: exit status" 0 "$status"
expect "the unittest ran every test" "OK" "$(printf '%s\n' "$out" | grep -E '^Ran [0-9]+ tests' -A2 | tail -1)"
out=$(cd "$T" && PYTHONPATH=$site KLOTSKI_DB=$TEST_DB KLOTSKI_BIN=$BIN library_run python3 "$ROOT/tests/library/test_names_members.py" -v 2>&1)
status=$?
printf '%s\n' "$out" | grep -E '^(FAIL|ERROR)|Error' | head -20
expect "the unittest of members and names: exit status" 0 "$status"
expect "the unittest of members and names ran every test" "OK" "$(printf '%s\n' "$out" | grep -E '^Ran [0-9]+ tests' -A2 | tail -1)"
expect "the module imported is the installed one" "$site" \
    "$(cd "$T" && PYTHONPATH=$site library_run python3 -c 'import klotski, os; print(os.path.dirname(klotski.__file__))')"
expect "the build tree's module imports with PYTHONPATH=OBJ/python" "1A9BF0C00" \
    "$(cd "$T" && PYTHONPATH=$LIBRARY_OBJ/python library_run python3 -c 'import klotski; print(klotski.Layout("4WVE1").code)')"
rm -rf "$T"
finish
