"""Terminal play: scripted input to the end of a game for every game, illegal input, commands."""

import dataclasses
import sys

import pytest

from game_core import games
from game_core.engine import IllegalAction
from game_core.rng import Rng
from game_core.terminal import HUMAN, TerminalGame, add_parser, main, play, session_from_args

NOISE = ("help", "bogus move!", "999", "0", "undo", "moves", "board", "", "wait")
MAX_INPUTS = 30000
SOLITAIRE = next(n for n in games.names() if len(games.get(n).seats) == 1)


def scripted_input(session, seed, noise_every=9):
    """Type random legal moves (in odd case and spacing now and then), with noise between them."""
    rng = Rng.from_seed(seed, "script")
    typed = []

    def read(prompt):
        assert len(typed) < MAX_INPUTS, "the game did not end"
        if len(typed) % noise_every == noise_every - 1:
            line = rng.choice(NOISE)
        else:
            moves = session.human_moves()
            pick = rng.below(len(moves))
            line = rng.choice([moves[pick], f"  {moves[pick].upper()} ", str(pick + 1)])
        typed.append(line)
        return line
    return read, typed


def public_narration(game, final) -> list:
    """Every line of the game's narration that every seat may read, move by move, in order."""
    state, lines = game.new_game(final.seed, final.options), []
    for action in final.actions:
        after = state.apply(action)
        lines += [(f"  {text}", after.undo_floor == len(after.actions))
                  for text, audience in game.narrate(state, after) if audience is None]
        state = after
    return lines


def assert_told_in_order(out, lines):
    """Each line is in the transcript, after the one before it (so no move is told late)."""
    position = 0
    for line, _ in lines:
        assert line in out[position:], f"{line!r} missing (or told too late) in the transcript"
        position = out.index(line, position) + 1


@pytest.mark.parametrize("name", games.names())
def test_hotseat_game_played_to_the_end_by_scripted_input(name):
    session = TerminalGame(name, 7, None, {})
    read, typed = scripted_input(session, 7)
    out = []
    assert play(session, read, out.append) == 0
    assert session.state.is_over
    text = "\n".join(out)
    assert session.board_text() in text  # the board, drawn again at the end
    assert "Your moves," in text and "1) " in text  # the choices, numbered
    told = public_narration(session.game, session.state)
    assert_told_in_order(out, told)  # every move, with its dice and draws, as it happened
    assert any(chance for _, chance in told) or name == "blitzed"
    assert out[-1].startswith("Game over after") and ("Winner:" in out[-1] or "No single winner" in out[-1])
    assert "Not allowed:" in text and "Type a move in its notation" in text
    assert "Traceback" not in text


@pytest.mark.parametrize("name", games.names())
def test_game_against_bots_played_to_the_end(name):
    game = games.get(name)
    level = "easy" if game.realtime else "random"
    session = TerminalGame(name, 3, None, {seat: level for seat in game.seats[1:]})
    read, _ = scripted_input(session, 3)
    out = []
    assert play(session, read, out.append) == 0
    assert session.state.is_over
    assert_told_in_order(out, public_narration(game, session.state))


def test_your_own_shot_is_told_before_the_bot_answers():
    session = TerminalGame("bitskrieg", 3, None, {"red": "random"})
    out = []
    while not session.state.is_over:
        session.run_bots(out.append)
        if session.state.is_over:
            break
        fire = [move for move in session.human_moves() if move.startswith("fire")]
        if fire:
            before = session.state
            session.human_move(fire[0], out.append)
            mine = [text for text, _ in session.game.narrate(before, session.state)]
            assert out[-len(mine):] == [f"  {text}" for text in mine]
            return
        session.human_move(session.human_moves()[0], out.append)
    pytest.fail("Blue never had a shot")


def test_a_line_for_one_seat_is_shown_to_that_seat_only(monkeypatch):
    game = games.get("bitskrieg")

    def narrate(self, before, after):
        return [("public", None), ("for Blue", "blue"), ("for Red", "red")]
    monkeypatch.setattr(type(game), "narrate", narrate)
    session = TerminalGame("bitskrieg", 3, None, {"red": "random"})
    out = []
    session.human_move(session.human_moves()[0], out.append)
    assert out == ["  public", "  for Blue"]


def test_a_package_text_board_and_action_menu_are_used(monkeypatch):
    session = TerminalGame("bitskrieg", 3, None, {"red": "random"})
    package = sys.modules["game_core.bitskrieg"]
    monkeypatch.setattr(package, "PACKAGE", dataclasses.replace(
        package.PACKAGE, text_board=lambda view: f"BOARD for seat {view['seat']}",
        action_menu=lambda view: [("Dice", [(a, "rolls for obstacles") for a in view["legal_actions"]])]))
    assert session.board_text() == "BOARD for seat blue"
    assert session.moves_text().splitlines()[1:] == [" Dice:", "  1) roll: rolls for obstacles"]
    assert session.read_move("1") == "roll"


def test_blitzed_runs_on_a_simulated_clock():
    session = TerminalGame("blitzed", 2, {"players": 3}, {"p2": "normal", "p3": "normal"}, think_ms=400)
    out = []
    session.run_bots(out.append)
    session.human_move("p1 ready", out.append)
    session.run_bots(out.append)
    assert session.state.phase == "roll" and session.humans_to_act() == ["p1"]
    session.human_move("roll", out.append)  # the seat prefix may be left out
    assert session.state.actions[-1].startswith("p1 roll @")
    clock = session.now
    session.wait(out.append)
    assert session.now == clock + 400
    assert any("rolls" in line for line in out)


def test_illegal_input_names_the_rule_and_keeps_the_state():
    session = TerminalGame("bitskrieg", 1, None, {})
    before = session.state
    with pytest.raises(IllegalAction, match="not Bitskrieg notation"):
        session.human_move("castle kingside", print)
    with pytest.raises(IllegalAction, match="no move number 5"):
        session.human_move("5", print)
    assert session.state is before


def test_quit_and_end_of_input_leave_cleanly():
    out = []
    assert play(TerminalGame(SOLITAIRE, 1), lambda prompt: "quit", out.append) == 0
    assert out[-1] == "Game left unfinished."

    def closed(prompt):
        raise EOFError
    assert play(TerminalGame(SOLITAIRE, 1), closed, out.append) == 0


def test_undo_takes_back_a_move_but_never_a_roll():
    session = TerminalGame(SOLITAIRE, 1)
    start = session.state
    session.human_move(session.human_moves()[0], print)
    out = []
    session.undo(out.append)
    assert session.state is start and "taken back" in out[0]
    roller = TerminalGame("bitskrieg", 1)
    roller.human_move("roll", print)
    out = []
    roller.undo(out.append)
    assert roller.state.actions == ("roll",) and "Cannot undo" in out[0]


def test_command_line_arguments(monkeypatch, capsys):
    import argparse
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["play", "bitskrieg", "--seat", "red", "--vs", "easy", "--seed", "4"])
    session = session_from_args(args)
    assert session.seats == {"blue": "easy", "red": HUMAN} and session.state.seed == 4
    monkeypatch.setattr("builtins.input", lambda prompt: "quit")
    assert main(["play", SOLITAIRE, "--seed", "2"]) == 0
    assert main(["play", "bitskrieg", "--vs", "grandmaster"]) == 2
    assert "no bot level 'grandmaster'" in capsys.readouterr().err
