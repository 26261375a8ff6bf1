"""Bitskrieg board rendering, UI contract, bots and end-to-end games."""

import re

from game_core.bitskrieg import BOTS, GAME, render, status_text, tray
from game_core.bitskrieg.rules import sq_name, sq_parse
from game_core.engine import Bot, run_bot
from game_core.rng import Rng

ALL_RULES = {o.name: True for o in GAME.options if isinstance(o.default, bool)}
ACTION = re.compile(r'data-action="([^"]+)"')


def test_clicking_the_board_and_the_tray_alone_finishes_games():
    for seed, options in ((1, {}), (2, ALL_RULES), (3, {"terrain": True, "ramming": True})):
        rng = Rng.from_seed(seed, "click")
        state = GAME.new_game(seed, options)
        ui = {"interactive": True}
        while not state.is_over:
            view = state.view(state.to_play)
            clickable = ACTION.findall(render(view, ui)) + [entry["action"] for entry in tray(view, ui) if entry["action"]]
            assert clickable, f"no clickable action in phase {state.phase}"
            assert set(clickable) <= set(state.legal_actions())
            shots = [a for a in clickable if a.startswith(("fire", "ram"))]
            state = state.apply(rng.choice(shots if shots and rng.random() < 0.8 else clickable))
        assert state.winner in ("blue", "red")
        assert status_text(state.view("blue")).endswith(".")


def test_not_interactive_means_no_actions_and_picks_are_face_down():
    state = GAME.new_game(4)
    while state.phase == "obstacles":
        state = state.apply("roll")
    state = state.apply("pick H").apply("pick D")
    assert "data-action" not in render(state.view("blue"), {"interactive": False})
    assert "data-command" not in render(state.view("red"), {"interactive": False})
    mine, theirs = render(state.view("blue"), {}), render(state.view("red"), {})
    assert ">HT<" in mine and ">TD<" in mine
    assert ">HT<" not in theirs and ">?<" in theirs
    assert ">HT<" not in render(state.view("blue"), {"curtain": True})


def test_selection_shows_moves_and_fire_with_odds():
    state = GAME.new_game(5)
    rng = Rng.from_seed(5)
    while state.phase != "play":
        state = state.apply(rng.choice(state.legal_actions()))
    own = next(sq for sq, t in sorted(state.tanks.items()) if t[0] == state.to_play)
    svg = render(state.view(state.to_play), {"tank": sq_name(own)})
    assert f'ui:tank=' in svg or f"move {sq_name(own)}" in svg
    assert any(a.startswith(f"move {sq_name(own)} ") for a in ACTION.findall(svg))
    # a position with a shot: the label gives range and chance to destroy
    shot = GAME.new_game(1)
    shot.phase, shot.turn, shot.home, shot.hand = "play", "blue", {"blue": "s", "red": "n"}, {"blue": [], "red": []}
    shot.tanks = {sq_parse("a4"): ["blue", "L", "e", True, "p1"], sq_parse("c4"): ["red", "M", "w", True, "p2"],
                  sq_parse("h8"): ["red", "H", "s", True, "p3"]}
    svg = render(shot.view("blue"), {"tank": "a4"})
    assert 'data-action="fire a4 c4"' in svg and "range 2, 22% to destroy" in svg


def test_bots_use_only_their_view_and_finish_games():
    for level, options in (("easy", {}), ("normal", ALL_RULES)):
        state = GAME.new_game(11, options)
        rng = Rng.from_seed(11, "bots")
        players = {"blue": BOTS[level], "red": Bot()}
        while not state.is_over and len(state.actions) < 1500:
            view = state.view(state.to_play)
            assert "rng" not in view["state"]
            state = state.apply(run_bot(players[state.to_play], GAME, view, rng))
        assert state.is_over


def test_normal_bot_beats_random_play():
    wins = 0
    for seed in range(4):
        state = GAME.new_game(seed)
        rng = Rng.from_seed(seed, "match")
        bot_seat = GAME.seats[seed % 2]
        while not state.is_over:
            player = BOTS["normal"] if state.to_play == bot_seat else Bot()
            state = state.apply(run_bot(player, GAME, state.view(state.to_play), rng))
        wins += state.winner == bot_seat
    assert wins >= 3


def test_hard_bot_thinks_in_slices():
    state = GAME.new_game(12)
    rng = Rng.from_seed(12)
    while state.phase != "play":
        state = state.apply(rng.choice(state.legal_actions()))
    generator = BOTS["hard"].think(GAME, state.view(state.to_play), rng)
    slices = 0
    try:
        while True:
            next(generator)
            slices += 1
    except StopIteration as done:
        assert done.value in state.legal_actions()
    assert slices > 5
