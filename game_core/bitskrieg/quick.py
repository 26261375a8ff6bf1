"""Bitskrieg's quick set-up: the rest of a set-up step (the five secret picks, the five deployments or
the two flags) chosen in one click, from the seat's view only. It chooses as the bots do (a balanced
force, tanks facing the enemy spread along the home edge, flags kept back), or repeats the set-up this
player made in an earlier game, turned to this game's home edge. Nothing of it involves dice, so Undo
takes each step back and the player can place things by hand instead.

The page offers it as data-command "quick-setup" (and "quick-setup:last" for the earlier game's
set-up, kept by the page from `remembered_setup`): it applies `quick_setup(view, ...)`'s actions in order.
"""

from ..rng import Rng
from .actions import Action
from .bots import setup_choice
from .data import FACINGS, SIZE, xy
from .rules import GAME, EDGE_FACING_IN, sq_name, sq_parse

STEPS = ("pick", "deploy", "flags")  # the set-up steps one click completes


def quick_setup(view, remembered=None) -> list:
    """The actions that finish the seat's current set-up step, in order ([] when it has none to take):
    the earlier game's choices (`remembered`, from remembered_setup) where they are still legal, else
    the bots' sensible ones."""
    seat = view["seat"]
    if seat is None or view["to_play"] != seat or view["state"]["phase"] not in STEPS:
        return []
    rng = Rng.from_seed(view["moves_made"], "quick set-up")  # the same click always gives the same set-up
    state = GAME.state_from_view(view, rng)
    step, actions = state.phase, []
    while state.to_play == seat and state.phase == step:
        legal = state.legal_actions()
        action = repeated(state, seat, legal, remembered) or setup_choice(state, seat, legal, rng)
        actions.append(action)
        state = state.apply(action)
    return actions


def repeated(state, seat, legal, remembered):
    """The next action of the remembered set-up that is legal here, or None."""
    if not remembered:
        return None
    edge = state.home[seat]
    if state.phase == "pick":
        wanted = [f"pick {cls}" for cls in remembered["picks"][len(state.chosen[seat]):][:1]]
    elif state.phase == "deploy":
        wanted = [f"deploy {cls} {sq_name(from_frame(u, v, edge))} {turn(facing, edge)}"
                  for cls, u, v, facing in remembered["deploy"]]
    else:
        wanted = [f"flag {sq_name(from_frame(u, v, edge))}" for u, v in remembered["flags"]]
    return next((action for action in wanted if action in legal), None)


def remembered_setup(record, seat):
    """What `seat` chose in the set-up of a game record (the page's saved record of an earlier game):
    {"picks", "deploy", "flags"} with squares and facings seen from its home edge, so they can be
    repeated from another edge; None when the record is not a Bitskrieg game past that seat's set-up."""
    try:
        state = GAME.new_game(record["seed"], record["options"])
        for action in record["actions"]:
            if state.phase == "play":
                break
            state = state.apply(action)
    except Exception:  # an old or damaged record: nothing to repeat
        return None
    if state.phase != "play" or seat not in state.home:
        return None
    edge = state.home[seat]
    deploy = []
    for step in map(Action.parse, state.actions):
        if step.verb == "deploy" and to_frame(sq_parse(step.end), edge)[1] == 0:  # on this seat's edge
            deploy.append([step.letter, *to_frame(sq_parse(step.end), edge), turn(step.facing, edge, back=True)])
    return {"picks": "".join(state.chosen[seat]), "deploy": deploy,
            "flags": [list(to_frame(flag, edge)) for flag in state.flags[seat]]}


# -- a square and a facing as seen from a home edge: u along it from the player's left, v away from it
def to_frame(sq, edge):
    x, y = xy(sq)
    far = SIZE - 1
    return {"s": (x, y), "n": (far - x, far - y), "w": (far - y, x), "e": (y, far - x)}[edge]


def from_frame(u, v, edge):
    far = SIZE - 1
    x, y = {"s": (u, v), "n": (far - u, far - v), "w": (v, far - u), "e": (far - v, u)}[edge]
    return y * SIZE + x


def turn(facing, edge, back=False):
    """A facing as seen from `edge` (forward is "n") and back again (`back`: board to frame)."""
    shift = FACINGS.index(EDGE_FACING_IN[edge])
    return FACINGS[(FACINGS.index(facing) + (-shift if back else shift)) % 4]
