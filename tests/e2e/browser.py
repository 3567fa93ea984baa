#!/usr/bin/env python3
"""Drives headless Chromium through the DevTools protocol, with python3's standard
library alone (a minimal WebSocket client), for tests/e2e/e2e_serve.sh: it clicks the
explorer page of `klotski serve` as a person would (real mouse events at the pieces'
places) and prints one line per check, "check NAME<TAB>EXPECTED<TAB>ACTUAL", for the shell
script to count.

Usage: browser.py CHROMIUM PROFILE_DIR SERVER_URL
Every wait is bounded (a number of polls); every request the page makes is recorded,
and the script checks they all went to SERVER_URL."""
import base64
import json
import os
import socket
import struct
import subprocess
import sys
import time
import urllib.request

POLLS = 200          # waits poll this many times at most,
POLL_S = 0.05        # this far apart


def check(name, expected, actual):
    print(f"check {name}\t{expected}\t{actual}", flush=True)


class WebSocket:
    """Just enough of RFC 6455 for the DevTools protocol: text frames, client-masked."""

    def __init__(self, url):
        host_port, path = url[len("ws://"):].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._recv()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("no WebSocket: " + head.decode(errors="replace"))

    def _recv(self):
        data = self.sock.recv(65536)
        if not data:
            raise RuntimeError("DevTools closed the connection")
        return data

    def _take(self, n):
        while len(self.buffer) < n:
            self.buffer += self._recv()
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send(self, text):
        payload = text.encode()
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self):
        message = b""
        while True:
            first, second = self._take(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._take(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._take(8))[0]
            data = self._take(length)
            message += data
            if first & 0x80:
                return message.decode()


class Page:
    """One tab: commands answered in order, events kept."""

    def __init__(self, ws):
        self.ws, self.next_id, self.requests = ws, 0, []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("method") == "Network.requestWillBeSent":
                self.requests.append(message["params"]["request"]["url"])
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def js(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, expression):
        """Polls until expression is true (one that throws, as while a page loads, is
        false); returns whether it became true."""
        for _ in range(POLLS):
            if self.js(f"(() => {{ try {{ return !!({expression}); }} catch (e) {{ return false; }} }})()"):
                return True
            time.sleep(POLL_S)
        return False

    def cjk_glyphs(self, selector):
        """The CJK characters of the text right inside the first element `selector` finds,
        how many glyphs a CJK font (Noto Sans CJK, Debian fonts-noto-cjk) drew for it, and
        every font the browser drew it with (CSS.getPlatformFontsForNode).  Without a CJK
        font the browser draws them with another, as boxes (.notdef)."""
        self.call("DOM.enable")
        self.call("CSS.enable")
        root = self.call("DOM.getDocument", depth=-1)["root"]["nodeId"]
        node = self.call("DOM.querySelector", nodeId=root, selector=selector)["nodeId"]
        text = self.js(f"document.querySelector({json.dumps(selector)}).textContent")
        cjk = sum(1 for c in text if "\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef")
        fonts = self.call("CSS.getPlatformFontsForNode", nodeId=node)["fonts"]
        return cjk, sum(f["glyphCount"] for f in fonts if "CJK" in f["familyName"]), fonts

    def click(self, selector):
        """A real click: the mouse pressed and released at the middle of the element."""
        box = self.js(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: "center"}}); const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        if box is None:
            raise RuntimeError(f"nothing to click at {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def drag(self, selector, cell):
        """A real drag: the mouse pressed on the element, moved over the middle of the board's
        cell `cell` (an address 0..19) and released there."""
        start = self.js(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            e.scrollIntoView({{block: "center"}}); const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        end = self.js(f"""(() => {{ const r = document.getElementById("board").getBoundingClientRect();
            const scale = r.width / 268;
            return [r.left + (14 + {cell % 4} * 60 + 30) * scale, r.top + (14 + {cell // 4} * 60 + 30) * scale]; }})()""")
        self.call("Input.dispatchMouseEvent", type="mousePressed", x=start[0], y=start[1], button="left", clickCount=1)
        for step in range(1, 5):
            x = start[0] + (end[0] - start[0]) * step / 4
            y = start[1] + (end[1] - start[1]) * step / 4
            self.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left", buttons=1)
        self.call("Input.dispatchMouseEvent", type="mouseReleased", x=end[0], y=end[1], button="left", clickCount=1)

    def ready(self):
        return self.wait("document.body.dataset.state === 'ready'")


def start_chromium(chromium, profile):
    browser = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                "--disable-quic", "--remote-debugging-port=0", "--remote-allow-origins=*",
                                f"--user-data-dir={profile}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(POLLS):
        if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
            break
        time.sleep(POLL_S * 4)
    port = open(port_file).read().split("\n")[0]
    targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
    page = next(t for t in targets if t["type"] == "page")
    return browser, Page(WebSocket(page["webSocketDebuggerUrl"]))


def drive(checks):
    """Runs checks(page, server) in a Chromium started as the command line says
    (CHROMIUM PROFILE_DIR SERVER_URL), and stops it whatever happens."""
    chromium, profile, server = sys.argv[1], sys.argv[2], sys.argv[3].rstrip("/")
    browser, page = start_chromium(chromium, profile)
    try:
        checks(page, server)
    finally:
        browser.terminate()
        browser.wait(timeout=30)


def run(page, server):
    page.call("Network.enable")
    page.call("Page.enable")
    start = "1A9BF0C00"
    page.call("Page.navigate", url=f"{server}/?layout={start}")
    check("the explorer opens 1A9BF0C00", True, page.ready())
    check("its min_steps", "81", page.js("document.body.dataset.minSteps"))
    check("the facts show min_steps", "81", page.js(
        "document.querySelector('#layout-facts td').textContent"))
    moves = json.load(urllib.request.urlopen(f"{server}/api/moves?layout={start}", timeout=30))["move_list"]
    check("the page lists every move", len(moves), page.js("document.querySelectorAll('#moves li').length"))
    check("the moves are listed best first", [m["code"] for m in moves],
          page.js("Array.from(document.querySelectorAll('#moves a')).map(a => a.dataset.code)"))
    optimal = next(m for m in moves if m["change"] == -1)
    anchor = (optimal["row"] - 1) * 4 + optimal["col"] - 1
    same_piece = [m for m in moves if (m["row"] - 1) * 4 + m["col"] - 1 == anchor]
    page.click(f"#board rect.piece[data-cell='{anchor}']")
    if len(same_piece) > 1:
        check("a piece with several moves shows where it can go", len(same_piece),
              page.js("document.querySelectorAll('#board rect.target').length"))
        page.click(f"#board rect.target[data-code='{optimal['code']}']")
    check("a click on an optimal move shows its layout",
          True, page.wait(f"document.body.dataset.code === '{optimal['code']}'") and page.ready())
    check("min_steps dropped by one", "80", page.js("document.body.dataset.minSteps"))
    check("the address names the new layout", f"?layout={optimal['code']}&metric=step", page.js("location.search"))
    page.click("#undo")
    check("undo goes back", True, page.wait(f"document.body.dataset.code === '{start}'") and page.ready())
    check("undo: min_steps again", "81", page.js("document.body.dataset.minSteps"))
    check("undo: the address again", f"?layout={start}&metric=step", page.js("location.search"))
    page.click("#redo")
    check("redo steps again", True, page.wait(f"document.body.dataset.code === '{optimal['code']}'") and page.ready())
    page.click("#undo")
    page.wait(f"document.body.dataset.code === '{start}'")
    page.ready()

    # The 1x1 at the bottom left (cell 16) can go right 1 (optimal) or right 2 (neutral):
    # dragged onto cell 18 it goes right 2.
    page.drag("#board rect.piece[data-cell='16']", 18)
    check("a drag plays the move whose place it ends on", True,
          page.wait("document.body.dataset.code === '1A9BC3C00'") and page.ready())
    check("a drag: a neutral move keeps min_steps", "81", page.js("document.body.dataset.minSteps"))
    page.click("#undo")
    page.wait(f"document.body.dataset.code === '{start}'")
    page.ready()

    page.click("#to-edit")
    check("the editor opens on the board", True, page.wait("document.body.dataset.mode === 'edit'") and page.ready())
    check("the editor alone shows, the explorer is hidden", ["none", "flex"],
          page.js("[$('explore'), $('edit')].map(e => getComputedStyle(e).display)"))
    check("the board as it stands is legal", f"A legal layout: {start}", page.js("$('verdict').textContent"))
    page.click("input[name=tool][value=o]")
    page.click("#editor rect.cell[data-cell='17']")
    page.wait("$('verdict').className === 'illegal'")
    check("a 1x1 on an empty cell leaves one: the reason shows",
          "Not a legal layout: fewer than two empty cells", page.js("$('verdict').textContent"))
    check("the address holds the edited board", "?edit=VKKVVKKVVHHVVooVoo.o",
          page.js("decodeURIComponent(location.search)"))
    page.click("input[name=tool][value=K]")
    page.click("#editor rect.cell[data-cell='18']")
    page.wait("$('verdict').textContent.includes('2x2')")
    check("a second 2x2: the reason shows", "Not a legal layout: there must be exactly one 2x2 block of K",
          page.js("$('verdict').textContent"))
    page.click("input[name=tool][value='.']")
    for cell in (17, 18, 19):
        page.click(f"#editor rect.cell[data-cell='{cell}']")
    page.click("input[name=tool][value=o]")
    page.click("#editor rect.cell[data-cell='19']")
    check("removing them and putting the 1x1 back makes it legal again", True,
          page.wait(f"$('verdict').textContent === 'A legal layout: {start}'"))
    page.click("#explore-this")
    check("explore the edited layout", True, page.wait("document.body.dataset.mode === 'explore'") and page.ready())

    page.call("Page.navigate", url=f"{server}/?layout=4FEA13400")
    check("an address opens its layout", True, page.wait("document.body.dataset.code === '4FEA13400'") and page.ready())
    check("its min_steps", "138", page.js("document.body.dataset.minSteps"))
    check("the group's hardest layouts are listed", True, page.js("document.querySelectorAll('#hardest a').length > 0"))
    page.call("Page.navigate", url=f"{server}/?layout=ZZZ")
    check("a bad code in the address: the reason shows", True,
          page.wait("document.body.dataset.state === 'error'"))
    check("the reason", "ZZZ: not a layout code: the 1st character, 'Z', is not a hex digit", page.js("$('error').textContent"))

    page.call("Page.navigate", url=f"{server}/play?layout={start}")
    check("play the solution: the player page", "81", page.wait("document.body.dataset.steps") and
          page.js("document.body.dataset.steps"))
    cjk, drawn, fonts = page.cjk_glyphs("h1")
    check("the player's heading: its Chinese name drawn from a CJK font", [True, True],
          [cjk > 0, drawn >= cjk or f"{drawn} of {cjk}: {fonts}"])
    page.js("klotskiPlayer.go(81)")
    check("the player reaches a solved layout", "D", page.js("document.body.dataset.code[0]"))

    page.call("Emulation.setDeviceMetricsOverride", width=360, height=740, deviceScaleFactor=2, mobile=True)
    page.call("Page.navigate", url=f"{server}/?layout={start}")
    page.ready()
    check("on a phone-sized screen nothing is wider than the screen", True,
          page.js("document.documentElement.scrollWidth <= 360"))
    check("on a phone-sized screen the board fits", True,
          page.js("document.getElementById('board').getBoundingClientRect().right <= 360"))
    outside = sorted({u for u in page.requests if not (u.startswith(server + "/") or u == server)})
    check("every request the pages made went to the server", [], outside)


if __name__ == "__main__":
    drive(run)
