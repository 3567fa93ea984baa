#!/usr/bin/env bash
# End-to-end test of the manual pages docs/klotski.1 and docs/klotski-build.1: mandoc's
# lint finds nothing at the level of a warning or above (its style notes, lines over 80
# bytes, are not counted); no rendered line glues a sentence to the next, as `.BR` and
# `.RB` do when a sentence follows their arguments on the request's line ("right
# 1.Foreachline:its"); each page's ENVIRONMENT lists exactly the variables its program
# reads: klotski's those that core/, query/ and lib/ pass to getenv, klotski-build's
# those of builder/ (core's are read only by the query code's calls: klotski-build
# names its database by --db alone).
. "$(dirname "$0")/lib.sh"

# The variables that getenv reads in the C files under the given folders, one a line.
read_variables() {
    (cd "$ROOT" && grep -rhoE --include='*.c' --include='*.h' '\b(secure_)?getenv\("[A-Z_0-9]+"\)' "$@") |
        sed -E 's/.*\("([A-Z_0-9]+)"\)/\1/' | sort -u
}

# The variables a page's ENVIRONMENT section lists as entries (.TP, then .B NAME).
listed_variables() {
    awk '/^\.SH / { in_section = ($2 == "ENVIRONMENT") }
         in_section && previous == ".TP" && $1 == ".B" { print $2 }
         { previous = $0 }' "$1" | sort -u
}

for page in klotski klotski-build; do
    source=$ROOT/docs/$page.1
    lint=$(mandoc -T lint -W warning "$source" 2>&1)
    expect "$page.1: mandoc -T lint -W warning: status" 0 "$?"
    expect "$page.1: mandoc -T lint -W warning finds nothing" "" "$lint"
    # Rendered wide, so that a glued pair is never split by a line break; bold and
    # underline overstrikes removed.
    glued=$(mandoc -T utf8 -O width=250 "$source" | sed 's/.\x08//g' |
                grep -noE '.{0,20}[[:alnum:])][.!?:;][A-Z][a-z]+.{0,10}')
    expect "$page.1: no rendered line glues a sentence to the next" "" "$glued"
done

expect "klotski.1: ENVIRONMENT lists what klotski reads" "$(read_variables core query lib | paste -sd' ')" \
    "$(listed_variables "$ROOT/docs/klotski.1" | paste -sd' ')"
expect "klotski-build.1: ENVIRONMENT lists what klotski-build reads" "$(read_variables builder | paste -sd' ')" \
    "$(listed_variables "$ROOT/docs/klotski-build.1" | paste -sd' ')"
expect "klotski reads KLOTSKI_METRIC (the comparison sees the code)" yes \
    "$(read_variables query | grep -qx KLOTSKI_METRIC && echo yes || echo no)"
finish
