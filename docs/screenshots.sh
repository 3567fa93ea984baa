#!/usr/bin/env bash
# Makes the screenshots of README.md's "Pictures" section: each kind of picture that
# bin/klotski draws, rendered by headless Chromium into docs/*.png.
# Usage: docs/screenshots.sh [KLOTSKI [DATABASE]]   (defaults: bin/klotski, data/klotski.db)
set -eu
cd "$(dirname "$0")/.."
klotski=${1:-bin/klotski}
db=${2:-data/klotski.db}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shoot SOURCE PNG WIDTH,HEIGHT [FRAGMENT]: a screenshot of a picture or page.
shoot() {
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$work/profile" --hide-scrollbars --window-size="$3" \
        --screenshot="$PWD/docs/$2" "file://$work/$1${4:-}" 2>/dev/null
}

"$klotski" --db "$db" show 1A9BF0C00 --svg >"$work/board.svg"
"$klotski" --db "$db" solve 1A9BF0C00 --html >"$work/solution.html"
"$klotski" --db "$db" stats depths --svg >"$work/depths.svg"
"$klotski" --db "$db" stats groups --svg >"$work/groups.svg"
"$klotski" --db "$db" group 5-4-1-1 --html >"$work/group.html"
shoot board.svg board.png 268,382
shoot solution.html solution.png 860,600 "#step=30"
shoot depths.svg depths.png 960,504
shoot groups.svg groups.png 1338,504
shoot group.html group.png 1000,1560
