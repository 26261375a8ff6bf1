"""The last move's headline on a phone's dock (game_core/dock.py): whole sentences only, the first always,
and nothing lost (headline and rest together are the whole narration), over real narrations of every game;
and which choices a phone's short dock sets aside behind its "more" chip."""

import random

from game_core.dock import HEADLINE_CHARS, headline, sentences, spill
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


class Stack:
    """A tray laid out as a stack of rows, top down from 0: headings and choices in order (each its height),
    then the "more" chip while shown (20 high); a row set aside takes no room."""

    def __init__(self, rows: list, details: bool = False):
        self.rows, self.details, self.aside = rows, details, set()
        self.choices = [name for name, _ in rows if not name.startswith("h")]
        self.shown, self.count, self.chips = False, 0, []

    def headings(self):
        return [name for name, _ in self.rows if name.startswith("h")]

    def reset(self):
        self.aside = set()

    def set_aside(self, nodes):
        self.aside.update(nodes)

    def bottom(self, node):
        end = 0
        for name, height in self.rows:
            end += 0 if name in self.aside else height
            if name == node:
                return end
        raise KeyError(node)

    def has_details(self):
        return self.details

    def chip(self, count, shown):
        self.shown, self.count = shown, count
        self.chips.append((count, shown))

    def chip_bottom(self):
        return sum(height for name, height in self.rows if name not in self.aside) + 20


def test_a_short_dock_sets_aside_the_choices_that_end_below_its_foot_and_counts_them_on_the_chip():
    tray = Stack([("h1", 10), ("a", 20), ("b", 20), ("c", 20), ("d", 20)])
    assert spill(tray, 70.5) == ["d", "c"]  # c ends at 70, but the chip after it would not fit: c goes too
    assert tray.aside == {"c", "d"} and (tray.count, tray.shown) == (2, True)
    assert spill(Stack([("h1", 10), ("a", 20), ("b", 20), ("c", 20), ("d", 20)]), 90.5) == []  # all fit
    detailed = Stack([("h1", 10), ("a", 20), ("b", 20), ("c", 20), ("d", 20)], details=True)
    assert spill(detailed, 90.5) == ["d"]  # the chip that unfolds the details needs its row too


def test_the_chip_takes_the_room_of_the_last_choices_when_it_does_not_fit_after_them():
    tray = Stack([("h1", 10), ("a", 20), ("b", 20), ("c", 20), ("d", 20)])
    assert spill(tray, 60) == ["c", "d", "b"]  # b ends at 50 but the chip would end at 70: b goes too
    assert tray.count == 3 and tray.chips[-1] == (3, True)


def test_when_all_fit_the_chip_shows_only_for_the_details_it_folds():
    assert spill(Stack([("a", 20), ("b", 20)]), 100) == []
    tray = Stack([("a", 20), ("b", 20)])
    spill(tray, 100)
    assert tray.shown is False
    detailed = Stack([("a", 20), ("b", 20)], details=True)
    assert spill(detailed, 100) == [] and (detailed.count, detailed.shown) == (0, True)


def test_never_the_chip_alone_the_headings_give_their_room_then_the_first_choices_that_cannot_share_it():
    tray = Stack([("h1", 30), ("a", 30), ("b", 10)])
    assert spill(tray, 35) == ["a"]  # without the heading b (10) and the chip (20) fit in 35; a, first, steps aside
    assert "h1" in tray.aside and "b" not in tray.aside
    room = Stack([("h1", 30), ("a", 10), ("b", 10)])
    assert spill(room, 35) == []  # without the heading both choices fit (no chip: nothing folded)
    assert room.aside == {"h1"} and room.shown is False
    none = Stack([("h1", 30), ("a", 40)])
    assert spill(none, 35) == ["a"]  # nothing fits beside the chip: it counts them all
