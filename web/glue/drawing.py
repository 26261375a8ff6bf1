"""Drawing a frame: the board, status, tray and log the session gives, the dice and pieces that moved,
the touch zoom, and the buttons each frame enables."""

from html import escape

from pyodide.ffi import create_once_callable, create_proxy, to_js
from js import document, window

from game_core.session import log_html
from game_core.tray import tray_html

from glue.core import EMBED, element, now_ms, page, show_message
from glue import play, remote, sound, storage


TOUCH_TARGET_PX = 44  # the smallest target a finger hits reliably (WCAG 2.5.5)
MAX_ZOOM = 2  # a touch screen zooms a board at most this much (then it pans inside its box; small targets get a larger hit area)
NARROW = window.matchMedia("(max-width: 760px)")  # the phone layout: ui["narrow"] for the drawings
SWIPE_PX = 40  # a swipe down the docked decision folds it, up unfolds it
HOLD_MS = 700  # the longest a press holds the table still (a tap is far shorter; then the race goes on)


def animated_nodes(board):
    """Dice (by seat and die, with their value) and thunder claims (by seat and card) on the board."""
    for node in board.querySelectorAll(".die[data-die], .thunder"):
        key = f'{node.getAttribute("data-seat")}:{node.getAttribute("data-die") or node.getAttribute("data-card")}'
        yield (key, node.getAttribute("data-value") or "claimed"), node


def animated_marks(board) -> dict:
    return dict(mark for mark, _ in animated_nodes(board))


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


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
        scale = float(node.ownerSVGElement.getScreenCTM().a) or 1.0  # screen px per SVG unit
        dx, dy = (old[0] - float(box.left)) / scale, (old[1] - float(box.top)) / scale
        if abs(dx) + abs(dy) > 0.5:
            # `translate` composes with the element's own transform attribute (`transform` would replace it).
            frames = to_js([{"translate": f"{dx}px {dy}px"}, {"translate": "0px 0px"}],
                           dict_converter=window.Object.fromEntries)
            node.animate(frames, to_js({"duration": 350, "easing": "ease-out"}, dict_converter=window.Object.fromEntries))


def announce_cues(board) -> str:
    """The scoring moments drawn on the board (class cue), in words for the live region."""
    return " ".join(str(node.getAttribute("data-cue")) for node in board.querySelectorAll(".cue[data-cue]"))


def watch_dock() -> None:
    """The docked decision's height is --dock-h, for the phone layout (style.css): kept by a
    ResizeObserver, which reads it after the browser's own layout, never in the middle of a redraw. A
    swipe down its status folds it to one line, a swipe up unfolds it (the fold button does both too)."""
    dock = element("dock")

    def resized(entries, observer):
        document.documentElement.style.setProperty("--dock-h", f"{dock.offsetHeight}px")
    window.ResizeObserver.new(create_proxy(resized)).observe(dock)
    start = {}

    def pressed(event):
        start["y"] = None if event.target.closest("#tray, button") else float(event.clientY)

    def released(event):
        if start.get("y") is not None and NARROW.matches:
            moved = float(event.clientY) - start["y"]
            if abs(moved) >= SWIPE_PX:
                fold_tray(moved > 0)
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
    if page.held_since is not None and now_ms() - page.held_since < HOLD_MS - 1:
        return  # a later press holds the table still
    page.held_since = None
    if page.redraw_held:
        render()


end_hold_proxy = create_proxy(end_hold)


def fold_tray(folded: bool) -> None:
    """On a phone the decision folds to one line (its question and main choice) to show more board."""
    element("dock").classList.toggle("folded", folded)
    show_fold()


def show_fold() -> None:
    """The fold button says what it does; the tray's main choice (the one selected, else the first) is
    the one a folded tray keeps."""
    tray, button = element("tray"), element("tray-fold")
    choices = tray.querySelectorAll("[data-action],[data-command]")
    main = tray.querySelector('[aria-pressed="true"]') or tray.querySelector("[data-action],[data-command]")
    if main:
        main.classList.add("main")
    folded = element("dock").classList.contains("folded")
    button.hidden = tray.hidden
    button.setAttribute("aria-expanded", "false" if folded else "true")
    button.textContent = (f"All {choices.length} ▴" if choices.length > 1 else "More ▴") if folded else "Fold ▾"
    button.setAttribute("aria-label", "Show every choice" if folded else "Fold the choices to one line")


