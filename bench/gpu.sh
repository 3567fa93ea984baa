#!/usr/bin/env bash
# The farthest phase on an NVIDIA GPU, measured on the device machine (one H100 or H200,
# 16 cores, no Debian packages: builder/farthest/README.md, "On a GPU").
#
#   bench/gpu.sh --pack DIR      here: copies bin/klotski-build (built with CUDA: `make`
#                                where nvcc is found), the sqlite3 shell that
#                                bench/db_digest.sh reads with, and the shared libraries
#                                both load but the C library's, into DIR
#   bench/gpu.sh [OPTIONS] DIR   there: from DIR's programs, builds the base database,
#                                runs the farthest phase on the device, prints its wall
#                                time, the device's peak memory and the database's digest,
#                                then the same groups on the CPU cores for the ratio
# OPTIONS:
#   --device gpu|cpu     the device of the first run (default gpu; cpu tests this script
#                        where there is no GPU)
#   --max-group N        the first run does only the groups of at most N layouts
#                        (default: all, the complete database, whose digest must be
#                        0459a7a1721ac9f457ba20916e12864a)
#   --ratio-group N      the ratio's runs, GPU and CPU, do the groups of at most N
#                        layouts (default 10000); their results are compared
#   --threads N          the first run's threads (default 1: the GPU's own thread alone)
#   --limit SECONDS      stop the first run after this long (default 240): it is
#                        resumable, so the script says how far it got and goes on
#   --sanitize           also run compute-sanitizer's memcheck and racecheck on the
#                        groups of at most 300 layouts, 45 s each at most
#   --work DIR           where the databases go (default: a new folder under /tmp)
#   --base DB            start from this base database instead of building one
# Prints one line per figure ("name: value"), a table last.  Exit status 0 when every
# run finished with exit 0, 1 otherwise, 2 bad usage.
set -uo pipefail

usage() { sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

pack() {
    local dir=$1 here
    here=$(cd "$(dirname "$0")/.." && pwd)
    mkdir -p "$dir/lib" || exit 1
    cp "$here/bin/klotski-build" "$(command -v sqlite3)" "$dir/" || exit 1
    # Every shared library they load but the C library's own, which the device has.
    ldd "$dir/klotski-build" "$dir/sqlite3" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' |
        grep -Ev '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*)\.so' | sort -u |
        while read -r lib; do cp -L "$lib" "$dir/lib/"; done
    du -sh "$dir"
}

[ "${1:-}" = --pack ] && { [ $# -eq 2 ] || usage; pack "$2"; exit 0; }

device=gpu max_group= ratio_group=10000 threads=1 limit=240 sanitize=0 work= base=
while [ $# -gt 1 ]; do
    case $1 in
    --device) device=$2; shift 2 ;;
    --max-group) max_group=$2; shift 2 ;;
    --ratio-group) ratio_group=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --base) base=$2; shift 2 ;;
    --sanitize) sanitize=1; shift ;;
    *) usage ;;
    esac
done
[ $# -eq 1 ] && [ -x "$1/klotski-build" ] || usage
case $device in gpu | cpu) ;; *) usage ;; esac
carried=$(cd "$1" && pwd)
export PATH="$carried:$PATH" LD_LIBRARY_PATH="$carried/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
work=${work:-$(mktemp -d /tmp/klotski-gpu.XXXXXX)}
mkdir -p "$work" || exit 1
digest_tool="$(cd "$(dirname "$0")" && pwd)/db_digest.sh"
cores=$(nproc)
status=0
# Seconds since $1 (date +%s.%N), with awk: the device machine has no bc.
since() { awk -v from="$1" -v to="$(date +%s.%N)" 'BEGIN { printf "%.1f", to - from }'; }

# The device's memory in use, sampled every 100 ms into a file while a run lasts.
sampler=
start_sampling() {
    : > "$work/memory.$1"
    if command -v nvidia-smi >/dev/null; then
        nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 100 \
            > "$work/memory.$1" 2>/dev/null &
        sampler=$!
    fi
}
stop_sampling() {
    [ -n "$sampler" ] && kill "$sampler" 2>/dev/null && wait "$sampler" 2>/dev/null
    sampler=
    awk '$1 + 0 > peak + 0 { peak = $1 } END { print peak == "" ? "not sampled" : peak " MiB" }' \
        "$work/memory.$1"
}

# A quick fingerprint of what the farthest phase wrote (a scan, seconds; db_digest.sh
# takes a minute): for the ratio's two runs, which do the same groups.
results() {
    sqlite3 "$1" "SELECT count(*), total(packed), total(packed * (code % 1000003)) FROM layouts;
                  SELECT total(diameter * group_id), total(radius * group_id),
                         total(length(peripheral_ids) * group_id), total(length(central_ids) * group_id)
                  FROM groups WHERE farthest_done IS NOT NULL" | md5sum | cut -c1-32
}

