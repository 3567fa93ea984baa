#!/usr/bin/env bash
# The library's figures (README "Programs"), on the database DB:
#   bench/library.sh OBJ DB
# klotski_board over every code of the database in one query, beside the same scan
# without it; Layout(text) in Python beside a no-op call of the same shape (str(text):
# a type called with one str); db.layout(x) over 1,000 layouts spread over the table;
# a cursor over all 29.3M rows (peak memory beside the same process that reads none);
# how long Ctrl-C takes to stop a running query;
# the members of the largest group, 2-6-1-0 (964,656), from Python (db.members, every
# Layout made) and from SQL (klotski_members), beside the scan by group_id that they
# spare; a name typed in pinyin and a misspelt one, in Python.
set -eu
obj=${1:-build/release}
db=${2:-data/klotski.db}

echo "SQL functions (the sqlite3 shell, klotski_sqlite.so), every layout of $db:"
for query in "SELECT count(code) FROM layouts" "SELECT count(klotski_board(code)) FROM layouts" \
    "SELECT count(*), max(min_steps) FROM klotski_members('2-6-1-0')" \
    "SELECT count(*) FROM layouts WHERE group_id = (SELECT group_id FROM groups WHERE name = '2-6-1-0')"; do
    /usr/bin/time -f "  %e s wall, %U s user, %S s system: $query" sqlite3 -batch "$db" ".load $obj/lib/klotski/klotski_sqlite.so" "$query" > /dev/null
done

echo
echo "Python module (best of 5 runs, per call):"
PYTHONPATH=$obj/python python3 - "$db" <<'PY'
import sys, timeit
import klotski

def per_call(statement, number, setup="pass"):
    best = min(timeit.repeat(statement, setup, number=number, repeat=5, globals=globals()))
    return best / number * 1e6

text = "1A9BF0C00"
noop = per_call("noop(text)", 1_000_000, "noop = str")
layout = per_call("Layout(text)", 1_000_000, "Layout = klotski.Layout")
short = per_call("Layout('4WVE1')", 1_000_000, "Layout = klotski.Layout")
print(f"  no-op str(text):         {noop:.3f} us")
print(f"  Layout('1A9BF0C00'):     {layout:.3f} us, {layout - noop:.3f} us beyond the no-op")
print(f"  Layout('4WVE1'):         {short:.3f} us, {short - noop:.3f} us beyond the no-op")
db = klotski.open(sys.argv[1])
layouts = [klotski.Layout.from_id(i * 2654435761 % klotski.LAYOUT_COUNT) for i in range(1, 1001)]
spread = min(timeit.repeat("for x in layouts: db.layout(x)", number=1, repeat=5, globals=globals())) / len(layouts) * 1e6
same = per_call("db.layout(text)", 10_000)
print(f"  db.layout(x), 1,000 layouts spread over the table: {spread:.1f} us")
print(f"  db.layout('1A9BF0C00') again and again:           {same:.1f} us")
hard = "4FEA13400"
print(f"  db.solve('4FEA13400') (138 steps):                {per_call('db.solve(hard)', 100):.0f} us")
print(f"  db.moves('1A9BF0C00'):                            {per_call('db.moves(text)', 1000):.1f} us")
walk = min(timeit.repeat("for m in db.members('2-6-1-0'): pass", number=1, repeat=5, globals=globals()))
listed = min(timeit.repeat("list(db.members('2-6-1-0'))", number=1, repeat=5, globals=globals()))
print(f"  db.members('2-6-1-0'), all 964,656 Layouts:       {walk:.3f} s iterated, {listed:.3f} s into a list")
pinyin = per_call("Layout('hengdaolima')", 10_000, "Layout = klotski.Layout")
print(f"  Layout('hengdaolima'), a name in pinyin:           {pinyin:.2f} us")
misspelt = per_call("bad('hengdaolma')", 1_000, "Layout = klotski.Layout\ndef bad(t):\n    try: Layout(t)\n    except ValueError: pass")
print(f"  Layout('hengdaolma'), misspelt, with suggestions:  {misspelt:.1f} us")
PY

echo
echo "Python cursor over every row of layouts (SELECT code, min_steps), peak memory:"
for rows in 0 all; do
    PYTHONPATH=$obj/python /usr/bin/time -f "  %M KB peak, %e s wall: $rows rows read" python3 - "$db" "$rows" <<'PY'
import sys
import klotski
db = klotski.open(sys.argv[1])
cursor = db.execute("SELECT code, min_steps FROM layouts")
if sys.argv[2] == "all":
    count = sum(1 for _ in cursor)
    assert count == klotski.LAYOUT_COUNT, count
PY
done

echo
echo "Ctrl-C in a running query (an endless recursive count), SIGINT to KeyboardInterrupt:"
PYTHONPATH=$obj/python python3 - "$db" <<'PY'
import os, signal, sys, threading, time
import klotski
db = klotski.open(sys.argv[1])
endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
delays = []
for _ in range(10):
    sent = []
    def interrupt():
        time.sleep(0.3)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=interrupt).start()
    try:
        db.execute(endless).fetchone()
    except KeyboardInterrupt:
        delays.append(time.monotonic() - sent[0])
delays.sort()
print(f"  median {delays[len(delays) // 2] * 1000:.0f} ms, at most {delays[-1] * 1000:.0f} ms over {len(delays)} runs")
PY
