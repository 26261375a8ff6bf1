"""Blitzkrieg!, its solo module and Nippon as a reader meets them: no internal notation in any text a person
reads, every symbol explained in place and listed in the legend, cues that cover no theater name or VP icon,
the side you play said from the first view, the solo die drawn as a die, and Nippon's map clear of its frame."""

import html
import re
import xml.dom.minidom

import pytest

from game_core.blitzkrieg import GAME, GAMES, render
from game_core.blitzkrieg.data import EFFECT_NAMES, JAPAN, effect_label
from game_core.rng import Rng

NIPPON = GAMES[0]
GAMES_AND_OPTIONS = ((GAME, None), (GAME, {"mode": "solo"}), (NIPPON, None))
LAYOUTS = ({}, {"narrow": True}, {"legend": "1"}, {"narrow": True, "legend": "1"})


def positions(game, options, seeds=range(2)):
    """Every position of a few random games (their ends too)."""
    for seed in seeds:
        rng, state = Rng.from_seed(seed, "symbols"), game.new_game(seed, options)
        yield state
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            yield state


def seat_of(state):
    return "allies" if state.options.get("mode") == "solo" else state.to_play or state.game.seats[0]


def read_texts(root):
    """Every text a person can read: drawn texts, tooltips and accessible names."""
    for node in root.getElementsByTagName("*"):
        if node.tagName in ("text", "title"):
            yield "".join(child.data for child in node.childNodes if child.nodeType == child.TEXT_NODE)
        if node.getAttribute("aria-label"):
            yield node.getAttribute("aria-label")


# The short labels printed on the spaces (the legend and their tooltips explain them), and VP.
LABELS = {effect_label(e) for e in EFFECT_NAMES} | {f"P{n}" for n in range(1, 4)} | {"VP", "USA"}
CODES = re.compile(r"@|\b(?:sa|fx|open|bomb|setup):[A-Z0-9]|\bui:\w|=|\b(?:[A-Z]{2,}\d*|[A-Z]\d+)(?:\.\d+)?\b")


@pytest.mark.parametrize("game,options", GAMES_AND_OPTIONS)
def test_no_text_a_person_reads_holds_internal_notation(game, options):
    checked = 0
    for n, state in enumerate(positions(game, options)):
        if n % 3:
            continue
        for ui in LAYOUTS:
            root = xml.dom.minidom.parseString(render(state.view(seat_of(state)), ui)).documentElement
            for words in read_texts(root):
                codes = [c for c in CODES.findall(words) if c not in LABELS]
                assert not codes, (codes, words)
                checked += 1
    assert checked > 1000


def test_the_notation_check_catches_codes():
    for words in ("Last Axis step sa:WE:", "GEN@PO2.4", "F2 on WE1.1", "mode=solo", "ui:token=A1"):
        assert [c for c in CODES.findall(words) if c not in LABELS], words
    assert not [c for c in CODES.findall("IP: industrial production, 3 VP, P2") if c not in LABELS]


def symbols_and_explanations(root):
    """(key, explained?) for every element carrying data-symbol: explained when it, or a group around it,
    holds a <title> of its own."""
    def titled(node):
        while node is not None and node.nodeType == node.ELEMENT_NODE:
            if any(c.nodeType == c.ELEMENT_NODE and c.tagName == "title" for c in node.childNodes):
                return True
            node = node.parentNode
        return False
    return [(node.getAttribute("data-symbol"), titled(node))
            for node in root.getElementsByTagName("*") if node.getAttribute("data-symbol")]


