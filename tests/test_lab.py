"""The balance lab: statistics, runs, charts, the report and its reproducibility."""

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game_core import games
from game_core.lab import (ELO, KEEP_MARKER, charts, elo_ratings, entrants, histogram, main, modes, parse_bots,
                           run_ladder, run_lab, run_plan, slug, wilson, win_text, write_report)

DOCS = Path(__file__).resolve().parent.parent / "docs"


def cheap_bots(name):
    game = games.get(name)
    return "all=easy" if game.realtime else "all=random"


def test_wilson_interval():
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_histogram_bins_cover_every_value():
    bins = histogram(list(range(1, 101)))
    assert sum(b[2] for b in bins) == 100 and bins[0][0] == 1 and bins[-1][1] >= 100
    assert histogram([5, 5, 5]) == [[5, 5, 3]]
    assert histogram([]) == []


def test_bot_specs():
    game = games.get("bitskrieg")
    assert parse_bots(game, "red=random") == {"blue": parse_bots(game, "")["blue"], "red": "random"}
    assert set(parse_bots(game, "all=random").values()) == {"random"}
    for bad in ("1=random", "blue=grandmaster", "blue"):
        with pytest.raises(ValueError):
            parse_bots(game, bad)
    with pytest.raises(ValueError, match="real time"):
        parse_bots(games.get("blitzed"), "all=random")


@pytest.mark.parametrize("name", games.names())
def test_small_runs_are_deterministic_and_add_up(name):
    first = run_lab(name, cheap_bots(name), 3, 11)
    assert first == run_lab(name, cheap_bots(name), 3, 11)
    assert first["errors"] == 0 and first["finished"] == 3
    assert sum(w["wins"] for w in first["wins"].values()) + first["no_winner"] == first["finished"]
    for w in first["wins"].values():
        assert w["low"] <= w["rate"] <= w["high"]
    for svg in charts(first, slug(name)).values():
        ET.fromstring(svg)  # well-formed SVG


def test_every_game_has_a_standard_mode():
    for name in games.names():
        assert modes(games.get(name))[0] == ("standard", {})


def test_report_keeps_the_hand_written_part(tmp_path):
    name = games.names()[0]
    plan = [(name, "standard", {}, cheap_bots(name), 4)]
    write_report(run_plan(plan), tmp_path)
    text = (tmp_path / "balance.md").read_text()
    assert KEEP_MARKER in text and "## Tuning decisions" in text
    (tmp_path / "balance.md").write_text(text + "- We changed X because of Y.\n")
    write_report(run_plan(plan), tmp_path)
    again = (tmp_path / "balance.md").read_text()
    assert again == text + "- We changed X because of Y.\n"
    assert (tmp_path / "charts" / "balance.json").exists() and list((tmp_path / "charts").glob("*.svg"))


def test_report_figures_match_a_fresh_run():
    runs = json.loads((DOCS / "charts" / "balance.json").read_text())
    report = (DOCS / "balance.md").read_text()
    for run in runs:
        assert win_text(run) in report
    known = [r for r in runs if r["game"] in games.names() and r["bots_spec"] == "all=random"]
    for old in sorted(known, key=lambda r: r["games"] * r["length"].get("mean", 0))[:2]:
        fresh = run_lab(old["game"], old["bots_spec"], old["games"], old["seed"], old["options"])
        fresh.update(mode=old["mode"], bots_spec=old["bots_spec"])
        assert fresh == old, f"rerun `python -m game_core.lab report`: {old['game']} ({old['mode']}) changed"


def test_command_line(capsys, tmp_path):
    name = games.names()[0]
    assert main(["lab", name, "--bots", cheap_bots(name), "--games", "2", "--json", "--svg", str(tmp_path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 2 and result["game"] == name
    assert (tmp_path / f"{slug(name)}-wins.svg").exists()
    assert main(["lab", name, "--bots", "all=grandmaster"]) == 2


def test_elo_of_a_known_example():
    # A scores 75% against B: B is 400 log10(3) = 190.8 below; the interval is the textbook one,
    # 1.96 standard errors of 1 / sqrt(n p (1 - p)) natural-log units.
    ratings = elo_ratings({("a", "b"): (75.0, 100)}, ["a", "b"], prior=0)
    elo, low, high = ratings["b"]
    assert ratings["a"] == (0.0, 0.0, 0.0)
    assert elo == pytest.approx(-190.85, abs=0.01)
    assert high - elo == pytest.approx(elo - low) == pytest.approx(1.959964 * ELO / (100 * 0.75 * 0.25) ** 0.5)
    # Three levels in a consistent chain: A 3:1 over B, B 3:1 over C, so A 9:1 over C.
    three = elo_ratings({("a", "b"): (75.0, 100), ("b", "c"): (75.0, 100), ("a", "c"): (90.0, 100)},
                        ["a", "b", "c"], prior=0)
    assert three["b"][0] == pytest.approx(-190.85, abs=0.01) and three["c"][0] == pytest.approx(-381.7, abs=0.01)
    # A level that won every game still gets a finite rating from the prior's virtual draws.
    assert 0 < elo_ratings({("a", "b"): (0.0, 10)}, ["a", "b"])["b"][0] < 1000


def test_ladder_entrants_include_the_solo_module_only_where_it_plays():
    blitzkrieg = entrants(games.get("blitzkrieg"))
    assert {"random", "easy", "normal", "hard", "expert", "solo-easy", "solo-medium", "solo-hard"} == set(blitzkrieg)
    assert blitzkrieg["solo-hard"] == ("axis", {"mode": "solo", "difficulty": "hard"})
    assert set(entrants(games.get("blitzkrieg-nippon"))) == {"random", "easy", "normal", "hard", "expert"}
    assert "expert" in entrants(games.get("bitskrieg")) and "solo" not in blitzkrieg


def test_the_ladder_plays_every_pairing_on_a_tiny_budget(capsys):
    result = run_ladder("blitzkrieg", 2, 3, levels=["random", "easy", "solo-easy", "solo-medium"])
    pairings = {(a, b): played for a, b, _, played in result["pairings"]}
    assert ("solo-easy", "solo-medium") not in pairings  # two solo modules never meet
    assert len(pairings) == 5 and set(pairings.values()) == {2} and not result["errors"]
    assert result["ratings"]["random"] == [0, 0, 0] and result["ratings"]["easy"][0] > 0
    assert run_ladder("blitzkrieg", 2, 3, levels=["random", "easy", "solo-easy", "solo-medium"]) == result
    assert main(["lab", "ladder", "bitskrieg", "--levels", "random,grandmaster"]) == 2
    assert main(["lab", "ladder"]) == 2


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide has no process pool")
def test_the_ladder_command_prints_its_table_from_a_process_pool_and_logs_each_game(capsys, tmp_path):
    log = tmp_path / "games.log"
    assert main(["lab", "ladder", "bitskrieg", "--games", "2", "--levels", "random,easy", "--workers", "2",
                 "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "| easy |" in out and "random v easy" in out
    lines = log.read_text().splitlines()
    score = out.split("| random v easy | ")[1].split()[0]  # the table's score: the log's last line agrees
    assert len(lines) == 2 and lines[0].startswith("random v easy, seed 1 (blue=random red=easy)")
    assert lines[1].startswith("random v easy, seed 2 (blue=easy red=random)")
    assert f"so far {score}/2 = " in lines[1] and "(95% " in lines[1]
