"""Bitskrieg at the table (issue 37): a quick set-up in a few taps, the line of fire along the counted
route, dice the page rolls, the selected tank's ratings above its triangles, a legend of every symbol
inside its box, and no internal notation in what a person reads."""

import json
import re
import xml.etree.ElementTree as ET

import pytest

from game_core.bitskrieg import GAME, render, tray
from game_core.bitskrieg.quick import from_frame, quick_setup, remembered_setup, to_frame, turn
from game_core.bitskrieg.rules import EDGE_FACING_IN
from game_core.bitskrieg.svg import NARROW, WIDE, legend

from test_bitskrieg_rules import position, with_dice
from test_bitskrieg_table import views, visible_text

SVG = "{http://www.w3.org/2000/svg}"


# -- quick set-up ------------------------------------------------------------------------------
def set_up(seed, options=None, seat_memory=None, memory=None):
    """A game through its set-up with the quick set-up for the picks, deployments and flags; the page's
    clicks for the rest. Returns (the state at play, the clicks a person made)."""
    state, clicks = GAME.new_game(seed, options or {}), 0
    while state.phase != "play":
        view = state.view(state.to_play)
        clicks += 1
        if state.phase in ("pick", "deploy", "flags"):
            assert "quick-setup" in [item["command"] for item in tray(view, {})]
            actions = quick_setup(view, memory if state.to_play == seat_memory else None)
            assert actions
            before = state.to_play
            for action in actions:
                assert state.to_play == before and action in state.legal_actions(), action
                state = state.apply(action)
            assert state.to_play != before or state.phase != view["state"]["phase"]  # the step is done
        else:
            state = state.apply(state.legal_actions()[0])
    return state, clicks


@pytest.mark.parametrize("seed", range(6))
def test_quick_set_up_takes_a_few_taps_and_chooses_a_sensible_force(seed):
    state, clicks = set_up(seed)
    # six obstacle rolls, the axis and the home edge, and per player three quick set-up taps
    assert clicks == 6 + 2 + 2 * 3
    for seat in ("blue", "red"):
        assert sorted(state.chosen[seat]) == sorted("HMHMD")  # what the tray's words promise
        tanks = [t for t in state.tanks.values() if t[0] == seat]
        assert len(tanks) == 5 and all(t[2] == EDGE_FACING_IN[state.home[seat]] for t in tanks)
        assert len(state.flags[seat]) == 2


def test_quick_set_up_is_chosen_from_the_view_and_finishes_a_step_begun_by_hand():
    state = GAME.new_game(3, {"axis_chooser": "blue"})
    while state.phase != "deploy":
        state = state.apply(quick_setup(state.view(state.to_play))[0] if state.phase == "pick"
                            else state.legal_actions()[0])
    seat = state.to_play
    state = state.apply(state.legal_actions()[0])  # one tank placed by hand
    view = state.view(seat)
    actions = quick_setup(view)
    assert len(actions) == 4 and actions == quick_setup(json.loads(json.dumps(view)))
    assert quick_setup(state.view(None)) == [] and quick_setup(state.view("blue" if seat == "red" else "red")) == []


def test_same_as_last_game_repeats_the_set_up_turned_to_the_new_home_edge():
    first, _ = set_up(1)
    memory = remembered_setup(first.record(), "blue")
    assert memory["picks"] == "".join(first.chosen["blue"])
    # the next game puts Blue on another edge: the same places along it, the same way round
    options = {"axis_chooser": "red"}
    second, _ = set_up(8, options, "blue", memory)
    assert second.home["blue"] != first.home["blue"]
    for state in (first, second):
        edge = state.home["blue"]
        placed = sorted((t[1], *to_frame(sq, edge), turn(t[2], edge, back=True))
                        for sq, t in state.tanks.items() if t[0] == "blue")
        assert placed == sorted(tuple(row) for row in memory["deploy"])
    assert remembered_setup({"seed": 1, "options": {}, "actions": ["roll"]}, "blue") is None
    assert remembered_setup({"nonsense": True}, "blue") is None


def test_the_frame_turns_every_square_and_facing_back():
    for edge in "nesw":
        for sq in range(64):
            assert from_frame(*to_frame(sq, edge), edge) == sq
        assert turn("n", edge) == EDGE_FACING_IN[edge]
        assert all(turn(turn(f, edge), edge, back=True) == f for f in "nesw")


def test_same_as_last_game_is_offered_only_with_a_remembered_set_up():
    state = GAME.new_game(2, {})
    while state.phase != "pick":
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.to_play)
    assert "quick-setup:last" not in [i["command"] for i in tray(view, {})]
    assert "quick-setup:last" in [i["command"] for i in tray(view, {"last_setup": {"picks": "LLLLL"}})]


