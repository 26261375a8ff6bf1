"""One small page driver per browser engine, each from a Debian package, for the cross-engine suite
(e2e/test_engines.py):

- Chromium: Playwright's page (e2e/conftest.py starts /usr/bin/chromium), wrapped.
- Firefox ESR: WebDriver BiDi over its websocket (there is no geckodriver in Debian).
- WebKit: classic W3C WebDriver over HTTP, WebKitWebDriver driving the MiniBrowser under Xvfb.

Every driver offers the same few calls, shaped like Playwright's: goto, reload, evaluate (a function's
source, awaited, its result through JSON), set_viewport, screenshot, pick (an element a function returns)
and click (a real pointer click on it, False where it is gone or covered). frame(selector) gives an
iframe of the page (another origin's too) as a driver of the same calls but navigation; framed(url, width,
height) opens a page in a frame of that size, where the window cannot be made that small.
"""

import base64
import contextlib
import copy
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError, TimeoutError as PlaywrightTimeout
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from support import as_function

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
START_TIMEOUT_S = 120  # a browser or its driver answering, on a loaded machine


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def refusing_port() -> int:
    """A loopback port nothing listens on: a proxy there refuses every request sent to it."""
    return free_port()


def pointer_click(at, pointer: str) -> list:
    """A WebDriver action sequence (classic and BiDi alike): press and release at a point of the viewport."""
    return [{"type": "pointer", "id": pointer, "parameters": {"pointerType": pointer}, "actions": [
        {"type": "pointerMove", "x": at[0], "y": at[1], "origin": "viewport"},
        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]



def stop(process) -> None:
    """End a browser or driver started in its own process group (with whatever it started)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)

# A point of an iframe's viewport in its page's, the page scrolled first where that point is off its screen
# (a frame as tall as its content, as embed.js makes it, does not scroll: its page does).
FRAME_POINT = """([selector, x, y]) => { const frame = document.querySelector(selector);
  const at = () => { const box = frame.getBoundingClientRect(), style = getComputedStyle(frame);
    return [box.left + frame.clientLeft + parseFloat(style.paddingLeft) + x,
            box.top + frame.clientTop + parseFloat(style.paddingTop) + y]; };
  const [left, top] = at();
  if (left < 0 || top < 0 || left >= innerWidth || top >= innerHeight) {
    scrollBy({left: left - innerWidth / 2, top: top - innerHeight / 2, behavior: 'instant'});
  }
  return at(); }"""
# The page made a frame of a fixed size at the top left corner, showing `url`; true once it has loaded.
FRAME_HOST = """([url, width, height]) => new Promise((loaded) => {
  const frame = Object.assign(document.createElement('iframe'), {id: 'framed', src: url, title: 'framed'});
  frame.style.cssText = `position: fixed; left: 0; top: 0; border: 0; width: ${width}px; height: ${height}px`;
  frame.addEventListener('load', () => loaded(true), {once: true});
  document.body.replaceChildren(frame);
})"""


@contextlib.contextmanager
def closed_on_error(driver):
    """A driver's set-up: where it fails, the browser it started is ended (not left running)."""
    try:
        yield
    except BaseException:
        driver.close()
        raise


class Driver:
    """What the engines share: waiting, the viewport size in Playwright's shape, and frames."""

    name = ""
    touch = False  # whether the phone size is a touch screen here (`pointer: coarse`)
    outer = None  # in a frame's driver: the page's driver
    selector = None  # in a frame's driver: the iframe's selector in that page

    def __init__(self):
        self.viewport_size = None

    def wait_for_timeout(self, ms: float) -> None:
        """A fixed pause, as Playwright's (e2e/test_phone.py still uses it; the others wait on conditions)."""
        time.sleep(ms / 1000)

    def frame(self, selector: str) -> "Driver":
        """The iframe `selector` of the page, driven as a page (scripts run in it, clicks land on it)."""
        inner = copy.copy(self)
        inner.outer, inner.selector = self, selector
        inner.enter()
        size = inner.evaluate("() => [innerWidth, innerHeight]")
        inner.viewport_size = {"width": size[0], "height": size[1]}
        return inner

    def framed(self, url: str, width: int, height: int) -> "Driver":
        """`url` in a frame of width x height at the top left of a blank page of its site (a page of the
        site that does not exist), as a driver: a phone's width where the window cannot be that narrow."""
        self.goto(re.match(r"\w+://[^/]+", url).group(0) + "/blitzbox-no-such-page")
        self.evaluate(FRAME_HOST, [url, width, height])
        return self.frame("#framed")

    def enter(self) -> None:
        """Make a frame's driver the target of the next scripts (nothing to do where each call names it)."""

    def in_top(self, at) -> list:
        """A point of this page's viewport in the top page's (where the pointer moves), in whole pixels."""
        if self.outer is None:
            return [int(at[0]), int(at[1])]
        return self.outer.in_top(self.outer.evaluate(FRAME_POINT, [self.selector, *at]))

    def close(self) -> None:
        raise NotImplementedError


class Chromium(Driver):
    """Playwright's page in Debian's Chromium (its context decides touch: see test_engines.py)."""

    name = "chromium"

    def __init__(self, browser):
        super().__init__()
        self.browser = browser
        self.context = self.page = None
        self.set_viewport(1366, 768)

    def set_viewport(self, width: int, height: int, touch: bool = False) -> None:
        # touch and a phone's layout are fixed when a context is made: a new context (storage is kept
        # apart per origin in the tests, so nothing is lost that a test needs)
        if self.context is not None and (touch, width, height) == (self.touch, *self.viewport_size.values()):
            return
        if self.context is not None:
            self.context.close()
        self.context = self.browser.new_context(viewport={"width": width, "height": height},  # (offline starts)
                                                has_touch=touch, is_mobile=touch, service_workers="allow")
        self.page = self.context.new_page()
        self.touch = touch
        self.viewport_size = {"width": width, "height": height}

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, source: str, arg=None):
        return self.page.evaluate(as_function(source), arg)

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def pick(self, source: str, arg=None):
        return self.page.evaluate_handle(as_function(source), arg).as_element()

    def click(self, element, scroll: bool = True) -> bool:
        try:
            if not scroll:  # a tap where the element is seen now
                at = element.evaluate(SEEN)
                if at is not None:
                    self.page.mouse.click(*at)
                return at is not None
            element.click(timeout=3000)
        except PlaywrightTimeout:  # covered, or not shown any more: no click
            return False
        except PlaywrightError as error:  # gone (a bot redrew the board): no click
            if "not attached" not in str(error):
                raise
            return False
        return True

    def close(self) -> None:
        self.context.close()


ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C WebDriver key of an element reference
# Where a click on an element lands: the middle of its box, scrolled into view (CENTER) or where it is now
# (SEEN: a thumb's tap, which never scrolls the page); null where another element covers it or it is out of view.
POINT = """
  const box = element.getBoundingClientRect();
  const x = Math.floor(box.left + box.width / 2), y = Math.floor(box.top + box.height / 2);
  const hit = document.elementFromPoint(x, y);
  return hit && (hit === element || element.contains(hit)) ? [x, y] : null;
}"""
CENTER = """(element) => {
  element.scrollIntoView({block: "nearest", inline: "nearest"});""" + POINT
SEEN = "(element) => {" + POINT


# Firefox's preferences for a touch screen: pointer capabilities (1: coarse, no hover) and touch points.
TOUCH_PREFS = {"ui.primaryPointerCapabilities": 1, "ui.allPointerCapabilities": 1,
               "dom.maxtouchpoints.testing.value": 5}


class Firefox(Driver):
    """Firefox ESR, headless, driven over WebDriver BiDi (ws://127.0.0.1:PORT/session)."""

    name = "firefox"

    def __init__(self):
        from websockets.sync.client import connect

        super().__init__()
        self.profile = Path(tempfile.mkdtemp(prefix="blitzbox-firefox-"))
        refuse = refusing_port()
        # Every request to another host goes to a proxy that refuses it (loopback is never proxied).
        prefs = {"network.proxy.type": 1, "network.proxy.http": "127.0.0.1", "network.proxy.http_port": refuse,
                 "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": refuse,
                 "network.proxy.allow_hijacking_localhost": False, "network.proxy.no_proxies_on": "",
                 "browser.shell.checkDefaultBrowser": False, "datareporting.policy.dataSubmissionEnabled": False,
                 "app.update.disabledForTesting": True, "browser.tabs.warnOnClose": False}
        (self.profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()))
        port = free_port()
        self.closing = contextlib.ExitStack()
        self.process = subprocess.Popen(
            # (system access: the browser's own window runs the scripts that set its preferences)
            [FIREFOX, "--headless", "--no-remote", f"--remote-debugging-port={port}", "--remote-allow-system-access",
             "--profile", str(self.profile), "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                self.socket = self.closing.enter_context(
                    connect(f"ws://127.0.0.1:{port}/session", max_size=None, open_timeout=5))
                break
            except (OSError, InvalidHandshake):  # not listening yet, or not serving BiDi yet
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.close()
                    raise RuntimeError("Firefox's WebDriver BiDi never answered")
                time.sleep(0.25)
        self.ids = itertools.count(1)  # (shared with its frames' drivers)
        self.errors = []  # uncaught JavaScript errors, from log.entryAdded
        with closed_on_error(self):
            self.send("session.new", {"capabilities": {}})
            self.send("session.subscribe", {"events": ["log.entryAdded"]})
            self.context = self.target = self.send("browsingContext.getTree", {})["contexts"][0]["context"]
            try:  # the browser window's own context (where system access is allowed)
                self.chrome = self.send("browsingContext.getTree", {"moz:scope": "chrome"})["contexts"][0]["context"]
            except (RuntimeError, IndexError, KeyError):
                self.chrome = None
            self.set_viewport(1366, 768)

    def send(self, method: str, params: dict, timeout: float = 120) -> dict:
        ident = next(self.ids)
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            message = json.loads(self.socket.recv(timeout=max(0.1, deadline - time.monotonic())))
            if message.get("type") == "event":
                entry = message["params"]
                # uncaught errors; not the note Firefox logs when the page drops a response its service
                # worker gave (snapshot.mjs cancels Pyodide's own .wasm download once early.js compiled it)
                if (message["method"] == "log.entryAdded" and entry.get("type") == "javascript"
                        and not entry.get("text", "").startswith("Failed to load")):
                    self.errors.append(entry.get("text", ""))
                continue
            if message.get("id") != ident:
                continue
            if message.get("type") == "error":
                raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
            return message["result"]

    def set_viewport(self, width: int, height: int, touch: bool = False) -> None:
        """The viewport's size now; a touch screen or not from the next page load on."""
        self.send("browsingContext.setViewport", {"context": self.context,
                                                  "viewport": {"width": width, "height": height}})
        # This Firefox has no emulation.setTouchOverride: its preferences make the screen a touch screen
        # (a coarse pointer that cannot hover, five touch points) for the pages loaded after them.
        if self.chrome is not None:
            change = "Services.prefs.setIntPref(name, value)" if touch else "Services.prefs.clearUserPref(name)"
            result = self.send("script.callFunction", {
                "functionDeclaration": f"(prefs) => {{ for (const [name, value] of prefs) {change}; }}",
                "target": {"context": self.chrome}, "awaitPromise": False,
                "arguments": [{"type": "array", "value": [
                    {"type": "array", "value": [{"type": "string", "value": name}, {"type": "number", "value": value}]}
                    for name, value in TOUCH_PREFS.items()]}]})
            if result["type"] == "exception":
                raise RuntimeError(f"touch preferences: {result['exceptionDetails'].get('text')}")
        self.touch = touch and self.chrome is not None
        self.viewport_size = {"width": width, "height": height}

    def goto(self, url: str) -> None:
        # Firefox now and then aborts a navigation to the address already open (NS_BINDING_ABORTED, seen
        # once in CI between two layout checks of the same page): leave it for a blank page first.
        self.navigate(("browsingContext.navigate", {"context": self.context, "url": "about:blank"}),
                      ("browsingContext.navigate", {"context": self.context, "url": url}))

    def reload(self) -> None:
        self.navigate(("browsingContext.reload", {"context": self.context}))

    def navigate(self, *steps) -> None:
        """Send these navigation commands, each waiting for its page's load; all again where the browser
        dropped one (NS_BINDING_ABORTED): three tries."""
        for attempt in range(3):
            try:
                for method, params in steps:
                    self.send(method, {**params, "wait": "complete"})
                return
            except RuntimeError as error:
                if "NS_BINDING_ABORTED" not in str(error) or attempt == 2:
                    raise

    def enter(self) -> None:
        # a frame is a browsing context of its own: its window, as the page's script sees it, names it
        window = self.outer.call("(selector) => document.querySelector(JSON.parse(selector)).contentWindow",
                                 self.selector)
        self.target = window["value"]["context"]

    def call(self, source: str, arg, ownership: str = "none") -> dict:
        result = self.send("script.callFunction", {
            "functionDeclaration": source, "target": {"context": self.target}, "awaitPromise": True,
            "arguments": [{"type": "string", "value": json.dumps(arg)}], "resultOwnership": ownership})
        if result["type"] == "exception":
            raise RuntimeError(f"script error: {result['exceptionDetails'].get('text')}")
        return result["result"]

    def evaluate(self, source: str, arg=None):
        wrapped = f"async (arg) => JSON.stringify((await ({as_function(source)})(JSON.parse(arg))) ?? null)"
        return json.loads(self.call(wrapped, arg)["value"])

    def screenshot(self, path: Path) -> None:
        data = self.send("browsingContext.captureScreenshot", {"context": self.context})["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def pick(self, source: str, arg=None):
        value = self.call(f"async (arg) => (await ({as_function(source)})(JSON.parse(arg))) ?? null", arg, "root")
        return value if value.get("type") == "node" else None

    def click(self, element, scroll: bool = True) -> bool:
        pointer = "touch" if self.touch else "mouse"
        try:
            at = self.send("script.callFunction", {
                "functionDeclaration": f"(element) => JSON.stringify(({CENTER if scroll else SEEN})(element))",
                "target": {"context": self.target}, "awaitPromise": True,
                "arguments": [{"sharedId": element["sharedId"]}]})["result"]
            at = json.loads(at.get("value", "null"))
            if at is None:  # covered by another element: a click would land there
                return False
            # (in a frame, the frame's own viewport: Firefox gives a frame of another site no event it sends
            # to the page at that point)
            self.send("input.performActions", {"context": self.target, "actions": pointer_click(at, pointer)})
        except RuntimeError:  # gone (a bot redrew the board): no click
            return False
        return True

    def close(self) -> None:
        try:
            self.closing.close()
        except (OSError, ConnectionClosed):  # the browser has gone already
            pass
        stop(self.process)
        shutil.rmtree(self.profile, ignore_errors=True)


class WebKit(Driver):
    """WebKitGTK's MiniBrowser, driven by WebKitWebDriver over HTTP, in an X server of its own (xvfb-run)."""

    name = "webkit"

    def __init__(self):
        super().__init__()
        port = free_port()
        self.process = subprocess.Popen(
            ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", WEBKIT_DRIVER, f"--port={port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                self.request("GET", "/status")
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.close()
                    raise RuntimeError("WebKitWebDriver never answered")
                time.sleep(0.25)
        capabilities = {"webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]}}
        # WebDriver runs scripts in one frame at a time, which it switches to: the one it is in now
        # ((None, None): the page; else its driver and selector), shared with the frames' drivers
        self.current = {"frame": (None, None)}
        with closed_on_error(self):
            session = self.request("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
            self.base += f"/session/{session['sessionId']}"
            self.request("POST", "/timeouts", {"script": 120_000, "pageLoad": 120_000})
            self.set_viewport(1366, 768)

    def request(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=180) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise RuntimeError(f"{method} {path}: {value.get('error')}: {value.get('message')}") from None

    def set_viewport(self, width: int, height: int, touch: bool = False) -> None:
        # The window's size is set; its inner size is what the page sees: the difference is the chrome.
        self.request("POST", "/window/rect", {"width": width, "height": height})
        for _ in range(3):
            inner = self.evaluate("() => [innerWidth, innerHeight]")
            if inner == [width, height]:
                break
            rect = self.request("GET", "/window/rect")
            self.request("POST", "/window/rect", {"width": rect["width"] + width - inner[0],
                                                  "height": rect["height"] + height - inner[1]})
        # No touch screen here. WebKitGTK's `pointer` is the GDK seat's own pointer, on X a mouse always (Xvfb
        # cannot add a touch device); WebDriver's "touch" pointer arrives as a mouse; the MiniBrowser has no
        # touch setting or feature flag; GTK_TEST_TOUCHSCREEN changes nothing and GDK_CORE_DEVICE_EVENTS
        # gives `pointer: none`. GTK's broadway backend reports `pointer: coarse`, but its window has no size.
        self.touch = False
        # (the MiniBrowser's window has a smallest width, wider than a phone: the checks use what it got)
        inner = self.evaluate("() => [innerWidth, innerHeight]")
        self.viewport_size = {"width": inner[0], "height": inner[1]}

    def goto(self, url: str) -> None:
        self.request("POST", "/url", {"url": url})
        self.current["frame"] = (None, None)  # (a navigation goes back to the page)

    def reload(self) -> None:
        self.request("POST", "/refresh", {})
        self.current["frame"] = (None, None)

    def enter(self) -> None:
        """Switch WebDriver to this driver's frame (from the page, one level at a time), if not there yet."""
        if self.current["frame"] == (self.outer, self.selector):
            return
        if self.outer is None:
            self.request("POST", "/frame", {"id": None})
        else:
            self.outer.enter()
            element = self.request("POST", "/execute/sync", {
                "script": "return document.querySelector(arguments[0])", "args": [self.selector]})
            self.request("POST", "/frame", {"id": element})
        self.current["frame"] = (self.outer, self.selector)

    def run(self, source: str, arg):
        self.enter()
        script = (f"const done = arguments[1];"
                  f"Promise.resolve(arguments[0]).then(({as_function(source)}))"
                  f".then((value) => done({{value: value ?? null}}), (error) => done({{error: String(error)}}));")
        result = self.request("POST", "/execute/async", {"script": script, "args": [arg]})
        if "error" in result:
            raise RuntimeError(f"script error: {result['error']}")
        return result["value"]

    def evaluate(self, source: str, arg=None):
        return json.loads(self.run(f"async (arg) => JSON.stringify((await ({as_function(source)})(arg)) ?? null)",
                                   arg))

    def screenshot(self, path: Path) -> None:
        Path(path).write_bytes(base64.b64decode(self.request("GET", "/screenshot")))

    def pick(self, source: str, arg=None):
        value = self.run(source, arg)
        return value[ELEMENT] if isinstance(value, dict) and ELEMENT in value else None

    def click(self, element, scroll: bool = True) -> bool:
        # WebKitWebDriver finds an SVG group "not interactable": the pointer goes to the middle of its box
        # on the screen instead (as in Firefox), when that point is the element's own (not covered).
        try:
            at = self.run(CENTER if scroll else SEEN, {ELEMENT: element})
            if at is None:
                return False
            at = self.in_top(at)
            self.outer_most().enter()  # (the pointer moves in the top page's viewport)
            self.request("POST", "/actions", {"actions": pointer_click(at, "mouse")})
        except RuntimeError:  # gone (a bot redrew the board): no click
            return False
        return True

    def outer_most(self) -> "WebKit":
        return self if self.outer is None else self.outer.outer_most()

    def close(self) -> None:
        try:
            self.request("DELETE", "")
        except (OSError, RuntimeError):
            pass
        stop(self.process)


def start(request):
    """The driver of the engine a parametrized fixture asks for (request.param): Playwright's Chromium (the
    session's browser), or Firefox ESR or WebKit over WebDriver."""
    if request.param == "chromium":
        return Chromium(request.getfixturevalue("browser"))
    return {"firefox": Firefox, "webkit": WebKit}[request.param]()
