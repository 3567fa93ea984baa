#!/usr/bin/env bash
# Checks the test database against brute force with tests/reference/db_crosscheck.c
# (built by `make check` into OBJ/tests/reference): every small class and a few larger ones worked out from
# scratch, without the engine, and compared group by group and layout by layout.
. "$(dirname "$0")/lib.sh"
use_database
crosscheck "$TEST_DB"
finish
