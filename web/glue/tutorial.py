"""Learn by playing: a tutorial (game_core.tutorial.Lesson) shown on the game page.

While a lesson is on, `page.session` is the lesson's own game and the player's game waits in memory, untouched
(the autosave is not written: the lesson's place is kept in a slot of its own, {tutorial, step}). Every click
on the board or tray goes to the lesson, which takes it or says why not; the one element to click is lit by a
style rule (the rest dimmed, nothing disabled or hidden from screen readers), and the instruction is read out
in a live region. Nothing here knows a game or decides: the words, targets and choices are game_core.tutorial's."""

from js import document, window

from game_core import tutorial as lessons
from game_core.page import lesson_writes, message
from game_core.screen import lesson_scroll

from glue.core import EMBED, KEYS, NAME, element, js, page, show_message, write
from glue import drawing, storage


OFFER_KEY = lessons.offer_key(KEYS.prefix)
TUTORIALS = {} if EMBED else lessons.for_game(NAME)


def saved(name: str):
    return storage.storage_get(lessons.slot_key(KEYS.prefix, name))


def options(into) -> None:
    """The page's tutorials as buttons in `into` (the offer, the How to play box)."""
    into.innerHTML = lessons.choices_html(TUTORIALS, {name: saved(name) for name in TUTORIALS})


class PageLesson:
    """The lesson on this page and the player's game it stands in front of."""

    def __init__(self, lesson: lessons.Lesson, player):
        self.lesson, self.player = lesson, player

    def save(self) -> None:
        storage.storage_set(lessons.slot_key(KEYS.prefix, self.lesson.name), self.lesson.to_save())

    def click(self, action: str = "", command: str = "") -> None:
        taken = self.lesson.click(action, command)
        if taken:
            self.save()
        drawing.render()
        focused = document.activeElement
        on_game = focused in (None, document.body) or bool(focused.closest("#board, #tray"))
        target = self.lesson.panel()["target"]
        lit = document.querySelector(target) if taken and target and on_game else None
        if lit:  # the focus goes on to the next element to click (a keyboard player never hunts for it)
            focus(lit)

    def show(self) -> None:
        """The lesson's panel, the lit target and the words read out (after every redraw)."""
        panel = self.lesson.panel()
        write(lesson_writes(self.lesson.name, panel, str(element("lesson-live").textContent)))
        element_to_click = document.querySelector(panel["target"]) if panel["target"] else None
        if element_to_click and not panel["feedback"]:
            bring_into_view(element_to_click)


def focus(target) -> None:
    """Focus an element where bring_into_view put it (Firefox's own scrolling to a focused SVG element moves
    the page elsewhere)."""
    target.focus(js({"preventScroll": True}))
    bring_into_view(target)


def bring_into_view(target) -> None:
    """Scroll the lit element into the part of the screen the learner sees: inside the dock (the tray), or
    on the page above a phone's docked panel."""
    dock = element("dock")
    if dock.contains(target) or element("board").classList.contains("zoomed"):
        target.scrollIntoView(js({"block": "nearest", "inline": "nearest"}))
    if dock.contains(target):
        return
    box = target.getBoundingClientRect()
    docked = drawing.NARROW.matches
    bottom = float(dock.getBoundingClientRect().top) if docked else float(window.innerHeight)
    delta = lesson_scroll((float(box.top), float(box.bottom)), bottom)
    if delta is not None:
        window.scrollBy(0, delta)

def start(name: str, fresh: bool = False, to_panel: bool = True) -> None:
    """Show the tutorial `name` where it was left (game_core.tutorial.lesson_for: from the start when `fresh`
    or finished before)."""
    if name not in TUTORIALS:
        return show_message(lessons.missing(name, TUTORIALS))
    lesson = lessons.lesson_for(name, TUTORIALS, saved(name), fresh)
    player = page.lesson.player if page.lesson is not None else page.session
    page.adopt(lesson.session)
    page.replay = None
    page.lesson = PageLesson(lesson, player)
    storage.storage_set(OFFER_KEY, "no")
    page.lesson.save()
    set_address(name)
    show_message("")
    drawing.render()
    if to_panel:  # started by a click: the keyboard and a screen reader go on from the lesson's words
        element("lesson").focus(js({"preventScroll": True}))


def set_address(name: str) -> None:
    """?tutorial=NAME while a lesson is shown (a reload resumes it), nothing once it is left."""
    address = window.URL.new(window.location.href)
    if name:
        address.searchParams.set("tutorial", name)
    else:
        address.searchParams.delete("tutorial")
    window.history.replaceState(None, "", address.href)


def leave() -> None:
    """Back to the player's game, just as it was (the lesson stays saved to resume)."""
    if page.lesson is None:
        return
    set_address("")
    page.session = page.lesson.player
    page.lesson = None
    document.body.removeAttribute("data-lesson")
    element("lesson").hidden = True
    element("lesson-light").textContent = ""
    options(element("lesson-choices"))
    drawing.render()


def command(arg: str, event) -> None:
    """data-command="tutorial:start:NAME", "tutorial:restart", "tutorial:skip", "tutorial:leave",
    "tutorial:focus", "tutorial:real-game" and "tutorial:no-thanks"."""
    verb, _, name = arg.partition(":")
    if verb == "start":
        start(name)
    elif verb == "no-thanks":
        element("lesson-offer").hidden = True
        storage.storage_set(OFFER_KEY, "no")
    elif page.lesson is None:
        return
    elif verb == "restart":
        start(page.lesson.lesson.name, fresh=True)
    elif verb == "skip":
        page.lesson.lesson = page.lesson.lesson.skipped()
        page.session = page.lesson.lesson.session
        page.lesson.save()
        drawing.render()
    elif verb == "focus":  # keyboard and screen reader: straight to the element to click
        target = document.querySelector(page.lesson.lesson.panel()["target"] or "#lesson")
        if target:
            focus(target)
    elif verb == "leave":
        leave()
    elif verb == "real-game":
        setup = page.lesson.lesson.real_game()
        leave()
        if storage.keep_unfinished("New game"):
            storage.start(setup)
            drawing.render()


def takes(name: str, event) -> bool:
    """While a lesson is on, a data-command (game_core.tutorial.answer): True when the lesson answered it."""
    if page.lesson is None:
        return False
    target = event.target.closest("[data-command]") if event and event.target and event.target.closest else None
    answer = lessons.answer(name, bool(target and target.closest("#board, #tray")))
    if answer == "lesson":
        page.lesson.click(command=name)
    elif answer == "off":
        show_message(lessons.OFF)
    elif answer == "leave":
        leave()
    return answer in ("lesson", "off")


def open_from_address() -> None:
    """?tutorial=NAME starts that tutorial; otherwise the first visit to a game with tutorials offers them."""
    wanted = window.URLSearchParams.new(window.location.search).get("tutorial")
    if not TUTORIALS:
        if wanted:
            show_message(message("no-tutorial"))
        return
    options(element("lesson-choices"))
    element("lesson-learn").hidden = False
    if wanted:
        start(lessons.asked(wanted, TUTORIALS), to_panel=False)
    elif lessons.offered(storage.storage_get(OFFER_KEY), page.session):  # a first visit's new local game
        element("lesson-offer-choice").innerHTML = lessons.offer_html(TUTORIALS)
        element("lesson-offer").hidden = False
