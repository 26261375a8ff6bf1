"""Blitzkrieg! SVG board: the UI contract (data-action, data-command, curtain, non-interactive)."""

import re
import xml.dom.minidom

from game_core.blitzkrieg import GAME, render, status_text, tray
from game_core.blitzkrieg.words import unit_words
from game_core.rng import Rng


def actions_in(svg):
    return re.findall(r'data-action="([^"]+)"', svg)


def test_board_is_well_formed_and_offers_legal_placements():
    state = GAME.new_game(2)
    svg = render(state.view("axis"), {})
    xml.dom.minidom.parseString(svg)
    legal = set(state.legal_actions())
    shown = set(actions_in(svg))
    assert shown and shown <= legal
    kind = sorted(a.split("@")[0] for a in legal)[0]
    assert all(a.startswith(kind + "@") for a in shown)  # the default kind: the first placeable
    assert "ui:token" not in svg  # the unit to place is chosen in the tray
    assert [e["command"] for e in tray(state.view("axis"), {}) if e["pressed"]] == [f"ui:token={kind}"]
    assert "Western Europe" in svg and "South East Asia" in svg


def test_selected_token_changes_the_highlighted_spaces():
    state = GAME.new_game(2)
    kinds = sorted({a.split("@")[0] for a in state.legal_actions()})
    chosen = kinds[-1]
    shown = actions_in(render(state.view("axis"), {"token": chosen}))
    assert shown and all(a.startswith(chosen + "@") for a in shown)
    assert f"Place {unit_words(chosen)} on " in render(state.view("axis"), {"token": chosen})


def test_curtain_hides_the_reserve_but_keeps_actions():
    state = GAME.new_game(2)
    svg = render(state.view("axis"), {"curtain": True, "token": "ZZ"})
    assert actions_in(svg) and "ui:token" not in svg
    for token in state.reserves["axis"]:  # the board is empty: no token label may show
        assert f">{token.split(':')[1].split('#')[0]}</text>" not in svg
    assert "Axis reserve" not in svg  # your own reserve is the tray's while you choose from it


def test_not_interactive_or_not_the_player_means_no_controls():
    state = GAME.new_game(2)
    for seat, ui in (("axis", {"interactive": False}), ("allies", {}), (None, {})):
        svg = render(state.view(seat), ui)
        assert "data-action" not in svg and "ui:token" not in svg
    assert "Allies reserve (3), hidden" in render(state.view("axis"), {})
    assert "Axis reserve (3), hidden" in render(state.view(None), {})
    assert "Axis reserve (3)<" in render(state.view("axis"), {"interactive": False})  # shown while you wait


def test_clicking_the_board_and_tray_finishes_games_and_status_reads():
    for seed in range(15):
        rng = Rng.from_seed(seed, "click")
        state = GAME.new_game(seed)
        while not state.is_over:
            seat = state.to_play
            ui = {"token": rng.choice(sorted({a.split("@")[0] for a in state.legal_actions()}))}
            shown = actions_in(render(state.view(seat), ui)) + [e["action"] for e in tray(state.view(seat), ui)
                                                                if e["action"]]
            assert shown, status_text(state.view(seat))
            state = state.apply(rng.choice(shown))
        assert "wins" in status_text(state.view(None)) or "win" in status_text(state.view(None))
        assert not actions_in(render(state.view("axis"), {}))


def test_decisions_are_offered_in_the_tray_not_the_board():
    for seed in range(200):
        rng = Rng.from_seed(seed, "buttons")
        state = GAME.new_game(seed)
        while not state.is_over:
            if state.decision:
                shown = {e["action"] for e in tray(state.view(state.to_play), {})}
                assert not shown & set(actions_in(render(state.view(state.to_play), {})))
                words = status_text(state.view(state.to_play))
                if state.decision["kind"] == "sa":
                    assert shown == set(state.legal_actions()) and "strategic advantage" in words
                if state.decision["kind"] == "fx":
                    assert shown == set(state.legal_actions()) and "closed theater" in words
                if state.decision["kind"] == "blitz":
                    assert "pass" in shown and "blitz" in words
            state = state.apply(rng.choice(state.legal_actions()))




def test_a_seats_secret_never_reaches_another_seats_svg():
    """A distinctive token planted in the Allies' reserve, bag and the research pile shows for nobody else."""
    state = GAME.new_game(4)
    secret = "allies:SPY#secret"
    state.reserves["allies"].append(secret)
    state.bags["allies"].append("allies:NUKE#secret")
    state.research.append("sw:XF#secret")
    for seat in ("axis", None):
        view = state.view(seat)
        svg = render(view, {})
        assert "secret" not in svg and "SPY" not in svg and "NUKE" not in svg
        assert view["state"]["reserves"]["allies"] == {"hidden": 4}
    assert "allies-SPY-secret" in render(state.view("allies"), {})  # its own seat sees it


def test_the_board_is_drawn_from_the_view_alone():
    import json
    from game_core.blitzkrieg import svg as module
    state = GAME.new_game(6)
    for action in ("A1@WE1.2", ) if "A1@WE1.2" in state.legal_actions() else state.legal_actions()[:1]:
        state = state.apply(action)
    view = state.view(state.to_play)
    assert render(json.loads(json.dumps(view)), {}) == render(view, {})
    assert "rules" not in {name.split(".")[-1] for name in vars(module) if not name.startswith("__")}


def test_last_move_and_cues_are_marked():
    state = GAME.new_game(1)
    state.markers["SA"] = 8
    state.reserves["axis"] = ["axis:N3#1"]
    after = state.apply("N3@SA1.1")  # South East Asia won
    svg = render(after.view("allies"), {})
    assert 'data-piece="axis-N3-1"' in svg and 'data-piece="marker-SA" class="last"' in svg
    assert 'class="cue" data-cue="The Axis wins South East Asia' in svg
    assert 'class="cue"' not in render(after.apply(after.legal_actions()[0]).view("axis"), {})


def test_no_text_runs_out_of_its_panel_or_the_board():
    """Estimated at 0.6 em a character, in both layouts over whole random games with every decision:
    every text inside the board, and a theater's (or the solo module's) texts inside its panel."""
    import html
    from game_core.blitzkrieg import GAMES
    pattern = re.compile(r'<text x="([\d.]+)" y="[\d.]+" font-size="([\d.]+)" text-anchor="(\w+)"[^>]*>([^<]*)<')
    panel = re.compile(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"')
    for game, options in ((GAME, None), (GAME, {"mode": "solo"}), (GAMES[0], None)):
        for seed in range(4):
            rng, state = Rng(seed), game.new_game(seed, options)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
                for narrow in (False, True):
                    svg = render(state.view(state.to_play), {"narrow": narrow})
                    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
                    chunks = re.split(r'<g class="(theater|solo|reserves)"', svg)  # [head, class, part, ...]
                    for kind, chunk in zip(["board"] + chunks[1::2], chunks[::2]):
                        low, high = (0, width) if kind in ("board", "reserves") else (
                            lambda x, w: (float(x), float(x) + float(w)))(*panel.search(chunk).groups())
                        for x, size, anchor, words in pattern.findall(chunk):
                            x, span = float(x), 0.6 * float(size) * len(html.unescape(words))
                            left = {"start": x, "middle": x - span / 2, "end": x - span}[anchor]
                            assert low <= left + 0.5 and left + span <= high + 0.5, (narrow, words)
