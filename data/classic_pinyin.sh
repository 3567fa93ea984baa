#!/bin/sh
# Writes data/classic_pinyin.tsv, the pinyin readings of the characters of the classic
# names, from Unicode's Unihan database as Debian's package unicode-data ships it:
#   data/classic_pinyin.sh data/classic_names.tsv /usr/share/unicode/Unihan_Readings.txt.bz2 \
#     > data/classic_pinyin.tsv
# One line per Han character (CJK ideograph) of the names, in code point order: the character and its
# readings with their tone marks, blank-separated: first kMandarin's (the customary
# reading, as a dictionary would give it first), then every other reading that kTGHZ2013
# (通用规范汉字字典, 2013) or kXHC1983 (现代汉语词典) lists, so that a character of several
# readings (多音字) is matched by any of them (core/pinyin.h says how they are used).
set -eu
names="${1:?usage: data/classic_pinyin.sh CLASSIC_NAMES_TSV UNIHAN_READINGS_TXT_BZ2}"
readings="${2:?usage: data/classic_pinyin.sh CLASSIC_NAMES_TSV UNIHAN_READINGS_TXT_BZ2}"
bzcat "$readings" | python3 -c '
import sys
names = open(sys.argv[1], encoding="utf-8").read().splitlines()
wanted = {ch for line in names for ch in line.split("\t")[1] if 0x3400 <= ord(ch) <= 0x9FFF or ord(ch) >= 0x20000}
fields = {}
for line in sys.stdin:
    parts = line.rstrip("\n").split("\t")
    if len(parts) != 3 or parts[1] not in ("kMandarin", "kTGHZ2013", "kXHC1983"):
        continue
    ch = chr(int(parts[0][2:], 16))
    if ch in wanted:
        fields.setdefault(ch, {})[parts[1]] = parts[2]
for ch in sorted(wanted):
    found = fields.get(ch, {})
    readings = found.get("kMandarin", "").split()
    for key in ("kTGHZ2013", "kXHC1983"):
        for entry in found.get(key, "").split():
            for reading in entry.split(":")[-1].split(","):
                if reading not in readings:
                    readings.append(reading)
    if not readings:
        sys.exit("classic_pinyin.sh: no reading of %s (U+%04X) in Unihan" % (ch, ord(ch)))
    print(ch + "\t" + " ".join(readings))
' "$names"
