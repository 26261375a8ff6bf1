"""Undo never peeks: a move that shows its mover anything that was hidden from them (a card from a face-down
pile, a bag's token, a reveal) or that chance decided cannot be taken back, in every game.

The judge is the mover's view alone: a move peeks when the view after it is not what the view before it and
the move decide, that is, when positions rebuilt from the view before it (Game.state_from_view: every hidden
thing dealt afresh, a fresh random stream) show the mover something else after the same move.
"""

import json

import pytest

from game_core import games
from game_core.engine import HIDDEN, hidden
from game_core.rng import Rng
from game_core.session import HUMAN, Session

# Each game with its default options and with the options that add hidden things or chance.
OPTIONS = [
    ("blitzkrieg", {}), ("blitzkrieg", {"mode": "solo"}),
    ("blitzkrieg", {"partisans": True, "inspired_leadership": True}),
    ("blitzkrieg-nippon", {}),
    ("bitskrieg", {}), ("bitskrieg", {"reserves": True, "handicapping": True, "terrain": True, "ramming": True}),
    ("blitzed", {"players": 3}), ("blitzed", {"players": 5}),
    ("fall-blau", {}), ("fall-blau", {"missions": True, "hard": True, "general_pool": "six"}),
]
SAMPLES = 3  # positions rebuilt from the view before each move


def seen(view: dict) -> dict:
    """A view as JSON without its move count (a rebuilt position starts its own count)."""
    return {k: v for k, v in json.loads(json.dumps(view)).items() if k not in ("moves_made", "legal_actions")}


def peeks(game, before, action, after, seat, rng) -> bool:
    """Does the move show `seat` something its view before the move could not tell?"""
    view, shown = before.view(seat), seen(after.view(seat))
    for _ in range(SAMPLES):
        rebuilt = game.state_from_view(view, rng)
        if seen(rebuilt.apply(action).view(seat)) != shown:
            return True
    return False


def every_seat_human(name, options):
    game = games.get(name)
    seats = {str(seat): HUMAN for seat in game.seats}
    return game.with_seats(options, seats), seats


@pytest.mark.parametrize("name,options", OPTIONS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(OPTIONS)])
def test_no_move_that_peeks_can_be_undone(name, options):
    game = games.get(name)
    options, seats = every_seat_human(name, options)
    peeking = undoable = 0
    for seed in (1, 2):
        session = Session(name, seed, options, seats)
        rng = Rng.from_seed(seed, "peek")
        while not session.state.is_over and len(session.state.actions) < 200:
            before = session.state
            action = rng.choice(before.legal_actions())
            session.act(action)
            after = session.state
            if any(peeks(game, before, action, after, seat, rng) for seat in before.acting_seats()):
                peeking += 1
                assert after.undo_floor == len(after.actions), (
                    f"{name} seed {seed}: move {len(after.actions)} ({action!r}) shows its mover something hidden "
                    "before it, yet it is no undo floor")
                assert not session.can_undo()
                session.command("undo")
                assert session.state is after and session.message.startswith("Nothing to undo")
            else:
                undoable += session.can_undo()
            session.command("reveal")
    assert peeking > 0, "no move showed anything hidden: the check saw nothing"
    if name != "blitzed":  # a race is played by everyone at once: nobody's step is their own to take back
        assert undoable > 0, "no move could be undone at all"


def test_fall_blau_the_third_general_draws_events_that_cannot_be_undone():
    """The issue's steps: generals 1 and 2 can be taken back; the 3rd starts the campaign and draws events."""
    session = Session("fall-blau", 11)
    for general in ("hoth", "paulus"):
        session.act(f"general {general}")
        assert session.can_undo()
    session.act("general gariboldi")
    assert "Event drawn:" in session.log[-1]
    assert not session.can_undo() and not session.frame()["can_undo"]
    session.command("undo")
    assert session.state.actions[-1] == "general gariboldi"
    # A saved game rebuilt from its moves keeps the floor.
    again = Session.from_save("fall-blau", session.to_save())
    assert not again.can_undo()


def test_fall_blau_von_kleist_shows_the_top_card_so_choosing_him_cannot_be_undone():
    session = Session("fall-blau", 11)
    session.act("general hoth")
    session.act("general kleist")
    assert session.state.view("player")["state"]["deck_top"] is not None
    assert not session.can_undo()


def hidden_in(value) -> int:
    """How many things a view's {"hidden": n} entries hold."""
    if hidden(value):
        return value["hidden"]
    if isinstance(value, dict):
        return sum(hidden_in(v) for v in value.values())
    if isinstance(value, list):
        return sum(hidden_in(v) for v in value)
    return 0


@pytest.mark.parametrize("name", games.names())
def test_what_a_state_counts_as_unseen_is_what_the_view_hides(name):
    game = games.get(name)
    state, rng = game.new_game(3), Rng.from_seed(3, "unseen")
    tops = [f.top[0] for f in state.fields if f.see == HIDDEN and f.top is not None]
    while not state.is_over and len(state.actions) < 200:
        for seat in (*game.seats, None):
            view = state.view(seat)["state"]
            assert state.unseen(seat) == (hidden_in(view), tuple(view[key] for key in tops))
        state = state.apply(rng.choice(state.legal_actions()))
