"""Issue 17 for Fall Blau: a phone and a laptop layout whose text fits its card, the tray, and the marks for motion."""

import re

import pytest

from game_core.engine import run_bot
from game_core.fall_blau import BOTS, GAME, data, render, status_text, tray
from game_core.fall_blau.svg import NARROW_W, PENDING, WIDE_H, WIDE_W
from game_core.svg import GLYPH, fit_lines
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


CUBE = re.compile(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="2" fill="[^"]+" '
                  r'stroke="#00000080"')


def over_cubes(picture):
    """Texts drawn over a cube (the legend's sample cubes, drawn in a moved frame, left out): a text's box
    runs from 0.75 of its size above the baseline to 0.25 below it."""
    cubes = [tuple(map(float, m.groups())) for m in CUBE.finditer(re.sub(r'<g transform=.*?</g>', "", picture))]
    bad = []
    for m in TEXT.finditer(picture):
        x, y, size, anchor, content = m.groups()
        left, right = extent(x, size, anchor, content)
        top, bottom = float(y) - 0.75 * float(size), float(y) + 0.25 * float(size)
        if any(left < cx + cw and cx < right and top < cy + ch and cy < bottom for cx, cy, cw, ch in cubes):
            bad.append(content)
    return bad


BAR = re.compile(r'<path d="M([\d.]+) ([\d.]+)a6 6 0 0 1 6 -6h([\d.]+)a6 6 0 0 1 6 6v([\d.]+)h-[\d.]+Z"')
PIECE = re.compile(r'<g data-piece="[^"]*"[^>]*>(.*?)</g>')


def off_their_bars(picture):
    """Titles of a card not inside its coloured title bar (whose foot is 6 units above the cubes): on the
    card's pale body a white line is unreadable and runs into the cubes."""
    bad = []
    for piece in PIECE.finditer(picture):
        bar = BAR.search(piece.group(1))
        if not bar:
            continue
        x, top, inner, rise = map(float, bar.groups())
        left, right, top, foot = x, x + inner + 12, top - 6, top + rise
        titles = re.match(r'(?:<text[^>]*fill="#ffffff">[^<]*</text>)*', piece.group(1)[piece.group(1).index("/>", bar.end()) + 2:])
        for m in TEXT.finditer(titles.group(0)):  # the white texts drawn right after the bar: its title
            tx, ty, size, anchor, content = m.groups()
            start, end = extent(tx, size, anchor, content)
            if start < left or end > right or float(ty) - 0.75 * float(size) < top or float(ty) + 0.25 * float(size) > foot:
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
                assert over_cubes(picture) == [] and off_their_bars(picture) == [], (layout, seed, ui)


def test_the_overflow_checks_catch_a_text_beyond_its_card_or_over_the_cubes():
    board = render(orders().view("player"), {})
    assert overflows(board) == []
    assert overflows(board.replace(">Open front</text>", ">Open front, far beyond the edge of its slot</text>", 1))
    state = orders()
    place(state, 2, "caucasus", 4)
    board = render(state.view("player"), {"narrow": True})
    moved = re.sub(r'(<text x="[\d.]+" y=")([\d.]+)(" font-size="[\d.]+" text-anchor="start"[^>]*>North)',
                   lambda m: m.group(1) + str(float(m.group(2)) + 48) + m.group(3), board, count=1)
    assert over_cubes(board) == [] and over_cubes(moved) == ["North Caucasus"]  # a title moved onto the cubes


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


def test_the_status_asks_its_question_in_two_lines_of_a_phones_dock():
    """The dock (at most a quarter of a 390x844 screen) shows the status in bold beside Undo and Hint, about
    28 characters a line: two lines leave room for choices. Date, VP and supply are on the tracks."""
    asked = [status_text(state.view("player")) for state in advisor_positions(2, {"missions": True})][:-1]
    for question in asked + list(PENDING.values()):
        assert len(question) <= 2 * 28 and "supply" not in question, question
    assert "Pick a general, play an event or end the turn." in asked


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
    lines, size = fit_lines("Artillerie-Vorbereitung", 108, 10, 2)
    assert lines == ["Artillerie-Vorbereitung"] and GLYPH * size * len(lines[0]) <= 108
    lines, size = fit_lines("Counter-attacks from Fortress cards destroy a grey cube on a 1 or 2.", 150, 10, 2)
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


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_three_line_title_ends_above_the_cubes(layout):
    """North Caucasus Front Counter-Attack takes three lines in a phone's narrow card: its bar grows."""
    state = orders()
    place(state, 2, "caucasus", 4)
    board = render(state.view("player"), LAYOUTS[layout])
    assert over_cubes(board) == [] and off_their_bars(board) == []
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


SIZE = re.compile(r'\s(r|rx|width|height)="([^"]*)"')


def random_positions(seed):
    """Every position of a game of random legal moves (they reach what a good player avoids: two
    counter-attacks in one slot at the end of a turn, a slot's header full of cues and dice)."""
    state = GAME.new_game(seed, {"missions": seed % 2 == 0, "general_pool": ("five", "six")[seed % 3 == 0]})
    rng = Rng.from_seed(seed, "random positions")
    while not state.is_over:
        yield state
        state = state.apply(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_element_is_drawn_with_a_negative_or_missing_size(layout):
    """A browser rejects r="-1.0" or width="-10.1" (the phone's console showed both, from a slot's dice
    squeezed by two counter-attack cues): every r, rx, width and height is a number of at least zero."""
    crowded = orders()  # as seen on the phone: two counter-attacks in one slot at the end of a turn
    crowded.cues = [{"slot": 2, "kind": "counter", "text": f"Counter-attack on Hoth: {hits} grey lost",
                     "label": f"Counter-attack: -{hits} grey"} for hits in (0, 1)]
    crowded.rolls = [{"slot": 2, "soviet": [3, 4, 4, 2, 2]}, {"slot": 2, "soviet": [5, 3, 5, 1]}]
    for seed, state in [(None, crowded)] + [(seed, s) for seed in range(12) for s in random_positions(seed)]:
        view = state.view("player")
        bad = [(name, value) for name, value in SIZE.findall(render(view, LAYOUTS[layout]))
               if not re.fullmatch(r"\d+(\.\d+)?", value)]
        assert bad == [], (layout, seed, view["state"]["turn"], bad[:3])
