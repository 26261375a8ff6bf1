"""Blitzed! on screen (issue 17): values never hidden, pieces and cues for motion, the tray, text that fits."""

import re

from game_core.blitzed import GAME, render, tray
from test_blitzed_rules import cards, started, with_dice

THUNDER = re.compile(r'<g class="thunder[^"]*"[^>]*><rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"')
RECT = re.compile(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"')


def claimed():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2], p2=[6, 3, 4])
    return state.apply("p1 roll").apply("p2 claim T2")


def test_a_thunder_card_never_covers_a_win_loss_value_or_a_task():
    for narrow in (False, True):
        svg = render(claimed().view("p1"), {"narrow": narrow})
        (top, height), = THUNDER.findall(svg)
        value, task = RECT.findall(svg[svg.index('<g data-card="T2"'):])[:2]  # the win/loss card, the task card
        assert float(value[0]) + float(value[1]) <= float(task[0])  # the value sits above the task card
        assert float(task[0]) + float(task[1]) <= float(top)  # and the thunder card below both
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


def test_the_tray_holds_roll_and_the_table_holds_the_dice_and_the_cards():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2])
    state.kept["p1"] = [True, False, False]
    view = state.view("p1")
    assert tray(view, {}) == [{"action": "p1 roll", "command": None, "label": "Roll", "detail": "the 2 dice not set aside",
                               "group": "Blitz!", "pressed": False, "key": "q"}]
    svg = render(view, {})
    for action in ("p1 keep none", "p1 keep 1,2", "p1 keep 1,3", "p1 claim T1", "p1 claim T2", "p1 claim T3"):
        assert f'data-action="{action}"' in svg  # tapped on the table: the die, the card
    assert 'data-action="p1 roll"' not in svg
    claimed = state.apply("p1 claim T2").view("p1")
    assert [item["action"] for item in tray(claimed, {})] == ["p1 unclaim"]
    state.kept["p1"] = [True, True, True]
    assert [(i["action"], i["label"]) for i in tray(state.view("p1"), {})] == [(None, "Roll")]  # shown, not clickable
    assert tray(GAME.new_game(1, {"players": 3}).view("p1"), {})[0]["action"] == "p1 ready"
    assert tray(state.view(None), {}) == []


def test_on_a_shared_device_the_tray_is_empty_and_each_panel_holds_its_controls():
    state = GAME.new_game(1, {"players": 4, "p2": "human"})
    for seat in state.seats:
        state = state.apply(f"{seat} ready")
    state = state.apply("p1 roll").apply("p2 roll")
    for seat in ("p1", "p2"):
        view = state.view(seat)
        assert tray(view, {}) == []
        panel = render(view, {"part": "controls"})
        assert set(re.findall(r'data-action="([^"]+)"', panel)) >= {f"{seat} roll", f"{seat} keep 1"}
        assert any(f'data-action="{seat} claim {card}"' in panel for card in state.cards if card)


def test_each_seat_panel_shows_its_line_of_the_round_just_scored():
    state = with_dice(cards(started(4), "T1", "T2", "T3"), p1=[5, 4, 2], p2=[6, 6, 6], p3=[1, 1, 2])
    state = state.apply("p1 claim T1").apply("p2 claim T2").apply("p3 claim T3")
    svg = render(state.view("p4"), {})
    for line in ("+1 made it", "\u22122 misclaimed", "\u22121 made it"):
        assert f">{line}</text>" in svg  # on the other seats' panels
    assert ">\u22122 left over</text>" in svg  # in the viewer's own mat
    assert svg.index(">\u22122 left over</text>") > svg.index('class="controls"')


def test_the_seat_that_moved_last_is_marked_whatever_its_move():
    state = GAME.new_game(1).apply("p2 ready @100")  # a move that rolls no dice and claims nothing
    svg = render(state.view("p1"), {"narrow": True})
    assert re.findall(r'<g class="seat last" data-seat="(p\d)"', svg) == ["p2"]
    rolled = with_dice(cards(started(4), "T1", "T2", "T3"), p2=[6, 3, 4]).apply("p2 roll")
    svg = render(rolled.view("p1"), {})
    assert '<g class="seat last"' not in svg and '<g class="die last" data-seat="p2"' in svg  # a roll marks its dice
