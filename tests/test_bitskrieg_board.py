"""Bitskrieg's board as a player sees it (issue 17): the tray of the current decision, obstacles
that leave the dice labels readable, a compact board, pieces the page can slide, the last move
highlighted and a cue where a tank was destroyed."""

import re

import pytest

from game_core.bitskrieg import GAME, render, tray
from game_core.bitskrieg.data import SIZE
from game_core.bitskrieg.rules import sq_parse
from game_core.bitskrieg.svg import NARROW, WIDE

from test_bitskrieg_rules import position, with_dice


def setup_until(phase, seed=4, options=None):
    state = GAME.new_game(seed, {"axis_chooser": "blue", **(options or {})})
    while state.phase != phase:
        state = state.apply(state.legal_actions()[0])
    return state


def test_tray_offers_the_picks_with_their_ratings():
    state = setup_until("pick")
    items = tray(state.view("blue"), {})
    assert [i["label"] for i in items] == ["Pick LT", "Pick MT", "Pick HT", "Pick TD", "Quick set-up"]
    assert items[0]["detail"] == "Light Tank: speed 3, fire 1, armor 3 (3 left)"
    assert items[3]["detail"] == "Tank Destroyer: speed 2, fire 2, armor 3 (3 left)"
    assert {i["action"] for i in items[:4]} == set(state.legal_actions()) and items[0]["group"] == "Secret pick 1 of 5: choose a tank"
    assert items[4]["command"] == "quick-setup" and items[4]["action"] is None
    assert tray(state.view("red"), {}) == [] and tray(state.view(None), {}) == []


def test_tray_deploy_and_play_controls():
    state = setup_until("deploy")
    seat = state.to_play
    assert sorted(set(state.hand[seat])) == ["L", "M"]
    items = tray(state.view(seat), {"place": "deploy M"})
    assert [i["label"] for i in items] == ["Quick set-up", "Deploy LT", "Deploy MT"]
    items = items[1:]
    assert all(i["action"] is None and i["command"].startswith("ui:place=deploy ") for i in items)
    assert [i["pressed"] for i in items] == [False, True]
    assert items[1]["detail"] == "Medium Tank: speed 2, fire 1, armor 4"
    play = position({"d3": "BLn", "d5": "RMs", "c1": "Bhn", "h8": "RHs"}, ramming=True, bounding_fire=True)
    items = {i["label"]: i for i in tray(play.view("blue"), {"tank": "d3"})}
    assert items["Flip finished tanks"]["action"] == "flip"
    assert items["Ram d5 from d4"]["action"] == "ram d3 d4 d5"
    assert items["Ram d5 from d4"]["detail"] == "destroys the Red Medium Tank 33%, loses the rammer 50%"
    assert items["Move"]["command"] == "ui:mode=move" and items["Move"]["pressed"]
    assert items["Bounding fire"]["command"] == "ui:mode=bound"
    for item in tray(play.view("blue"), {"tank": "d3"}):
        assert (item["action"] in play.legal_actions()) != (item["command"] is not None)


@pytest.mark.parametrize("lay", [WIDE, NARROW])
def test_obstacles_never_cover_the_dice_labels(lay):
    state = position({"a1": "BLn", "h8": "RHs"},
                     obstacles=["c3", "d4:building", "e5:woods", "f6:water"], terrain=True)
    svg = render(state.view("blue"), {"narrow": lay.narrow})
    groups = re.findall(r'<g class="obstacle" transform="translate\(([\d.]+) ([\d.]+)\) scale\([\d.]+ ([\d.]+)\)">'
                        r'<title>[^<]* on ([a-h]\d)[^<]*</title>(.*?)</g>', svg)
    assert len(groups) == 4
    dice = [(float(x), float(y) + lay.die) for x, y in
            re.findall(rf'<rect x="([\d.]+)" y="([\d.]+)" width="{lay.die}" height="{lay.die}"', svg)]
    for _, y, scale, square, shapes in groups:
        left, top = lay.corner(sq_parse(square))
        labels = [bottom for x, bottom in dice if left <= x < left + lay.cell and top < bottom <= top + lay.cell]
        assert len(labels) == 2
        local = [float(v) for v in re.findall(r'\by="(-?[\d.]+)"', shapes)]
        local += [float(v) for v in re.findall(r'-?[\d.]+,(-?[\d.]+)', shapes)]
        local += [float(cy) - float(r) for cy, r in re.findall(r'cy="([\d.]+)" r(?:y)?="([\d.]+)"', shapes)]
        local += [float(v) for v in re.findall(r'[ML](?:-?[\d.]+) (-?[\d.]+)', shapes)]
        assert min(local) >= 0 and float(y) + min(local) * float(scale) >= max(labels), square


