"""Bitskrieg's board as a player sees it (issue 17): the tray of the current decision, obstacles
that leave the dice labels readable, a compact board, pieces the page can slide, the last move
highlighted and a cue where a tank was destroyed."""

import re

from game_core.bitskrieg import GAME, render, tray
from game_core.bitskrieg.rules import sq_parse
from game_core.bitskrieg.svg import CELL, DICE_BOTTOM, HEIGHT, WIDTH, corner

from test_bitskrieg_rules import position, with_dice


def setup_until(phase, seed=4, options=None):
    state = GAME.new_game(seed, {"axis_chooser": "blue", **(options or {})})
    while state.phase != phase:
        state = state.apply(state.legal_actions()[0])
    return state


def test_tray_offers_the_picks_with_their_ratings():
    state = setup_until("pick")
    items = tray(state.view(0), {})
    assert [i["label"] for i in items] == ["Pick LT", "Pick MT", "Pick HT", "Pick TD"]
    assert items[0]["detail"] == "Light Tank: speed 3, fire 1, armor 3 (3 left)"
    assert items[3]["detail"] == "Tank Destroyer: speed 2, fire 2, armor 3 (3 left)"
    assert {i["action"] for i in items} == set(state.legal_actions()) and items[0]["group"] == "Secret pick 1 of 5"
    assert tray(state.view(1), {}) == [] and tray(state.view(None), {}) == []


def test_tray_deploy_and_play_controls():
    state = setup_until("deploy")
    seat = state.to_play
    assert sorted(set(state.hand[seat])) == ["L", "M"]
    items = tray(state.view(seat), {"place": "deploy M"})
    assert [i["label"] for i in items] == ["Deploy LT", "Deploy MT"]
    assert all(i["action"] is None and i["command"].startswith("ui:place=deploy ") for i in items)
    assert [i["pressed"] for i in items] == [False, True]
    assert items[1]["detail"] == "Medium Tank: speed 2, fire 1, armor 4"
    play = position({"d3": "0Ln", "d5": "1Ms", "c1": "0hn", "h8": "1Hs"}, ramming=True, bounding_fire=True)
    items = {i["label"]: i for i in tray(play.view(0), {"tank": "d3"})}
    assert items["Flip finished tanks"]["action"] == "flip"
    assert items["Ram d5 from d4"]["action"] == "ram d3 d4 d5"
    assert items["Ram d5 from d4"]["detail"] == "destroys the Red Medium Tank 33%, loses the rammer 50%"
    assert items["Move"]["command"] == "ui:mode=move" and items["Move"]["pressed"]
    assert items["Bounding fire"]["command"] == "ui:mode=bound"
    for item in tray(play.view(0), {"tank": "d3"}):
        assert (item["action"] in play.legal_actions()) != (item["command"] is not None)


def shape_tops(fragment):
    """The highest y that any shape in an SVG fragment reaches."""
    ys = [float(y) for y in re.findall(r'\by="([\d.]+)"', fragment)]
    ys += [float(cy) - float(r) for cy, r in re.findall(r'cy="([\d.]+)" r="([\d.]+)"', fragment)]
    ys += [float(y) for y in re.findall(r'[\d.]+,([\d.]+)', fragment)]
    ys += [float(y) for y in re.findall(r'd="M[\d.]+ ([\d.]+)', fragment)]
    return min(ys)


def test_obstacles_never_cover_the_dice_labels():
    state = position({"a1": "0Ln", "h8": "1Hs"},
                     obstacles=["c3", "d4:building", "e5:woods", "f6:water"], terrain=True)
    svg = render(state.view(0), {})
    groups = re.findall(r'<g class="obstacle"><title>[^<]* on ([a-h]\d)[^<]*</title>(.*?)</g>', svg)
    assert len(groups) == 4
    for square, shapes in groups:
        top = corner(sq_parse(square))[1]
        assert shape_tops(shapes) >= top + DICE_BOTTOM, square
    dice = re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="10" height="10"', svg)
    assert max(float(y) + 10 for y in dice if float(y) < top + CELL) <= top + DICE_BOTTOM


