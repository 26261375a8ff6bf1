"""Drawing a frame: the board, status, tray and log the controller gives, the dice and pieces that moved,
the touch zoom, and the buttons each frame enables. `render` only paints; what follows a frame (autosave,
sound, focus, the bot) is glue/effects.py's after_frame, which render calls last (page.after_frame)."""

from pyodide.ffi import create_once_callable, create_proxy
from js import document, window

from game_core import page as shows, screen
from game_core.dock import spill
from game_core.page_state import HOLD_MS
from game_core.session import finished_now, log_edits, log_html
from game_core.tray import tray_html

from glue.core import EMBED, element, js, now_ms, page, reduced_motion, show_message, write
from glue import follow, sound, storage


NARROW = window.matchMedia("(max-width: 760px), (max-height: 500px)")  # a phone, upright or sideways: ui["narrow"]


def animated_nodes(board):
    """Dice (by seat and die, with their value) and thunder claims (by seat and card) on the board."""
    for node in board.querySelectorAll(".die[data-die], .thunder"):
        key = f'{node.getAttribute("data-seat")}:{node.getAttribute("data-die") or node.getAttribute("data-card")}'
        yield (key, node.getAttribute("data-value") or "claimed"), node


def animated_marks(board) -> dict:
    return dict(mark for mark, _ in animated_nodes(board))


def piece_places(board) -> dict:
    """Where each piece (data-piece, a stable id across renders) is on the screen now."""
    places = {}
    for node in board.querySelectorAll("[data-piece]"):
        box = node.getBoundingClientRect()
        places[node.getAttribute("data-piece")] = (float(box.left), float(box.top))
    return places


def move_pieces(board, before: dict) -> None:
    """FLIP: each piece that moved slides from its old place to its new one; a new piece fades in.
    With reduced motion nothing moves: the .last highlight alone says what changed."""
    if not before or reduced_motion():
        return
    for node in board.querySelectorAll("[data-piece]"):
        old = before.get(node.getAttribute("data-piece"))
        if old is None:
            node.classList.add("arrived")
            continue
        box = node.getBoundingClientRect()
        moved = screen.slide(old, (float(box.left), float(box.top)), float(node.ownerSVGElement.getScreenCTM().a))
        if moved:
            # `translate` composes with the element's own transform attribute (`transform` would replace it).
            frames = js([{"translate": f"{moved[0]}px {moved[1]}px"}, {"translate": "0px 0px"}])
            node.animate(frames, js({"duration": 350, "easing": "ease-out"}))


def announce_cues(board) -> str:
    """The scoring moments drawn on the board (class cue), in words for the live region."""
    return " ".join(str(node.getAttribute("data-cue")) for node in board.querySelectorAll(".cue[data-cue]"))


def watch_dock() -> None:
    """The docked decision's height is --dock-h, for the phone layout (style.css): kept by a
    ResizeObserver, which reads it after the browser's own layout, never in the middle of a redraw. A
    swipe up its status shows every choice, a swipe down brings it back to its short self (the "more"
    chip does both too)."""
    dock = element("dock")

    def resized(entries, observer):
        document.documentElement.style.setProperty("--dock-h", f"{dock.offsetHeight}px")
    window.ResizeObserver.new(create_proxy(resized)).observe(dock)
    start = {}

    def pressed(event):
        start["y"] = None if event.target.closest("#tray, button") else float(event.clientY)

    def released(event):
        if start.get("y") is not None and NARROW.matches:
            expanded = screen.swipe(float(event.clientY) - start["y"])
            if expanded is not None:
                expand_dock(expanded)
        start["y"] = None
    dock.addEventListener("pointerdown", create_proxy(pressed))
    dock.addEventListener("pointerup", create_proxy(released))