def test_the_laptop_board_fits_beside_the_tray_with_home_rows_and_file_letters_inside():
    # 1366 x 768 laptop: the page gives the board about 966 px of width and 680 of height.
    svg = render(setup_until("deploy").view("blue"), {})
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    assert height * 966 / width <= 680
    letters = re.findall(r'<text x="[\d.]+" y="([\d.]+)"[^>]*>([a-h])</text>', svg)
    assert len(letters) == 8 and all(float(y) < height for y, _ in letters)
    assert WIDE.corner(sq_parse("a1"))[1] + WIDE.cell < height


def test_the_phone_board_spans_the_width_with_finger_sized_squares_and_the_panel_below():
    svg = render(setup_until("deploy").view("blue"), {"narrow": True})
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    assert 380 <= width <= 400 and 600 <= height <= 900
    scale = 374 / width  # a 390 px phone gives the board 374 px
    assert NARROW.cell * scale >= 44 and NARROW.x + SIZE * NARROW.cell <= width
    assert min(float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)) * scale >= 11
    assert NARROW.panel_y > NARROW.bottom  # the panel is under the board, not beside it
    for x, y, w, h in re.findall(r'data-action="[^"]*"[^>]*>?<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
                                 r'height="([\d.]+)"', svg):
        assert float(w) * scale >= 44 and float(h) * scale >= 44


def pieces(svg):
    return dict((square, piece) for piece, square in
                re.findall(r'data-piece="([^"]+)" transform="[^"]*"><title>\w+ [\w ]+ on ([a-h]\d)', svg))


def test_each_tank_keeps_its_piece_id_when_it_moves_and_the_move_is_marked_last():
    state = setup_until("play")
    before = pieces(render(state.view("blue"), {}))
    assert len(before) == 10 and len(set(before.values())) == 10
    move = next(a for a in state.legal_actions() if a.startswith("move ") and a.split()[1] != a.split()[2])
    _, start, end, _ = move.split()
    after = state.apply(move)
    svg = render(after.view("red"), {})
    now = pieces(svg)
    assert now[end] == before[start] and start not in now
    assert re.search(rf'<g class="tank last" data-piece="{before[start]}"', svg)
    marked = {WIDE.corner(sq_parse(s)) for s in (start, end)}
    found = {(int(x) - 1, int(y) - 1) for x, y in re.findall(r'<rect class="last" x="(\d+)" y="(\d+)"', svg)}
    assert found == marked


def test_a_destroyed_tank_gets_a_cue_only_right_after():
    state = with_dice(position({"a4": "BLe", "c4": "RMw", "h8": "RHs"}), [6, 6]).apply("fire a4 c4")
    svg = render(state.view("red"), {})
    cue = re.search(r'<g class="cue" data-cue="([^"]+)"><title>[^<]*</title><polygon points="([\d.]+),([\d.]+)', svg)
    assert cue and cue.group(1) == "Red Medium Tank destroyed"
    left, top = WIDE.corner(sq_parse("c4"))
    assert left <= float(cue.group(2)) <= left + WIDE.cell and top <= float(cue.group(3)) <= top + WIDE.cell
    later = state.apply("move h8 h7 s")
    assert 'class="cue"' not in render(later.view("blue"), {})
    miss = with_dice(position({"a4": "BLe", "c4": "RMw", "h8": "RHs"}), [1]).apply("fire a4 c4")
    assert 'class="cue"' not in render(miss.view("red"), {})
