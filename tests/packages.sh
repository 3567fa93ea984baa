#!/usr/bin/env bash
# Installs the Debian packages that a step needs, before the step starts: the Makefile
# runs it for the build (target deps) and for the tests (target test-deps, before any
# test runs), so that no test installs anything halfway through.
#
# Usage: tests/packages.sh NEED...   where a NEED is
#   command:NAME=PACKAGE     the command NAME must be on PATH, PACKAGE provides it
#   pkg-config:NAME=PACKAGE  pkg-config must know the library NAME, PACKAGE provides it
#   python:NAME=PACKAGE      Debian's /usr/bin/python3 must import the module NAME
#   file:PATTERN=PACKAGE     a file must match the shell pattern PATTERN, PACKAGE provides it
# Installs the packages of the missing needs with apt-get (through sudo when not root),
# waiting up to KLOTSKI_LOCK_WAIT seconds (default 600) for another package manager to
# release its lock instead of failing.  Exits 0 when every need is met; otherwise prints
# one line naming the missing packages and why they could not be installed, and exits 1.
#
# tests/packages.sh --check NEED...: installs nothing (make NO_DEPS=1, a packager's build
# with what is installed): exits 0 when every need is met, else prints one line naming
# each missing need and the Debian package that provides it, and exits 1.
set -u
wait_s=${KLOTSKI_LOCK_WAIT:-600}
check_only=0
if [ "${1:-}" = --check ]; then
    check_only=1
    shift
fi

# met NEED: whether the need is met now.
met() {
    local kind=${1%%:*} rest=${1#*:}
    local name=${rest%%=*}
    case $kind in
        command) command -v "$name" >/dev/null 2>&1 ;;
        pkg-config) command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$name" ;;
        python) /usr/bin/python3 -c "import $name" >/dev/null 2>&1 ;;
        file) compgen -G "$name" >/dev/null ;;
        *) echo "tests/packages.sh: bad need '$1'" >&2; exit 2 ;;
    esac
}

# missing_packages: the packages of the needs not met, once each, space-separated.
missing_packages() {
    local need list=
    for need in "$@"; do
        met "$need" && continue
        case " $list " in *" ${need#*=} "*) ;; *) list="$list ${need#*=}" ;; esac
    done
    echo "${list# }"
}

# fail WHY: the one line that says what is missing and why, then exit 1.
fail() {
    echo "klotski: missing Debian package(s) $packages: $1" >&2
    exit 1
}

# apt_get COMMAND...: apt-get, waiting for the package locks.  DPkg::Lock::Timeout makes
# apt-get wait for the dpkg lock; the package-list lock of `update` it does not wait
# for, so a failure on a held lock is retried until the wait is over.  Keeps apt-get's
# output in $log.
apt_get() {
    local started=$SECONDS
    while :; do
        DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout="$wait_s" \
            -y -qq "$@" >"$log" 2>&1 && return 0
        grep -q 'Could not get lock' "$log" && [ $((SECONDS - started)) -lt "$wait_s" ] ||
            return 1
        sleep 5
    done
}

# The last error apt-get printed (or its last line), for the one line.
apt_error() {
    local error
    error=$(grep '^E:' "$log" | tail -n 1 | cut -c 4-)
    echo "${error:-$(tail -n 1 "$log")}"
}

packages=$(missing_packages "$@")
[ -z "$packages" ] && exit 0

# described NEED: what a need asks for, for people: "the command clang (Debian: clang)".
described() {
    local kind=${1%%:*} rest=${1#*:}
    local name=${rest%%=*} what
    case $kind in
        command) what="the command $name" ;;
        pkg-config) what="the pkg-config library $name" ;;
        python) what="the Python module $name" ;;
        file) what="the file $name" ;;
    esac
    echo "$what (Debian: ${rest#*=})"
}
if [ "$check_only" = 1 ]; then
    list=
    for need in "$@"; do
        met "$need" || list="${list:+$list, }$(described "$need")"
    done
    echo "klotski: missing $list" >&2
    exit 1
fi

command -v apt-get >/dev/null 2>&1 ||
    fail "apt-get not found (not a Debian system?): install them by hand"
sudo=
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 || fail "not root, and no sudo to run apt-get"
    sudo=sudo
fi
log=$(mktemp) || fail "cannot create a temporary file"
trap 'rm -f "$log"' EXIT

echo "installing missing Debian packages: $packages"
# Without fresh package lists the install may still succeed from the cached ones, so a
# failed update is only reported when the install fails too.
update_error=
apt_get update || update_error=$(apt_error)
# shellcheck disable=SC2086 # one word per package
if ! apt_get install $packages; then
    why="apt-get install failed: $(apt_error)"
    [ -n "$update_error" ] && why="$why (apt-get update failed too: $update_error)"
    fail "$why"
fi
packages=$(missing_packages "$@")
[ -z "$packages" ] || fail "installed, but still not found (PATH or pkg-config path?)"
