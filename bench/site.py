#!/usr/bin/env python3
"""The page with no server's figures (`make bench`), in headless Chromium:

  bench/site.py CHROMIUM SITE_DIR CLASSIC_CODE CODE...

serves SITE_DIR (`klotski site`) with `python3 -m http.server`, and prints
  - over LOADS fresh loads of ?layout=CLASSIC_CODE (a new profile each: nothing cached),
    the time of the first answer after the page starts loading (the median and the
    range) and the bytes downloaded before it (by the page and its engine's worker);
  - for CLASSIC_CODE and each CODE (the bench gives layouts of 2-6-1-0, the largest
    group), the milliseconds of each route's answer through the page's own api(), in
    the order a person meets them (the layout's first: it names the group), or the
    route's error when the page does not answer it.
Figures only: nothing here is checked against a time."""
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile

E2E = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e")
sys.path.insert(0, E2E)
from browser import start_chromium  # noqa: E402

# tests/e2e/site.py, by its path: Python's own module `site` holds the name.
spec = importlib.util.spec_from_file_location("site_test", os.path.join(E2E, "site.py"))
site_test = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site_test)

LOADS = 5

# Each route the page asks (the served page's panels, and the searches of the layout's
# group), as api() takes it, of a layout `code` of the group `group`.
ROUTES = [("layout", "{layout: code}"), ("moves", "{layout: code}"), ("solve", "{layout: code}"),
          ("hint", "{layout: code}"), ("group", "{group}"), ("farthest", "{group}"),
          ("hardest", "{group, metric: 'step', limit: 1000}"), ("farthest", "{layout: code}"),
          ("solutions", "{layout: code}"), ("moves", "{layout: code, metric: 'unit'}")]

TIMED = """(async () => {
  const times = [], code = %s;
  let group = null; // the first route's answer, the layout's, names it
  for (const [route, params] of %s) {
    const started = performance.now();
    const outcome = await api(route, params(code, group)).then(answer => { group = group || answer.group; return null; },
                                                                 error => error.message);
    times.push([route, JSON.stringify(params(code, group)), Math.round(performance.now() - started), outcome]);
  }
  return times;
})()"""


def main(chromium, folder, classic, *codes):
    server, url = site_test.start_site_server(folder)
    profiles = tempfile.mkdtemp(prefix="bench-site-")
    try:
        firsts, before = [], []
        for load in range(LOADS):
            browser, page = start_chromium(chromium, os.path.join(profiles, str(load)))
            try:
                page.call("Page.enable")
                page.call("Page.addScriptToEvaluateOnNewDocument", source=site_test.READY_RECORDER + site_test.WORKER_RECORDER)
                page.call("Page.navigate", url=f"{url}/?layout={classic}")
                if not page.ready():
                    sys.exit(f"bench/site.py: {classic}: the page gave no answer")
                first = page.js("window.firstAnswerMs")
                firsts.append(first)
                before.append(page.js(
                    "performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
                    ".map(e => [e.name, e.transferSize, e.encodedBodySize, e.responseEnd]).concat(workerResources)"
                    f".filter(e => e[3] <= {first}).reduce((sum, e) => sum + Math.max(e[1], e[2]), 0)"))
                if load == LOADS - 1:
                    routes = "[" + ", ".join(f"[{json.dumps(r)}, (code, group) => ({p})]" for r, p in ROUTES) + "]"
                    for code in (classic, *codes):
                        for route, params, ms, error in page.js(TIMED % (json.dumps(code), routes)):
                            print(f"  {route} {params}: " +
                                  (f"{ms} ms" if error is None else f"not answered ({error})"))
            finally:
                browser.terminate()
                browser.wait(timeout=30)
        print(f"  first answer after the page starts loading: median {statistics.median(firsts):.0f} ms "
              f"(from {min(firsts):.0f} to {max(firsts):.0f}, {LOADS} loads); bytes before it: {max(before)}")
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(profiles, ignore_errors=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
