"""The expert's review of a finished game (game_core/review.py, game_core/review_svg.py): its values on fixed
seeds, that nothing the reviewed seat could not see changes it, and its chart and marked board."""

import copy
import json

import pytest

from game_core import games
from game_core.engine import finish, run_bot
from game_core.review import biggest_swings, can_review, moments, review_game, review_moments, swing_words
from game_core.review_svg import caption, chart, marked_board, review_board
from game_core.rng import Rng
from tests.test_conformance import PLANTS

# name, options, the reviewed seat, the bot level of every seat in the played game
GAMES = {
    "blitzkrieg": (None, "allies", {"allies": "easy", "axis": "easy"}),
    "blitzkrieg-nippon": (None, "germany", {"japan": "easy", "germany": "easy"}),
    "solo": ({"mode": "solo"}, "allies", {"allies": "easy", "axis": "solo"}),
    "bitskrieg": (None, "red", {"blue": "easy", "red": "easy"}),
    "fall-blau": (None, "player", {"player": "advisor"}),
}


def game_name(key):
    return "blitzkrieg" if key == "solo" else key


def played_record(key, seed):
    """A finished game's record, every seat played by its bot."""
    options, _, levels = GAMES[key]
    game, package = games.get(game_name(key)), games.package(game_name(key))
    state, rng = game.new_game(seed, options), Rng.from_seed(seed, "test")
    while not state.is_over:
        seat = state.to_play
        state = state.apply(run_bot(package.bots[levels[str(seat)]], game, state.view(seat), rng))
    return json.loads(state.to_json())


def short_review(key, seed, steps=4, plant=None):
    """The review of the reviewed seat's first `steps` moves (the expert's full work, reproducible)."""
    _, seat, _ = GAMES[key]
    game, package = games.get(game_name(key)), games.package(game_name(key))
    chosen = moments(game, played_record(key, seed), seat)[:steps]
    if plant is not None:
        chosen = [(index, plant(before), action, plant(after)) for index, before, action, after in chosen]
    return finish(review_moments(game, package, seat, chosen, seed=7))


def test_the_review_covers_each_move_of_its_seat_with_chances_from_playouts():
    game, package = games.get("fall-blau"), games.package("fall-blau")
    record = played_record("fall-blau", 3)
    review = finish(review_game(game, package, record, "player", seed=7))
    states = [game.replay(record["seed"], None, record["actions"][:n]) for n in range(len(record["actions"]))]
    chosen = [n for n, state in enumerate(states) if len(state.legal_actions()) > 1]  # a forced move is no choice
    assert [move["index"] for move in review["moves"]] == chosen and len(chosen) > 20  # a solitaire: every choice
    assert [move["played"] for move in review["moves"]] == [record["actions"][n] for n in chosen]
    for move in review["moves"]:
        assert 0 <= move["before"] <= 1 and 0 <= move["after"] <= 1
        # a share of the playouts: a whole number of wins out of review["playouts"]
        assert (move["before"] * review["playouts"]).is_integer()
    # one position between two moves is estimated once: a move's after is the next one's before
    assert all(a["after"] == b["before"] for a, b in zip(review["moves"], review["moves"][1:])
               if a["index"] + 1 == b["index"])
    # the advisor played this game, so the expert (the advisor) agrees with every move
    assert all(move["best"] == move["played"] for move in review["moves"])
    assert json.loads(json.dumps(review)) == review  # kept with the record: plain JSON


def test_the_review_on_fixed_seeds():
    review = short_review("blitzkrieg", 2, steps=3)
    assert review["seat"] == "allies" and review["playouts"] == 16
    assert [(m["index"], m["played"], m["best"], m["before"], m["after"], m["playouts"])
            for m in review["moves"]] == [
        (1, "A2@AM1.1", "A3@AM1.1", 0.8125, 0.75, [16, 16]),  # the Allies move second
        (2, "sa:EE", "sa:EE", 0.75, 0.4375, [16, 16]),  # the same turn's decision: its before is the last move's after
        (4, "F2@AM1.4", "A3@AM1.4", 0.6875, 0.6875, [16, 16])]
    assert review["swings"] == []  # 31% of 16 playouts a side: within two standard errors of their luck
    assert finish(review_moments(*_args("blitzkrieg", 2, 3))) == review  # the same seed, the same review


def _args(key, seed, steps):
    _, seat, _ = GAMES[key]
    game, package = games.get(game_name(key)), games.package(game_name(key))
    return game, package, seat, moments(game, played_record(key, seed), seat)[:steps], 7


SYNTHETIC = {"seat": "allies", "moves": [
    {"before": 0.5, "after": 0.1, "playouts": [16, 16]},   # lost 40%
    {"before": 0.5, "after": 0.45, "playouts": [16, 16]},  # within the luck of 16 playouts
    {"before": 0.2, "after": 0.9, "playouts": [16, 16]},   # gained 70%
    {"before": 1.0, "after": 0.0, "playouts": [3, 3]},     # lost 100%, but of three playouts a side: luck
    {"before": 0.9, "after": 0.4, "playouts": [16, 16]},   # lost 50%
    {"before": 0.1, "after": 0.55, "playouts": [16, 16]},  # gained 45%: the fourth biggest
]}


