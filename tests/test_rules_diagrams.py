"""The rules pages' diagrams (build/diagrams.py): drawn by the game's renderer from a set-up position, inert
(nothing to press on a rules page), framed on what they show, and every marker a rules page holds is drawn."""

import re
import sys
import xml.dom.minidom
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT / "build"))
import diagrams  # noqa: E402


def figures(html):
    return re.findall(r'<figure class="rules-diagram">(<svg.*?</svg>)<figcaption>(.*?)</figcaption></figure>', html)


@pytest.mark.parametrize("name,key", [(n, k) for n, keys in diagrams.DIAGRAMS.items() for k in keys])
def test_each_diagram_is_a_well_formed_inert_drawing_with_a_caption(name, key):
    html = diagrams.DIAGRAMS[name][key]()
    drawn = figures(html)
    assert drawn
    for svg, caption in drawn:
        xml.dom.minidom.parseString(svg)
        assert not re.search(r'data-action|data-command|tabindex|role="button"', svg)
        assert len(caption) > 40


def test_the_placement_shows_the_targets_then_the_placed_unit_and_the_moved_marker():
    (before, _), (after, _) = figures(diagrams.blitzkrieg_placement())
    western_europe = before.split('data-theater="WE"')[1].split('<g class="theater"')[0]
    assert western_europe.count('data-symbol="target"') == 2  # 1.2 and 1.3 take an army; 1.1 is sea
    assert 'data-piece="axis-A2-1"' in after and "Axis ahead by 2" in after
    assert re.search(r'viewBox="[\d.]+ [\d.]+ 370 ', before)  # framed on one theater, not the whole board


def test_the_closing_shows_the_cue_and_the_winner_s_shield():
    ((svg, caption),) = figures(diagrams.blitzkrieg_closing())
    assert 'class="cue" data-cue="Western Europe campaign 1 closes: the Axis scores 2 VP + 1' in svg
    assert "won by Axis" in svg and "scores 2 VP + 1" in caption


def test_the_nippon_opening_offers_boston_s_neighbours():
    ((svg, _),) = figures(diagrams.nippon_opening())
    assert "Boston (3 VP): won by Japan" in svg
    assert svg.count('data-symbol="target"') == 2  # New York and Detroit, joined to Boston


def test_every_marker_of_every_rules_page_is_filled_and_an_unknown_one_stops_the_build():
    for page in (ROOT / "web" / "rules").glob("*.html"):
        text = page.read_text()
        filled = diagrams.fill(page.stem, text)
        assert "<!--diagram:" not in filled
        assert filled.count('<figure class="rules-diagram">') >= text.count("<!--diagram:")
    assert diagrams.fill("blitzkrieg", (ROOT / "web/rules/blitzkrieg.html").read_text()).count("<figure") == 3
    with pytest.raises(ValueError, match="no-such"):
        diagrams.fill("blitzkrieg", "<!--diagram:no-such-->")


def test_the_bitskrieg_shot_shows_the_target_s_chance_then_the_line_of_fire():
    (before, caption), (after, said) = figures(diagrams.bitskrieg_shot())
    assert re.search(r">\d+%<", before)  # the target's chance to be destroyed, on the board
    assert "fire-line" not in before and 'class="last fire-line"' in after
    assert "fires at" in said and "range" in said


def test_the_blitzed_claim_shows_the_thunder_card_on_the_task():
    ((svg, caption),) = figures(diagrams.blitzed_claim())
    assert 'class="thunder' in svg and "thunders on" in caption


def test_the_fall_blau_attack_shows_the_dice_and_what_they_destroyed():
    (before, _), (after, said) = figures(diagrams.fall_blau_attack())
    assert ">Attack<" in before and "Hoth attacks" in said and "White dice" in said
    assert 'class="cue"' in after  # the capture, beside the slot's name
