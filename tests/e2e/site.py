#!/usr/bin/env python3
"""The page with no server (`klotski site DIR`) in headless Chromium, for
tests/e2e/e2e_site.sh, with browser.py's DevTools client.  Its runs:

  site.py reference SERVER_URL CODES_FILE OUT_JSON
      asks `klotski serve`'s /api/ every route of each sampled layout of CODES_FILE: its
      layout, moves and solve in each metric, hints of the three levels (and one in
      another metric), the check of three attempts (good, bad, illegal), its group,
      farthest, solutions and a path to another member; of each of their groups: its
      facts, farthest, hardest in each metric and pages of its members (by depth too);
      of each of their classes: its hardest, and the four stats tables in each metric
      (the classes of 15 sampled layouts or more); and once: names, hardest and stats of
      the whole database, and errors of each kind.  Writes {"layouts": [CODE...],
      "requests": [[ROUTE, PARAMS, ANSWER]...]} (ANSWER: the JSON, or {"error", "status"})
      to OUT_JSON: the answers the page must give.
  site.py compare REFERENCE_JSON ANSWERS_JSON [change]
      compares answers a page run saved (ANSWERS_JSON) with the reference offline; with
      `change`, one number of the reference's middle answer changed first, so that the
      test sees one changed field fail the comparison.
  site.py damaged CHROMIUM PROFILE_DIR SITE_DIR
      checks that the page of a site whose pack is damaged shows the reader's error.
  site.py chinese CHROMIUM PROFILE_DIR SITE_DIR SOLVED_CODE UNSOLVABLE_CODE
      opens the site's pages under ?lang=zh (a layout, its moves and group, the classic
      layouts, a solved and an unsolvable layout, the board editor's verdict, the errors,
      the page opened from disk, the player page) and lists every English word they show.
  site.py single BROWSER PROFILE_DIR FILE_HTML REFERENCE_JSON
      opens the one-file page (klotski site --single-file) from disk in BROWSER (Chromium,
      or Firefox when the program's name says firefox: firefox.py), the browser offline
      (Chromium only: Firefox's BiDi cannot say offline), and checks its answers (a part of REFERENCE_JSON), its player page, its
      Chinese, that it asks for nothing but the file, that its engine runs in a Web
      Worker, and in the page's thread where no worker starts.
  site.py page CHROMIUM PROFILE_DIR SITE_DIR REFERENCE_JSON ANSWERS_JSON
      serves SITE_DIR with `python3 -m http.server` (and nothing else: the script runs
      once klotski serve is stopped), and checks that the page's api() gives the same
      answers to every request of REFERENCE_JSON, field for field (its answers kept in
      ANSWERS_JSON), that it plays, undoes, reads names and speaks Chinese, that
      everything it asks for comes from SITE_DIR, and, once the server is stopped, that
      it still works offline.

Prints one line per check, "check NAME<TAB>EXPECTED<TAB>ACTUAL", and the figures the
closing note quotes as "figure NAME<TAB>VALUE" (never checked against a time)."""
import collections
import http.client
import json
import os
import random
import subprocess
import sys
import time
import urllib.parse

from browser import check, start_chromium
from firefox import start_firefox

BATCH = 100  # requests asked of the page's api() at once

METRICS = ("step", "straight", "unit")
BUSY_TRIES = 100  # times a request is asked of a busy server,
BUSY_WAIT_S = 0.02  # this far apart
SEED = 37  # the requests' choices (another member, a page of members): the same each run


class Server:
    """`klotski serve`'s /api/, on one connection kept open."""

    def __init__(self, url):
        self.host = urllib.parse.urlsplit(url).netloc
        self.connection = http.client.HTTPConnection(self.host, timeout=120)

    def get(self, route, params):
        """The answer of /api/ROUTE?PARAMS: its JSON, or {"error": ..., "status": ...}.  A
        503 (the server's slow routes all busy: its pool's thread may not be free yet when
        the next request comes) is asked again, a moment later."""
        path = f"/api/{route}?{urllib.parse.urlencode(params)}"
        for attempt in range(BUSY_TRIES):
            try:
                self.connection.request("GET", path)
                response = self.connection.getresponse()
                body = json.loads(response.read())
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, timeout=120)
                continue
            if response.status != 503:
                break
            time.sleep(BUSY_WAIT_S)
        else:
            raise RuntimeError(f"{path}: no answer but busy or a closed connection, {BUSY_TRIES} times")
        if response.status != 200:
            return {"error": body["error"], "status": response.status}
        return body


HINT_LEVELS = (1, 2, 3)


