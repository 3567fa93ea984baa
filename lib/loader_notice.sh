#!/bin/sh
# lib/loader_notice.sh LIBDIR [DESTDIR]: run by `make install` after it put libklotski.so.1
# into DESTDIR/LIBDIR.  Says, as libtool's install does, what a program linked with the
# library needs to find it at run time when the dynamic loader would not: nothing when
# LIBDIR is one of the loader's built-in folders; `ldconfig` when LIBDIR is a folder of
# /etc/ld.so.conf(.d) but the loader's cache does not list the library there yet (unless
# DESTDIR is given: a package's own scripts run ldconfig); else the folder and the three
# ways, LD_LIBRARY_PATH, -Wl,-rpath, or the folder added to /etc/ld.so.conf.d.
# The loader's own folders are those its --help names "system search path" (glibc 2.33 and
# later) and those `ldconfig -v -N -X` marks <builtin>; the configured ones the others that
# ldconfig would scan (it prints them and changes nothing).
# Always exits 0: the install itself succeeded.
libdir=${1:?usage: lib/loader_notice.sh LIBDIR [DESTDIR]}
destdir=${2:-}
soname=libklotski.so.1
ldconfig=$(command -v ldconfig || { [ -x /sbin/ldconfig ] && echo /sbin/ldconfig; })

# canonical PATH: the folder with symbolic links resolved (merged /usr: /lib is /usr/lib).
canonical() { realpath -m "$1" 2>/dev/null || printf '%s\n' "$1"; }
target=$(canonical "$libdir")

# How the loader sees the folder: builtin, configured or unknown (also without ldconfig).
seen_as=unknown
for loader in /lib64/ld-linux*.so.* /lib/ld-linux*.so.* /lib/*/ld-linux*.so.*; do
    [ -x "$loader" ] || continue
    for folder in $("$loader" --help 2>/dev/null | sed -n 's|^ *\(/[^ ]*\) (system search path)$|\1|p'); do
        [ "$(canonical "$folder")" = "$target" ] && seen_as=builtin
    done
    break
done
if [ "$seen_as" = unknown ] && [ -n "$ldconfig" ]; then
    scanned=$("$ldconfig" -v -N -X 2>/dev/null | sed -n 's|^\(/[^:]*\): (from \(.*\)).*|\1 \2|p')
    while read -r folder origin; do
        if [ -z "$folder" ] || [ "$(canonical "$folder")" != "$target" ]; then
            continue
        fi
        case $origin in "<builtin>"*) seen_as=builtin ;; *) seen_as=configured ;; esac
        break
    done <<EOF
$scanned
EOF
fi

case $seen_as in
builtin)
    exit 0 ;;
configured)
    [ -n "$destdir" ] && exit 0
    "$ldconfig" -p 2>/dev/null | grep -qF " => $libdir/$soname" && exit 0
    cat <<EOF
klotski: $libdir is a folder the dynamic loader searches, but its cache does not list
$soname there yet: run \`ldconfig\` as root (sudo ldconfig) before a program uses it.
EOF
    exit 0 ;;
esac
cat <<EOF
----------------------------------------------------------------------
libklotski ($soname) was installed in:
   $libdir
which the dynamic loader does not search.  A program linked with it
(cc ... \$(pkg-config --cflags --libs klotski)) finds it at run time
only if you do one of these:
   - add the folder to LD_LIBRARY_PATH when you run the program:
       export LD_LIBRARY_PATH=$libdir
   - link the program with the folder as its run path:
       cc ... \$(pkg-config --cflags --libs klotski) -Wl,-rpath,$libdir
   - have root add the folder to a file of /etc/ld.so.conf.d/ and run ldconfig
The SQLite extension installed beside it finds it by itself.
库已装入上面的文件夹，动态链接器不会自动查找：请用 LD_LIBRARY_PATH、-Wl,-rpath 或 ldconfig。
----------------------------------------------------------------------
EOF
exit 0
