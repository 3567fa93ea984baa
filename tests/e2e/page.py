#!/usr/bin/env python3
"""Drives the explorer page of `klotski serve` in headless Chromium for
tests/e2e/e2e_page.sh (with browser.py's DevTools client): the states issue 23 asks of
it, the three ways to count of issue 22 (the metric picker) and the languages of issue 30
(lang= in the address, the server's messages in Chinese, CJK glyphs drawn from a CJK font,
a screenshot of the Chinese page to KLOTSKI_PAGE_SCREENSHOT when set), each reached as a
person reaches it (clicks, keys, the address, Back and Forward)
and judged by what the page shows, against the server's own API answers read here.
Prints one line per check, "check NAME<TAB>EXPECTED<TAB>ACTUAL", for the script to count.

Usage: page.py CHROMIUM PROFILE_DIR SERVER_URL"""
import base64
import json
import os
import urllib.request

from browser import check, drive

START = "1A9BF0C00"


def api(server, path):
    return json.load(urllib.request.urlopen(f"{server}/api/{path}", timeout=60))


def key(page, name, code):
    for kind in ("keyDown", "keyUp"):
        page.call("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=code)


def open_layout(page, server, layout):
    page.call("Page.navigate", url=f"{server}/?layout={layout}")
    return page.wait(f"document.body.dataset.code === '{layout}'") and page.ready()


def facts(page, table):
    """The rows of a facts table as {heading: value}."""
    return page.js(f"Object.fromEntries(Array.from(document.querySelectorAll('#{table} tr'))"
                   ".map(r => [r.cells[0].textContent, r.cells[1].textContent]))")


def run(page, server):
    page.call("Network.enable")
    page.call("Page.enable")

    # ---- the error state: what was typed stays, what cannot work is hidden ----
    page.call("Page.navigate", url=f"{server}/?layout=ZZZ")
    check("an address that is no layout: the error state", True, page.wait("document.body.dataset.state === 'error'"))
    check("the error state keeps what was typed", "ZZZ", page.js("$('goto-layout').value"))
    check("the error state: undo, redo and play cannot be used", [True, True, True], page.js(
        "['undo', 'redo', 'play'].map(id => $(id).offsetParent === null || $(id).disabled === true)"))
    check("the error state: no board of another layout shows", None, page.js("$('board').offsetParent"))
    check("the error state: the reason", "ZZZ: not a layout code: the 1st character, 'Z', is not a hex digit", page.js("$('error').textContent"))
    check("open a layout", True, open_layout(page, server, START))
    page.js("$('goto-layout').value = '1A9BF0C01'")
    page.click("#goto button")
    check("a typed layout that is wrong: the error state", True, page.wait("document.body.dataset.state === 'error'"))
    check("the box keeps what was typed", "1A9BF0C01", page.js("$('goto-layout').value"))
    page.js("history.back()")
    check("Back from an error: the layout before", True,
          page.wait(f"document.body.dataset.code === '{START}'") and page.ready())
    check("Back from an error: the board again", True, page.js("$('board').offsetParent !== null"))

    # ---- facts: min_solution_num, and the group's central count ----
    layout, group = api(server, f"layout?layout={START}"), api(server, "group?group=5-4-1-1")
    shown = facts(page, "layout-facts")
    check("the facts show min_solution_num", str(layout["min_solution_num"]), shown.get("min solutions"))
    check("the facts show solution_num (- until stored)",
          "-" if layout["solution_num"] is None else str(layout["solution_num"]), shown.get("solutions"))
    shown = facts(page, "group-facts")
    check("the group panel shows the central count", str(group["central_count"]), shown.get("central layouts"))
    check("the group panel shows the peripheral count", str(group["peripheral_count"]), shown.get("peripheral layouts"))

    # ---- the layouts farthest from this one, apart from the group's peripheral ones ----
    farthest = api(server, f"farthest?layout={START}")
    page.click("#find-farthest")
    check("farthest from here: found on demand", True, page.wait("document.body.dataset.farthest"))
    check("farthest from here: the layouts 124 steps from it",
          [f["farthest"] for f in farthest["farthest"]],
          page.js("Array.from(document.querySelectorAll('#farthest-here a')).map(a => a.dataset.code)"))
    check("farthest from here: labelled with the distance from this layout", True,
          page.js(f"$('farthest-here').textContent.includes('{farthest['farthest_steps']} steps from {START}')"))
    peripheral = [l for l in api(server, "farthest?group=5-4-1-1")["layouts"] if l["kind"] == "peripheral"]
    check("the group's peripheral layouts: a list of their own",
          [l["code"] for l in peripheral],
          page.js("Array.from(document.querySelectorAll('#peripheral a')).map(a => a.dataset.code)"))
    check("the two lists have headings of their own", ["Layouts farthest from this one", "The group's peripheral layouts"],
          page.js("[$('farthest-here'), $('peripheral')].map(l => { let h = l.previousElementSibling;"
                  " while (h.tagName !== 'H3') h = h.previousElementSibling; return h.textContent; })"))

    # ---- Back and Forward keep undo and redo true ----
    moves = api(server, f"moves?layout={START}")["move_list"]
    first = next(m for m in moves if m["change"] == -1 and m["row"] == 4 and m["col"] == 2)
    page.click(f"#moves a[data-code='{first['code']}']")
    page.wait(f"document.body.dataset.code === '{first['code']}'")
    page.ready()
    second = next(m for m in api(server, f"moves?layout={first['code']}")["move_list"] if m["change"] == -1)
    page.click(f"#moves a[data-code='{second['code']}']")
    check("two steps played", True, page.wait(f"document.body.dataset.code === '{second['code']}'") and page.ready())
    page.js("history.back()")
    check("Back: the layout before", True, page.wait(f"document.body.dataset.code === '{first['code']}'") and page.ready())
    check("Back: undo and redo as they were there", [False, True], page.js("[$('undo').disabled, $('redo').disabled]"))
    page.js("history.forward()")
    check("Forward: the layout after", True, page.wait(f"document.body.dataset.code === '{second['code']}'") and page.ready())
    check("Forward: undo as it was there", False, page.js("$('undo').disabled"))
    page.js("history.back()")
    page.wait(f"document.body.dataset.code === '{first['code']}'")
    page.ready()
    page.click("#undo")
    check("undo after Back undoes the step before that layout", True,
          page.wait(f"document.body.dataset.code === '{START}'") and page.ready())
    check("then redo can be used", False, page.js("$('redo').disabled"))
    page.click("#redo")
    check("redo after it", True, page.wait(f"document.body.dataset.code === '{first['code']}'") and page.ready())
    page.call("Page.reload")
    check("a reload keeps the layout", True, page.wait(f"document.body.dataset.code === '{first['code']}'") and page.ready())
    check("a reload keeps undo", False, page.js("$('undo').disabled"))
    page.click("#undo")
    page.wait(f"document.body.dataset.code === '{START}'")
    page.ready()

    # ---- the arrow keys move the chosen piece ----
    page.click("#board rect.piece[data-cell='16']")
    check("a piece with several moves is chosen", "16", page.js("document.querySelector('#board rect.selected').dataset.cell"))
    key(page, "ArrowRight", 39)
    right = next(m for m in moves if m["row"] == 5 and m["col"] == 1 and m["moves"] == "right 1")
    check("ArrowRight moves it one place right", True,
          page.wait(f"document.body.dataset.code === '{right['code']}'") and page.ready())
    check("the piece stays chosen where it went", "17",
          page.js("(document.querySelector('#board rect.selected') || {dataset: {}}).dataset.cell"))
    key(page, "ArrowRight", 39)
    check("ArrowRight again", True, page.wait("document.body.dataset.code === '1A9BC3C00'") and page.ready())

    # ---- a solved layout says so ----
    solved = api(server, "members?group=5-4-1-1&depth=0&limit=1")[0]["code"]
    check("open a solved layout", True, open_layout(page, server, solved))
    check("a solved layout says so", [True, "true"], page.js("[$('solved').offsetParent !== null, document.body.dataset.solved]"))
    open_layout(page, server, START)
    check("a layout not solved says nothing of it", True, page.js("$('solved').offsetParent === null"))

    # ---- the editor's Explore when the page was opened at /?edit= ----
    page.call("Page.navigate", url=f"{server}/?edit=VKKVVKKVVHHVVooVo..o")
    check("opened at /?edit=", True, page.wait("document.body.dataset.mode === 'edit'") and page.ready())
    page.click("#to-explore")
    check("Explore from /?edit= explores the edited board", True,
          page.wait(f"document.body.dataset.code === '{START}' && document.body.dataset.mode === 'explore'") and page.ready())
    page.call("Page.navigate", url=f"{server}/?edit=VKKVVKKVVHHVVooV.o.o")
    page.wait("document.body.dataset.mode === 'edit'")
    page.ready()
    page.click("#explore-this")
    check("Explore this layout from /?edit=", True,
          page.wait("document.body.dataset.code === '1A9BCCC00' && document.body.dataset.mode === 'explore'") and page.ready())

    # ---- the classic layouts, each a link ----
    names = api(server, "names")
    page.click("#classics summary")
    check("the classic layouts are listed", len(names),
          page.wait(f"document.querySelectorAll('#classic-list a').length === {len(names)}") and
          page.js("document.querySelectorAll('#classic-list a').length"))
    check("each classic name links to its layout", [names[0]["name"], names[0]["code"]],
          page.js("[document.querySelector('#classic-list a').textContent, document.querySelector('#classic-list a').dataset.code]"))
    page.click(f"#classic-list a[data-code='{names[1]['code']}']")
    check("a click on a name explores it", True, page.wait(f"document.body.dataset.code === '{names[1]['code']}'") and page.ready())

    # ---- the three ways to count (issue 22): the facts, the picker, the moves, the links ----
    page.js("localStorage.removeItem('klotski-metric')")
    check("open a layout, counting steps", True, open_layout(page, server, START))
    check("steps unless told: the picker and the address", ["step", f"?layout={START}&metric=step"],
          page.js("[$('metric').value, location.search]"))
    layout = api(server, f"layout?layout={START}")
    shown = facts(page, "layout-facts")
    check("the facts show all three counts", [str(layout[c]) for c in ("min_steps", "min_straight_moves", "min_unit_moves")],
          [shown.get(h) for h in ("min steps", "min straight moves", "min unit moves")])
    check("the step moves include one round a corner", True, page.js("$('moves').textContent.includes(',')"))
    page.js("$('metric').value = 'unit'; $('metric').dispatchEvent(new Event('change'))")
    check("the picker: unit moves", True, page.wait("document.body.dataset.metric === 'unit'") and page.ready())
    check("the address keeps metric=unit", f"?layout={START}&metric=unit", page.js("location.search"))
    unit_moves = api(server, f"moves?layout={START}&metric=unit")["move_list"]
    check("the moves are the unit moves, as /api/moves?metric=unit lists them", [m["code"] for m in unit_moves],
          page.js("Array.from(document.querySelectorAll('#moves a')).map(a => a.dataset.code)"))
    check("their outcomes count unit moves", [f"{m['min_steps']}" for m in unit_moves],
          page.js("Array.from(document.querySelectorAll('#moves li')).map(li => li.textContent.split('\u2192 ')[1].split(' ')[0])"))
    check("the play link carries the metric", f"/play?layout={START}&metric=unit", page.js("$('play').getAttribute('href')"))
    one_cell = next(m for m in unit_moves if m["row"] == 5 and m["col"] == 1)
    page.click("#board rect.piece[data-cell='16']")
    check("under unit moves a click moves the piece one cell", True,
          page.wait(f"document.body.dataset.code === '{one_cell['code']}'") and page.ready())
    check("the piece moved from cell 16 to cell 17", [False, True],
          page.js("['16', '17'].map(c => !!document.querySelector(`#board rect.piece[data-cell='${c}']`))"))
    page.js("history.back()")
    check("Back: the layout before, still in unit moves", [START, "unit"],
          page.wait(f"document.body.dataset.code === '{START}'") and page.ready() and
          page.js("[document.body.dataset.code, document.body.dataset.metric]"))
    page.js("history.back()")
    check("Back again: steps, as before the choice", ["step", "step"],
          page.wait("document.body.dataset.metric === 'step'") and page.ready() and
          page.js("[document.body.dataset.metric, $('metric').value]"))
    page.js("history.forward()")
    check("Forward: unit moves again", "unit", page.wait("document.body.dataset.metric === 'unit'") and page.ready() and
          page.js("$('metric').value"))
    check("the choice is remembered: an address without metric= counts unit moves", "unit",
          open_layout(page, server, START) and page.js("document.body.dataset.metric"))
    page.call("Page.navigate", url=f"{server}/?layout={START}&metric=straight")
    check("an address with metric=straight", True, page.wait("document.body.dataset.metric === 'straight'") and page.ready())
    straight = api(server, f"moves?layout={START}&metric=straight")["move_list"]
    check("straight moves: as /api/moves?metric=straight lists them, none round a corner",
          [[m["code"] for m in straight], False],
          page.js("[Array.from(document.querySelectorAll('#moves a')).map(a => a.dataset.code), $('moves').textContent.includes(',')]"))
    group = api(server, f"group?group={layout['group']}")
    hardest = api(server, f"hardest?group={layout['group']}&metric=straight&limit={group['hardest_straight_count']}")
    shown = facts(page, "group-facts")
    check("the group panel: its largest count in straight moves", f"{group['max_min_straight_moves']} straight moves",
          shown.get("hardest"))
    check("the group panel: its hardest layouts in straight moves, as /api/hardest?metric=straight",
          [[h["code"] for h in hardest], True],
          [page.js("Array.from(document.querySelectorAll('#hardest a')).map(a => a.dataset.code)"),
           page.js(f"$('hardest').textContent.includes('{group['max_min_straight_moves']} straight moves')")])
    named = api(server, "names?metric=straight")
    page.click("#classics summary")
    check("the classic list counts straight moves", f"{named[0]['min_straight_moves']} straight moves",
          page.wait(f"document.querySelectorAll('#classic-list a').length === {len(named)}") and
          page.js("document.querySelector('#classic-list li').textContent.split(' ').slice(1).join(' ')"))
    page.click("#classics summary")
    play = page.js("$('play').href")
    page.call("Page.navigate", url=play)
    check("the play link plays a minimal solution in straight moves",
          [str(layout["min_straight_moves"]), True],
          page.wait("document.body.dataset.steps") and
          page.js(f"[document.body.dataset.steps, document.title.endsWith("
                  f"'a minimal solution in {layout['min_straight_moves']} straight moves')]"))
    page.click("#next")
    check("the player counts straight moves", f"straight move 1 of {layout['min_straight_moves']}",
          page.wait("document.body.dataset.step === '1'") and page.js("document.getElementById('counter').textContent"))
    page.js("localStorage.removeItem('klotski-metric')")

    # ---- the player says its step in the address ----
    page.call("Page.navigate", url=f"{server}/play?layout={START}")
    page.wait("document.body.dataset.steps")
    page.click("#next")
    page.click("#next")
    check("the player's address follows its steps", "#step=2", page.js("location.hash"))
    page.js("klotskiPlayer.go(40)")
    check("the player's address after a jump", "#step=40", page.js("location.hash"))
    page.call("Page.navigate", url=f"{server}/play?layout={START}#step=7")
    check("the player opens at #step=", "7", page.wait("document.body.dataset.step === '7'") and page.js("document.body.dataset.step"))

    # ---- pages for people answer HTML on error ----
    page.call("Page.navigate", url=f"{server}/play?layout=ZZZ")
    check("/play of a bad layout: an HTML page saying why", ["400", "ZZZ: not a layout code: the 1st character, 'Z', is not a hex digit"],
          page.wait("document.body.dataset.status") and page.js("[document.body.dataset.status, document.getElementById('error').textContent]"))
    page.call("Page.navigate", url=f"{server}/no/such/page")
    check("an unknown page: an HTML page, 404", "404", page.wait("document.body.dataset.status") and
          page.js("document.body.dataset.status"))

    # ---- the page in Chinese: the browser's language, and the switch ----
    page.call("Page.addScriptToEvaluateOnNewDocument",
              source="Object.defineProperty(navigator, 'language', {get: () => 'zh-CN'});")
    page.js("localStorage.clear()")
    check("the page in Chinese for a Chinese browser", True, open_layout(page, server, START))
    check("Chinese: the language", ["zh", "zh-CN"], page.js("[document.body.dataset.lang, document.documentElement.lang]"))
    check("Chinese: the title and headings", ["华容道探索", "离此布局最远的布局", "本组的边缘布局"],
          page.js("[document.querySelector('h1').textContent, document.querySelector('[data-text=farthestHere]').textContent,"
                  " document.querySelector('[data-text=peripheral]').textContent]"))
    check("Chinese: the facts", "81", facts(page, "layout-facts").get("最少步数"))
    check("Chinese: the moves' outcomes", True, page.js("$('moves').textContent.includes('最优')"))
    check("Chinese: the three counts", ["81", "90", "116"],
          [facts(page, "layout-facts").get(h) for h in ("最少步数", "最少直线步数", "最少单格步数")])
    check("Chinese: the metric picker's words", ["计步方式", "步", "直线步", "单格步"],
          page.js("[document.querySelector('[data-text=countIn]').textContent,"
                  " ...Array.from($('metric').options).map(o => o.textContent)]"))
    page.click("#language")
    check("the switch: English", ["en", "Klotski explorer"],
          page.js("[document.body.dataset.lang, document.querySelector('h1').textContent]"))
    check("the switch: the facts in English", "81", facts(page, "layout-facts").get("min steps"))
    open_layout(page, server, START)
    check("the switch is remembered", "en", page.js("document.body.dataset.lang"))
    page.click("#language")
    check("the switch back: Chinese", "华容道探索", page.js("document.querySelector('h1').textContent"))
    page.js("localStorage.clear()")

    # ---- the language in the address, the server's words in Chinese, CJK glyphs (issue 30) ----
    page.call("Page.navigate", url=f"{server}/?layout={START}&lang=en")
    check("lang=en wins over a Chinese browser", ["en", "Klotski explorer"],
          [page.wait("document.body.dataset.state === 'ready' && document.body.dataset.lang === 'en'") and "en",
           page.js("document.querySelector('h1').textContent")])
    page.js("$('classics').open = true")
    check("English: the classic lists' sources in English", True,
          page.wait("Array.from($('classic-list').querySelectorAll('h3')).map(h => h.textContent)"
                    ".includes('The 40 classic layouts')"))
    page.call("Page.navigate", url=f"{server}/?layout=ZZZ&lang=zh")
    check("lang=zh: the error state in Chinese", True,
          page.wait("document.body.dataset.state === 'error' && document.body.dataset.lang === 'zh'"))
    check("lang=zh: the codec's reason in Chinese", "ZZZ: 不是布局编码：第 1 个字符 'Z' 不是十六进制数字", page.js("$('error').textContent"))
    page.click("#language")
    check("the switch keeps the language in the address", ["en", "en"],
          page.js("[document.body.dataset.lang, new URLSearchParams(location.search).get('lang')]"))
    check("the switch: the reason in English again", "ZZZ: not a layout code: the 1st character, 'Z', is not a hex digit", page.js("$('error').textContent"))
    page.call("Page.navigate", url=f"{server}/?edit=VKKVVKKVVHHVVooVoooo&lang=zh")
    check("lang=zh: the board editor's reason in Chinese", "不是合法布局：空格少于两个",
          page.wait("$('verdict').textContent.length > 0") and page.js("$('verdict').textContent"))
    open_layout(page, server, f"{START}&lang=zh")
    check("lang=zh: the address keeps it as the page moves on", "zh",
          page.js("new URLSearchParams(location.search).get('lang')"))
    page.js("$('classics').open = true")
    check("Chinese: the classic lists' sources", True,
          page.wait("Array.from($('classic-list').querySelectorAll('h3')).map(h => h.textContent)"
                    ".includes('华容道经典布局40种')"))
    # Every CJK character of the heading, two headings and a classic list's is drawn from a
    # CJK font (Noto Sans CJK, Debian fonts-noto-cjk): without one the browser falls back
    # to a font without these glyphs, which draws boxes (.notdef).
    for selector in ("h1", "[data-text=farthestHere]", "[data-text=peripheral]", "#classic-list h3"):
        cjk, drawn, fonts = page.cjk_glyphs(selector)
        check(f"CJK glyphs of {selector} drawn from a CJK font ({cjk} characters)", [True, True],
              [cjk > 0, drawn >= cjk or f"{drawn} of {cjk}: {fonts}"])
    shot = os.environ.get("KLOTSKI_PAGE_SCREENSHOT")
    if shot:
        png = page.call("Page.captureScreenshot", format="png")["data"]
        with open(shot, "wb") as f:
            f.write(base64.b64decode(png))
        check("the Chinese page's screenshot is kept", True, os.path.getsize(shot) > 10000)

    outside = sorted({u for u in page.requests if not (u.startswith(server + "/") or u == server)})
    check("every request went to the server", [], outside)


if __name__ == "__main__":
    drive(run)
