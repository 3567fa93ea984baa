#!/usr/bin/env python3
"""The page with no server (`klotski site DIR`) in headless Chromium, for
tests/e2e/e2e_site.sh, with browser.py's DevTools client.  Two runs:

  site.py reference SERVER_URL CODES_FILE OUT_JSON
      reads, from `klotski serve`'s /api/, each layout's min_steps, min_straight_moves,
      min_unit_moves and group, its moves best first (code, min_steps, change) and its
      solution's length (or the error of /api/solve) under each of the three metrics,
      its hints of the three levels and the check of three attempts (every field, or
      the error), into OUT_JSON: the answers the page must give.
  site.py damaged CHROMIUM PROFILE_DIR SITE_DIR
      checks that the page of a site whose pack is damaged shows the reader's error.
  site.py chinese CHROMIUM PROFILE_DIR SITE_DIR SOLVED_CODE UNSOLVABLE_CODE
      opens the site's pages under ?lang=zh (a layout, its moves and group, the classic
      layouts, a solved and an unsolvable layout, the board editor's verdict, the errors,
      the page opened from disk, the player page) and lists every English word they show.
  site.py single CHROMIUM PROFILE_DIR FILE_HTML REFERENCE_JSON
      opens the one-file page (klotski site --single-file) from disk, the browser
      offline, and checks its answers (a part of REFERENCE_JSON), its player page, its
      Chinese, that it asks for nothing but the file, that its engine runs in a Web
      Worker, and in the page's thread where no worker starts.
  site.py page CHROMIUM PROFILE_DIR SITE_DIR REFERENCE_JSON
      serves SITE_DIR with `python3 -m http.server` (and nothing else: the script runs
      once klotski serve is stopped), and checks that the page gives the same answers,
      that it plays, undoes, reads names and speaks Chinese, that everything it asks for
      comes from SITE_DIR, and, once the server is stopped, that it still works offline.

Prints one line per check, "check NAME<TAB>EXPECTED<TAB>ACTUAL", and the figures the
closing note quotes as "figure NAME<TAB>VALUE" (never checked against a time)."""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from browser import check, start_chromium

BATCH = 40  # layouts asked of the page's api() at once


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        return {"error": json.load(error)["error"]}


METRICS = ("step", "straight", "unit")


def reference(server, codes_file, out):
    answers = {}
    for code in open(codes_file).read().split():
        layout = get(f"{server}/api/layout?layout={code}")
        answers[code] = {part: layout[part] for part in ("min_steps", "min_straight_moves", "min_unit_moves", "group")}
        for metric in METRICS:
            moves = get(f"{server}/api/moves?layout={code}&metric={metric}")
            solve = get(f"{server}/api/solve?layout={code}&metric={metric}")
            answers[code][f"moves_{metric}"] = [[m["code"], m["min_steps"], m["change"]] for m in moves["move_list"]]
            answers[code][f"solve_{metric}"] = solve.get("steps", solve.get("error"))
        for level in HINT_LEVELS:
            hint = get(f"{server}/api/hint?layout={code}&level={level}")
            answers[code][f"hint_{level}"] = hint.get("error", hint)
        for kind, attempt in attempts(code, answers[code]["moves_step"][0][0]).items():
            checked = get(f"{server}/api/check?attempt={urllib.parse.quote(attempt)}")
            answers[code][f"check_{kind}"] = checked.get("error", checked)
    json.dump(answers, open(out, "w"))


HINT_LEVELS = (1, 2, 3)
# The attempts checked from each layout, made of its first move: a good one (the move and
# back), a bad one (a jump that is no step), an illegal one (a layout that is none); the
# page's own (PAGE_ANSWERS) made alike.
ATTEMPT_KINDS = ("good", "bad", "illegal")


def attempts(code, first_move):
    return {"good": f"{code},{first_move},{code}", "bad": f"{code},4FEA13400", "illegal": f"{code},1A9BF0C0Q"}


