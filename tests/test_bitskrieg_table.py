"""Bitskrieg's table on a phone (ui["narrow"]) and a laptop (issue 17): the drawing's width, text that
stays in its box (at ~0.6 x font-size a glyph), no tray control drawn again in the SVG, accessible
names that begin with the visible text, a phone game played to the end with finger-sized targets
only, and the winner shown on the board."""

import re
import xml.etree.ElementTree as ET

import pytest

from game_core.bitskrieg import GAME, render, tray
from game_core.bitskrieg.quick import quick_setup
from game_core.bitskrieg.svg import NARROW, WIDE
from game_core.rng import Rng

SVG = "{http://www.w3.org/2000/svg}"
OPTIONS = {"ramming": True, "bounding_fire": True, "reverse": True, "reserves": True, "terrain": True,
           "destroy_obstacles": True, "stun": True}


def views(seeds=(1, 2, 3), every=7):
    """Views of every phase of random games, for the seat to act and for the other one."""
    for seed in seeds:
        state, rng = GAME.new_game(seed, OPTIONS), Rng.from_seed(seed, "table")
        while True:
            if len(state.actions) % every == 0 or state.is_over:
                yield state.view(state.to_play or "blue")
                yield state.view("red" if state.to_play in (None, "blue") else "blue")
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))


def translate(node):
    """(dx, dy) of a plain translate, or None for a transform this measure does not follow."""
    transform = node.get("transform")
    if not transform:
        return 0.0, 0.0
    found = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", transform)
    return (float(found.group(1)), float(found.group(2))) if found else None


def text_boxes(svg):
    """[(x0, y0, x1, y1, text, group)] of every <text> that only translates move, in drawing units;
    `group` is the translated <g> it sits in (a counter), or None."""
    boxes = []

    def walk(node, dx, dy, group):
        for child in node:
            shift = translate(child)
            if shift is None:
                continue  # rotated or scaled art (a tank icon, an edge name): no text to measure
            x, y = dx + shift[0], dy + shift[1]
            if child.tag == SVG + "text":
                size = float(child.get("font-size"))
                width = 0.6 * size * len(child.text or "")
                left = x + float(child.get("x")) - {"start": 0, "middle": width / 2, "end": width}[child.get("text-anchor")]
                top = y + float(child.get("y")) - 0.8 * size
                boxes.append((left, top, left + width, top + 0.8 * size, child.text, group))
            walk(child, x, y, child if child.get("transform") else group)

    walk(ET.fromstring(svg), 0.0, 0.0, None)
    return boxes


def size_of(svg):
    return [float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()]


