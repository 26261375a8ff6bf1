"""The expert's review of a finished game on the page (game_core/review.py, game_core/review_replay.py): the
"Review" button of the result box runs it in slices with a progress bar (the page never freezes), keeps it
with the game's record in localStorage, and opens the replay viewer on the reviewed seat's moves."""

from pyodide.ffi import create_once_callable
from js import window

from game_core.page import message
from game_core.page_state import SLICE_SECONDS
from game_core.review import review_game
from game_core.review_replay import ReviewReplay, kept_review, kept_text, reviewed_seat
from game_core.session import run_slice

from glue.core import KEYS, NAME, element, page, random_seed, show_message
from glue import drawing, storage

BUDGET_MS = 15000  # the whole review's time in the page (game_core/review.py spreads it over the moves)
jobs = {}  # the review being computed, as "review" (dropped by a new one: game_core.session.run_slice)


def open_review() -> None:
    """The result box's "Review": a stored review of this game at once, else one computed in slices."""
    record = page.session.state.record()
    seat = reviewed_seat(page.session)
    if seat is None:
        return show_message(message("nobody-to-review"))
    panel = element("review")
    panel.hidden = False
    kept = kept_review(storage.storage_get(KEYS.review), record, seat)
    if kept is not None:
        return show(record, kept)
    session, finished = page.session, page.session.state
    running = review_game(session.game, session.package, record, seat, random_seed(), BUDGET_MS)
    jobs["review"] = running
    element("review-wait").hidden = False
    element("review-progress").value = 0
    element("review-chart").innerHTML = ""
    element("review-caption").textContent = ""
    document_state("1")

    def step():
        ongoing = page.session.state is finished  # (not when another game began)
        outcome = run_slice(jobs, "review", running, False, SLICE_SECONDS) if ongoing else ("dropped",)
        if outcome[0] == "dropped":
            return document_state("0")
        if outcome[0] == "done":
            storage.storage_set(KEYS.review, kept_text(record, seat, outcome[1]))
            return show(record, outcome[1])
        if outcome[1] is not None:
            element("review-progress").value = outcome[1]
        window.setTimeout(create_once_callable(step), 0)

    window.setTimeout(create_once_callable(step), 0)


def reviewing(replay) -> bool:
    """The replay viewer shows a review (its declared capability)."""
    return replay is not None and replay.capabilities.review


def document_state(state: str) -> None:
    window.document.body.setAttribute("data-reviewing", state)


def show(record: dict, review: dict) -> None:
    """Open the replay viewer on the review, at its biggest swing (or its first move)."""
    document_state("0")
    element("review-wait").hidden = True
    page.replay = ReviewReplay(NAME, record, review)
    go(page.replay.opening())


def go(k: int) -> None:
    """Show the reviewed move `k` (a position in the review's moves): its position, the chart, the words."""
    if reviewing(page.replay) and page.replay.show(k):
        drawing.render()
        refresh()


def refresh() -> None:
    """The chart and the words for the position the replay shows (the replay bar may have moved it)."""
    shown = reviewing(page.replay)
    element("review").hidden = not shown
    if shown:
        element("review-chart").innerHTML, element("review-caption").textContent = page.replay.panel()


def step(arg: str) -> None:
    """The review's own buttons: the previous ("0") or next ("1") move of the reviewed seat."""
    if reviewing(page.replay):
        go(page.replay.neighbour(arg == "1"))


def close() -> None:
    """Another replay or game: the review's computing stops and its panel goes."""
    jobs.clear()
    document_state("0")
    element("review").hidden = True