def test_the_biggest_swings_are_the_three_largest_changes_beyond_the_playouts_luck():
    assert biggest_swings(SYNTHETIC["moves"]) == [2, 4, 5]
    assert biggest_swings(SYNTHETIC["moves"][:4]) == [2, 0]
    review = dict(SYNTHETIC, swings=[2, 4, 5])
    game = games.get("blitzkrieg")
    assert [swing_words(game, review, k) for k in review["swings"]] == [
        "Allies gained 70% here", "Allies lost 50% here", "Allies gained 45% here"]


def plant_secrets(key, seat):
    """A copy of a position with what `seat` cannot see changed: the opponent's hidden pieces (or the deck's
    order) as test_conformance plants them where the seat's view stays the same (the solo module's reserve is
    face up), and another random stream for the dice and draws to come."""
    name = game_name(key)
    owner = None if name == "fall-blau" else next(s for s in games.get(name).seats if s != seat)
    planted_any = []

    def plant(state):
        planted = copy.deepcopy(state, {id(state.game): state.game})
        if PLANTS[name](planted, owner) and planted.view(seat) == state.view(seat):
            planted_any.append(True)
        else:
            planted = copy.deepcopy(state, {id(state.game): state.game})
        planted.rng = Rng(987654321)
        assert planted.to_dict() != state.to_dict() and planted.view(seat) == state.view(seat)
        return planted

    return plant, planted_any


@pytest.mark.parametrize("key", list(GAMES))
def test_secrets_the_reviewed_seat_could_not_see_change_nothing_in_its_review(key):
    _, seat, _ = GAMES[key]
    steps = 9 if key == "bitskrieg" else 3  # Bitskrieg's picks are hidden once both sides have picked
    plain = short_review(key, 5, steps)
    plant, planted_any = plant_secrets(key, seat)
    planted = short_review(key, 5, steps, plant=plant)
    assert planted_any or key == "solo", "no hidden piece was planted"  # the solo module hides no reserve
    assert planted == plain


def test_a_race_has_no_review():
    game, package = games.get("blitzed"), games.package("blitzed")
    assert not can_review(game, package)
    with pytest.raises(ValueError, match="no review"):
        finish(review_moments(game, package, "p1", [], seed=1))
    assert all(can_review(games.get(name), games.package(name)) for name in games.names() if name != "blitzed")


def test_the_review_yields_its_progress_in_slices():
    job = review_moments(*_args("fall-blau", 3, 5))
    shares = []
    while True:
        try:
            shares.append(next(job))
        except StopIteration:
            break
    assert len(shares) > 20 and shares == sorted(shares) and shares[-1] == 1.0


def test_the_chart_marks_each_move_and_tells_the_swings_in_words():
    game = games.get("blitzkrieg")
    review = dict(SYNTHETIC, swings=biggest_swings(SYNTHETIC["moves"]))
    svg = chart(review, [swing_words(game, review, k) for k in review["swings"]], at=1)
    for k in range(len(SYNTHETIC["moves"])):
        assert f'data-command="review-move:{k}"' in svg
    assert "1. Move 3: Allies gained 70% here" in svg and "2. Move 5: Allies lost 50% here" in svg
    assert svg.count('class="swing"') == 3 and svg.count('class="review-at"') == 1
    assert 'viewBox="0 0 360 ' in svg  # drawn at a phone's width
    quiet = chart(dict(SYNTHETIC, swings=[]), [], at=None)
    assert "No move changed the chance by more than the" in quiet and "playouts&#x27; luck." in quiet
    assert 'class="swing"' not in quiet and 'class="review-at"' not in quiet


def test_the_board_marks_the_experts_move_beside_the_one_played_and_offers_no_step():
    game, package = games.get("blitzkrieg"), games.package("blitzkrieg")
    record = played_record("blitzkrieg", 2)
    _, before, _, _ = moments(game, record, "allies")[0]
    view = before.view("allies")
    played, best = [a for a in view["legal_actions"] if a.startswith("A3@")][:2]  # one token, both on the board
    move = {"played": played, "best": best, "played_words": "an army here", "best_words": "an army there", "before": 0.5, "after": 0.4}
    svg = review_board(package, view, move, {"token": "F2"})  # the expert's token is brought into view
    assert "data-action" not in svg and 'role="button" tabindex="0" aria-label="Place' not in svg
    assert f'data-shown="{move["best"]}"' in svg and f'data-shown="{move["played"]}"' in svg
    assert svg.count('class="shown hint') == 1 and svg.count('class="shown played') == 1
    assert caption({"moves": [move]}, 0) == ("Move 1 of 1: you played an army here (chance of winning 50% before, "
                                             "40% after). The expert prefers: an army there.")


def test_marking_a_board_leaves_other_commands_alone():
    svg = ('<svg><g data-action="a" role="button" tabindex="0" aria-label="A" class="act"/>'
           '<g data-action="b" role="button" tabindex="0" aria-label="B" class="act"/>'
           '<g data-command="ui:x=1" role="button" tabindex="0" aria-label="X" class="cmd"/></svg>')
    assert marked_board(svg, played="a", best="b") == (
        '<svg><g data-shown="a" aria-label="A" class="shown played"/>'
        '<g data-shown="b" aria-label="B" class="shown hint"/>'
        '<g data-command="ui:x=1" role="button" tabindex="0" aria-label="X" class="cmd"/></svg>')