@pytest.mark.parametrize("lay", [WIDE, NARROW], ids=["laptop", "phone"])
def test_no_text_leaves_its_box_or_overlaps_another(lay):
    for view in views():
        svg = render(view, {"narrow": lay.narrow})
        width, height = size_of(svg)
        assert width == lay.width and (380 <= width <= 400) == lay.narrow
        boxes = text_boxes(svg)
        for left, top, right, bottom, text, group in boxes:
            assert 0 <= left and right <= width and 0 <= top and bottom <= height, text
            if group is not None:  # a counter's text stays on the counter
                counter = float(group.find(SVG + "rect").get("width"))
                assert right - left <= counter, text
        panel = [b for b in boxes if b[5] is None and (b[1] >= lay.panel_y if lay.narrow else b[0] >= lay.panel_x)]
        assert panel
        for i, a in enumerate(panel):
            assert a[2] <= lay.panel_x + lay.panel_w, a
            for b in panel[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def targets(svg):
    """(data-action or data-command, aria-label, visible text) of every clickable element."""
    found = []
    for node in ET.fromstring(svg).iter():
        key = node.get("data-action") or node.get("data-command")
        if key:
            found.append((key, node.get("aria-label"), visible_text(node)))
    return found


def visible_text(node):
    """The text of an element as a browser reads it: its texts one after the other with only the white
    space the markup has between them (none is added between two <text>s), tooltips left out."""
    def texts(element):
        if element.tag != SVG + "title":
            yield element.text or ""
            for child in element:
                yield from texts(child)
                yield child.tail or ""
    return " ".join("".join(texts(node)).split())


@pytest.mark.parametrize("narrow", [False, True], ids=["laptop", "phone"])
def test_the_tray_is_not_drawn_again_and_names_begin_with_the_visible_text(narrow):
    for view in views(every=5):
        ui = {"narrow": narrow}
        svg = render(view, ui)
        assert "<title>Bitskrieg board</title>" in svg
        drawn = targets(svg)
        offered = {item["action"] or item["command"] for item in tray(view, ui)}
        assert not offered & {key for key, _, _ in drawn}, offered & {key for key, _, _ in drawn}
        for key, label, visible in drawn:
            assert label and label.startswith(visible), (key, label, visible)
        for item in tray(view, ui):
            assert item["label"] and item["detail"] and item["group"], item


def test_a_fire_target_shows_the_chance_and_its_name_begins_with_it():
    from test_bitskrieg_rules import position
    svg = render(position({"a4": "BLe", "c4": "RMw", "h8": "RHs"}).view("blue"), {"narrow": True})
    fire = [t for t in targets(svg) if t[0] == "fire a4 c4"]
    assert fire == [("fire a4 c4", "22%: fire at the Red Medium Tank on c4, range 2, 22% to destroy", "22%")]


def target_size(node):
    """The width and height of a target's own shape: its first rect, or a circle's diameter."""
    shape = node if node.tag in (SVG + "rect", SVG + "circle", SVG + "polygon") else node[0]
    if shape.tag == SVG + "circle":
        return 2 * float(shape.get("r")), 2 * float(shape.get("r"))
    if shape.tag == SVG + "polygon":
        xs, ys = zip(*((float(a), float(b)) for a, b in (p.split(",") for p in shape.get("points").split())))
        return max(xs) - min(xs), max(ys) - min(ys)
    return float(shape.get("width")), float(shape.get("height"))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_phone_game_is_played_to_the_end_with_finger_sized_targets(seed):
    """Only the phone drawing's targets and the tray: a square, then its facing; never a small target."""
    state, rng, ui = GAME.new_game(seed, OPTIONS), Rng.from_seed(seed, "phone"), {"narrow": True}
    clicks = 0
    while not state.is_over:
        clicks += 1
        assert clicks < 6000
        view = state.view(state.to_play)
        root = ET.fromstring(render(view, ui))
        nodes = [n for n in root.iter() if n.get("data-action") or n.get("data-command")]
        for node in nodes:
            w, h = target_size(node)
            assert min(w, h) * 374 / NARROW.width >= 44, (node.get("aria-label"), w, h)
        keys = [n.get("data-action") or n.get("data-command") for n in nodes]
        keys += [item["action"] or item["command"] for item in tray(view, ui)]
        actions = [k for k in keys if not k.startswith("ui:")]
        assert actions or any(k.startswith("ui:") for k in keys)
        # choose an action half the time when there is one, so games end; else follow a command
        key = rng.choice(actions) if actions and (rng.random() < 0.5 or not any(
            k.startswith("ui:") for k in keys)) else rng.choice([k for k in keys if k.startswith("ui:")])
        if key.startswith("ui:"):
            name, _, value = key[3:].partition("=")
            if value:
                ui[name] = value
            else:
                ui.pop(name, None)
        elif key == "quick-setup":  # the page applies the quick set-up's actions one by one
            for action in quick_setup(view):
                state = state.apply(action)
        else:
            assert key in state.legal_actions()
            state = state.apply(key)
    assert state.winner is not None


def test_the_end_shows_who_won_and_why_on_the_board():
    from test_bitskrieg_rules import position, with_dice
    state = with_dice(position({"a4": "BLe", "c4": "RMw"}), [6, 6]).apply("fire a4 c4")
    assert state.is_over
    for narrow in (False, True):
        svg = render(state.view("red"), {"narrow": narrow})
        result = re.search(r'<g class="result">(.*?)</g>', svg).group(1)
        assert ">Blue wins<" in result and ">Destroyed every enemy tank<" in result
        assert ">Blue wins (you)<" in render(state.view("blue"), {"narrow": narrow})
