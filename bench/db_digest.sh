#!/usr/bin/env bash
# Prints a digest of everything a database holds except the facts of its build (date,
# seconds, threads): two databases with the same digest answer every query alike.
#   bench/db_digest.sh DB
# Used to show that a change to the builder writes the same database (about a minute).
set -euo pipefail
db=${1:?usage: bench/db_digest.sh DB}
q() { sqlite3 -batch -readonly "$db" "$1"; }
{
    q ".schema"
    for table in $(q "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"); do
        echo "table $table"
        if [ "$table" = meta ]; then
            q "SELECT * FROM meta WHERE key NOT IN ('build_date', 'build_seconds', 'build_threads') ORDER BY key"
        else
            # A WITHOUT ROWID table (move_layers) has no rowid: it reads in its key's order.
            order="ORDER BY rowid"
            [ "$(q "SELECT sql LIKE '%WITHOUT ROWID%' FROM sqlite_schema WHERE name = '$table'")" = 1 ] &&
                order=
            sqlite3 -batch -readonly -cmd ".mode quote" "$db" "SELECT * FROM \"$table\" $order" | md5sum
        fi
    done
} | tee /dev/stderr | md5sum | sed 's/ .*//'
