"""Bitskrieg bots: games between bots always end, and bots play the same in every process."""

import os
import subprocess
import sys

from game_core.bitskrieg import BOTS, GAME
from game_core.bitskrieg.bots import PATIENCE, drive_table, urge_to_advance
from game_core.bitskrieg.rules import FACINGS, sq_parse
from game_core.engine import run_bot
from game_core.rng import Rng

CAP = 3000
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def play(seed, blue, red, cap=CAP):
    state, rng = GAME.new_game(seed), Rng.from_seed(seed, "bots")
    players = {0: BOTS[blue], 1: BOTS[red]}
    while not state.is_over and len(state.actions) < cap:
        state = state.apply(run_bot(players[state.to_play], GAME, state.view(state.to_play), rng))
    return state


def test_every_pairing_of_levels_finishes_within_the_cap():
    # Seed 0 between two hard bots once idled at 3000 actions (both sides turning in place).
    pairings = [(blue, red) for blue in BOTS for red in BOTS]
    for seed, (blue, red) in enumerate(pairings):
        state = play(seed, blue, red)
        assert state.is_over, f"{blue} vs {red}, seed {seed}: still running after {CAP} actions"


def test_urge_to_advance_grows_only_after_patience():
    assert urge_to_advance(0) == urge_to_advance(PATIENCE) == 1.0
    assert urge_to_advance(PATIENCE + 300) > urge_to_advance(PATIENCE + 150) > 1.0


def stand_off():
    """A lone Blue Medium against two Red Heavies, one of them on a Blue flag: the position in
    which two hard bots used to turn in place forever."""
    state = play(0, "hard", "hard", cap=40)
    assert state.phase == "play"
    state.tanks = {sq_parse("f3"): [0, "M", "w", True], sq_parse("b5"): [1, "H", "e", True],
                   sq_parse("f7"): [1, "H", "e", False]}
    state.flags = [[sq_parse("g5"), sq_parse("f7")], [sq_parse("b4"), sq_parse("c5")]]
    state.turn = 0
    state._legal = None
    return state


def test_flag_distance_counts_the_way_round_obstacles_and_the_turns():
    state = stand_off()
    table = drive_table(state, sq_parse("c5"))

    def squares(name, facing):
        return table[sq_parse(name) * 4 + FACINGS.index(facing)]

    assert squares("c5", "w") == 0
    assert squares("c4", "n") == 1 and squares("c4", "s") == 3  # two turns in place, then one square
    # f3 is walled in by obstacles on e3, f4 and f2: out east first (two turns to face it), round the
    # obstacles and back west, 11 squares, not the 5 a straight count gives.
    assert squares("f3", "w") == 11 and squares("f3", "e") == 9


def test_two_hard_bots_break_the_stand_off():
    state, rng = stand_off(), Rng.from_seed(3)
    while not state.is_over and len(state.actions) < 1000:
        state = state.apply(run_bot(BOTS["hard"], GAME, state.view(state.to_play), rng))
    assert state.is_over


def test_bots_choose_alike_whatever_the_string_hash_seed():
    script = ("from tests.test_bitskrieg_bots import play; "
              "print(' | '.join(play(5, 'hard', 'normal', cap=60).actions))")
    runs = {subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                           env=dict(os.environ, PYTHONHASHSEED=str(h))).stdout for h in (1, 2, 3)}
    assert len(runs) == 1
