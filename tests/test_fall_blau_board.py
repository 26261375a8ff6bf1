"""Issue 17 for Fall Blau: text that fits its box, the tray, and the marks for motion."""

import re

from game_core.engine import run_bot
from game_core.fall_blau import BOTS, GAME, data, render, tray
from game_core.fall_blau.svg import CHAR_W, HEIGHT, TRACK_X, WIDTH, fit
from game_core.rng import Rng
from test_fall_blau_rules import dice, orders, place

TEXT = re.compile(r'<text x="([\d.]+)" y="[\d.]+" font-size="([\d.]+)" text-anchor="(\w+)"[^>]*>([^<]*)</text>')
BOX = re.compile(r'<g[^>]*><rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*/>(.*?)</g>')


def extent(x, size, anchor, content):
    """The left and right edges of a text, at about 0.6 x font size per character."""
    content = content.replace("&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"')
    width = CHAR_W * float(size) * len(content)
    left = {"start": float(x), "middle": float(x) - width / 2, "end": float(x) - width}[anchor]
    return left, left + width


def overflows(picture):
    """Texts that leave the board, or the card or button they are drawn in."""
    bad = [m.group(4) for m in TEXT.finditer(picture)
           if not 0 <= extent(*m.groups())[0] <= extent(*m.groups())[1] <= WIDTH]
    for box in BOX.finditer(picture):
        x, w = float(box.group(1)), float(box.group(2))
        for m in TEXT.finditer(box.group(3)):
            left, right = extent(*m.groups())
            if left < x - 0.5 or right > x + w + 0.5:
                bad.append(m.group(4))
    return bad


def advisor_positions(seed, options):
    state = GAME.new_game(seed, options)
    rng = Rng.from_seed(seed, "board")
    while not state.is_over:
        yield state
        state = state.apply(run_bot(BOTS["advisor"], GAME, state.view("player"), rng))
    yield state


def test_no_text_leaves_its_card_button_or_the_board():
    for seed, options in ((1, {}), (2, {"missions": True, "hard": True, "general_pool": "six"})):
        for state in advisor_positions(seed, options):
            ui = {"general": next((g for g in state.ready()), None), "boost": (state.hand or [None])[0]}
            assert overflows(render(state.view("player"), ui)) == []


def test_long_names_shrink_or_wrap_but_are_never_cut():
    lines, size = fit("Artillerie-Vorbereitung", 108, 10, 2)
    assert lines == ["Artillerie-Vorbereitung"] and CHAR_W * size * len(lines[0]) <= 108
    lines, size = fit("Counter-attacks from Fortress cards destroy a grey cube on a 1 or 2.", 150, 10, 2)
    assert " ".join(lines) == "Counter-attacks from Fortress cards destroy a grey cube on a 1 or 2."
    state = orders(("kleist", "gariboldi", "salmuth"), general_pool="six")
    state.hand = ["artillerie1", "grossdeutschland"]
    board = render(state.view("player"), {})
    for name in ("von Kleist - 1st Panzer Army", "Gariboldi - Italian 8th Army", "von Salmuth - 2nd Army",
                 "Artillerie-Vorbereitung"):
        assert f">{name}</text>" in board


def test_the_calendar_label_ends_before_the_start_box_and_captured_has_a_value():
    board = render(orders().view("player"), {})
    calendar = next(m for m in TEXT.finditer(board) if m.group(4) == "Calendar")
    assert extent(*calendar.groups())[1] < TRACK_X
    assert "Captured: none" in board
    state = orders()
    state.captured = ["voronezh", "rossosh"]
    assert "Captured: Voronezh, Rossosh" in render(state.view("player"), {})


def test_the_board_fits_a_laptop_column():
    # 1366x768: beside the tray the board gets about 900 px of width, so it must be under ~600 px tall.
    assert HEIGHT / WIDTH <= 0.65


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
    place(state, 2, "kalach", 3)  # next to Hoth: he may attack it, helped by the Stuka
    items = tray(state.view("player"), {"general": "hoth", "panel": "reorg"})
    actions = {i["action"] for i in items if i["action"]}
    assert {"consolidate hoth", "play beutelager", "end"} <= actions
    assert len([a for a in actions if a.startswith("reorg ")]) == 5
    assert actions <= set(state.legal_actions())
    boost = next(i for i in items if i["command"] == "ui:boost=stuka")
    assert boost["label"] == "Add Stuka-Angriff" and not boost["pressed"]
    closed = tray(state.view("player"), {"general": "hoth"})
    assert not [i for i in closed if (i["action"] or "").startswith("reorg ")]


def test_pieces_keep_their_ids_and_the_last_move_is_marked():
    state = orders(("hoth", "gariboldi", "paulus"))
    place(state, 1, "salsk", 2)
    before = render(state.view("player"), {})
    for piece in ("hoth", "gariboldi", "paulus", "salsk", "supply", "vp", "calendar"):
        assert f'data-piece="{piece}"' in before
    after = dice(state, 2, 2, 2, 2, 2).apply("attack hoth 1")  # no damage, Hoth exhausted, supply spent
    board = render(after.view("player"), {})
    assert re.search(r'data-piece="hoth" class="last"', board) and re.search(r'data-piece="supply" class="last"', board)
    assert not re.search(r'data-piece="paulus" class="last"', board)
    assert not re.search(r'data-piece="salsk" class="last"', board)  # still two red cubes


def test_a_counter_attack_and_a_capture_get_a_cue_only_right_after():
    state = orders()
    place(state, 1, "voronezh", 2)
    state.deck = ["treibstoff1", "eisenbahn"]
    after = dice(state, 1, 6).apply("end")
    board = render(after.view("player"), {})
    assert 'class="cue" data-cue="Counter-attack on Gariboldi: 1 grey lost"' in board
    next_move = dice(after, 3, 3, 3, 3).apply("attack gariboldi 1")
    board = render(next_move.view("player"), {})
    assert 'data-cue="Counter-attack' not in board and 'data-cue="Voronezh captured: +1 VP"' in board
