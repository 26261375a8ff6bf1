"""The expert's review of a finished game on the page (game_core/review.py): the "Review" button of the
result box runs it in slices with a progress bar (the page never freezes), keeps it with the game's record in
localStorage, and opens the replay viewer on the reviewed seat's moves: the chart above the board, each move's
board with the expert's move marked beside the one played."""

import json
import time

from pyodide.ffi import create_once_callable
from js import window

from game_core.review import review_game, swing_words
from game_core.review_svg import caption, chart, review_board
from game_core.session import HUMAN, Capabilities, Replay

from glue.core import NAME, PREFIX, SLICE_SECONDS, element, page, random_seed, show_message
from glue import drawing, storage

REVIEW_KEY = f"{PREFIX}:review"  # the last review: {"record", "seat", "review"}
BUDGET_MS = 15000  # the whole review's time in the page (game_core/review.py spreads it over the moves)
job = {"running": None}  # the review being computed (dropped by a new one)


class ReviewReplay(Replay):
    """The replay viewer on a reviewed game: at a position where the reviewed seat moved, the board is that
    seat's view then, with the expert's move marked beside the one played."""

    capabilities = Capabilities(replay=True, review=True)

    def __init__(self, record: dict, review: dict):
        super().__init__(NAME, record)
        self.review = review
        self.reviewed = {move["index"]: k for k, move in enumerate(review["moves"])}

    def move_at(self):
        return self.reviewed.get(self.index)

    def board_svg(self) -> str:
        k = self.move_at()
        if k is None:
            return super().board_svg()
        view = self.states[self.index].view(self.review["seat"])
        return review_board(self.package, view, self.review["moves"][k], self.ui)


def reviewed_seat():
    """The seat whose moves are reviewed: the viewer's if a person plays it, else the first person's."""
    session = page.session
    viewer = session.viewer()
    if viewer is not None and session.seats.get(str(viewer)) == HUMAN:
        return viewer
    humans = session.humans()
    return humans[0] if humans else None


def stored(record: dict, seat):
    try:
        kept = json.loads(storage.storage_get(REVIEW_KEY) or "null")
    except ValueError:
        return None
    if isinstance(kept, dict) and kept.get("record") == record and kept.get("seat") == seat:
        return kept.get("review")
    return None


def open_review() -> None:
    """The result box's "Review": a stored review of this game at once, else one computed in slices."""
    record = page.session.state.record()
    seat = reviewed_seat()
    if seat is None:
        return show_message("Only a person's moves are reviewed: no person played this game.")
    panel = element("review")
    panel.hidden = False
    kept = stored(record, seat)
    if kept is not None:
        return show(record, kept)
    session, finished = page.session, page.session.state
    running = review_game(session.game, session.package, record, seat, random_seed(), BUDGET_MS)
    job["running"] = running
    element("review-wait").hidden = False
    element("review-progress").value = 0
    element("review-chart").innerHTML = ""
    element("review-caption").textContent = ""
    document_state("1")

    def step():
        if job["running"] is not running or page.session.state is not finished:
            return document_state("0")  # replaced, or another game began
        deadline = time.perf_counter() + SLICE_SECONDS
        share = None
        try:
            while time.perf_counter() < deadline:
                share = next(running)
        except StopIteration as done:
            job["running"] = None
            storage.storage_set(REVIEW_KEY, json.dumps({"record": record, "seat": seat, "review": done.value}))
            show(record, done.value)
            return
        if share is not None:
            element("review-progress").value = share
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
    page.replay = ReviewReplay(record, review)
    go(review["swings"][0] if review["swings"] else 0)


def go(k: int) -> None:
    """Show the reviewed move `k` (a position in the review's moves): its position, the chart, the words."""
    replay = page.replay
    if not reviewing(replay) or not replay.review["moves"]:
        return
    review = replay.review
    k = max(0, min(len(review["moves"]) - 1, k))
    replay.index = review["moves"][k]["index"]
    drawing.render()
    refresh()


def refresh() -> None:
    """The chart and the words for the position the replay shows (the replay bar may have moved it)."""
    replay = page.replay
    panel = element("review")
    if not reviewing(replay):
        panel.hidden = True
        return
    panel.hidden = False
    k = replay.move_at()
    review = replay.review
    words = [swing_words(replay.game, review, at) for at in review["swings"]]
    element("review-chart").innerHTML = chart(review, words, k)
    element("review-caption").textContent = (caption(review, k) if k is not None else
                                             "The other side's move: the expert reviews your moves only.")


def step(arg: str) -> None:
    """The review's own buttons: the previous or next move of the reviewed seat."""
    replay = page.replay
    if not reviewing(replay):
        return
    indexes = [move["index"] for move in replay.review["moves"]]
    if arg == "1":
        later = [k for k, index in enumerate(indexes) if index > replay.index]
        go(later[0] if later else len(indexes) - 1)
    else:
        earlier = [k for k, index in enumerate(indexes) if index < replay.index]
        go(earlier[-1] if earlier else 0)


def close() -> None:
    """Another replay or game: the review's computing stops and its panel goes."""
    job["running"] = None
    document_state("0")
    element("review").hidden = True
