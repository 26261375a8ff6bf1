"""The board kit of game_core/svg.py: what each piece draws, measured from the markup it returns."""

import xml.etree.ElementTree as ET

from game_core import svg

NS = "{http://www.w3.org/2000/svg}"


def parse(markup: str):
    """The markup as XML elements (it must be well formed), wrapped in one root."""
    return ET.fromstring(f"<g>{markup}</g>")


def test_rect_writes_only_what_it_is_given_in_a_fixed_order():
    assert svg.rect(1, 2, 30, 40, "#fff") == '<rect x="1" y="2" width="30" height="40" fill="#fff"/>'
    assert (svg.rect(1, 2, 30, 40, "#fff", "#000", 1.5, 8, ' opacity=".5"')
            == '<rect x="1" y="2" width="30" height="40" rx="8" fill="#fff" stroke="#000" stroke-width="1.5" '
               'opacity=".5"/>')
    assert svg.rect(0, 0, 1, 1, "none", width=0, rx=0) == '<rect x="0" y="0" width="1" height="1" rx="0" fill="none" stroke-width="0"/>'


def test_numbers_are_rounded_to_a_tenth_but_a_callers_format_is_kept():
    assert svg.rect(1 / 3, 2.25, 10.0, 7, "red") == '<rect x="0.3" y="2.2" width="10.0" height="7" fill="red"/>'
    assert svg.rect("0.333", 0, "5.00", 1, "red").startswith('<rect x="0.333" y="0" width="5.00"')
    assert svg.num(12) == 12 and svg.num(12.345) == 12.3 and svg.num("1e3") == "1e3"
    assert svg.half(20) == 10 and isinstance(svg.half(20), int) and svg.half(15) == 7.5 and svg.half(9.0) == 4.5


def test_a_card_is_a_rounded_box_with_a_band_whose_top_corners_round_alike():
    element = parse(svg.card(10, 20, 100, 60, "#eee", "#333", "#123", 22, 8))
    box, band = list(element)
    assert (box.tag, box.get("x"), box.get("y"), box.get("width"), box.get("height"), box.get("rx")) == \
        ("rect", "10", "20", "100", "60", "8")
    assert box.get("fill") == "#eee" and box.get("stroke") == "#333" and box.get("stroke-width") is None
    # starts 8 below the top-left corner, arcs 8 to the top edge, runs 100 - 16, arcs down, then 22 - 8 more
    assert band.get("d") == "M10 28a8 8 0 0 1 8 -8h84a8 8 0 0 1 8 8v14h-100z" and band.get("fill") == "#123"
    assert svg.band(0, 0, 50, 20, 6, "red") == '<path d="M0 6a6 6 0 0 1 6 -6h38a6 6 0 0 1 6 6v14h-50z" fill="red"/>'


def test_a_chip_centres_its_escaped_words_in_its_box():
    element = parse(svg.chip(100, 40, 60, 20, 'Hide <"legend"> & more', 12, "#fff", "#333", "#000", rx=10))
    box, words = list(element)
    assert box.get("rx") == "10" and box.get("stroke-width") is None
    assert float(words.get("x")) == 130 and words.get("text-anchor") == "middle"
    assert words.get("y") == "54"  # half the height (10, whole) and 4 below: a whole number stays whole
    assert words.text == 'Hide <"legend"> & more' and words.get("font-weight") == "bold"
    assert words.get("font-size") == "12" and words.get("fill") == "#000"
    odd = parse(svg.chip(0, 0, 7, 15, "x", 11, "#fff", "#333", "#000", lift=3.5))
    assert list(odd)[1].get("x") == "3.5" and list(odd)[1].get("y") == "11.0"


def test_titled_and_cue_groups_carry_their_meaning_escaped():
    group = parse(svg.titled('Tanks & "guns" <2>', "<circle/>", ' data-symbol="x"'))[0]
    assert group.get("data-symbol") == "x" and group.find("title").text == 'Tanks & "guns" <2>'
    assert group.find("circle") is not None
    said = 'Axis scores <3> & "wins"'
    cue = parse(svg.cue(said, "<rect/>"))[0]
    assert cue.get("class") == "cue" and cue.get("data-cue") == said and cue.find("title").text == said


def test_place_moves_and_scales_a_drawing():
    assert svg.place(3, 4.5, "<g/>") == '<g transform="translate(3 4.5)"><g/></g>'
    assert svg.place("7", "8", "<g/>", 0.82) == '<g transform="translate(7 8) scale(0.82)"><g/></g>'


def test_text_lines_steps_down_a_line_at_a_time():
    lines = list(parse(svg.text_lines(5, 10, ["one", "two", "three"], 12, 15, anchor="start", fill="#555")))
    assert [t.text for t in lines] == ["one", "two", "three"]
    assert [t.get("y") for t in lines] == ["10", "25", "40"] and {t.get("x") for t in lines} == {"5"}
    assert {t.get("text-anchor") for t in lines} == {"start"} and {t.get("fill") for t in lines} == {"#555"}
    assert [t.get("y") for t in parse(svg.text_lines(0, 0.05, ["a", "b"], 12, 1.13))] == ["0.1", "1.2"]


