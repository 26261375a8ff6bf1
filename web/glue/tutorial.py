"""Learn by playing: a tutorial (game_core.tutorial.Lesson) shown on the game page.

While a lesson is on, `page.session` is the lesson's own game and the player's game waits in memory, untouched
(the autosave is not written: the lesson's place is kept in a slot of its own, {tutorial, step}). Every click
on the board or tray goes to the lesson, which takes it or says why not; the one element to click is lit by a
style rule (the rest dimmed, nothing disabled or hidden from screen readers), and the instruction is read out
in a live region. Nothing here knows a game: the words and targets are the tutorial's data."""

from html import escape

from pyodide.ffi import to_js
from js import document, window

from game_core.tutorial import Lesson, for_game

from glue.core import EMBED, NAME, PREFIX, element, page, show_message
from glue import drawing, storage


OFFER_KEY = f"{PREFIX}:tutorial-offer"  # "no": the first-visit offer was dismissed or taken
TUTORIALS = {} if EMBED else for_game(NAME)
MENU_KEEPS = {"menu", "settings", "close-dialog", "tips-done", "tutorial", "tray-fold", "sound", "last-move"}  # kept in a lesson


def slot_key(name: str) -> str:
    return f"{PREFIX}:tutorial:{name}"


def options(into) -> None:
    """The page's tutorials as buttons in `into` (the offer, the How to play box): Start, or Resume where one
    was left part way."""
    parts = []
    for name, tutorial in TUTORIALS.items():
        saved = Lesson.from_save(storage.storage_get(slot_key(name)) or "", TUTORIALS)
        if saved is not None and 0 < saved.index and not saved.done:
            number, count = saved.learner_steps()
            label = f"Resume: {tutorial.title} (step {number} of {count})"
        else:
            label = f"{tutorial.title} ({tutorial.minutes} min)"
        parts.append(f'<button type="button" data-command="tutorial:start:{escape(name)}">{escape(label)}</button>')
    into.innerHTML = "".join(parts)


class PageLesson:
    """The lesson on this page and the player's game it stands in front of."""

    def __init__(self, lesson: Lesson, player):
        self.lesson, self.player = lesson, player

    def save(self) -> None:
        storage.storage_set(slot_key(self.lesson.name), self.lesson.to_save())

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
        body = document.body
        body.setAttribute("data-lesson", self.lesson.name)
        element("lesson").hidden = False
        element("lesson-offer").hidden = True
        element("lesson-title").textContent = panel["title"]
        element("lesson-progress").textContent = ("Finished" if panel["done"]
                                                  else f"Step {panel['number']} of {panel['count']}")
        element("lesson-news").innerHTML = "".join(f"<p>{escape(text)}</p>" for text in panel["news"])
        feedback = element("lesson-feedback")
        feedback.textContent = panel["feedback"]
        feedback.hidden = not panel["feedback"]
        element("lesson-say").textContent = panel["say"]
        element("lesson-say").hidden = panel["done"]
        end = element("lesson-end")
        end.hidden = not panel["done"]
        if panel["done"]:
            element("lesson-real").textContent = panel["real"]
            element("lesson-later").innerHTML = "".join(
                f'<li><a href="./{escape(anchor)}" target="_blank" rel="noopener">{escape(rule)}</a></li>'
                for rule, anchor in panel["later"])
        element("lesson-skip").hidden = element("lesson-go").hidden = panel["done"]
        target = panel["target"]
        lit = f":is({target})"  # (a highlight may list several selectors)
        element("lesson-light").textContent = "" if panel["done"] else (
            f"body[data-lesson] {lit} {{ opacity: 1 !important; filter: var(--lesson-glow); }}"
            f"body[data-lesson] #board {lit} > :first-child {{ stroke: var(--lesson); stroke-width: 5; }}"
            f"body[data-lesson] #tray button{lit} {{ background: var(--gold); color: #1f2421; border-style: solid; "
            f"outline: 4px solid var(--lesson); outline-offset: 1px; }}"
            f"body[data-lesson] #tray {lit} .detail {{ color: #3a3a30; }}"
            f"@media (prefers-reduced-motion: no-preference) {{ body[data-lesson] {lit} "
            f"{{ animation: lesson-pulse 1.6s ease-in-out infinite; }} }}")
        spoken = " ".join(([panel["feedback"]] if panel["feedback"] else panel["news"]) + [panel["say"]])
        if spoken.strip() and element("lesson-live").textContent != spoken:
            element("lesson-live").textContent = spoken
        element_to_click = document.querySelector(target) if target else None
        if element_to_click and not panel["feedback"]:
            bring_into_view(element_to_click)


