"""The last move's headline on a phone's dock (game_core/dock.py): whole sentences only, the first always,
and nothing lost (headline and rest together are the whole narration), over real narrations of every game."""

import random

from game_core.dock import HEADLINE_CHARS, headline, sentences
from game_core.session import Session


def test_a_short_move_is_all_headline():
    assert headline("Blue's Tank Destroyer moves from g3 to h3, facing north.") == (
        "Blue's Tank Destroyer moves from g3 to h3, facing north.", "")


def test_sentences_end_at_a_stop_before_a_capital_never_inside_a_number():
    text = ("Allies place an army (2) on Western Europe 1.2 (research). Markers: Western Europe 3 toward the "
            "Allies (was 1 toward the Allies). Research: the Allies take a special weapon into their bag.")
    assert sentences(text) == ["Allies place an army (2) on Western Europe 1.2 (research).",
                               "Markers: Western Europe 3 toward the Allies (was 1 toward the Allies).",
                               "Research: the Allies take a special weapon into their bag."]
    head, rest = headline(text)
    assert head == "Allies place an army (2) on Western Europe 1.2 (research)."
    assert rest.startswith("Markers: Western Europe 3") and rest.endswith("into their bag.")


def test_the_headline_takes_whole_sentences_while_they_fit():
    head, rest = headline("End the turn. The Germans lose the initiative. Late July 1942 begins. "
                          "Event drawn: Luftwaffe Support, into your hand (Special attack with 3 black dice).")
    assert head == "End the turn. The Germans lose the initiative. Late July 1942 begins."
    assert rest == "Event drawn: Luftwaffe Support, into your hand (Special attack with 3 black dice)."


def test_every_game_s_narrations_split_into_a_fitting_headline_and_nothing_is_lost():
    for name in ("blitzkrieg", "blitzkrieg-nippon", "bitskrieg", "blitzed", "fall-blau"):
        session, rng = Session(name, 7), random.Random(7)
        for _ in range(80):
            if session.state.is_over:
                break
            session.act(rng.choice(session.state.legal_actions()))
            last = session.frame()["last"]
            head, rest = headline(last)
            assert " ".join(part for part in (head, rest) if part) == " ".join(last.split()), last
            first = sentences(last)[0]
            assert head.startswith(first)
            assert head == first or len(head) <= HEADLINE_CHARS, head