def test_the_board_is_compact_with_home_rows_and_file_letters_inside():
    # 1366 x 768 laptop: the page gives the board about 1030 px of width and 600 of height.
    assert HEIGHT <= 470 and WIDTH / HEIGHT >= 1.65  # the page scales the board to its width
    svg = render(setup_until("deploy").view(0), {})
    letters = re.findall(r'<text x="[\d.]+" y="([\d.]+)"[^>]*>([a-h])</text>', svg)
    assert len(letters) == 8 and all(float(y) < HEIGHT for y, _ in letters)
    assert corner(sq_parse("a1"))[1] + CELL < HEIGHT


def pieces(svg):
    return dict((square, piece) for piece, square in
                re.findall(r'data-piece="([^"]+)" transform="[^"]*"><title>\w+ [\w ]+ on ([a-h]\d)', svg))


def test_each_tank_keeps_its_piece_id_when_it_moves_and_the_move_is_marked_last():
    state = setup_until("play")
    before = pieces(render(state.view(0), {}))
    assert len(before) == 10 and len(set(before.values())) == 10
    move = next(a for a in state.legal_actions() if a.startswith("move ") and a.split()[1] != a.split()[2])
    _, start, end, _ = move.split()
    after = state.apply(move)
    svg = render(after.view(1), {})
    now = pieces(svg)
    assert now[end] == before[start] and start not in now
    assert re.search(rf'<g class="tank last" data-piece="{before[start]}"', svg)
    marked = {corner(sq_parse(s)) for s in (start, end)}
    found = {(int(x) - 1, int(y) - 1) for x, y in re.findall(r'<rect class="last" x="(\d+)" y="(\d+)"', svg)}
    assert found == marked


def test_a_destroyed_tank_gets_a_cue_only_right_after():
    state = with_dice(position({"a4": "0Le", "c4": "1Mw", "h8": "1Hs"}), [6, 6]).apply("fire a4 c4")
    svg = render(state.view(1), {})
    cue = re.search(r'<g class="cue" data-cue="([^"]+)"><title>[^<]*</title><polygon points="([\d.]+),([\d.]+)', svg)
    assert cue and cue.group(1) == "Red Medium Tank destroyed"
    left, top = corner(sq_parse("c4"))
    assert left <= float(cue.group(2)) <= left + CELL and top <= float(cue.group(3)) <= top + CELL
    later = state.apply("move h8 h7 s")
    assert 'class="cue"' not in render(later.view(0), {})
    miss = with_dice(position({"a4": "0Le", "c4": "1Mw", "h8": "1Hs"}), [1]).apply("fire a4 c4")
    assert 'class="cue"' not in render(miss.view(1), {})


def text_boxes(svg, left):
    """(x0, y0, x1, y1, text) of every <text> right of `left`, measured at ~0.6 x font-size a glyph."""
    boxes = []
    for x, y, size, anchor, content in re.findall(
            r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)" text-anchor="(\w+)"[^>]*>([^<]*)</text>', svg):
        x, y, size = float(x), float(y), float(size)
        width = 0.6 * size * len(content.replace("&amp;", "&"))
        x0 = x if anchor == "start" else x - width / 2
        if x0 >= left:
            boxes.append((x0, y - 0.8 * size, x0 + width, y, content))
    return boxes


def test_panel_text_never_overlaps_or_runs_out_of_the_panel():
    from game_core.bitskrieg.svg import PANEL_X
    views = [setup_until(phase).view(seat) for phase in ("pick", "deploy", "flags") for seat in (0, 1)]
    views += [setup_until("play", 5, {"ramming": True, "reverse": True, "bounding_fire": True}).view(0)]
    deploy = setup_until("deploy")
    deploy = deploy.apply(deploy.legal_actions()[0])
    views += [deploy.view(deploy.to_play), deploy.view(1 - deploy.to_play)]
    for view in views:
        boxes = text_boxes(render(view, {}), PANEL_X - 8)
        assert boxes
        for i, a in enumerate(boxes):
            assert a[2] <= WIDTH - 8, a
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