def focus(target) -> None:
    """Focus an element where bring_into_view put it (Firefox's own scrolling to a focused SVG element moves
    the page elsewhere)."""
    target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    bring_into_view(target)


def bring_into_view(target) -> None:
    """Scroll the lit element into the part of the screen the learner sees: inside the dock (the tray), or
    on the page above a phone's docked panel."""
    dock = element("dock")
    if dock.contains(target) or element("board").classList.contains("zoomed"):
        target.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}, dict_converter=window.Object.fromEntries))
    if dock.contains(target):
        return
    box = target.getBoundingClientRect()
    docked = drawing.NARROW.matches
    bottom = float(dock.getBoundingClientRect().top) if docked else float(window.innerHeight)
    if float(box.top) < 0 or float(box.bottom) > bottom:
        window.scrollBy(0, float(box.top) - max(0.0, (bottom - float(box.height)) / 2))

def begin(name: str, to_panel: bool = True) -> None:
    """Start a tutorial where it was left; one finished before is played again."""
    finished = Lesson.from_save(storage.storage_get(slot_key(name)) or "", TUTORIALS)
    start(name, fresh=finished is not None and finished.done, to_panel=to_panel)


def start(name: str, fresh: bool = False, to_panel: bool = True) -> None:
    """Show the tutorial `name` where it was left (or from the start: `fresh`, or finished before and asked
    again from the offer)."""
    if name not in TUTORIALS:
        shown = ", ".join(TUTORIALS) or "none yet"
        show_message(f"There is no tutorial {name!r} for this game (tutorials here: {shown}).")
        return
    saved = None if fresh else Lesson.from_save(storage.storage_get(slot_key(name)) or "", TUTORIALS)
    lesson = saved if saved is not None and saved.name == name else Lesson(name, TUTORIALS[name])
    player = page.lesson.player if page.lesson is not None else page.session
    page.jobs.clear()
    page.replay = None
    page.lesson = PageLesson(lesson, player)
    page.session = lesson.session
    storage.storage_set(OFFER_KEY, "no")
    page.lesson.save()
    set_address(name)
    show_message("")
    drawing.render()
    if to_panel:  # started by a click: the keyboard and a screen reader go on from the lesson's words
        element("lesson").focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


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
        begin(name)
    elif verb == "no-thanks":
        element("lesson-offer").hidden = True
        storage.storage_set(OFFER_KEY, "no")
    elif page.lesson is None:
        return
    elif verb == "restart":
        start(page.lesson.lesson.name, fresh=True)
    elif verb == "skip":
        lesson = page.lesson.lesson
        page.lesson.lesson = Lesson(lesson.name, lesson.tutorial, step=len(lesson.tutorial.steps))
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
    """While a lesson is on, a data-command: True when the lesson answered it. The game's own controls (board,
    tray) are the lesson's; Undo, Redo and Hint are off; other menu choices leave the lesson first."""
    if page.lesson is None or name.split(":", 1)[0] in MENU_KEEPS or name.startswith("replay-"):
        return False
    target = event.target.closest("[data-command]") if event and event.target and event.target.closest else None
    if target and target.closest("#board, #tray"):
        page.lesson.click(command=name)
        return True
    if name in ("undo", "redo", "reset-turn", "hint"):
        show_message("Undo, Redo and Hint are off during a tutorial: use Start over to begin it again.")
        return True
    leave()
    return False


def open_from_address() -> None:
    """?tutorial=NAME starts that tutorial; otherwise the first visit to a game with tutorials offers them."""
    wanted = window.URLSearchParams.new(window.location.search).get("tutorial")
    if not TUTORIALS:
        if wanted:
            show_message("This game has no tutorial yet: its rules page and the How to play box explain it.")
        return
    options(element("lesson-choices"))
    element("lesson-learn").hidden = False
    if wanted:
        begin(wanted if wanted in TUTORIALS else next(iter(TUTORIALS)), to_panel=False)
    elif (storage.storage_get(OFFER_KEY) != "no" and page.session.capabilities.autosave
          and not page.session.state.actions):  # a first visit's new local game: the first tutorial, in one line
        name, tutorial = next(iter(TUTORIALS.items()))
        label = f"Learn by playing ({tutorial.minutes} min)"
        element("lesson-offer-choice").innerHTML = (
            f'<button type="button" data-command="tutorial:start:{escape(name)}" '
            f'aria-label="{escape(label)}: {escape(tutorial.title)}">{escape(label)}</button>')
        element("lesson-offer").hidden = False
