"""The solo module at its edges, each written to kill a mutant that lived (docs/mutation.md): the exact refusal
at each moment of a solo game and the log's words for the Allies' choices and the bot's placements.
Rules from shared/rules/blitzkrieg.txt (the solo module)."""

import pytest

from game_core.blitzkrieg import GAME
from game_core.engine import IllegalAction
from test_blitzkrieg_solo import ALLIES, AXIS, arrange, close, solo, take


def refusal(state, action) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return str(err.value)


def rolled_a_six():
    """A solo game whose set-up roll was a 6: the Allies choose the theater it pushes."""
    seed = next(s for s in range(100) if 6 in GAME.new_game(s, {"mode": "solo"}).solo["rolls"])
    state = GAME.new_game(seed, {"mode": "solo"})
    assert state.decision["kind"] == "setup" and state.to_play == ALLIES
    return state


def bombing():
    """The Allies placed on a bombing space: they choose the unit of the bot's row that goes back."""
    state = arrange(solo(), ["EA", "A2", "N1", "A1"], "secure")
    close(state, "WE1")
    state.turn = ALLIES
    state.reserves[ALLIES] = [take(state, ALLIES, "A1"), take(state, ALLIES, "N1")]
    state = state.apply("A1@WE2.1")
    assert state.decision == {"kind": "bomb"} and state.legal_actions() == ["bomb:2", "bomb:3", "bomb:4"]
    return state


def allies_to_place():
    state = arrange(solo(), ["A1", "N1"], "secure")
    state.turn = ALLIES
    state.reserves[ALLIES] = [take(state, ALLIES, "A1")]
    return state


def test_each_solo_moment_is_refused_with_its_own_reason():
    # Set-up: on a 6 "you choose the theater"; nothing else happens until it is chosen.
    six = rolled_a_six()
    for action in ("A1@WE1.2", "pass", "bomb:1"):
        assert refusal(six, action) == "First choose the theater for the difficulty roll of 6 (setup:THEATER)"
    # Bombing the bot: "select one non-special weapon in the AI bot's unit row (your choice)".
    bomb = bombing()
    for action in ("bomb:1", "bomb:9", "N1@PO1.1", "setup:WE"):
        assert refusal(bomb, action) == ("Choose a unit of the Axis row to bomb back into its bag by its place "
                                         "from the left (bomb:1 is the leftmost): a regular unit, unless the "
                                         "row holds only special weapons")
    # Outside those two moments the solo actions have no place.
    place = allies_to_place()
    assert refusal(place, "setup:WE") == "There is no solo set-up or bombing choice to make now"
    assert refusal(place, "bomb:1") == "There is no solo set-up or bombing choice to make now"
    # The Allies' own placements are refused by the base rules.
    assert refusal(place, "A1@WE1.1") == "Armies can only be placed on land or land/sea spaces"
    # The bot's step is the one its priority lists pick.
    bot = solo(2)
    forced = bot.legal_actions()[0]
    other = next(a for a in bot.placements(AXIS) if a != forced)
    assert refusal(bot, other) == f"In solo mode the Axis move is set by the solo module: {forced}"
    assert refusal(bot, "setup:WE") == "There is no solo set-up or bombing choice to make now"


def test_the_log_names_the_allies_solo_choices():
    six = rolled_a_six()
    amount = six.decision["amount"]
    assert GAME.describe_action(six, "setup:PO") == f"Allies choose Pacific Ocean for a set-up roll of 6 (Axis +{amount})"
    bomb = bombing()
    assert GAME.describe_action(bomb, "bomb:2") == ("Allies bomb the Axis army (2), 2nd from the left of its row "
                                                    "back into its bag")


def test_the_log_says_why_the_bot_placed_and_the_allies_placements_in_the_base_words():
    state = arrange(solo(), ["N1", "A1", "A2"], "economic_warfare")
    assert state.legal_actions() == ["N1@WE1.1"]
    why = state.bot_choice()[1]
    assert GAME.describe_action(state, "N1@WE1.1") == f"Axis places a navy (1) on Western Europe 1.1. Why: {why}"
    assert GAME.narrate(state, state.apply("N1@WE1.1"))[0] == (
        f"Axis places a navy (1) on Western Europe 1.1. Why: {why}", None)
    place = allies_to_place()
    assert place.solo_words("A1@WE1.2") is None
    assert GAME.describe_action(place, "A1@WE1.2") == "Allies place an army (1) on Western Europe 1.2 (research)"