@pytest.mark.parametrize("game,options", GAMES_AND_OPTIONS)
def test_every_symbol_is_explained_in_place_and_listed_in_the_legend(game, options):
    used = set()
    for n, state in enumerate(positions(game, options)):
        if n % 4:
            continue
        for ui in ({"legend": "1"}, {"legend": "1", "narrow": True}):
            root = xml.dom.minidom.parseString(render(state.view(seat_of(state)), ui)).documentElement
            listed = {node.getAttribute("data-legend") for node in root.getElementsByTagName("g")
                      if node.getAttribute("data-legend")}
            for key, explained in symbols_and_explanations(root):
                assert explained, key
                assert key in listed, f"{key} is drawn but not in the legend"
                used.add(key)
    # the common symbols all appeared (a test that checked nothing would pass)
    assert {"track-end", "centre", "campaign", "active", "shield", "land", "sea", "land-sea", "counter",
            "effect-IP", "effect-B", "effect-P", "effect-TA", "effect-SA", "target", "last"} <= used
    if game is NIPPON:
        assert {"city-open", "city-unopened", "city-vp", "link", "end-square"} <= used
    else:
        assert "vp-icon" in used


def test_the_legend_opens_and_closes_from_the_board_and_lists_no_stranger():
    state = GAME.new_game(1)
    shut, shown = render(state.view("axis"), {}), render(state.view("axis"), {"legend": "1"})
    assert 'data-command="ui:legend=1"' in shut and 'class="legend"' not in shut
    assert 'data-command="ui:legend="' in shown and 'class="legend"' in shown
    for label, words in (("IP", "production"), ("B", "bombing"), ("&lt;+2&gt;", "strategic advantage")):
        assert re.search(rf'data-legend="[^"]+">.*?>{re.escape(label)}</text>.*?{words}', shown), label
    nippon = render(NIPPON.new_game(1).view(JAPAN), {"legend": "1"})
    assert "hatched grey: closed with no winner" in nippon
    assert "hatched grey: closed, no winner" in render(NIPPON.new_game(1).view(JAPAN), {})  # under the map too


def box_of_path(d):
    """The box of a path made of one absolute M and relative h, v, l moves (the pennants and shields)."""
    tokens = re.findall(r"[MhvlzZ]|-?[\d.]+", d)
    x = y = None
    xs, ys, command, numbers = [], [], None, []
    for token in tokens + ["z"]:
        if token in "MhvlzZ":
            if command == "M":
                x, y = float(numbers[0]), float(numbers[1])
            elif command == "h":
                x += float(numbers[0])
            elif command == "v":
                y += float(numbers[0])
            elif command == "l":
                x, y = x + float(numbers[0]), y + float(numbers[1])
            if command:
                xs.append(x), ys.append(y)
            command, numbers = token, []
        else:
            numbers.append(token)
    return min(xs), min(ys), max(xs), max(ys)


def text_box(node):
    x, y, size = (float(node.getAttribute(a)) for a in ("x", "y", "font-size"))
    span = 0.6 * size * len(html.unescape(node.firstChild.data))
    left = {"start": x, "middle": x - span / 2, "end": x - span}[node.getAttribute("text-anchor")]
    return left, y - size, left + span, y + 0.25 * size


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("game,options", GAMES_AND_OPTIONS)
def test_no_cue_covers_a_theater_title_or_a_vp_icon(game, options):
    cues = 0
    for state in positions(game, options, seeds=range(4)):
        if not state.facts(seat_of(state))["cues"]:
            continue
        for ui in ({}, {"narrow": True}):
            root = xml.dom.minidom.parseString(render(state.view(seat_of(state)), ui)).documentElement
            guarded = [text_box(n) for n in root.getElementsByTagName("text") if n.getAttribute("class") == "theater-title"]
            for node in root.getElementsByTagName("*"):
                if node.getAttribute("data-symbol") in ("vp-icon", "shield", "city-vp"):
                    path = node if node.tagName == "path" else node.getElementsByTagName("path")[0]
                    guarded.append(box_of_path(path.getAttribute("d")))
            assert guarded
            for cue in (g for g in root.getElementsByTagName("g") if g.getAttribute("class") == "cue"):
                rect = cue.getElementsByTagName("rect")[0]
                x, y, w, h = (float(rect.getAttribute(a)) for a in ("x", "y", "width", "height"))
                for box in guarded:
                    assert not overlaps((x, y, x + w, y + h), box), (cue.getAttribute("data-cue"), box)
                cues += 1
    assert cues >= 4


