"""Issue 17 for Fall Blau: a phone and a laptop layout whose text fits its card, the tray, and the marks for motion."""

import re

import pytest

from game_core.engine import run_bot
from game_core.fall_blau import BOTS, GAME, data, render, tray
from game_core.fall_blau.svg import NARROW_W, WIDE_H, WIDE_W, fit
from game_core.svg import GLYPH
from game_core.fall_blau.words import event_effect
from game_core.rng import Rng
from test_fall_blau_rules import dice, orders, place

TEXT = re.compile(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)" text-anchor="(\w+)"[^>]*>([^<]*)</text>')
BOX = re.compile(r'<g[^>]*><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*/>(.*?)</g>')
TARGET = re.compile(r'<g (data-action|data-command)="[^"]*"[^>]*aria-label="([^"]*)"[^>]*>(.*?)</g>')
LAYOUTS = {"phone": {"narrow": True}, "laptop": {}}


def words(picture):
    """The drawing's text as one line (wrapped lines joined by spaces)."""
    return " ".join(re.sub(r"<[^>]+>", " ", picture).split())


def unescape(content):
    return content.replace("&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"')


def extent(x, size, anchor, content):
    """The left and right edges of a text, at about 0.6 x font size per character."""
    width = GLYPH * float(size) * len(unescape(content))
    left = {"start": float(x), "middle": float(x) - width / 2, "end": float(x) - width}[anchor]
    return left, left + width


def viewbox(picture):
    return [float(n) for n in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', picture).groups()]


def overflows(picture):
    """Texts that leave the board, or the card, badge or button they are drawn in."""
    width, height = viewbox(picture)
    bad = []
    for m in TEXT.finditer(picture):
        x, y, size, anchor, content = m.groups()
        left, right = extent(x, size, anchor, content)
        if not (0 <= left and right <= width and float(size) * 0.8 <= float(y) <= height):
            bad.append(content)
    for box in BOX.finditer(picture):
        x, y, w, h = map(float, box.groups()[:4])
        for m in TEXT.finditer(box.group(5)):
            tx, ty, size, anchor, content = m.groups()
            left, right = extent(tx, size, anchor, content)
            if left < x - 0.5 or right > x + w + 0.5 or float(ty) - 0.75 * float(size) < y or float(ty) > y + h:
                bad.append(content)
    return bad


def advisor_positions(seed, options):
    state = GAME.new_game(seed, options)
    rng = Rng.from_seed(seed, "board")
    while not state.is_over:
        yield state
        state = state.apply(run_bot(BOTS["advisor"], GAME, state.view("player"), rng))
    yield state


def uis(state):
    """The selections a player makes: none, a ready general, and him with a card's extra dice."""
    general = next(iter(state.ready()), None)
    return [{}, {"general": general}, {"general": general, "boost": (state.hand or [None])[0], "panel": "reorg"}]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_text_leaves_its_card_badge_button_or_the_board(layout):
    for seed, options in ((1, {}), (2, {"missions": True, "hard": True, "general_pool": "six"})):
        for state in advisor_positions(seed, options):
            for ui in uis(state):
                picture = render(state.view("player"), {**ui, **LAYOUTS[layout]})
                assert overflows(picture) == [], (layout, seed, ui)


def test_the_overflow_check_catches_a_text_beyond_its_card():
    board = render(orders().view("player"), {})
    assert overflows(board) == []
    assert overflows(board.replace(">Open front</text>", ">Open front, far beyond the edge of its slot</text>", 1))


def test_a_phone_gets_a_tall_drawing_with_text_of_at_least_11_px():
    for state in advisor_positions(3, {"missions": True}):
        for ui in uis(state):
            picture = render(state.view("player"), {**ui, "narrow": True})
            width, height = viewbox(picture)
            assert width == NARROW_W and height > 2 * width
            assert min(float(m.group(3)) for m in TEXT.finditer(picture)) >= 11


def test_the_phone_stacks_the_three_slots_and_the_laptop_sets_them_side_by_side():
    state = orders(("hoth", "gariboldi", "paulus"))
    for layout, stacked in (("phone", True), ("laptop", False)):
        board = render(state.view("player"), LAYOUTS[layout])
        ys = [float(next(m.group(2) for m in TEXT.finditer(board) if m.group(5) == f"Slot {n}")) for n in (1, 2, 3)]
        assert (ys[0] < ys[1] < ys[2]) if stacked else (ys[0] == ys[1] == ys[2])


def test_the_laptop_drawing_fits_beside_the_tray():
    # 1366x768: beside the tray the board gets about 960 px of width and 680 px of height.
    picture = render(orders().view("player"), {})
    assert viewbox(picture) == [WIDE_W, WIDE_H] and WIDE_H / WIDE_W <= 0.7


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_board_never_repeats_a_tray_control_and_names_begin_with_the_visible_text(layout):
    for state in advisor_positions(4, {"missions": True}):
        for ui in uis(state):
            view, ui = state.view("player"), {**ui, **LAYOUTS[layout]}
            picture = render(view, ui)
            assert "<title>" in picture
            board = set(re.findall(r'data-action="([^"]+)"', picture))
            assert not board & {i["action"] for i in tray(view, ui)}
            for kind, name, inside in TARGET.findall(picture):
                # as a browser reads it: the texts one after the other, no space added between two <text>s
                visible = " ".join(unescape(re.sub(r"<[^>]+>", "", re.sub(r"<title>.*?</title>", "", inside))).split())
                assert visible and unescape(name).startswith(visible), (name, visible)


def test_a_deployment_is_a_click_on_a_slot_and_a_discard_a_choice_in_the_tray():
    state = orders()
    state.pending, state.flow = {"kind": "deploy", "options": [1, 3], "card": "bryansk"}, []
    view = state.view("player")
    assert set(view["legal_actions"]) == {"deploy 1", "deploy 3"}
    assert tray(view, {}) == []
    board = render(view, {"narrow": True})
    assert set(re.findall(r'data-action="([^"]+)"', board)) == {"deploy 1", "deploy 3"}
    assert 'aria-label="Deploy here: Deploy the Major Counter-Attack in slot 1"' in board
    state.hand = ["stuka", "beutelager", "treibstoff1", "eisenbahn", "marsch1", "lazarett"]
    state.pending = {"kind": "discard", "options": list(state.hand), "card": None}
    view = state.view("player")
    assert "data-action" not in render(view, {})
    assert {i["action"] for i in tray(view, {})} == set(view["legal_actions"])


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_hand_card_shows_its_name_and_whole_effect(layout):
    state = orders()
    assert "+2 black dice to one attack or +1 grey cube for a general" == event_effect("stug1")
    kept = [e for e, card in data.EVENTS.items() if card["kind"] in ("hand", "special")]
    for start in range(0, len(kept), data.HAND_LIMIT):
        state.hand = kept[start:start + data.HAND_LIMIT]
        shown = words(render(state.view("player"), LAYOUTS[layout]))
        for event in state.hand:
            effect = event_effect(event)
            assert data.EVENTS[event]["name"] in shown and effect[:1].upper() + effect[1:] in shown, event


def test_long_names_shrink_or_wrap_but_are_never_cut():
    lines, size = fit("Artillerie-Vorbereitung", 108, 10, 2)
    assert lines == ["Artillerie-Vorbereitung"] and GLYPH * size * len(lines[0]) <= 108
    lines, size = fit("Counter-attacks from Fortress cards destroy a grey cube on a 1 or 2.", 150, 10, 2)
    assert " ".join(lines) == "Counter-attacks from Fortress cards destroy a grey cube on a 1 or 2."
    state = orders(("kleist", "gariboldi", "salmuth"), general_pool="six")
    state.hand = ["artillerie1", "grossdeutschland"]
    place(state, 2, "caucasus", 4)
    for layout in LAYOUTS.values():
        board = render(state.view("player"), layout)
        for name in ("von Kleist", "1st Panzer Army", "Gariboldi", "Italian 8th Army", "von Salmuth",
                     "Artillerie-Vorbereitung", "Division Großdeutschland"):
            assert f">{name}</text>" in board
        assert "North Caucasus Front Counter-Attack" in words(board)


def test_the_calendar_label_ends_before_the_start_box_and_captured_has_a_value():
    board = render(orders().view("player"), {})
    calendar = next(m for m in TEXT.finditer(board) if m.group(5) == "Calendar")
    start = next(m for m in TEXT.finditer(board) if m.group(5) == "Start")
    assert extent(calendar.group(1), *calendar.groups()[2:])[1] < extent(start.group(1), *start.groups()[2:])[0]
    assert "Captured: none" in board
    state = orders()
    state.captured = ["voronezh", "rossosh"]
    assert "Captured: Voronezh, Rossosh" in render(state.view("player"), {})


def test_tray_holds_every_general_with_his_full_name_and_details():
    state = GAME.new_game(3, {"general_pool": "six"})
    items = tray(state.view("player"), {})
    assert [i["label"] for i in items] == ["Hoth", "von Kleist", "Paulus", "Ruoff", "Gariboldi", "von Salmuth"]
    assert items[0]["group"] == "Choose the general for slot 1" and "4th Panzer Army" in items[0]["detail"]
    assert {i["action"] for i in items} == set(state.legal_actions())


def test_tray_offers_the_selected_generals_orders_plays_reorganizations_and_end():
    state = orders(("hoth", "gariboldi", "paulus"))
    state.hand = ["stuka", "beutelager"]
    state.queue = ["rossosh", "millerovo"]
    doubles = {i["action"] for i in tray(state.view("player"), {"general": "hoth"})}
    assert "advance hoth rossosh millerovo 2" in doubles  # a single advance is a click on the queue card
    assert "advance hoth rossosh" not in doubles
    assert 'aria-label="Advance: Hoth advances on Rossosh"' in render(state.view("player"), {"general": "hoth"})
    place(state, 2, "kalach", 3)  # next to Hoth: he may attack it, helped by the Stuka
    items = tray(state.view("player"), {"general": "hoth", "panel": "reorg"})
    actions = {i["action"] for i in items if i["action"]}
    assert {"consolidate hoth", "play beutelager", "end"} <= actions
    assert len([a for a in actions if a.startswith("reorg ")]) == 5
    assert actions <= set(state.legal_actions())
    boost = next(i for i in items if i["command"] == "ui:boost=stuka")
    assert boost["label"] == "Add Stuka-Angriff" and not boost["pressed"]
    board = render(state.view("player"), {"general": "hoth", "boost": "stuka"})
    assert 'data-action="attack hoth 2 stuka"' in board
    closed = tray(state.view("player"), {"general": "hoth"})
    assert not [i for i in closed if (i["action"] or "").startswith("reorg ")]


def test_two_copies_of_a_card_in_hand_get_one_set_of_buttons():
    state = orders(("hoth", "gariboldi", "paulus"))
    state.hand = ["marsch1", "marsch2", "treibstoff1", "treibstoff2"]
    place(state, 2, "kalach", 3)  # Hoth may attack it, helped by a Marschbataillon
    items = tray(state.view("player"), {"general": "hoth"})
    labels = [(i["group"], i["label"]) for i in items]
    assert len(labels) == len(set(labels)), "two buttons read the same"
    assert [i["command"] for i in items if (i["command"] or "").startswith("ui:boost=")] == ["ui:boost=marsch1"]
    plays = [i["action"] for i in items if (i["action"] or "").startswith("play ")]
    assert plays and not [a for a in plays if "marsch2" in a or "treibstoff2" in a]
    assert set(plays) <= set(state.legal_actions())


def test_pieces_keep_their_ids_and_the_last_move_is_marked():
    state = orders(("hoth", "gariboldi", "paulus"))
    place(state, 1, "salsk", 2)
    before = render(state.view("player"), {"narrow": True})
    for piece in ("hoth", "gariboldi", "paulus", "salsk", "supply", "vp", "calendar"):
        assert f'data-piece="{piece}"' in before
    after = dice(state, 2, 2, 2, 2, 2).apply("attack hoth 1")  # no damage, Hoth exhausted, supply spent
    board = render(after.view("player"), {})
    assert re.search(r'data-piece="hoth" class="last"', board) and re.search(r'data-piece="supply" class="last"', board)
    assert not re.search(r'data-piece="paulus" class="last"', board)
    assert not re.search(r'data-piece="salsk" class="last"', board)  # still two red cubes
    rolled = re.findall(r'class="die" data-seat="slot1" data-die="\d+" data-value="(\d)"', board)
    assert rolled == ["2"] * 5  # the attack's dice, in its slot


def test_a_counter_attack_and_a_capture_get_a_cue_only_right_after():
    state = orders()
    place(state, 1, "voronezh", 2)
    state.deck = ["treibstoff1", "eisenbahn"]
    after = dice(state, 1, 6).apply("end")
    board = render(after.view("player"), {})
    assert 'class="cue" data-cue="Counter-attack on Gariboldi: 1 grey lost"' in board
    next_move = dice(after, 3, 3, 3, 3).apply("attack gariboldi 1")
    board = render(next_move.view("player"), {"narrow": True})
    assert 'data-cue="Counter-attack' not in board and 'data-cue="Voronezh captured: +1 VP"' in board


def test_the_end_of_the_game_is_drawn_on_the_board():
    state = orders()
    state.calendar, state.vp, state.deck = data.WINTER - 1, 28, ["treibstoff1"]
    over = state.apply("end")
    assert over.is_over
    for layout in LAYOUTS.values():
        board = render(over.view("player"), layout)
        assert ">Victory</text>" in board and "Final score 28 VP: victory needs 27, brilliant 30" in words(board)
        assert 'class="cue" data-cue="Victory: final score 28 VP' in board and "data-action" not in board


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_generals_card_shows_his_whole_ability(layout):
    for generals in (("hoth", "kleist", "paulus"), ("ruoff", "gariboldi", "salmuth")):
        state = orders(generals, general_pool="six")
        shown = words(render(state.view("player"), {"general": generals[0], **LAYOUTS[layout]}))
        for general in generals:
            assert data.GENERALS[general]["text"] in shown, general


def test_the_last_actions_report_stays_inside_the_event_panel_above_the_legend():
    """The panel ends 30 units above the laptop board's foot and the legend's words sit on its last line:
    a report with no room left under the panel's words is left to the log, not drawn across its frame."""
    for state in advisor_positions(1, {}):
        board = render(state.view("player"), {})
        spilled = [m.group(5) for m in TEXT.finditer(board) if WIDE_H - 30 < float(m.group(2)) < WIDE_H - 10]
        assert spilled == []