# -- the line of fire ----------------------------------------------------------------------------
def polyline(svg, cls):
    found = re.search(rf'<polyline class="{cls}" points="([^"]+)"', svg)
    return [tuple(float(v) for v in point.split(",")) for point in found.group(1).split()]


@pytest.mark.parametrize("lay", [WIDE, NARROW], ids=["laptop", "phone"])
def test_the_line_of_fire_goes_around_a_rock_along_the_counted_route(lay):
    # a rock on c4 blocks the straight line from a4 to e4: the range is counted around it
    state = position({"a4": "BLe", "e4": "RHw", "h8": "RHs"}, obstacles=["c4"])
    assert state.range_count(0 * 8 + 24, 28) == 4  # a4 -> e4 (squares 24 and 28) counts 4, not 3
    after = with_dice(state, [1]).apply("fire a4 e4")
    route = after.facts(None)["fire_route"]
    assert route[0] == "a4" and route[-1] == "e4" and len(route) == 5 and "c4" not in route
    points = polyline(render(after.view("blue"), {"narrow": lay.narrow}), "last fire-line")
    assert points == [lay.centre(after_sq) for after_sq in map(lambda s: (int(s[1]) - 1) * 8 + "abcdefgh".index(s[0]),
                                                                 route)]
    rock = lay.centre(2 + 3 * 8)
    for (x1, y1), (x2, y2) in zip(points, points[1:]):  # no leg of the line crosses the rock's square
        for share in (0.25, 0.5, 0.75):
            x, y = x1 + (x2 - x1) * share, y1 + (y2 - y1) * share
            assert abs(x - rock[0]) >= lay.cell / 2 or abs(y - rock[1]) >= lay.cell / 2


def test_every_route_is_a_chain_of_neighbours_as_long_as_the_range():
    for view in views(seeds=(4, 5), every=1):
        route = view["facts"].get("fire_route")
        if not route:
            continue
        squares = [((ord(s[0]) - 97), int(s[1])) for s in route]
        assert len(squares) - 1 == view["state"]["last_roll"]["range"]
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(squares, squares[1:]))


# -- dice ----------------------------------------------------------------------------------------
def dice(svg):
    """{(seat, slot): (value, size, visible)} of the page's animated dice, as web/app.py reads them."""
    found = {}
    for node in ET.fromstring(svg).iter(SVG + "g"):
        if "die" in (node.get("class") or "").split() and node.get("data-die"):
            face = node.find(SVG + "rect")
            found[(node.get("data-seat"), node.get("data-die"))] = (
                node.get("data-value"), float(face.get("width")), node.get("visibility") != "hidden")
    return found


def fresh(before, after):
    """The visible dice web/app.py's render() marks "fresh" (it animates them): a key it saw before with
    another value (a die new to the board is not animated)."""
    return {key for key, (value, _, visible) in after.items()
            if visible and key in before and before[key][0] != value}


def test_every_roll_is_drawn_as_dice_the_page_rolls_at_a_readable_size():
    state = position({"a4": "BHe", "c4": "RMw", "h8": "RHs", "h1": "BLn"})
    for lay in (WIDE, NARROW):
        ui = {"narrow": lay.narrow}
        quiet = dice(render(state.view("blue"), ui))
        assert len(quiet) == 8 and not any(visible for _, _, visible in quiet.values())
        shot = with_dice(state, [6, 2, 3])  # range die 6, two damage dice (a Heavy fires 2)
        fired = shot.apply("fire a4 c4")
        after = dice(render(fired.view("red"), ui))
        shown = {key: v for key, v in after.items() if v[2]}
        assert [v[0] for _, v in sorted(shown.items())] == ["6", "2", "3"]
        assert {seat for seat, _ in shown} == {"blue"}
        assert all(size * (374 / NARROW.width if lay.narrow else 966 / WIDE.width) >= 28
                   for _, size, _ in shown.values())  # about 30 px on screen: a thumb reads it
        assert fresh(quiet, after) == set(shown)  # each die rolls on the page
        # Red fires back with the same faces: its own places, so they roll too
        back = with_dice(fired, [6, 2]).apply("fire c4 a4")
        again = dice(render(back.view("blue"), ui))
        assert fresh(after, again) == {key for key, v in again.items() if v[2]} and again[("red", "1")][0] == "6"


def test_a_die_explains_itself():
    fired = with_dice(position({"a4": "BLe", "c4": "RMw", "h8": "RHs"}), [1]).apply("fire a4 c4")
    svg = render(fired.view("blue"), {})
    assert '<title>1: range die: a hit needs more than 2</title>' in svg