def attempts(code, first_move):
    """The attempts checked from a layout, made of its first move: a good one (the move and
    back), a bad one (a jump that is no step), an illegal one (a layout that is none)."""
    return {"good": f"{code},{first_move},{code}", "bad": f"{code},4FEA13400", "illegal": f"{code},1A9BF0C0Q"}


def layout_requests(server, code, index, rng):
    """Every route asked of one sampled layout, as (route, params) pairs, with what the
    group and class routes need to know of it (its layout answer).  The metric of the
    routes that take one beside their own (hint level 2, path) turns with `index`."""
    layout = server.get("layout", {"layout": code})
    metric = METRICS[index % 3]
    asked = [("layout", {"layout": code})]
    asked += [(route, {"layout": code, "metric": m}) for m in METRICS for route in ("moves", "solve")]
    asked += [("hint", {"layout": code, "level": level}) for level in HINT_LEVELS]
    asked += [("hint", {"layout": code, "level": 2, "metric": metric})]
    moves = server.get("moves", {"layout": code})
    first = moves["move_list"][0]["code"] if moves.get("move_list") else code
    asked += [("check", {"attempt": attempt}) for attempt in attempts(code, first).values()]
    asked += [("check", {"attempt": attempts(code, first)["good"], "metric": "unit"})]
    asked += [("group", {"group": code}), ("farthest", {"layout": code}), ("solutions", {"layout": code})]
    if "group_size" in layout:
        other = server.get("members", {"group": layout["group"], "offset": rng.randrange(layout["group_size"]),
                                       "limit": 1})
        asked += [("path", {"from": code, "to": other[0]["code"], "metric": metric})]
    return layout, asked


def group_requests(group, size, depths, rng):
    """The routes of one group: its facts, farthest (peripheral and central), hardest in
    each metric, and pages of its members (the first, one at each depth of a sampled
    layout, one at its end)."""
    asked = [("group", {"group": group}), ("farthest", {"group": group})]
    asked += [("hardest", {"group": group, "metric": m}) for m in METRICS]
    asked += [("members", {"group": group}), ("members", {"group": group, "offset": max(size - 3, 0), "limit": 1000})]
    for depth in sorted(depths):
        asked += [("members", {"group": group, "depth": depth, "offset": rng.randrange(4), "limit": 1 + rng.randrange(40)})]
    return asked


STATS_TABLES = ("summary", "classes", "groups", "depths")


STATS_CLASS_LAYOUTS = 15  # sampled layouts of a class for its stats to be asked


def class_requests(name, sampled):
    """The routes of one class: its hardest layouts, and, when it holds at least
    STATS_CLASS_LAYOUTS of the `sampled` layouts (the classes of the classic, dense and
    long groups; a dozen of the 88 the sample touches, whose tables hold 22 MB), the four
    tables of stats in each metric."""
    asked = [("hardest", {"class": name}), ("hardest", {"class": name, "metric": "unit", "limit": 20})]
    if sampled >= STATS_CLASS_LAYOUTS:
        asked += [("stats", {"table": t, "class": name, "metric": m}) for t in STATS_TABLES for m in METRICS]
    return asked


# Routes asked once: the whole database's tables, and errors of each kind.
WHOLE_REQUESTS = [("names", {"metric": m}) for m in METRICS] + [("names", {"section": "华容道经典布局40种"})] + \
    [("hardest", {"metric": m}) for m in METRICS] + [("hardest", {"limit": 1000})] + \
    [("stats", {"table": t, "metric": m}) for t in STATS_TABLES for m in METRICS] + [
    ("layout", {"layout": "ZZZ"}), ("layout", {"layout": "四面楚歌"}), ("moves", {"layout": "1A9BF0C00", "metric": "diagonal"}),
    ("hint", {"layout": "1A9BF0C00", "level": 4}), ("group", {"group": "9-9-9-9"}),
    ("farthest", {"layout": "1A9BF0C00", "group": "5-4-1-1"}), ("hardest", {"class": "5-4"}),
    ("hardest", {"group": "5-4-1-1", "limit": 0}), ("members", {"group": "5-4-1-1", "depth": "-1"}),
    ("members", {"group": "5-4-1-1", "offset": 25955}), ("path", {"from": "1A9BF0C00", "to": "4FEA13400"}),
    ("stats", {"table": "everything"}), ("solutions", {"layout": "1A9BF0C01"}), ("check", {"attempt": ""})]