def test_the_overlap_check_sees_the_old_banner():
    """The banner across a theater's top (the old cue) overlaps its title: the check above would fail it."""
    banner, title = (14, 302, 541, 322), text_box(xml.dom.minidom.parseString(
        '<text x="20" y="317" font-size="15" text-anchor="start">Pacific Ocean</text>').documentElement)
    assert overlaps(banner, title)


@pytest.mark.parametrize("game,options,seat,name", [(GAME, None, "axis", "the Axis"), (GAME, None, "allies", "the Allies"),
                                                    (GAME, {"mode": "solo"}, "allies", "the Allies"),
                                                    (NIPPON, None, JAPAN, "Japan")])
def test_the_first_view_says_which_side_you_play(game, options, seat, name):
    state = game.new_game(3, options)
    for ui in ({}, {"narrow": True}):
        assert f">You play {name}</text>" in render(state.view(seat), ui)
    assert "You play" not in render(state.view(None), {})


def test_the_solo_die_is_a_die_a_thumb_can_read():
    state = GAME.new_game(5, {"mode": "solo"})
    while not state.solo["drawn"]:
        state = state.apply(state.legal_actions()[0])
    for ui in ({}, {"narrow": True}):
        svg = render(state.view("allies"), ui)
        die = re.search(r'<g class="die" data-seat="axis" data-die="1" data-value="(\d)"[^>]*>(.*?)</g>', svg)
        assert die and int(die.group(1)) == state.solo["die"]
        assert die.group(2).count("<circle") == state.solo["die"]  # its pips
        size = float(re.search(r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="[\d.]+" rx="[\d.]+" '
                               r'fill="#8e2b22"', die.group(2)).group(1))
        assert size >= 44  # 46 px on a 390 px phone
        assert "Unit die:" not in svg


def test_the_solo_panel_is_short_until_unfolded_then_says_the_last_move_in_words():
    state = GAME.new_game(5, {"mode": "solo"})
    rng = Rng(5)
    while not (state.solo["last"] and "@" in state.solo["last"]["action"]):
        state = state.apply(rng.choice(state.legal_actions()))
    for narrow in (False, True):
        folded = render(state.view("allies"), {"narrow": narrow}).split('<g class="solo"')[1].split("</g></g>")[0]
        shown = re.sub(r"<title>.*?</title>", "", folded)
        assert shown.count("<text") <= 3 and "Last Axis move" not in shown  # the first theater shows at once
        assert 'data-command="ui:solo=1"' in folded and 'aria-expanded="false"' in folded
        assert "Last Axis move: placed " in folded  # (its tooltip holds the whole of it)
        panel = render(state.view("allies"), {"narrow": narrow, "solo": "1"}).split('<g class="solo"')[1]
        shown = re.sub(r"<title>.*?</title>", "", panel)
        assert "Last Axis move: placed " in shown and state.solo["last"]["action"] not in panel
        assert 'data-command="ui:solo="' in panel and 'aria-expanded="true"' in panel


@pytest.mark.parametrize("narrow", (False, True))
def test_nippon_cities_keep_a_margin_inside_the_map(narrow):
    svg = render(NIPPON.new_game(1).view(JAPAN), {"narrow": narrow})
    root = xml.dom.minidom.parseString(svg).documentElement
    frame = next(g for g in root.getElementsByTagName("g") if g.getAttribute("class") == "map")
    rect = frame.getElementsByTagName("rect")[0]
    left = float(rect.getAttribute("x"))
    right = left + float(rect.getAttribute("width"))
    top = float(rect.getAttribute("y"))
    for city in ("Honolulu", "Boston"):
        group = next(g for g in frame.getElementsByTagName("g") if city in "".join(
            t.firstChild.data for t in g.getElementsByTagName("title")))
        boxes = [text_box(t) for t in group.getElementsByTagName("text") if t.firstChild]
        boxes.append(box_of_path(group.getElementsByTagName("path")[0].getAttribute("d")))
        for box in boxes:
            assert box[0] >= left + 8 and box[2] <= right - 8 and box[1] >= top + 4, (city, box)
