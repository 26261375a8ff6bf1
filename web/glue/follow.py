"""Following the action on a phone (and any page that scrolls): after a frame is painted, the move the
player did not make is brought into view above the docked decision, together with the nearest place the
player can play when both fit; on the player's own turn, a place to play. The page never scrolls for
anything else, and the keyboard focus moves only for a keyboard player (a tap never drags the page)."""

from js import document, window

from game_core import screen
from game_core.page import KEYBOARD_KEYS

from glue.core import element, js, page, reduced_motion


def visible_band() -> tuple:
    """The part of the screen the board shows: under nothing at the top, above the docked decision (a
    phone's dock is fixed at the bottom; elsewhere the side column is beside the board)."""
    bottom = float(window.innerHeight)
    dock = element("dock")
    if dock and window.getComputedStyle(dock).position == "fixed":
        bottom = min(bottom, float(dock.getBoundingClientRect().top))
    return 0.0, bottom


def boxes(selector: str) -> list:
    found = []
    for node in document.querySelectorAll(selector):
        box = node.getBoundingClientRect()
        if float(box.width) > 0 and float(box.height) > 0:
            found.append((float(box.top), float(box.bottom)))
    return found


def scroll_into_band(span: tuple) -> None:
    """Scroll the page the least that shows `span` (game_core.screen.scroll_by); nothing if it is in view."""
    delta = screen.scroll_by(visible_band(), span)
    if delta is not None:
        window.scrollBy(js({"top": delta, "behavior": "auto" if reduced_motion() else "smooth"}))


def follow(news: bool) -> None:
    """After a frame: `news` when it shows a move this player did not make (a bot's, the other seat's after
    the hotseat curtain, a remote move, a replay's step); what comes into view is game_core.screen.follow_span's."""
    if page.session is not None and page.session.realtime:
        return  # a real-time table fits its screen; following every bot's roll would shake it
    span = screen.follow_span(visible_band(), boxes("#board [data-action]"), boxes("#board .last") if news else [])
    if span is not None:
        scroll_into_band(span)


def bring_into_view(node) -> None:
    """A hint's target: on the board, scrolled into the visible band; in the tray, into the tray's view."""
    if node.closest("#tray"):
        node.scrollIntoView(js({"block": "nearest", "inline": "nearest"}))
        return
    box = node.getBoundingClientRect()
    scroll_into_band((float(box.top), float(box.bottom)))


def on_pointer(event) -> None:
    page.keyboard_player = False


def on_key(event) -> None:
    if event.key in KEYBOARD_KEYS:
        page.keyboard_player = True


def focus(node) -> None:
    """Focus without scrolling the page (the follow step decides what is in view)."""
    node.focus(js({"preventScroll": True}))