def show_last_move(line: str) -> None:
    """The last move in words, one line above the decision (the log's last line: the game's narration)."""
    last = element("last-move")
    last.hidden = not line
    last.innerHTML = f"<strong>Last move:</strong> {escape(line)}"
    last.setAttribute("title", line)


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
        if sizes:  # a zoom once needed stays (the board must not jump while a bot moves)
            page.board_zoom[index] = max(page.board_zoom.get(index, 1.0), min(MAX_ZOOM, TOUCH_TARGET_PX / min(sizes)))
        if page.board_zoom.get(index, 1.0) > 1:
            svg.style.maxWidth = "none"
            svg.style.width = f"{float(svg.getBoundingClientRect().width) * page.board_zoom[index]:.0f}px"
            board.classList.add("zoomed")
            board.setAttribute("tabindex", "0")  # a panned region must be reachable by keyboard too
        pad_targets(svg)


def reveal_targets(board) -> None:
    """A zoomed board pans to the choices when none of them is in its view (the next step is obvious)."""
    if not board.classList.contains("zoomed"):  # (measuring every target costs a layout: only when zoomed)
        return
    view = board.getBoundingClientRect()
    targets = [node.getBoundingClientRect() for node in board.querySelectorAll("[data-action]")]
    if not targets:
        return
    if any(r.right > view.left and r.left < view.right and r.bottom > view.top and r.top < view.bottom for r in targets):
        return
    first = targets[0]
    board.scrollLeft += float(first.left) - float(view.left) - (float(view.width) - float(first.width)) / 2
    board.scrollTop += float(first.top) - float(view.top) - (float(view.height) - float(first.height)) / 2


def pad_targets(svg) -> None:
    """Give each target still under 44 px after the zoom an invisible hit area of 44 px around its
    drawing (the last child of its <g>, so the focus ring on its first child is unchanged)."""
    for node in svg.querySelectorAll("g[data-action], g[data-command]"):
        box = node.getBoundingClientRect()
        if not box.width or (box.width >= TOUCH_TARGET_PX and box.height >= TOUCH_TARGET_PX):
            continue
        local = node.getBBox()
        # 44 px in the node's own units (and half a pixel more, so rounding never leaves it at 43.99)
        need = (TOUCH_TARGET_PX + 0.5) / (float(node.getScreenCTM().a) or 1.0)
        width, height = max(float(local.width), need), max(float(local.height), need)
        pad = document.createElementNS("http://www.w3.org/2000/svg", "rect")
        for name, value in (("x", float(local.x) - (width - float(local.width)) / 2),
                            ("y", float(local.y) - (height - float(local.height)) / 2),
                            ("width", width), ("height", height)):
            pad.setAttribute(name, f"{value:.1f}")
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
        items = log.children
        for index in range(min(len(shown), len(lines))):
            if shown[index] != lines[index]:
                items.item(index).textContent = lines[index]
        for _ in range(len(shown) - len(lines)):
            log.lastElementChild.remove()
        new = lines[len(shown):]
        log.insertAdjacentHTML("beforeend", log_html(new))
    page.log_shown, page.log_replaying = lines, step is not None
    window.requestAnimationFrame(create_once_callable(lambda timestamp: scroll_to_end(log)))
    return new


def scroll_to_end(node) -> None:
    """Measured in the next frame, when the page is laid out anyway: reading a height in the middle of a
    redraw forces a layout of its own (about 20 ms on the Nippon map, on every redraw)."""
    node.scrollTop = node.scrollHeight


