#!/bin/sh
# Writes data/classic_names.tsv from the shared list of classic layouts:
#   data/classic_names.sh ../shared/data/classic_cases.txt > data/classic_names.tsv
# One line per (code, name): the 9-digit code, the name and the title of the first section
# that lists the pair, tab-separated, in the order of the source.  A name is everything
# after the code on its line, so names with blanks ("伏羲八卦 天水讼") stay whole.
set -eu
LC_ALL=C awk '
    /^\[/       { next }
    /^tip=/     { next }
    /^title=/   { section = substr($0, 7); sub(/[ \t\r]+$/, "", section); next }
    NF >= 2 {
        code = toupper($1)
        name = $0
        sub(/^[ \t]*[^ \t]+[ \t]+/, "", name)
        sub(/[ \t\r]+$/, "", name)
        while (length(code) < 9) code = code "0"
        if (!((code, name) in seen)) {
            seen[code, name] = 1
            print code "\t" name "\t" section
        }
    }
' "${1:?usage: data/classic_names.sh CLASSIC_CASES_TXT}"