# run NAME ARGS...: klotski-build --farthest on a fresh copy of the base database, timed;
# prints the figures and leaves the seconds in $seconds.
seconds=
run() {
    local name=$1 db="$work/$1.db"; shift
    cp "$work/base.db" "$db" || exit 1
    start_sampling "$name"
    local t0 rc
    t0=$(date +%s.%N)
    timeout "$limit" klotski-build --farthest --db "$db" "$@" > "$work/$name.log" 2>&1
    rc=$?
    seconds=$(since "$t0")
    echo "$name: klotski-build --farthest $* -> exit $rc, $seconds s wall, GPU memory peak $(stop_sampling "$name")"
    sed 's/^/  /' "$work/$name.log" | tail -4
    echo "$name: groups done $(sqlite3 "$db" "SELECT count(*) FROM groups WHERE farthest_done IS NOT NULL") of $(sqlite3 "$db" "SELECT count(*) FROM groups")"
    if [ "$rc" -ne 0 ]; then
        status=1
        [ "$rc" -eq 124 ] && echo "$name: stopped at the --limit of $limit s; a later run goes on from here"
    fi
    return "$rc"
}

echo "machine: $cores cores; $(nvidia-smi -L 2>/dev/null | head -1 || echo 'no nvidia-smi')"
echo "work: $work"
if [ -n "$base" ]; then
    cp "$base" "$work/base.db" || exit 1
else
    t0=$(date +%s.%N)
    klotski-build --db "$work/base.db" --threads "$cores" --quiet || { echo "base build failed"; exit 1; }
    echo "base build: $(since "$t0") s wall on $cores threads"
fi

run first --device "$device" --threads "$threads" ${max_group:+--max-group "$max_group"}
first_seconds=$seconds
complete=$(sqlite3 "$work/first.db" "SELECT count(*) = (SELECT count(*) FROM groups) FROM groups WHERE farthest_done IS NOT NULL")
digest=$("$digest_tool" "$work/first.db" 2>/dev/null)
expected=0459a7a1721ac9f457ba20916e12864a
if [ "$complete" = 1 ] && [ "$digest" = "$expected" ]; then
    verdict="the complete database, as the CPU phase writes it"
elif [ "$complete" = 1 ]; then
    verdict="the complete database, DIFFERENT from the CPU phase's $expected"
    status=1
else
    verdict="not complete: nothing to compare with"
fi
echo "digest: $digest ($verdict)"

# The ratio: the same groups on the device's own thread alone and on every core.
run ratio-device --device "$device" --threads 1 --max-group "$ratio_group"
ratio_device=$seconds
ratio_device_digest=$(results "$work/ratio-device.db")
run ratio-cpu --device cpu --threads "$cores" --max-group "$ratio_group"
ratio_cpu=$seconds
ratio_cpu_digest=$(results "$work/ratio-cpu.db")
if [ "$ratio_device_digest" != "$ratio_cpu_digest" ]; then
    echo "ratio: the two runs wrote DIFFERENT databases ($ratio_device_digest, $ratio_cpu_digest)"
    status=1
fi

if [ "$sanitize" = 1 ]; then
    for tool in memcheck racecheck; do
        cp "$work/base.db" "$work/sanitize.db"
        # Stopped after 45 s (exit 124): the errors found so far are in its log.
        timeout 45 compute-sanitizer --tool "$tool" --error-exitcode 9 klotski-build --farthest \
            --device gpu --threads 1 --max-group 300 --quiet --db "$work/sanitize.db" \
            > "$work/$tool.log" 2>&1
        rc=$?
        errors=$(grep -cE '^========= (Invalid|Error|Program hit|Race|Warning)' "$work/$tool.log")
        echo "compute-sanitizer $tool: exit $rc$([ "$rc" -eq 124 ] && echo ' (stopped after 45 s)'), $errors error lines; $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$work/$tool.log" | head -1)"
        [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && status=1
        [ "$errors" -ne 0 ] && status=1
    done
fi

printf '\n| run | groups | wall |\n| --- | --- | --- |\n'
printf '| --device %s, %s threads | %s | %.1f s |\n' "$device" "$threads" "${max_group:-all}" "$first_seconds"
printf '| --device %s, 1 thread | up to %s layouts | %.1f s |\n' "$device" "$ratio_group" "$ratio_device"
printf '| --device cpu, %s threads | up to %s layouts | %.1f s |\n' "$cores" "$ratio_group" "$ratio_cpu"
awk -v d="$device" -v c="$ratio_cpu" -v g="$ratio_device" 'BEGIN { printf "ratio (cpu / %s): %.2f\n", d, c / g }'
exit "$status"