def watch_presses() -> None:
    """Hold the table still while a press on a target lasts. A redraw in the middle of a press may move
    its element (the morph keeps order by moving nodes), re-make it (a die's roll animation) or replace the
    touch padding under the finger, and the browser then sends the click elsewhere: on a real-time table
    about one press in twenty was lost. The held redraw is made as soon as the press ends (its click), or
    after HOLD_MS at most."""
    def pressed(event):
        closest = getattr(event.target, "closest", None)  # the document itself has none
        if closest and closest("#board [data-action], #tray [data-action]"):
            page.held_since = now_ms()
            window.setTimeout(end_hold_proxy, HOLD_MS)

    def ended(event):
        if page.held_since is not None:
            page.held_since = None
            window.setTimeout(end_hold_proxy, 0)  # after this click's own action and redraw
    document.addEventListener("pointerdown", create_proxy(pressed), True)
    for name in ("click", "pointercancel"):
        document.addEventListener(name, create_proxy(ended), True)


def end_hold() -> None:
    if page.release(now_ms()):
        render()


end_hold_proxy = create_proxy(end_hold)


def expand_dock(expanded: bool) -> None:
    """On a phone the dock keeps to a quarter of the screen: the choices that do not fit wait behind its
    "more" chip; expanded, it shows every choice with its details (until the next move)."""
    dock = element("dock")
    dock.classList.toggle("expanded", expanded)
    dock.scrollTop = 0  # (an expanded dock scrolls; short, it shows its top)
    spill_tray()


def spill_tray() -> None:
    """A phone's short dock: each choice that does not fit in the tray's rows is set aside (class spill,
    not shown) and counted on the "more" chip (game_core.dock.spill); expanded, all are back."""
    tray, more = element("tray"), element("tray-more")
    for node in tray.querySelectorAll(".spill"):
        node.classList.remove("spill")
    if not more:  # (no choices: no chip; a missing element is JS null, falsy)
        return
    groups = tray.querySelectorAll(".tray-group")
    groups.item(groups.length - 1).appendChild(more)  # its own place, after the last choice (place_more moves it)
    dock = element("dock")
    expanded = dock.classList.contains("expanded")
    docked = window.getComputedStyle(dock).position == "fixed"  # a phone held upright (style.css)
    choices = [node for node in tray.querySelectorAll(".tray-button")]
    out = []
    if docked and not expanded and page.lesson is None and choices:  # chips without their details
        # the tray's foot, or the dock's (inside its padding) where the tray, at its least, runs past it
        edge = float(dock.getBoundingClientRect().bottom) - float(window.parseFloat(window.getComputedStyle(dock).paddingBottom) or 0)
        out = spill(DockTray(tray, more, choices), min(float(tray.getBoundingClientRect().bottom), edge) + 0.5)
    else:
        more.hidden = not (docked and expanded)
    write(shows.more_writes(len(out), expanded))


class DockTray:
    """The tray as game_core.dock.spill lays it out, measured by the browser."""

    def __init__(self, tray, more, choices: list):
        self.tray, self.more, self.choices = tray, more, choices

    def headings(self) -> list:
        return list(self.tray.querySelectorAll("h3"))

    def reset(self) -> None:
        for node in self.tray.querySelectorAll(".spill"):
            node.classList.remove("spill")

    def set_aside(self, nodes: list) -> None:
        for node in nodes:
            node.classList.add("spill")

    def bottom(self, node) -> float:
        return float(node.getBoundingClientRect().bottom)

    def has_details(self) -> bool:
        return bool(self.tray.querySelector(".detail"))

    def chip(self, count: int, shown: bool) -> None:
        self.more.hidden = not shown
        self.more.textContent = shows.more_label(count, False)
        place_more(self.tray, self.more)

    def chip_bottom(self) -> float:
        return self.bottom(self.more)