def test_a_paragraph_wraps_to_its_width_and_counts_its_lines():
    words = "the quick brown fox jumps over the lazy dog"
    markup, count = svg.paragraph(0, 20, words, 60, 10)  # 60 / (0.6 * 10): 10 characters a line
    lines = [t.text for t in parse(markup)]
    assert count == len(lines) == 5 and " ".join(lines) == words and all(len(line) <= 10 for line in lines)
    assert [t.get("y") for t in parse(markup)][:2] == ["20.0", "32.5"]  # 1.25 sizes apart unless told


def test_fit_lines_wraps_then_shrinks_and_never_goes_under_its_least_size():
    lines, size = svg.fit_lines("Counter-attack", 200, 12)
    assert lines == ["Counter-attack"] and size == 12
    lines, size = svg.fit_lines("Counter-attack", 60, 12)  # 14 characters in 60: 60 / (0.6 * 14) = 7.1
    assert lines == ["Counter-attack"] and size == 7 and svg.GLYPH * size * len(lines[0]) <= 60
    lines, size = svg.fit_lines("a long name for a general", 90, 12, max_lines=2)
    assert len(lines) <= 2 and " ".join(lines) == "a long name for a general"
    assert all(svg.GLYPH * size * len(line) <= 90 for line in lines)
    assert svg.fit_lines("Panzerarmee", 10, 12, least=9)[1] == 9


def test_fitted_text_is_one_element_a_line_at_its_fitted_size():
    lines = list(parse(svg.fitted(4, 30, "a long name for a general", 90, 12, max_lines=2, weight="bold")))
    size = float(lines[0].get("font-size"))
    assert len(lines) == 2 and size < 12 and float(lines[1].get("y")) == round(30 + size * 1.15, 1)
    assert {t.get("font-weight") for t in lines} == {"bold"}


def test_a_text_block_leaves_out_a_whole_paragraph_it_has_no_room_for():
    markup, after = svg.text_block(0, 10, 120, 30, ["first line here", "second paragraph, long enough to wrap "
                                                    "over several lines"], 10, 10)
    shown = [t.text for t in parse(markup)]
    assert shown == ["first line here"] and after == 22  # 10 + one line of 1.2 sizes
    markup, after = svg.text_block(0, 10, 120, 200, ["one", "two"], 10, 8)
    assert [t.text for t in parse(markup)] == ["one", "two"] and after == 34


def test_layout_arithmetic():
    assert [svg.rows(n, 3) for n in (0, 1, 3, 4, 7)] == [0, 1, 1, 2, 3]
    assert svg.share(100, 4, 4) == 22  # 4 things and 3 gaps of 4 across 100
    assert svg.share(372, 1, 10) == 372
    assert svg.centred(100, 2, 30, 10) == 15  # 30 + 10 + 30 = 70 wide: 15 on each side
    assert [svg.grid(i, 3, 10, 20, 50, 30) for i in range(5)] == [(10, 20), (60, 20), (110, 20), (10, 50), (60, 50)]


def test_a_narrow_grid_stays_inside_its_width():
    width, gap, count, columns = 372, 6, 5, 2
    item = svg.share(width, columns, gap)
    for index in range(count):
        x, _ = svg.grid(index, columns, 0, 0, item + gap, 40)
        assert 0 <= x and x + item <= width + 1e-9
    assert svg.rows(count, columns) == 3


def test_board_is_a_named_svg_with_its_title_defs_and_background():
    root = ET.fromstring(svg.board(400, 300, 'Tanks & "co"', "<circle/>", "#eee", "<defs/>"))
    assert root.tag == NS + "svg" and root.get("viewBox") == "0 0 400 300" and root.get("role") == "group"
    assert root.get("aria-label") == 'Tanks & "co"' and root.find(NS + "title").text == 'Tanks & "co"'
    tags = [child.tag.replace(NS, "") for child in root]
    assert tags == ["title", "defs", "rect", "circle"]
    background = root.find(NS + "rect")
    assert (background.get("width"), background.get("height"), background.get("fill")) == ("400", "300", "#eee")
    bare = ET.fromstring(svg.board(10, 10, "x", ""))
    assert [child.tag.replace(NS, "") for child in bare] == ["title"]


def test_pips_are_the_die_faces_dots():
    for value in range(1, 7):
        dots = list(parse(svg.pips(0, 0, 100, value, "#000")))
        assert len(dots) == value and {d.get("r") for d in dots} == {"9.5"}
    assert [(d.get("cx"), d.get("cy")) for d in parse(svg.pips(10, 20, 100, 1, "#000"))] == [("60.0", "70.0")]
    assert svg.pips(0, 0, 10, None, "#000") == ""
    assert svg.pips(0, 0, 100, 2, "#000") in svg.die(0, 0, 100, 2, pip="#000")


def test_clickables_have_accessible_names_escaped():
    action = parse(f'<g {svg.action_attrs("open:NY", "New York <4 VP> & more", "n")}/>')[0]
    assert action.get("data-action") == "open:NY" and action.get("aria-label") == "New York <4 VP> & more"
    assert action.get("role") == "button" and action.get("tabindex") == "0" and action.get("data-key") == "n"
    command = parse(f'<g {svg.command_attrs("ui:legend=1", "Legend", False)}/>')[0]
    assert command.get("data-command") == "ui:legend=1" and command.get("aria-pressed") == "false"
    assert command.get("aria-label") == "Legend"
