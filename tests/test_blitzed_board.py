"""Blitzed! on screen (issue 17): values never hidden, pieces and cues for motion, the tray, text that fits."""

import re

from game_core.blitzed import GAME, render, tray
from game_core.blitzed.svg import BAND_Y, CARD_H, CARD_Y, TABLE_HEIGHT, VALUE_Y, WIDTH
from test_blitzed_rules import cards, started, with_dice

THUNDER = re.compile(r'<g class="thunder[^"]*"[^>]*><rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"')
TEXT = re.compile(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)" text-anchor="(\w+)"[^>]*>([^<]*)</text>')


def claimed():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2], p2=[6, 3, 4])
    return state.apply("p1 roll").apply("p2 claim T2")


def test_a_thunder_card_never_covers_a_win_loss_value_or_a_task():
    svg = render(claimed().view("p1"), {})
    (top, height), = THUNDER.findall(svg)
    assert float(top) >= CARD_Y + CARD_H and BAND_Y == float(top)
    assert VALUE_Y + 40 <= CARD_Y  # the value header sits above the task card, not under anything
    assert svg.count("\u26a1 Blue") == 1


def test_dice_and_thunder_cards_are_pieces_and_a_claim_is_cued_once():
    state = claimed()
    svg = render(state.view("p1"), {})
    assert re.search(r'class="thunder last" data-seat="p2" data-card="T2" data-piece="thunder-p2"', svg)
    assert '<g class="cue" data-cue="Blue thunders on 3-4-6 for 0">' in svg
    for seat in state.seats:
        for die in (1, 2, 3):
            assert svg.count(f'data-piece="{seat}-die{die}"') == 1
    after = state.apply("p3 roll")
    svg = render(after.view("p1"), {})
    assert 'class="cue"' not in svg and 'class="thunder" data-seat="p2"' in svg  # the cue is gone, the card stays
    assert re.search(r'<g class="die last" data-seat="p3" data-die="1"', svg)  # the dice just rolled


def test_a_scored_round_is_cued_on_the_summary():
    state = with_dice(cards(started(3), "T1", "T2"), p1=[5, 4, 2], p2=[6, 3, 4]).apply("p1 claim T1")
    svg = render(state.apply("p2 claim T2").view("p3"), {})
    assert '<g class="cue" data-cue="Round 1 scored">' in svg


def test_the_tray_holds_the_current_decision():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2])
    state.kept["p1"] = [True, False, False]
    items = tray(state.view("p1"), {})
    legal = set(state.view("p1")["legal_actions"])
    assert all(item["action"] in legal for item in items if item["action"])
    dice = [item for item in items if item["group"] == "Your dice"]
    assert [(d["label"], d["pressed"], d["action"]) for d in dice] == [
        ("Die 1: 5", True, "p1 keep none"), ("Die 2: 4", False, "p1 keep 1,2"), ("Die 3: 2", False, "p1 keep 1,3")]
    assert {"action": "p1 roll", "command": None, "label": "Roll", "detail": "", "group": "Roll",
            "pressed": False} in items
    thunder = {item["label"]: item["detail"] for item in items if item["group"] == "Thunder on"}
    assert thunder == {"sum 11": "+1 \u26a1 \u00b7 your dice make it", "3-4-6": "0 \u26a1 \u00b7 your dice do not make it",
                       "sum 4": "\u22121 \u26a1 \u00b7 your dice do not make it"}
    assert tray(GAME.new_game(1, {"players": 3}).view("p1"), {})[0]["action"] == "p1 ready"
    assert tray(state.view(None), {}) == []


def test_no_text_runs_past_the_board_or_its_panel():
    # 5 players waiting and long scoring lines: the widest texts the board has
    state = with_dice(cards(started(5), "T20", "T19", "T21", "T23"), p1=[1, 6, 6], p2=[2, 2, 5], p3=[3, 3, 4],
                      p4=[1, 2, 3], p5=[6, 6, 6])
    state.bolts = {"p1": 8, "p2": 8, "p3": 8, "p4": 1, "p5": 0}
    state.supply = 40 - 25
    for seat, card in (("p1", "T20"), ("p2", "T19"), ("p3", "T21"), ("p4", "T23")):
        state = state.apply(f"{seat} claim {card}")
    for view in (state.view("p1"), GAME.new_game(1, {"players": 5}).view(None)):
        for x, y, size, anchor, content in TEXT.findall(render(view, {"part": "table"})):
            width = 0.6 * float(size) * len(content.replace("&#x27;", "'"))
            left = {"start": float(x), "middle": float(x) - width / 2, "end": float(x) - width}[anchor]
            assert 0 <= left and left + width <= WIDTH and float(y) <= TABLE_HEIGHT - 4, content


def test_each_seat_panel_shows_its_line_of_the_round_just_scored():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2], p2=[6, 6, 6], p3=[1, 1, 2])
    state = state.apply("p1 claim T1").apply("p2 claim T2").apply("p3 claim T3")
    svg = render(state.view("p4"), {})
    for line in ("+1: made sum 11", "\u22122: misclaimed 3-4-6", "\u22121: made sum 4"):
        assert f">{line}</text>" in svg  # on the other seats' panels
    assert ">\u22122: left over</text>" in svg  # in the viewer's own controls
    assert svg.index(">\u22122: left over</text>") > svg.index('class="controls"')