# The page's answers for a batch of codes, from the api() the page itself uses.
PAGE_ANSWERS = """Promise.all(%s.map(async code => {
  const layout = await api("layout", {layout: code}), answer = {group: layout.group};
  for (const part of ["min_steps", "min_straight_moves", "min_unit_moves"]) answer[part] = layout[part];
  for (const metric of %s) {
    const moves = await api("moves", {layout: code, metric});
    answer[`moves_${metric}`] = moves.move_list.map(m => [m.code, m.min_steps, m.change]);
    answer[`solve_${metric}`] = await api("solve", {layout: code, metric}).then(s => s.steps, e => e.message);
  }
  for (const level of [1, 2, 3])
    answer[`hint_${level}`] = await api("hint", {layout: code, level}).catch(e => e.message);
  const first = answer.moves_step[0][0];
  const attempts = {good: `${code},${first},${code}`, bad: `${code},4FEA13400`, illegal: `${code},1A9BF0C0Q`};
  for (const [kind, attempt] of Object.entries(attempts))
    answer[`check_${kind}`] = await api("check", {attempt}).catch(e => e.message);
  return [code, answer];
}))"""

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


def mismatches(expected, actual):
    return [(code, expected[code], actual.get(code)) for code in expected if expected[code] != actual.get(code)]


def compare_answers(page, expected, codes, what, metrics=METRICS):
    """Asks the page's api() the answers of `codes` under `metrics` and checks them
    against the server's, part by part (the straight and unit counts of a layout only
    with those metrics); returns the seconds it took."""
    answers, started = {}, time.time()
    for i in range(0, len(codes), BATCH):
        answers.update(dict(page.js(PAGE_ANSWERS % (json.dumps(codes[i:i + BATCH]), json.dumps(metrics)))))
    parts = ["min_steps", "group"] + (["min_straight_moves", "min_unit_moves"] if metrics == METRICS else []) + \
        [f"{part}_{metric}" for metric in metrics for part in ("moves", "solve")] + \
        [f"hint_{level}" for level in HINT_LEVELS] + [f"check_{kind}" for kind in ATTEMPT_KINDS]
    for part in parts:
        wrong = mismatches({c: expected[c][part] for c in codes}, {c: answers[c][part] for c in answers})
        check(f"{what}{part} of {len(codes)} layouts as /api/ answers them", [], wrong[:3])
    return time.time() - started


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


def run_page(chromium, profile, folder, reference_file):
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
        check("its moves best first, as /api/moves", [m[0] for m in expected["1A9BF0C00"]["moves_step"]],
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

        # ---- the same answers as /api/ of klotski serve ----
        codes = list(expected)
        seconds = compare_answers(page, expected, codes, "")
        print(f"figure layouts compared, and seconds the page took\t{len(codes)} {seconds:.1f}", flush=True)
        check("some layouts compared are unsolvable", True, any(expected[c]["min_steps"] is None for c in codes))
        page.call("Page.navigate", url=f"{url}/?layout=1A9BF0C00&metric=unit")
        check("counted in unit moves: the page's count and moves", ["116", "unit",
              [m[0] for m in expected["1A9BF0C00"]["moves_unit"]]],
              page.ready() and page.js("[document.body.dataset.minMoves, $('metric').value,"
                                       " Array.from(document.querySelectorAll('#moves a')).map(a => a.dataset.code)]"))
        play = page.js("$('play').getAttribute('href')")
        page.call("Page.navigate", url=f"{url}/{play}")
        check("the player page of a minimal solution in unit moves", "116",
              page.wait("document.body.dataset.steps") and page.js("document.body.dataset.steps"))

        # ---- the page as a person uses it ----
        open_layout(page, url, "1A9BF0C00")
        page.ready()
        optimal = next(m for m in expected["1A9BF0C00"]["moves_step"] if m[2] == -1)[0]
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
        unsolvable = next(c for c in codes if expected[c]["min_steps"] is None)
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


def run_single(chromium, profile, file, reference_file):
    expected = json.load(open(reference_file))
    address = f"file://{os.path.abspath(file)}"
    browser, page = start_chromium(chromium, profile)
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
        compare_answers(page, expected, list(expected)[:SINGLE_SAMPLE], "one file: ", ("step",))
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
        # (and the engine's worker, started from the file's own text as a blob)
        check("one file: every request was the file itself", [],
              sorted({u for u in page.requests if not u.startswith((address, "blob:null/"))}))
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
    {"reference": reference, "page": run_page, "damaged": run_damaged, "chinese": run_chinese,
     "single": run_single}[sys.argv[1]](*sys.argv[2:])