def render() -> None:
    if page.held_since is not None:
        page.redraw_held = True
        return
    page.redraw_held = False
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
    if page.session.package.remembered_setup and page.replay is None and "last_setup" not in page.session.ui and not remote.is_remote():
        page.session.ui["last_setup"] = storage.last_setup()  # "Same as last game", where a tray offers it
    before = animated_marks(board)
    places = piece_places(board) if page.board_is_live else {}  # nothing slides from the build-time skeleton
    frame = (page.session if page.replay is None else page.replay).frame()
    window.blitzbox.morph(board, frame["board"])  # in place: a press on a target is never lost
    status = frame["status"]
    new_lines = show_log(frame["log"], frame["step"])
    for (key, value), node in animated_nodes(board):  # animate only the dice and claims that just changed
        unseen = None if node.classList.contains("thunder") else value  # a new claim is news; a new die not
        if before and before.get(key, unseen) != value:
            again = node.cloneNode(True)  # a new element: its animation starts over (a redraw keeps elements)
            node.replaceWith(again)
            again.classList.add("fresh")
    element("status").textContent = status
    spoken = " ".join(new_lines + ([announce_cues(board)] if new_lines else []))
    if spoken.strip():  # screen readers hear each new move, and the scoring moment it caused
        element("announce").textContent = spoken
    tray = element("tray")
    window.blitzbox.morph(tray, tray_html(frame["tray"], status))
    tray.hidden = not tray.childElementCount
    show_fold()
    show_last_move(frame["last"])
    replaying = frame["step"] is not None
    element("replay-bar").hidden = not replaying
    for command in ("undo", "reset-turn"):
        document.querySelector(f'[data-command="{command}"]').disabled = not frame["can_undo"]
    document.querySelector('[data-command="redo"]').disabled = not frame["can_redo"]
    document.querySelector('[data-command="hint"]').disabled = not frame["can_hint"]
    element("notice").hidden = True
    curtain = element("curtain")
    curtain.hidden = not frame["curtain"]
    if frame["curtain"]:
        element("curtain-text").textContent = (
            f"Pass the device to {frame['curtain_seat']}. Their hidden pieces stay covered until they are ready.")
    if frame["message"]:
        show_message(frame["message"])
    over = frame["over"]
    if not replaying and page.board_is_live:  # (the first frame of a page is not news)
        sound.play(board, moved=bool(new_lines), ended=over and document.body.getAttribute("data-over") != "1")
    document.body.setAttribute("data-over", "1" if over else "0")
    element("result").hidden = not frame["result"]
    element("status").hidden = not element("result").hidden  # the result box says it once, with its buttons
    element("result-text").textContent = frame["result"]
    for name in ("rematch", "replay", "download-record", "share"):  # a remote game's record needs its tape
        for button in document.querySelectorAll(f'#result [data-command="{name}"], nav [data-command="{name}"]'):
            button.hidden = remote.is_remote()
    remote.show_remote()
    size_board()  # before the pieces slide (the zoom moves them)
    reveal_targets(board)
    move_pieces(board, places)
    page.board_is_live = True
    if focus_key is not None:
        again = document.querySelector(f'[{focus_key[0]}="{window.CSS.escape(focus_key[1])}"]')
        if again:  # querySelector gives JS null (falsy) when the element is gone
            again.focus()
    covered = frame["curtain"]
    if covered:  # nothing of the covered seat is computed: no hint runs, and the keys go to "I am ready"
        page.jobs.pop("hint", None)
        if page.focus_on_board or document.activeElement in (None, document.body):
            curtain.querySelector('[data-command="reveal"]').focus()
    elif page.curtain_was_down and (document.activeElement in (None, document.body)
                                    or curtain.contains(document.activeElement)):
        if document.activeElement and curtain.contains(document.activeElement):
            document.activeElement.blur()  # the hidden "I am ready" button
        page.focus_on_board = True  # the player revealed: back to the board
        play.keep_focus_on_board()
    page.curtain_was_down = covered
    if page.lesson is not None:  # a tutorial: its own slot, never the autosave; its script plays, no bot
        page.lesson.show()
    elif not replaying:
        storage.autosave()
        play.schedule_bot()


def after_action(was_over: bool) -> None:
    if page.session.state.is_over and not was_over and not EMBED and not remote.is_remote():
        storage.record_finished_game()
        storage.remember_last_setup()
    render()
