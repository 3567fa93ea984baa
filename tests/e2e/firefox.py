#!/usr/bin/env python3
"""Drives headless Firefox through WebDriver BiDi (Firefox's remote protocol; it has no
DevTools protocol since Firefox 129), with browser.py's WebSocket client, so that the
checks written for Chromium's DevTools (site.py) run unchanged in Firefox: FirefoxPage
answers the few DevTools calls they make (Page.navigate, Page.addScriptToEvaluateOnNewDocument,
Network.enable, Runtime.evaluate through js()) with their BiDi equivalents.

What BiDi in Firefox ESR cannot do: emulate being offline (Network.emulateNetworkConditions
is refused, so a check "offline" runs with the network on: the one-file page's own check
that it asks for nothing but its file still holds it to that)."""
import json
import os
import re
import subprocess
import time

from browser import POLL_S, POLLS, Page, WebSocket


class FirefoxPage(Page):
    """The one tab of a BiDi session, with browser.Page's interface."""

    def __init__(self, ws):
        super().__init__(ws)
        self.bidi("session.new", capabilities={"alwaysMatch": {"acceptInsecureCerts": True}})
        self.context = self.bidi("browsingContext.getTree")["contexts"][0]["context"]

    def bidi(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("method") == "network.beforeRequestSent":
                self.requests.append(message["params"]["request"]["url"])
            if message.get("id") == self.next_id:
                if message.get("type") == "error":
                    raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    def call(self, method, **params):
        """The DevTools calls site.py makes, in BiDi."""
        if method == "Page.enable":
            return {}
        if method == "Network.enable":
            return self.bidi("session.subscribe", events=["network.beforeRequestSent"])
        if method == "Network.emulateNetworkConditions":
            return {}
        if method == "Page.addScriptToEvaluateOnNewDocument":
            added = self.bidi("script.addPreloadScript", functionDeclaration=f"() => {{ {params['source']} }}")
            return {"identifier": added["script"]}
        if method == "Page.removeScriptToEvaluateOnNewDocument":
            return self.bidi("script.removePreloadScript", script=params["identifier"])
        if method == "Page.navigate":
            return self.bidi("browsingContext.navigate", context=self.context, url=params["url"], wait="interactive")
        raise RuntimeError(f"{method}: not offered by the Firefox driver (tests/e2e/firefox.py)")

    def js(self, expression):
        # The value crosses as JSON text, as DevTools' returnByValue gives it.
        result = self.bidi("script.evaluate", target={"context": self.context}, awaitPromise=True,
                           resultOwnership="none",
                           expression=f"(async () => JSON.stringify(await ({expression})))()")
        if result["type"] == "exception":
            raise RuntimeError(f"{expression}: {result['exceptionDetails'].get('text')}")
        value = result["result"]
        return json.loads(value["value"]) if value["type"] == "string" else None


def start_firefox(firefox, profile):
    """Starts headless Firefox with a profile folder of its own (made empty) and returns
    the process and its page."""
    os.makedirs(profile, exist_ok=True)
    log = open(os.path.join(profile, "firefox.log"), "w+")
    browser = subprocess.Popen([firefox, "--headless", "--no-remote", "--profile", profile,
                                "--remote-debugging-port", "0", "about:blank"],
                               stdout=log, stderr=subprocess.STDOUT)
    for _ in range(POLLS * 4):
        log.seek(0)
        found = re.search(r"WebDriver BiDi listening on (ws://\S+)", log.read())
        if found:
            return browser, FirefoxPage(WebSocket(f"{found.group(1)}/session"))
        time.sleep(POLL_S * 4)
    browser.terminate()
    raise RuntimeError(f"{firefox}: no WebDriver BiDi address within {POLLS * 4 * POLL_S * 4:.0f} s")
