"""The browser basics every glue module uses: which game this page plays, its storage keys and its one state
(game_core/page_state.py), the message line, and writing game_core's decisions into the page."""

from datetime import datetime

from pyodide.ffi import to_js
from js import document, window

from game_core.page_state import Keys, PageState


NAME = document.body.getAttribute("data-game")
EMBED = document.body.getAttribute("data-embed") == "1"
KEYS = Keys(NAME, EMBED)


page = PageState()


def browser_feature(owner, name):
    """A browser API, or None where this browser lacks it: a missing JS property raises AttributeError
    through Pyodide's proxy (Safari's engine has no navigator.storage in every context)."""
    try:
        return getattr(owner, name) or None
    except AttributeError:
        return None


def js(value):
    """A Python value as JavaScript's (a dict becomes a plain object: the options of a browser call)."""
    return to_js(value, dict_converter=window.Object.fromEntries)


def element(id_):
    return document.getElementById(id_)


def reduced_motion() -> bool:
    """The player asked for less motion: no slides, no smooth scrolls (the result is the same)."""
    return bool(browser_feature(window, "matchMedia") and window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def now_ms() -> float:
    return float(window.performance.now())


def random_seed() -> int:
    return int(window.Math.random() * 2**31)


def now_text() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M:%S")


def write(changes: list) -> None:
    """Put game_core's decisions into the page, in order (game_core/page.py): each (selector, name, value) sets
    `name` on every element the selector finds, an attribute ("@name"; None removes it), a class (".name", on
    or off) or else a DOM property."""
    for selector, name, value in changes:
        for node in document.querySelectorAll(selector):
            if name.startswith("@") and value is None:
                node.removeAttribute(name[1:])
            elif name.startswith("@"):
                node.setAttribute(name[1:], value)
            elif name.startswith("."):
                node.classList.toggle(name[1:], bool(value))
            else:
                setattr(node, name, value)


def show_message(text: str, link: tuple = (), news: bool = False) -> None:
    """The message line (empty: the page's standing note, or hidden), with a link (its words, its address)
    after the text if given; `news` (a game kept aside) reads calmly, not as an error."""
    box = element("message")
    if not text and page.standing_note:
        text, news = page.standing_note, True
    box.textContent = text
    box.classList.toggle("news", news)
    if link:
        anchor = document.createElement("a")
        anchor.textContent, anchor.href = link
        box.append(" ", anchor)
    box.hidden = not text