def place_more(tray, more) -> None:
    """The "more" chip ends the last row that still shows a choice; a group (its heading) with no choice
    left to show goes."""
    groups = list(tray.querySelectorAll(".tray-group"))
    showing = [group for group in groups if group.querySelector(".tray-button:not(.spill)")]
    if showing and not showing[-1].contains(more):
        showing[-1].appendChild(more)
    for group in groups:
        if group in showing:
            continue
        if not group.contains(more):
            group.classList.add("spill")
        elif group.querySelector("h3"):
            group.querySelector("h3").classList.add("spill")


def size_board() -> None:
    """Fit each laptop drawing to the screen's height by its aspect ratio (a phone's tall drawing, made for
    ui["narrow"], takes the screen's width instead); on a touch screen zoom a board
    whose smallest target would be under 44 px (it then pans inside #board, never the page)."""
    board = element("board")
    board.classList.remove("zoomed")
    board.removeAttribute("tabindex")
    drawings = list(board.querySelectorAll(":scope > svg"))
    for svg in drawings:
        box = svg.viewBox.baseVal
        svg.style.width = ""
        svg.style.maxWidth = ""
        if box and box.height and not NARROW.matches:  # a phone drawing is tall: it takes the width, the page scrolls
            svg.style.maxWidth = f"calc(var(--board-h) * {box.width / box.height:.4f})"
    if not window.matchMedia("(pointer: coarse)").matches:
        return
    for index, svg in enumerate(drawings):
        if NARROW.matches:  # drawn for the phone's width with finger-sized targets: padded, never zoomed
            pad_targets(svg)
            continue
        sizes = [min(float(r.width), float(r.height)) for r in
                 (node.getBoundingClientRect() for node in svg.querySelectorAll("[data-action],[data-command]"))
                 if r.width > 0 and r.height > 0]
        page.board_zoom[index] = screen.zoom(page.board_zoom.get(index, 1.0), sizes)
        if page.board_zoom[index] > 1:
            svg.style.maxWidth = "none"
            svg.style.width = f"{float(svg.getBoundingClientRect().width) * page.board_zoom[index]:.0f}px"
            board.classList.add("zoomed")
            board.setAttribute("tabindex", "0")  # a panned region must be reachable by keyboard too
        pad_targets(svg)


def reveal_targets(board) -> None:
    """A zoomed board pans to the choices when none of them is in its view (the next step is obvious)."""
    if not board.classList.contains("zoomed"):  # (measuring every target costs a layout: only when zoomed)
        return
    targets = [box_of(node) for node in board.querySelectorAll("[data-action]")]
    scroll = screen.reveal(box_of(board), targets)
    if scroll:
        board.scrollLeft += scroll[0]
        board.scrollTop += scroll[1]


def box_of(node) -> tuple:
    box = node.getBoundingClientRect()
    return float(box.left), float(box.top), float(box.width), float(box.height)


def pad_targets(svg) -> None:
    """Give each target still under 44 px after the zoom an invisible hit area of 44 px around its
    drawing (the last child of its <g>, so the focus ring on its first child is unchanged)."""
    for node in svg.querySelectorAll("g[data-action], g[data-command]"):
        box = node.getBoundingClientRect()
        if not screen.too_small(float(box.width), float(box.height)):
            continue
        local = node.getBBox()
        area = screen.hit_area((float(local.x), float(local.y), float(local.width), float(local.height)),
                               float(node.getScreenCTM().a))
        pad = document.createElementNS("http://www.w3.org/2000/svg", "rect")
        for name, value in area.items():
            pad.setAttribute(name, value)
        pad.setAttribute("fill", "transparent")
        pad.setAttribute("class", "hit")
        node.appendChild(pad)


