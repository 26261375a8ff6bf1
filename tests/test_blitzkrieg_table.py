"""Blitzkrieg! and Nippon as a table: the phone and laptop layouts, readable type, no control both in the
tray and on the board, counters with icon and strength, accessible names, and the result on the board."""

import html
import re
import xml.dom.minidom

import pytest

from game_core.blitzkrieg import GAME, GAMES, render, tray
from game_core.blitzkrieg.data import UNITS, kind_of
from game_core.blitzkrieg.svg import ICONS, unit_icon
from game_core.rng import Rng

NIPPON = GAMES[0]
GAMES_AND_OPTIONS = ((GAME, None), (GAME, {"mode": "solo"}), (NIPPON, None))


def positions(game, options, seeds=range(3), every=7):
    """Every seventh position of a few random games, and each game's end."""
    for seed in seeds:
        rng, state = Rng.from_seed(seed, "table"), game.new_game(seed, options)
        n = 0
        while not state.is_over:
            if n % every == 0:
                yield state
            state = state.apply(rng.choice(state.legal_actions()))
            n += 1
        yield state


def seat_of(state):
    return state.to_play or state.game.seats[0]


def view_box(svg):
    return [float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()]


@pytest.mark.parametrize("game,options", GAMES_AND_OPTIONS)
def test_a_phone_gets_a_tall_drawing_its_width_and_a_laptop_a_wide_one(game, options):
    for state in positions(game, options):
        view = state.view(seat_of(state))
        width, height = view_box(render(view, {"narrow": True}))
        assert 360 <= width <= 390 and height > 2 * width  # stacked: a phone scrolls down, never sideways
        width, height = view_box(render(view, {}))
        # beside the tray at 1366x768 (about 980x690 px for the board), the laptop drawing keeps its width
        assert width == 1100 and height <= 0.7 * width


@pytest.mark.parametrize("game,options", GAMES_AND_OPTIONS)
def test_no_board_text_under_11_units(game, options):
    for state in positions(game, options):
        for narrow in (True, False):
            sizes = re.findall(r'font-size="([\d.]+)"', render(state.view(seat_of(state)), {"narrow": narrow}))
            assert sizes and min(float(s) for s in sizes) >= 11


@pytest.mark.parametrize("game,options", GAMES_AND_OPTIONS)
def test_the_tray_and_the_board_never_offer_the_same_control(game, options):
    for state in positions(game, options, every=1, seeds=range(2)):
        seat = seat_of(state)
        for narrow in (True, False):
            ui = {"narrow": narrow}
            svg = render(state.view(seat), ui)
            entries = tray(state.view(seat), ui)
            assert "ui:token" not in svg  # choosing the unit to place is the tray's
            board = set(re.findall(r'data-action="([^"]+)"', svg))
            assert not board & {e["action"] for e in entries}
            if state.to_play == seat and not state.is_over:
                assert board or entries  # something to click whenever the seat is to act


def test_every_tray_entry_has_a_label_a_detail_and_a_heading():
    for game, options in GAMES_AND_OPTIONS:
        for state in positions(game, options, every=1, seeds=range(2)):
            for entry in tray(state.view(seat_of(state)), {}):
                assert entry["label"] and entry["detail"] and entry["group"], entry
                if entry["command"]:  # a unit: what it is and how far it moves the marker
                    kind = entry["command"].split("=")[1]
                    if UNITS[kind]["type"] and not {"general", "admiral", "partisans"} & set(UNITS[kind]["abilities"]):
                        assert f"strength {UNITS[kind]['strength']}" in entry["detail"]


def visible_text(node) -> str:
    """The text of a group as a browser reads it: every text in it one after the other, with only the
    white space the markup has between them (none is added between two <text>s), tooltips left out."""
    def texts(element):
        for child in element.childNodes:
            if child.nodeType == child.TEXT_NODE:
                yield child.data
            elif child.nodeType == child.ELEMENT_NODE and child.tagName != "title":
                yield from texts(child)
    return " ".join("".join(texts(node)).split())


@pytest.mark.parametrize("game,options", GAMES_AND_OPTIONS)
def test_an_action_s_name_begins_with_its_visible_text_and_the_board_has_a_title(game, options):
    seen = 0
    for state in positions(game, options, every=2, seeds=range(2)):
        for narrow in (True, False):
            doc = xml.dom.minidom.parseString(render(state.view(seat_of(state)), {"narrow": narrow}))
            root = doc.documentElement
            assert root.getElementsByTagName("title")[0].parentNode is root
            for node in root.getElementsByTagName("g"):
                if node.getAttribute("data-action"):
                    seen += 1
                    label = node.getAttribute("aria-label")
                    assert node.getAttribute("role") == "button" and label.startswith(visible_text(node)), label
    assert seen


def test_a_counter_shows_its_unit_icon_and_strength():
    state = GAME.new_game(1)
    state.reserves["axis"] = ["axis:A3#1"]
    state.reserves["allies"] = ["allies:N2#1", "allies:GEN#1"]
    state = state.apply("A3@WE1.2")
    for narrow in (True, False):
        svg = render(state.view("allies"), {"narrow": narrow})
        piece = re.search(r'<g data-piece="axis-A3-1"[^>]*>(.*?)</g>', svg).group(1)
        assert ICONS["army"] in piece and re.search(r">3</text>$", piece) and "<rect" in piece  # Axis: square
        assert "A3" not in piece.replace("axis-A3", "")  # no internal letters on a counter
        state_view = state.view(None)
        state_view["state"]["reserves"]["allies"] = ["allies:N2#1", "allies:GEN#1"]
        spectator = render(state_view, {"narrow": narrow})
        navy = re.search(r'<g data-piece="allies-N2-1"[^>]*>(.*?)</g>', spectator).group(1)
        assert ICONS["navy"] in navy and "<circle" in navy and ">2</text>" in navy  # Allies: round
        general = re.search(r'<g data-piece="allies-GEN-1"[^>]*>(.*?)</g>', spectator).group(1)
        assert ICONS[unit_icon("GEN")] in general and ">+</text>" in general  # its strength depends


def test_special_weapons_are_yellow_counters():
    state = GAME.new_game(2)
    state.reserves["axis"] = ["sw:EA#1"]
    state = state.apply(next(a for a in state.legal_actions() if a.startswith("EA@")))
    piece = re.search(r'<g data-piece="sw-EA-1"[^>]*>(.*?)</g>', render(state.view(None), {})).group(1)
    assert 'fill="#efc94c"' in piece and ">4</text>" in piece and kind_of("sw:EA#1") == "EA"


@pytest.mark.parametrize("game,options", GAMES_AND_OPTIONS)
def test_the_end_of_a_game_shows_who_won_and_why_on_the_board(game, options):
    final = list(positions(game, options, seeds=[4], every=10 ** 6))[-1]
    verdict = final.view(None)["facts"]["verdict"]
    for narrow in (True, False):
        svg = render(final.view(None), {"narrow": narrow})
        banner = re.search(r'<g class="verdict">(.*?)</g>', svg).group(1)
        assert html.unescape(" ".join(re.findall(r">([^<]+)</text>", banner))) == verdict


def test_the_phone_draws_the_active_campaign_taller_than_the_others():
    svg = render(GAME.new_game(3).view("axis"), {"narrow": True})
    rows = dict(re.findall(r'data-campaign="(WE\d)">.*?<circle cx="[\d.]+" cy="([\d.]+)"', svg))
    tops = {cid: float(cy) for cid, cy in rows.items()}
    assert tops["WE2"] - tops["WE1"] > tops["WE3"] - tops["WE2"]  # WE1 (active) is the tall row
