#!/usr/bin/env bash
# The ABI promise of klotski.h ("Stability"), checked on the installed library: abidiff
# compares PREFIX/lib/libklotski.so (`make install PREFIX=...` of this build) with the
# ABI of every release kept in lib/abi/ (made by `make abi-baseline`, from abidw), the
# public header's types only (abidiff --hd2 PREFIX/include).  A baseline of the library's
# soname must show no change but added functions (exit status 0 with --no-added-syms: a
# struct that grew, a parameter changed, a function removed all fail); a baseline of
# another soname binds nothing (a new major number may change anything), but the
# library's own soname must have one.  Then the one version: klotski --version, the
# library (klotski_libversion through the installed header's KLOTSKI_VERSION), the .pc
# file, the SQL extension's klotski_version(), the Python module's __version__, the man
# page and the library's file name all say the same.
. "$(dirname "$0")/lib.sh"
library_setup abi
so=$(readlink -f "$P/lib/libklotski.so")
soname=$(objdump -p "$so" | awk '/SONAME/ {print $2}')
version=$(sed -n 's/^#define KLOTSKI_VERSION "\(.*\)"/\1/p' "$P/include/klotski.h")
expect "the soname's number is the version's major number" "libklotski.so.${version%%.*}" "$soname"

same_soname=0
for baseline in "$ROOT"/lib/abi/*.abi; do
    name=$(basename "$baseline")
    baseline_soname=$(sed -n "1s/.* soname='\([^']*\)'.*/\1/p" "$baseline")
    if [ "$baseline_soname" != "$soname" ]; then
        echo "$name: soname $baseline_soname, not $soname: no promise to keep"
        continue
    fi
    same_soname=$((same_soname + 1))
    abidiff --no-added-syms --hd2 "$P/include" "$baseline" "$so" > "$T/abidiff.out" 2>&1
    status=$?
    expect "abidiff $name: the ABI kept (only additions)" 0 "$status"
    [ "$status" -eq 0 ] || head -40 "$T/abidiff.out"
done
expect "lib/abi/ holds a baseline of soname $soname" yes "$([ "$same_soname" -gt 0 ] && echo yes || echo no)"

# One version everywhere.
expect "klotski --version" "klotski $version" "$("$BIN/klotski" --version | cut -d' ' -f1,2)"
expect "the library's file" "libklotski.so.$version" "$(basename "$so")"
expect "klotski.pc's Version" "$version" "$(PKG_CONFIG_PATH=$P/lib/pkgconfig pkg-config --modversion klotski)"
expect "the SQL extension's klotski_version()" "$version" \
    "$(library_run sqlite3 -batch :memory: ".load $P/lib/klotski/klotski_sqlite.so" "SELECT klotski_version()")"
site=$(find "$P/lib" -name 'klotski*.so' -path '*-packages/*' | head -1)
expect "the Python module's __version__" "$version" \
    "$(PYTHONPATH=$(dirname "$site") library_run python3 -c 'import klotski; print(klotski.__version__)')"
expect "the man page's" "$version" "$(sed -n '1s/.*"klotski \([^"]*\)".*/\1/p' "$P/share/man/man1/klotski.1")"
rm -rf "$T"
finish