def reference(server_url, codes_file, out):
    """Asks the server every route of every sampled layout, of their groups and classes,
    and the routes asked once; writes {"layouts": [CODE...], "requests": [[ROUTE, PARAMS,
    ANSWER]...]} to `out`."""
    server, rng = Server(server_url), random.Random(SEED)
    codes = open(codes_file).read().split()
    asked, groups, classes = [], {}, collections.Counter()
    for index, code in enumerate(codes):
        layout, of_layout = layout_requests(server, code, index, rng)
        asked += of_layout
        if "group" in layout:
            groups.setdefault(layout["group"], (layout["group_size"], set()))[1].add(
                layout["min_steps"] if layout["min_steps"] is not None else 0)
            classes[layout["class"]] += 1
    for group, (size, depths) in groups.items():
        asked += group_requests(group, size, depths, rng)
    for name in sorted(classes):
        asked += class_requests(name, classes[name])
    asked += WHOLE_REQUESTS
    unique = list({json.dumps(request, ensure_ascii=False): request for request in asked}.values())
    started = time.time()
    requests = [[route, params, server.get(route, params)] for route, params in unique]
    print(f"figure requests asked of the server, and seconds it took\t{len(requests)} {time.time() - started:.1f}",
          flush=True)
    json.dump({"layouts": codes, "requests": requests}, open(out, "w"), ensure_ascii=False)


def answer_of(expected, route, params):
    """The server's answer to one request of the reference."""
    return next(answer for r, p, answer in expected["requests"] if r == route and p == params)


# The page's answers to a batch of requests, from the api() the page itself uses; an
# error as the server words it, its status from the engine's (1 not found, 2 bad input).
PAGE_ANSWERS = """Promise.all(%s.map(([route, params]) => api(route, params).catch(e => ({error: e.message,
  status: ({1: 404, 2: 400})[e.status] ?? e.status ?? null}))))"""


def page_answers(page, requests):
    """The page's answers to `requests` ([ROUTE, PARAMS, ...]), in order; the seconds taken."""
    answers, started = [], time.time()
    for i in range(0, len(requests), BATCH):
        answers += page.js(PAGE_ANSWERS % json.dumps([r[:2] for r in requests[i:i + BATCH]], ensure_ascii=False))
    return answers, time.time() - started