def show_log(lines: list, step: int | None) -> list:
    """Bring #log to `lines`, changing only the lines that differ (a click costs the same at move 600 as at
    move 20): new lines appended, lines that read differently rewritten (another reader behind or after the
    hotseat curtain: a seat's own draws; an undo; a new game). The replay viewer's list, which marks its
    `step`, is drawn whole. Return the new lines."""
    log = element("log")
    shown = page.log_shown
    if step is not None or page.log_replaying:
        log.innerHTML = log_html(lines, step)
        new = []
    else:
        rewrite, remove, new = log_edits(shown, lines)
        items = log.children
        for index, line in rewrite:
            items.item(index).textContent = line
        for _ in range(remove):
            log.lastElementChild.remove()
        log.insertAdjacentHTML("beforeend", log_html(new))
    page.log_shown, page.log_replaying = lines, step is not None
    window.requestAnimationFrame(create_once_callable(lambda timestamp: scroll_to_end(log)))
    return new


def scroll_to_end(node) -> None:
    """Measured in the next frame, when the page is laid out anyway: reading a height in the middle of a
    redraw forces a layout of its own (about 20 ms on the Nippon map, on every redraw)."""
    node.scrollTop = node.scrollHeight


def render() -> None:
    """Paint the controller's frame (or the replay's), then run page.after_frame (glue/effects.py)."""
    if page.hold_redraw():  # (made when the press ends)
        return
    focused = document.activeElement
    focus_key = None
    if focused:
        for attr in ("data-action", "data-command"):
            if focused.getAttribute(attr):
                focus_key = (attr, focused.getAttribute(attr))
    board = element("board")
    for drawer in (page.session, page.replay):
        if drawer is not None:
            drawer.ui["narrow"] = bool(NARROW.matches)
    if (page.session.package.remembered_setup and page.replay is None and "last_setup" not in page.session.ui
            and page.session.capabilities.record):
        page.session.ui["last_setup"] = storage.last_setup()  # "Same as last game", where a tray offers it
    before = animated_marks(board)
    places = piece_places(board) if page.board_is_live else {}  # nothing slides from the build-time skeleton
    shown = page.session if page.replay is None else page.replay
    frame = shown.frame()
    window.blitzbox.morph(board, frame["board"])  # in place: a press on a target is never lost
    new_lines = show_log(frame["log"], frame["step"])
    for (key, value), node in animated_nodes(board):  # animate only the dice and claims that just changed
        if shows.rolls_again(before, key, value, claim=node.classList.contains("thunder")):
            again = node.cloneNode(True)  # a new element: its animation starts over (a redraw keeps elements)
            node.replaceWith(again)
            again.classList.add("fresh")
    cue = None
    if frame["step"] is None and page.board_is_live:  # (the first frame of a page is not news)
        ended = frame["over"] and document.body.getAttribute("data-over") != "1"
        cue = sound.cue_for(board, moved=bool(new_lines), ended=ended)
    write(shows.announce_writes(new_lines, announce_cues(board)) + shows.last_move_writes(frame["last"])
          + shows.dock_writes(page.own_move, page.moves_shown, frame["moves"])
          + shows.frame_writes(frame, shown.capabilities.hint, page.session.capabilities.record))
    tray = element("tray")
    window.blitzbox.morph(tray, tray_html(frame["tray"], frame["status"], shows.MORE_CHIP))
    tray.hidden = not tray.childElementCount
    if frame["message"]:
        show_message(frame["message"])
    size_board()  # before the pieces slide (the zoom moves them)
    spill_tray()
    reveal_targets(board)
    move_pieces(board, places)
    following = shows.follow_after(frame, page.board_is_live, page.curtain_was_down, page.moves_shown, page.own_move)
    if following is not None:
        follow.follow(news=following == "news")
    page.own_move, page.moves_shown = False, frame["moves"]
    page.board_is_live = True
    if focus_key is not None:
        again = document.querySelector(f'[{focus_key[0]}="{window.CSS.escape(focus_key[1])}"]')
        if again:  # querySelector gives JS null (falsy) when the element is gone
            follow.focus(again)
    page.after_frame(frame, cue)


def after_action(was_over: bool) -> None:
    if finished_now(page.session, was_over) and not EMBED:
        storage.record_finished_game()
        storage.remember_last_setup()
    render()
