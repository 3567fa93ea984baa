#!/usr/bin/env bash
# Checks the test database against brute force with tests/reference/db_crosscheck.c
# (built by `make check` into OBJ/tests/reference): every small class and a few larger ones worked out from
# scratch, without the engine, and compared group by group and layout by layout.
. "$(dirname "$0")/lib.sh"
<<<<<<< HEAD
CROSSCHECK=$REFERENCE_BIN/db_crosscheck

if [ ! -x "$CROSSCHECK" ] || [ ! -f "$TEST_DB" ]; then
    expect "db_crosscheck built by make check, and a test database" \
        "$CROSSCHECK $TEST_DB" "$(ls "$CROSSCHECK" "$TEST_DB" 2>&1 | tr '\n' ' ')"
    finish
    exit
fi

out=$("$CROSSCHECK" "$TEST_DB")
status=$?
printf '%s\n' "$out"
join_checks db_crosscheck "$out" "$status"
finish
    exit
fi

out=$("$CROSSCHECK" "$TEST_DB")
status=$?
printf '%s\n' "$out"
expect "db_crosscheck exit status" 0 "$status"
# Its closing line counts its own checks; they join this script's.
closing='^db_crosscheck: ([0-9]+) passed, ([0-9]+) failed$'
if [[ $(printf '%s\n' "$out" | tail -n 1) =~ $closing ]]; then
    checks_passed=$((checks_passed + BASH_REMATCH[1]))
    checks_failed=$((checks_failed + BASH_REMATCH[2]))
else
    expect "db_crosscheck closing line" "db_crosscheck: N passed, M failed" \
        "$(printf '%s\n' "$out" | tail -n 1)"
fi
=======
use_database
crosscheck "$TEST_DB"
>>>>>>> main
finish
