"""The expert's review (game_core/review.py) in the replay viewer: whose moves are reviewed, the review kept
with the game's record, and the viewer on the reviewed seat's moves (each move's board with the expert's move
marked beside the one played, the chart and the words). web/glue/review.py runs the review in slices and
puts what this gives on the page."""

import json

from .review import swing_words
from .review_svg import caption, chart, review_board
from .session import HUMAN, Capabilities, Replay

OTHER_SIDE = "The other side's move: the expert reviews your moves only."


def reviewed_seat(controller):
    """The seat whose moves are reviewed: the viewer's if a person plays it, else the first person's (None:
    no person played)."""
    viewer = controller.viewer()
    if viewer is not None and controller.seats.get(str(viewer)) == HUMAN:
        return viewer
    humans = controller.humans()
    return humans[0] if humans else None


def kept_text(record: dict, seat, review: dict) -> str:
    """What the page keeps of the last review: the game's record, its seat and the review."""
    return json.dumps({"record": record, "seat": seat, "review": review})


def kept_review(text, record: dict, seat):
    """The review kept in `text` (kept_text; None, damaged or another game's: None) of this record and seat."""
    try:
        kept = json.loads(text or "null")
    except ValueError:
        return None
    if isinstance(kept, dict) and kept.get("record") == record and kept.get("seat") == seat:
        return kept.get("review")
    return None


class ReviewReplay(Replay):
    """The replay viewer on a reviewed game: at a position where the reviewed seat moved, the board is that
    seat's view then, with the expert's move marked beside the one played."""

    capabilities = Capabilities(replay=True, review=True)

    def __init__(self, game_name: str, record: dict, review: dict):
        super().__init__(game_name, record)
        self.review = review
        self.reviewed = {move["index"]: k for k, move in enumerate(review["moves"])}

    def move_at(self):
        """The reviewed move shown now (a position in review["moves"]), or None: the other side's."""
        return self.reviewed.get(self.index)

    def board_svg(self) -> str:
        k = self.move_at()
        if k is None:
            return super().board_svg()
        view = self.states[self.index].view(self.review["seat"])
        return review_board(self.package, view, self.review["moves"][k], self.ui)

    def opening(self) -> int:
        """The reviewed move the viewer opens on: the biggest swing, or the first move."""
        return self.review["swings"][0] if self.review["swings"] else 0

    def show(self, k: int) -> bool:
        """Go to the reviewed move `k` (kept within the moves); False: the review has no move to show."""
        moves = self.review["moves"]
        if not moves:
            return False
        self.index = moves[max(0, min(len(moves) - 1, k))]["index"]
        return True

    def neighbour(self, forward: bool) -> int:
        """The reviewed move after (`forward`) or before the position shown, or the last or first move."""
        indexes = [move["index"] for move in self.review["moves"]]
        if forward:
            return next((k for k, index in enumerate(indexes) if index > self.index), len(indexes) - 1)
        return next((k for k in reversed(range(len(indexes))) if indexes[k] < self.index), 0)

    def panel(self) -> tuple:
        """(the chart with the move shown marked, the words for the position shown)."""
        k = self.move_at()
        words = [swing_words(self.game, self.review, at) for at in self.review["swings"]]
        return chart(self.review, words, k), (caption(self.review, k) if k is not None else OTHER_SIDE)
