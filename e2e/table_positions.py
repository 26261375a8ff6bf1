"""Saved positions for the table checks: each game at its start, mid-game and near its end, with a
person to move (played out by the easy bots in plain Python, so no browser time is spent
getting there). Each is the page's autosave text (game_core.session.Session.to_save)."""

import json

from support import ROOT

import sys
sys.path.insert(0, str(ROOT))
from game_core import games, lab  # noqa: E402
from game_core.rng import Rng  # noqa: E402
from game_core.session import HUMAN, SESSION_FORMAT, SESSION_VERSION, Session  # noqa: E402

# page -> (game, options): every game page, and the solo module (an option of Blitzkrieg!'s page)
TABLES = {"blitzkrieg": ("blitzkrieg", {}), "solo": ("blitzkrieg", {"mode": "solo"}),
          "blitzkrieg-nippon": ("blitzkrieg-nippon", {}), "bitskrieg": ("bitskrieg", {}),
          "blitzed": ("blitzed", {}), "fall-blau": ("fall-blau", {})}
MOMENTS = ("start", "mid", "end")


def played_out(name: str, options: dict, seed: int = 7) -> list:
    """Every position of one game the bots play to the end (the solo module as itself)."""
    game = games.get(name)
    levels = {seat: lab.default_level(game) for seat in game.seats}
    levels.update(game.forced_seats(game.validate_options(options)))
    levels = {seat: lab.default_level(game) if who == HUMAN else who for seat, who in levels.items()}
    state, rng = game.new_game(seed, options), Rng.from_seed(seed, "table")
    states = [state]
    while not state.is_over:
        for action in lab.bot_turn(game, state, levels, rng):
            state = state.apply(action)
            states.append(state)
    return states


def positions(table: str) -> dict:
    """moment -> autosave text: the first seat left to a person is played by one, the others by the normal bot."""
    name, options = TABLES[table]
    seats = Session(name, 1, options).seats  # the seats the options force (solo, Blitzed!'s own)
    person = next(seat for seat, who in seats.items() if who == HUMAN)
    seats = {seat: who if seat == person or who != HUMAN else "normal" for seat, who in seats.items()}
    states = played_out(name, options)
    ours = [index for index, state in enumerate(states)
            if not state.is_over and "legal_actions" in state.view(person)]  # (a view lists them when its seat acts)
    picks = {"start": 0, "mid": ours[len(ours) // 2], "end": ours[-1]}
    return {moment: json.dumps({"format": SESSION_FORMAT, "version": SESSION_VERSION, "game": name,
                                "record": states[index].record(), "seats": seats, "redo": [], "finished": False})
            for moment, index in picks.items()}