# -- the selected tank, the legend, the words ---------------------------------------------------------
def test_nothing_is_drawn_over_the_selected_tanks_ratings_on_a_laptop():
    state = position({"d4": "BLn", "h8": "RHs"})
    view = state.view("blue")
    turns = [a for a in state.legal_actions() if a.startswith("move d4 d4 ")]
    assert turns
    left, top = WIDE.corner(3 + 3 * 8)
    svg = render(view, {"tank": "d4"})
    for points in re.findall(r'<polygon points="([^"]+)"[^>]*data-action', svg):  # the facing triangles
        xs = [float(p.split(",")[0]) for p in points.split()]
        ys = [float(p.split(",")[1]) for p in points.split()]
        assert not (left <= min(xs) and max(xs) <= left + WIDE.cell and top <= min(ys) and max(ys) <= top + WIDE.cell)
    items = {i["action"]: i for i in tray(view, {"tank": "d4"}) if i["action"]}
    assert set(turns) <= set(items) and items["move d4 d4 e"]["label"] == "Face east"
    assert items["move d4 d4 e"]["group"] == "LT on d4: turn in place"
    # a phone keeps them as arrows on the squares around the tank, once its own square is chosen
    phone = render(view, {"tank": "d4", "narrow": True, "to": "move d4 d4"})
    assert all(f'data-action="{a}"' in phone for a in turns)
    assert not set(turns) & {i["action"] for i in tray(view, {"tank": "d4", "narrow": True})}


def panel_box(svg, lay):
    rect = re.search(rf'<rect x="{lay.panel_x}" y="{lay.panel_y}" width="{lay.panel_w}" height="([\d.]+)"', svg)
    return lay.panel_y + float(rect.group(1))


@pytest.mark.parametrize("lay", [WIDE, NARROW], ids=["laptop", "phone"])
def test_the_legend_stays_inside_the_panel_and_names_every_symbol_on_the_board(lay):
    from test_bitskrieg_table import text_boxes
    for view in views(seeds=(1, 2), every=4):
        svg = render(view, {"narrow": lay.narrow})
        bottom = panel_box(svg, lay)
        for left, top, right, low, text, _ in text_boxes(svg):
            if (top >= lay.panel_y if lay.narrow else left >= lay.panel_x):
                assert low <= bottom and right <= lay.panel_x + lay.panel_w, text
        names = {name for _, name, _ in legend(view)}
        st = view["state"]
        for terrain in set(st["obstacles"].values()):
            assert terrain.capitalize() in names
        assert ("Flag" in names) == any(st["flags"].values())
        assert ("Target" in names) == ('fill="#ff3b30"' in svg)
        assert ("Line of fire" in names) == ("fire-line" in svg)


NOTATION = re.compile(r"@|\bsa:|=|\b(?:blue|red)-\d+\b|\b(?:move|bound|back|fire|ram|deploy|rebuild|reserve|flag) "
                      r"[a-h]\d")


def test_no_internal_notation_in_anything_a_person_reads():
    for view in views(seeds=(1, 2), every=3):
        for narrow in (False, True):
            ui = {"narrow": narrow}
            root = ET.fromstring(render(view, ui))
            readable = [visible_text(root)]
            readable += [n.text or "" for n in root.iter(SVG + "title")]
            readable += [n.get("aria-label") for n in root.iter() if n.get("aria-label")]
            for item in tray(view, ui):
                readable += [item["label"], item["detail"], item["group"]]
            for text in readable:
                assert not NOTATION.search(text), text


# -- hints ---------------------------------------------------------------------------------------------
def test_every_action_a_hint_can_suggest_is_a_control_once_hint_ui_is_set():
    from game_core.bitskrieg.svg import hint_ui
    for view in views(seeds=(1,), every=3):
        if view["seat"] != view["to_play"]:
            continue
        for narrow in (False, True):
            by_ui = {}  # one drawing per selection the hints need
            for action in view["legal_actions"]:
                ui = {"narrow": narrow, "tank": "a1", "place": "rebuild L"}  # whatever was selected before
                for key, value in hint_ui(view, action).items():  # as the page sets them: None clears
                    if value is None:
                        ui.pop(key, None)
                    else:
                        ui[key] = value
                by_ui.setdefault(tuple(sorted(ui.items())), []).append(action)
            for ui, actions in by_ui.items():
                board = set(re.findall(r'data-action="([^"]+)"', render(view, dict(ui))))
                missing = set(actions) - board - {item["action"] for item in tray(view, dict(ui))}
                assert not missing, (missing, ui)
