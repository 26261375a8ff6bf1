"""Blitzed! drawn for a phone and a laptop (issue 17): the sizes, text that fits, no control in both the
tray and the drawing, accessible names that begin with the visible text, a result at the end."""

import re
import xml.etree.ElementTree as ET

import pytest

from game_core.blitzed import GAME, render, tray
from game_core.blitzed.words import result_text
from game_core.session import Session
from test_blitzed_rules import cards, started, with_dice
from test_blitzed_view import positions

NS = "{http://www.w3.org/2000/svg}"
PHONE_TEXT = 12  # 380 units drawn 374 px wide: 12 units stay above 11 px


def tree(svg):
    return ET.fromstring(svg)


def box(root):
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    return width, height


def busy_five():
    """Five players mid-race: dice set aside, a claim, cards the viewer's dice make."""
    state = with_dice(cards(started(5), "T20", "T19", "T21", "T23"), p1=[1, 6, 6], p2=[2, 2, 5], p3=[3, 3, 4],
                      p4=[1, 2, 3], p5=[6, 6, 6])
    state.kept["p1"] = [True, False, True]
    return state.apply("p2 claim T19").apply("p4 roll")


def samples():
    """Views through a whole bot game and the busiest table, with every part."""
    states = positions(seed=4, players=5, every=11)[::3] + [busy_five()]
    for state in states:
        for seat in (None, *state.seats):
            yield state.view(seat), "all"
            yield state.view(seat), "table"
            if seat is not None:  # a person's panel: on a device shared by several people
                view = state.view(seat)
                yield dict(view, options=dict(view["options"], **{s: "human" for s in state.seats})), "controls"


@pytest.mark.parametrize("narrow", [False, True])
def test_the_drawing_is_as_wide_as_the_screen_and_no_text_leaves_it(narrow):
    for view, part in samples():
        root = tree(render(view, {"narrow": narrow, "part": part, "keys": {"roll": "q", "claim1": "a"}}))
        width, height = box(root)
        assert width == (380 if narrow else 1000)
        assert root.find(f"{NS}title") is not None
        for node in root.iter(f"{NS}text"):
            size, content = float(node.get("font-size")), node.text or ""
            wide = 0.6 * size * len(content)
            x = float(node.get("x"))
            left = {"start": x, "middle": x - wide / 2, "end": x - wide}[node.get("text-anchor")]
            assert 0 <= left and left + wide <= width and float(node.get("y")) <= height - 2, (part, content)
            if narrow:
                assert size >= PHONE_TEXT, (part, content, size)


def test_a_phone_gets_a_tall_drawing_that_fits_above_the_tray():
    for players in (3, 4, 5):
        state = started(players)
        svg = render(state.view("p1"), {"narrow": True})
        width, height = box(tree(svg))
        assert 380 == width and 450 <= height <= 620  # ~ 374 x 610 px above a tray of one row of buttons
        assert box(tree(render(state.view("p1"), {})))[1] <= 640  # the laptop: 1000 x 640 fits beside the tray


def test_a_shared_device_fits_two_people_on_a_phone_and_three_on_a_laptop():
    session = Session("blitzed", 2, {"players": 5, "p2": "human", "p3": "human"})
    state = session.state
    for narrow, people in ((True, 2), (False, 3)):
        heights = [box(tree(render(state.view(None), {"part": "table", "narrow": narrow})))[1]]
        heights += [box(tree(render(state.view(seat), {"part": "controls", "narrow": narrow})))[1]
                    for seat in state.seats[:people]]
        # a 390x844 phone has ~680 px under the bar and the status; a 1366x768 laptop ~680 px at 966 px wide
        assert sum(heights) * (374 / 380 if narrow else 966 / 1000) <= 650, heights


def test_the_table_on_a_shared_device_shows_only_the_bots_dice():
    session = Session("blitzed", 2, {"players": 4, "p2": "human", "p3": "easy", "p4": "easy"})
    for seat in session.state.seats:
        session.act(f"{seat} ready", by_bot=True)
    table = session.board_svg()
    for seat, count in (("p1", 3), ("p2", 3), ("p3", 3), ("p4", 3), ("p5", 0)):
        assert table.count(f'data-piece="{seat}-die') == count  # each die once: in its panel or on the table
    assert table.count('class="controls"') == 2


@pytest.mark.parametrize("narrow", [False, True])
def test_no_tray_control_is_drawn_again_and_every_target_is_named_by_its_visible_text(narrow):
    for view, part in samples():
        if "legal_actions" not in view:
            continue
        root = tree(render(view, {"narrow": narrow, "part": part}))
        drawn = {node.get("data-action"): node for node in root.iter() if node.get("data-action")}
        offered = {item["action"] for item in tray(view, {}) if item["action"]}
        assert not offered & set(drawn), offered & set(drawn)
        for action, node in drawn.items():
            visible = " ".join("".join(node.itertext()).split())  # as a browser reads it: no space added
            assert node.get("aria-label").startswith(visible), (action, visible, node.get("aria-label"))
            assert node.get("role") == "button" and node.get("tabindex") == "0"


def test_a_claimable_card_is_a_target_of_a_finger_s_size_on_a_phone():
    state = busy_five()
    root = tree(render(state.view("p1"), {"narrow": True}))
    target = next(node for node in root.iter() if node.get("data-action") == "p1 claim T20")
    heights = [float(rect.get("height")) for rect in target.iter(f"{NS}rect")]
    widths = [float(rect.get("width")) for rect in target.iter(f"{NS}rect")]
    assert max(widths) >= 44 and sum(heights[:2]) >= 88  # the win/loss card and the task card under it


def test_the_end_of_the_game_shows_who_won_and_why_on_the_table():
    state = positions(seed=3, players=4)[-1]
    assert state.phase == "over"
    for narrow in (False, True):
        svg = render(state.view(None), {"narrow": narrow})
        winner = GAME.seat_name(state.winner) if state.winner else None
        title = f"{winner} wins!" if winner else "A shared win!"
        assert f'<g class="cue" data-cue="{title}">' in svg
        words = " ".join(re.findall(r">([^<]+)</text>", svg))
        assert result_text(state).split(":")[0] in words  # "Red wins with 12 bolts" and why, wrapped