def differences(expected, actual, where=""):
    """The fields where two answers differ, as "FIELD: EXPECTED, got ACTUAL", and how many
    fields (the leaves of the expected answer) were compared."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found, fields = [], 0
        for key in expected.keys() | actual.keys():
            if key not in actual or key not in expected:
                found.append(f"{where}.{key}: not in the {'page' if key not in actual else 'server'}'s answer")
                fields += 1
                continue
            more, counted = differences(expected[key], actual[key], f"{where}.{key}")
            found += more
            fields += counted
        return found, fields
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        found, fields = [], 0
        for i, (e, a) in enumerate(zip(expected, actual)):
            more, counted = differences(e, a, f"{where}[{i}]")
            found += more
            fields += counted
        return found, fields
    if isinstance(expected, list) and isinstance(actual, list):
        return [f"{where}: {len(expected)} items, got {len(actual)}"], 1
    same = expected == actual and type(expected) is type(actual)
    return ([] if same else [f"{where or '.'}: {json.dumps(expected, ensure_ascii=False)[:120]}, got "
                             f"{json.dumps(actual, ensure_ascii=False)[:120]}"]), 1


def compare_requests(requests, answers, what):
    """Checks the page's answers against the server's, field for field, one check per
    route: no field may differ.  Prints per route how many answers and fields it compared."""
    routes = {}
    for (route, params, expected), actual in zip(requests, answers):
        found, fields = differences(expected, actual)
        tally = routes.setdefault(route, [0, 0, []])
        tally[0] += 1
        tally[1] += fields
        tally[2] += [f"{route}?{urllib.parse.urlencode(params)}: {d}" for d in found]
    for route, (count, fields, wrong) in sorted(routes.items()):
        print(f"figure {what}{route}: answers and fields compared\t{count} {fields}", flush=True)
        check(f"{what}{route}: {count} answers as /api/ gives them, field for field ({len(wrong)} differ)", [], wrong[:3])
    return routes


def compare(reference_file, answers_file, change=None):
    """`site.py compare REFERENCE ANSWERS [change]`: the comparison of answers saved by a
    page run, offline.  With `change`, one field of the reference is changed first: the
    first number of the first answer past the middle that the page gave the same, plus
    one; it must add one field that differs and one route's failed check (a field the
    comparison missed would add none), so that the test shows one changed field fail it."""
    expected, answers = json.load(open(reference_file)), json.load(open(answers_file))
    requests = expected["requests"]

    def bump(value):
        """Adds one to the first number in value (a list or an object); whether it did."""
        for key in (range(len(value)) if isinstance(value, list) else value if isinstance(value, dict) else ()):
            if isinstance(value[key], (int, float)) and not isinstance(value[key], bool):
                value[key] += 1
                return True
            if bump(value[key]):
                return True
        return False

    def tally(routes):
        return sum(len(w) for _, _, w in routes.values()), sum(1 for _, _, w in routes.values() if w)

    if change:
        routes = compare_requests(requests, answers, "before the change: ")
        before = tally(routes)
        middle = len(requests) // 2
        changed = next((i for i in list(range(middle, len(requests))) + list(range(middle))
                        if not routes[requests[i][0]][2] and bump(requests[i][2])), None)
        print(f"figure changed\t{changed is not None and requests[changed][0]}?"
              f"{changed is not None and urllib.parse.urlencode(requests[changed][1])}", flush=True)
        after = tally(compare_requests(requests, answers, "after the change: "))
        print(f"figure fields that differ and routes that fail, before and after the change\t"
              f"{before[0]} {before[1]} {after[0]} {after[1]}", flush=True)
        check("one changed field: one more field differs, one more route fails", [before[0] + 1, before[1] + 1],
              list(after))
    else:
        compare_requests(requests, answers, "")


# Notes when the page first shows an answer (data-state ready), before the page's own
# scripts run.
READY_RECORDER = """new MutationObserver((changes, observer) => {
  if (document.body && document.body.dataset.state === "ready") {
    window.firstAnswerMs = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state"]});"""

# Keeps the downloads of the page's engine's worker (which the page's own resource timing
# does not list) in window.workerResources, as [name, transferSize, encodedBodySize,
# responseEnd] on the page's clock: the worker is started from a script that posts them
# on a BroadcastChannel, then runs the page's own (a served page's: a page from disk
# may not).
WORKER_RECORDER = """window.workerResources = [];
new BroadcastChannel("site.py").onmessage = ({data}) =>
  workerResources.push([data[0], data[1], data[2], data[3] - performance.timeOrigin]);
window.Worker = class extends Worker {
  constructor(script, options) {
    const watched = `new PerformanceObserver(list => list.getEntries().forEach(e => new BroadcastChannel("site.py")
      .postMessage([e.name, e.transferSize, e.encodedBodySize, performance.timeOrigin + e.responseEnd])))
      .observe({type: "resource", buffered: true});
      importScripts(${JSON.stringify(new URL(script, location.href).href)});`;
    super(URL.createObjectURL(new Blob([watched], {type: "text/javascript"})), options);
  }
};"""


def check_player(page, address, what):
    """Opens the player page at `address` (1A9BF0C00's) and plays it to its end."""
    page.call("Page.navigate", url=address)
    check(f"{what}the player page", "81", page.wait("document.body.dataset.steps") and
          page.js("document.body.dataset.steps"))
    page.js("klotskiPlayer.go(81)")
    check(f"{what}the player reaches a solved layout", "D", page.js("document.body.dataset.code[0]"))


def start_site_server(folder):
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder, "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()  # "Serving HTTP on 127.0.0.1 port N (http://127.0.0.1:N/) ..."
    return server, f"http://127.0.0.1:{line.split(' port ')[1].split()[0]}"


def open_layout(page, url, layout):
    page.call("Page.navigate", url=f"{url}/?layout={urllib.parse.quote(layout)}")
    return page.wait("['ready', 'error'].includes(document.body.dataset.state) && "
                     "(document.body.dataset.state === 'error' || document.body.dataset.code)")


def run_page(chromium, profile, folder, reference_file, answers_file):
    expected = json.load(open(reference_file))
    server, url = start_site_server(folder)
    browser, page = start_chromium(chromium, profile)
    try:
        page.call("Network.enable")
        page.call("Page.enable")
        page.call("Page.addScriptToEvaluateOnNewDocument", source=READY_RECORDER + WORKER_RECORDER)
        page.call("Page.navigate", url=f"{url}/?layout=1A9BF0C00")
        check("the page opens 1A9BF0C00", True, page.ready())
        first = page.js("window.firstAnswerMs")
        print(f"figure first answer after the page starts loading, ms\t{first if first is None else round(first)}",
              flush=True)
        check("its min_steps, from the pack", "81", page.js("document.body.dataset.minSteps"))
        moves_step = [m["code"] for m in answer_of(expected, "moves", {"layout": "1A9BF0C00", "metric": "step"})["move_list"]]
        check("its moves best first, as /api/moves", moves_step,
              page.js("Array.from(document.querySelectorAll('#moves a')).map(a => a.dataset.code)"))
        check("the facts of the group", "25955", page.js(
            "Array.from(document.querySelectorAll('#group-facts tr')).find(r => r.cells[0].textContent === 'size')"
            ".cells[1].textContent"))
        # The metrics part comes after the first answer, and the layout is shown again with
        # its straight and unit moves.
        check("then its min straight and unit moves, once the metrics part is there", ["90", "116"], page.wait(
            "Array.from(document.querySelectorAll('#layout-facts tr')).some(r => r.cells[0].textContent === 'min unit moves')")
            and page.js("['min straight moves', 'min unit moves'].map(name => Array.from(document.querySelectorAll("
                        "'#layout-facts tr')).find(r => r.cells[0].textContent === name).cells[1].textContent)"))
        worker = page.js("workerResources")
        check("the engine's worker downloaded the pack", True, any(n.endswith("/klotski.pack") for n, _, _, _ in worker))
        sizes = worker + page.js("performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
                                 ".map(e => [e.name, e.transferSize, e.encodedBodySize, e.responseEnd])")
        before = [(n, max(transfer, body)) for n, transfer, body, end in sizes if end <= first]
        total = sum(max(transfer, body) for _, transfer, body, _ in sizes)
        print(f"figure bytes the page downloads before its first answer, and in all\t{sum(b for _, b in before)} {total}",
              flush=True)
        check("the page downloads at most 6 MB before its first answer", True, 0 < sum(b for _, b in before) <= 6000000)
        check("the metrics part is not among them", [], [n for n, _ in before if n.endswith("/klotski-metrics.pack")])
        check("everything the page downloads totals at most 24 MB", True, 0 < total <= 24 * 1000 * 1000)
        check("every download is a file of the site", [], [n for n, _, _, _ in sizes if not n.startswith(url + "/")])

        # ---- the same answers as /api/ of klotski serve, every route ----
        requests = expected["requests"]
        answers, seconds = page_answers(page, requests)
        json.dump(answers, open(answers_file, "w"), ensure_ascii=False)
        print(f"figure layouts and requests compared, and seconds the page took\t{len(expected['layouts'])} "
              f"{len(requests)} {seconds:.1f}", flush=True)
        compare_requests(requests, answers, "")
        codes = expected["layouts"]
        layouts = {c: answer_of(expected, "layout", {"layout": c}) for c in codes}
        check("some layouts compared are unsolvable", True, any(layouts[c]["min_steps"] is None for c in codes))
        page.call("Page.navigate", url=f"{url}/?layout=1A9BF0C00&metric=unit")
        check("counted in unit moves: the page's count and moves", ["116", "unit",
              [m["code"] for m in answer_of(expected, "moves", {"layout": "1A9BF0C00", "metric": "unit"})["move_list"]]],
              page.ready() and page.js("[document.body.dataset.minMoves, $('metric').value,"
                                       " Array.from(document.querySelectorAll('#moves a')).map(a => a.dataset.code)]"))
        play = page.js("$('play').getAttribute('href')")
        page.call("Page.navigate", url=f"{url}/{play}")
        check("the player page of a minimal solution in unit moves", "116",
              page.wait("document.body.dataset.steps") and page.js("document.body.dataset.steps"))

        # ---- the page as a person uses it ----
        open_layout(page, url, "1A9BF0C00")
        page.ready()
        optimal = next(m["code"] for m in answer_of(expected, "moves", {"layout": "1A9BF0C00", "metric": "step"})["move_list"]
                       if m["change"] == -1)
        page.click(f"#moves a[data-code='{optimal}']")
        check("a move played shows its layout", True,
              page.wait(f"document.body.dataset.code === '{optimal}'") and page.ready())
        check("the address follows", f"?layout={optimal}&metric=step", page.js("location.search"))
        page.click("#undo")
        check("undo", True, page.wait("document.body.dataset.code === '1A9BF0C00'") and page.ready())
        page.click("#redo")
        check("redo", True, page.wait(f"document.body.dataset.code === '{optimal}'") and page.ready())
        check("a classic name typed in the address", True, open_layout(page, url, "横刀立马") and
              page.js("document.body.dataset.code") == "1A9BF0C00")
        check("the short code", True, open_layout(page, url, "4WVE1") and
              page.js("document.body.dataset.code") == "1A9BF0C00")
        check("the 20 cells in a row", True, open_layout(page, url, "VKKVVKKVVHHVVooVo..o") and
              page.js("document.body.dataset.code") == "1A9BF0C00")
        open_layout(page, url, "四面楚歌")
        check("a name of several layouts: the CLI's message",
              "四面楚歌: names 3 layouts; pick one: 四面楚歌#1 = 5BEA70C00, 四面楚歌#2 = 5BEE90C00, "
              "四面楚歌#3 = 93C9BD400", page.js("$('error').textContent"))
        open_layout(page, url, "ZZZ")
        check("a bad code: the CLI's message", "ZZZ: not a layout code: the 1st character, 'Z', is not a hex digit", page.js("$('error').textContent"))
        unsolvable = next(c for c in codes if layouts[c]["min_steps"] is None)
        open_layout(page, url, unsolvable)
        check("an unsolvable layout says so", ["unsolvable", True], page.js(
            "[document.body.dataset.minSteps, $('play').hidden]"))
        open_layout(page, url, "1A9BF0C00")
        page.ready()
        page.click("#language")
        check("the page in Chinese", ["zh", "华容道探索", "最少步数"], page.js(
            "[document.body.dataset.lang, document.querySelector('h1').textContent,"
            " document.querySelector('#layout-facts th').textContent]"))
        page.click("#language")
        check("a long search's progress line, and none once it has ended",
              [False, "searching the group: 25% (241,164 of 964,656 layouts)", True],
              page.js(f"(() => {{ {PROGRESS % '{done: 241164, total: 964656}'}; const line = [$('progress').hidden, "
                      f"$('progress').textContent]; {PROGRESS % 'null'}; return [...line, $('progress').hidden]; }})()"))
        page.js("$('classics').open = true")
        check("the classic layouts listed with their min_steps", True,
              page.wait("$('classic-list').textContent.includes('横刀立马') && "
                        "$('classic-list').textContent.includes('81 step')"))
        page.call("Page.navigate", url=f"{url}/?edit=VKKVVKKVVHHVVooVoooo")
        check("the board editor: the codec's reason", True,
              page.wait("$('verdict').textContent === 'Not a legal layout: fewer than two empty cells'"))
        open_layout(page, url, "1A9BF0C00")
        page.ready()
        play = page.js("$('play').getAttribute('href')")
        check_player(page, f"{url}/{play}", "play the solution: ")

        # ---- offline: the server stopped, the page still answers ----
        page.call("Page.navigate", url=f"{url}/?layout=1A9BF0C00")
        check("a service worker keeps the site", True, page.ready() and page.wait("navigator.serviceWorker.controller"))
        server.terminate()
        server.wait(timeout=30)
        check("offline: the page opens another layout", True, open_layout(page, url, "4FEA13400") and
              page.js("document.body.dataset.minSteps") == "138")
        page.call("Page.navigate", url=f"{url}/{play}")
        check("offline: the player page", "81", page.wait("document.body.dataset.steps") and
              page.js("document.body.dataset.steps"))
        # (blobs of the site's own origin: WORKER_RECORDER starts the engine's worker from one)
        outside = sorted({u for u in page.requests if not u.startswith((url + "/", f"blob:{url}/"))})
        page.call("Page.navigate", url=f"file://{os.path.abspath(folder)}/index.html?layout=1A9BF0C00")
        check("opened from disk: the page says to serve it", True, page.wait(
            "document.body.dataset.state === 'error' && $('error').textContent.includes('python3 -m http.server')"))
        check("every request the page made went to the site", [], outside)
    finally:
        browser.terminate()
        browser.wait(timeout=30)
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=30)


# What api.js tells the page of a long search: {done, total}, or null once it has ended.
PROGRESS = "window.dispatchEvent(new CustomEvent('klotski-progress', {detail: %s}))"


# The English words a page shows: every text node drawn on the screen (HTML and SVG), the
# page's title, the boxes' placeholders and the tooltips and labels (title, aria-label) of
# the elements shown, with runs of two letters or more that hold no
# digit (codes, short codes and class names hold digits, a piece is one letter) and are
# no Roman numeral (the classic names number their variants so) taken as English; text
# under an element marked lang="en" (the switch to English) is meant so, and so are the
# commands and file names a message asks to type as they are, and the keys (Home, End)
# the player's tooltips name as the keyboard does.
ENGLISH_SHOWN = r"""(() => {
  const typed = ["python3 -m http.server", "klotski site --single-file", "klotski-build --farthest", "klotski.wasm",
                 "klotski.pack", "（Home）", "（End）"];
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, body [lang='en']")) continue;
    if (parent.checkVisibility && !parent.checkVisibility({checkVisibilityCSS: true})) continue;
    if (!parent.getClientRects().length) continue;
    texts.push(node.data);
  }
  document.querySelectorAll("[placeholder]").forEach(e => { if (e.checkVisibility()) texts.push(e.placeholder); });
  document.querySelectorAll("[title], [aria-label]").forEach(e => {
    if (!e.closest("[lang='en']") && e.checkVisibility())
      texts.push(...["title", "aria-label"].filter(name => e.hasAttribute(name)).map(name => e.getAttribute(name)));
  });
  return texts.flatMap(text => typed.reduce((t, command) => t.split(command).join(" "), text).match(/[A-Za-z0-9]+/g) || [])
              .filter(word => /[A-Za-z]{2}/.test(word) && !/[0-9]/.test(word) && !/^[IVX]+$/.test(word));
})()"""


def navigate(page, address, ready):
    """Opens address and waits until `ready` holds; returns whether it did.  A page that
    goes on to another (the player's errors go to the explorer) may end a wait: it waits
    again."""
    page.call("Page.navigate", url=address)
    for _ in range(3):
        try:
            return page.wait(ready)
        except RuntimeError as error:
            if "navigated" not in str(error):
                raise
    return False


def run_chinese(chromium, profile, folder, solved, unsolvable):
    server, url = start_site_server(folder)
    browser, page = start_chromium(chromium, profile)

    def english(address, ready):
        shown = navigate(page, address, ready)
        return shown, sorted(set(page.js(ENGLISH_SHOWN))) if shown else None

    try:
        page.call("Page.enable")
        layout_ready = "document.body.dataset.state === 'ready' && document.querySelector('#group-facts tr')"
        error_shown = "document.body.dataset.state === 'error' && $('error').textContent"
        shown, words = english(f"{url}/?layout=1A9BF0C00&lang=en", layout_ready)
        check("the English page shows English words (the check can see them)", [True, []],
              [shown, sorted({"EXIT", "Moves", "down"} - set(words or []))])
        for name, address, ready in [
                ("a layout, its moves and its group", "?layout=1A9BF0C00", layout_ready),
                ("a solved layout", f"?layout={solved}", layout_ready + " && !$('solved').hidden"),
                ("an unsolvable layout", f"?layout={unsolvable}", layout_ready),
                ("a bad code", "?layout=1A9BF0C0G", error_shown),
                ("a name of several layouts", "?layout=四面楚歌", error_shown),
                ("an illegal board being edited", "?edit=VKKVVKKVVHHVVooVoooo",
                 "document.body.dataset.state === 'ready' && $('verdict').textContent"),
                ("a player page of a bad layout: the explorer says why", "play.html?layout=1A9BF0C0G", error_shown)]:
            shown, words = english(f"{url}/{address}{'&' if '?' in address else '?'}lang=zh", ready)
            check(f"in Chinese, {name}: no English word shown", [True, []], [shown, words])
        page.js("$('classics').open = true")
        check("in Chinese, the classic layouts: no English word shown", [True, []],
              [page.wait("$('classic-list').textContent.includes('横刀立马')"), sorted(set(page.js(ENGLISH_SHOWN)))])
        check("in Chinese, a long search's progress line (api.js's event), and no English word shown",
              [False, "正在搜索本组：50%（已搜索 482,328 / 964,656 个布局）", []],
              [*page.js(f"{PROGRESS % '{done: 482328, total: 964656}'}; [$('progress').hidden, $('progress').textContent]"),
               sorted(set(page.js(ENGLISH_SHOWN)))])
        check("the progress line goes once the search has ended", True, page.js(f"{PROGRESS % 'null'}; $('progress').hidden"))
        shown, words = english(f"{url}/?layout=1A9BF0C00&lang=zh", layout_ready)
        play = page.js("$('play').getAttribute('href')")
        check("the explorer's play link keeps the language", "play.html?layout=1A9BF0C00&lang=zh", play)
        shown, words = english(f"{url}/{play}", "document.body.dataset.steps")
        check("in Chinese, the player page: no English word shown", [True, []], [shown, words])
        page.js("klotskiPlayer.go(5)")
        check("the player's step in Chinese", "第 5 步，共 81 步", page.js("document.getElementById('counter').textContent"))
        page.click("#play")
        check("in Chinese, the player page playing: no English word shown", [True, []],
              [page.wait("document.getElementById('play').textContent.includes('暂停')"), sorted(set(page.js(ENGLISH_SHOWN)))])
        shown, words = english(f"file://{os.path.abspath(folder)}/index.html?lang=zh", error_shown)
        check("in Chinese, the page opened from disk: no English word shown", [True, []], [shown, words])
    finally:
        browser.terminate()
        browser.wait(timeout=30)
        server.terminate()
        server.wait(timeout=30)


# Keeps what the page warns on the console in window.warned.
WARNINGS_RECORDER = """window.warned = [];
{
  const warn = console.warn;
  console.warn = (...words) => { warned.push(words.join(" ")); warn(...words); };
}"""
SINGLE_SAMPLE = 200  # layouts of the reference asked of the one-file page
# The routes of a layout asked of the one-file page, in steps (it carries the pack's steps
# part alone): its layout answer without the straight and unit counts.
SINGLE_ROUTES = ("layout", "moves", "solve", "hint", "check")
STEPS_ONLY = ("min_straight_moves", "min_unit_moves")


def single_requests(expected):
    """The reference's requests that the one-file page answers, of its first layouts."""
    sampled = set(expected["layouts"][:SINGLE_SAMPLE])
    requests = []
    for route, params, answer in expected["requests"]:
        asked = params.get("layout") or params.get("attempt", "").split(",")[0]
        if route in SINGLE_ROUTES and asked in sampled and params.get("metric", "step") == "step":
            if route == "layout":
                answer = {key: value for key, value in answer.items() if key not in STEPS_ONLY}
            requests.append([route, params, answer])
    return requests


def run_single(browser_path, profile, file, reference_file):
    expected = json.load(open(reference_file))
    address = f"file://{os.path.abspath(file)}"
    # Firefox through WebDriver BiDi (firefox.py), Chromium through its DevTools.
    start = start_firefox if "firefox" in os.path.basename(browser_path) else start_chromium
    browser, page = start(browser_path, profile)
    try:
        page.call("Network.enable")
        page.call("Network.emulateNetworkConditions", offline=True, latency=0, downloadThroughput=-1,
                  uploadThroughput=-1)
        page.call("Page.enable")
        page.call("Page.addScriptToEvaluateOnNewDocument", source=READY_RECORDER + WARNINGS_RECORDER)
        page.call("Page.navigate", url=f"{address}?layout=1A9BF0C00")
        check("opened from disk, offline: the page answers, its engine in a worker (no warning)", ["ready", "81", []],
              [page.ready() and "ready", page.js("document.body.dataset.minSteps"), page.js("warned")])
        first = page.js("window.firstAnswerMs")
        print(f"figure one file: first answer after the page starts loading, ms\t{first if first is None else round(first)}",
              flush=True)
        requests = single_requests(expected)
        compare_requests(requests, page_answers(page, requests)[0], "one file: ")
        play = page.js("$('play').getAttribute('href')")
        check("one file: the play link stays in the file", "?player&layout=1A9BF0C00&lang=en", play)
        check_player(page, f"{address}{play}", "one file: ")
        page.call("Page.navigate", url=f"{address}?layout=1A9BF0C00&lang=zh")
        check("one file in Chinese: no English word shown", [True, []],
              [page.ready(), sorted(set(page.js(ENGLISH_SHOWN)))])
        check("one file: a player page of a bad layout shows the explorer's error",
              "ZZZ: not a layout code: the 1st character, 'Z', is not a hex digit",
              navigate(page, f"{address}?player&layout=ZZZ", "document.body.dataset.state === 'error'") and
              page.js("$('error').textContent"))
        # (and the engine's worker, started from the file's own text as a blob, and the
        # data: addresses inside it, which Firefox lists as requests)
        check("one file: every request was the file itself", [],
              sorted({u for u in page.requests if not u.startswith((address, "blob:null/", "data:"))}))
        # Where no worker starts, or one fails before it runs, the engine runs in the page's thread.
        for name, worker in [("no Web Worker", "class { constructor() { throw new Error('none here'); } }"),
                             ("a worker that fails as it starts", "class extends Worker { constructor(script, options) "
                              "{ super(URL.createObjectURL(new Blob(['throw new Error(1)'])), options); } }")]:
            script = page.call("Page.addScriptToEvaluateOnNewDocument", source=f"window.Worker = {worker};")
            page.call("Page.navigate", url=f"{address}?layout=4FEA13400")
            check(f"one file, {name}: the page answers in its own thread, and the console says so", ["138", True],
                  [page.ready() and page.js("document.body.dataset.minSteps"),
                   page.js("warned.some(warning => warning.includes(\"the engine runs in the page's thread\"))")])
            page.call("Page.removeScriptToEvaluateOnNewDocument", identifier=script["identifier"])
    finally:
        browser.terminate()
        browser.wait(timeout=30)


def run_damaged(chromium, profile, folder):
    server, url = start_site_server(folder)
    browser, page = start_chromium(chromium, profile)
    try:
        page.call("Page.enable")
        page.call("Page.navigate", url=f"{url}/?layout=1A9BF0C00")
        check("the page shows an error", True, page.wait("document.body.dataset.state === 'error'"))
        check("the error names the pack", "klotski.pack: ", page.js("$('error').textContent.slice(0, 14)"))
        check("no answer shows", [None, True], page.js("[document.body.dataset.minSteps || null, $('explore').hidden]"))
        message = page.js("$('error').textContent")
        print(f"figure the page's error\t{message}", flush=True)
    finally:
        browser.terminate()
        browser.wait(timeout=30)
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    {"reference": reference, "page": run_page, "compare": compare, "damaged": run_damaged, "chinese": run_chinese,
     "single": run_single}[sys.argv[1]](*sys.argv[2:])
