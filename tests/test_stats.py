"""The statistics page: history parsing, results, tallies, streaks and the HTML."""

import json
import xml.etree.ElementTree as ET

from game_core.stats import mode_words, opponent_words, read_history, result_of, stats_html, streaks, summary


def entry(game="bitskrieg", winner="0", opponent="easy", mode="standard", at="2026-01-01T10:00:00Z",
          seats=None, humans=("0",)):
    seats = seats or {"0": "human", "1": opponent}
    return {"game": game, "mode": mode, "opponent": opponent, "seats": seats, "human_seats": list(humans),
            "winner": winner, "moves": 40, "finished_at": at}


def history(*entries):
    return [dict(e, finished_at=f"2026-01-01T10:{i:02d}:00Z") for i, e in enumerate(entries)]


def test_damaged_history_never_breaks_the_page():
    for text in (None, "", "not json", "{}", "42", json.dumps([1, "x", {"no": "game"}, None])):
        assert read_history(text)[0] == []
    good = entry()
    assert read_history(json.dumps([good, "junk"])) == ([good], "")


def test_history_is_read_oldest_first():
    late, early = entry(at="2026-02-01T00:00:00Z"), entry(at="2026-01-01T00:00:00Z", winner="1")
    assert read_history(json.dumps([late, early]))[0] == [early, late]


def test_results():
    assert result_of(entry(winner="0")) == "won"
    assert result_of(entry(winner="1")) == "lost"
    assert result_of(entry(winner=None)) == "no winner"
    solo = entry(game="fall-blau", winner=None, opponent="human", seats={"player": "human"}, humans=("player",))
    assert result_of(solo) == "lost"
    assert result_of(dict(solo, winner="player")) == "won"
    hotseat = entry(winner="1", opponent="human", seats={"0": "human", "1": "human"}, humans=("0", "1"))
    assert result_of(hotseat) == "hotseat"


def test_tallies_per_game_mode_and_opponent():
    games = history(entry(winner="0"), entry(winner="1", opponent="hard"), entry(winner="0", mode="Terrain"),
                    entry(game="blitzed", winner="p1", opponent="normal", seats={"p1": "human", "p2": "normal"},
                          humans=("p1",)))
    data = summary(games)
    assert data["played"] == 4
    assert data["overall"]["won"] == 3 and data["overall"]["lost"] == 1
    assert data["by_game_mode"][("bitskrieg", "standard")] == {"played": 2, "won": 1, "lost": 1,
                                                              "no winner": 0, "hotseat": 0}
    assert data["by_game_mode"][("bitskrieg", "Terrain")]["won"] == 1
    assert data["by_opponent"][("bitskrieg", "hard")]["lost"] == 1
    assert data["by_opponent"][("blitzed", "normal")]["won"] == 1


def test_streaks_skip_games_without_a_loser():
    results = history(entry(winner="0"), entry(winner="0"), entry(winner="0"), entry(winner="1"),
                      entry(winner="0"), entry(winner=None), entry(winner="0"))
    assert streaks(results) == {"current": 2, "current_kind": "won", "best_wins": 3}
    assert streaks(history(entry(winner="1"), entry(winner="1"))) == {"current": 2, "current_kind": "lost",
                                                                       "best_wins": 0}
    assert streaks([]) == {"current": 0, "current_kind": None, "best_wins": 0}


def test_html_is_well_formed_escaped_and_complete():
    games = history(entry(winner="0", mode="<script>alert(1)</script>"), entry(winner="1"),
                    entry(game="no-such-game", winner="0"))
    html = stats_html(games)
    root = ET.fromstring(f"<div>{html}</div>")  # well-formed: every tag closed, every text escaped
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert len(root.findall(".//table")) == 2 and len(root.findall(".//{*}svg") + root.findall(".//svg")) >= 2
    assert "3</strong> games played" in html and "no-such-game" in html and "Bitskrieg" in html
    assert "1 win in a row" in html


def test_empty_history_says_how_to_fill_it():
    assert "No finished games yet" in stats_html([])


def test_modes_and_opponents_are_said_in_words_from_the_game_s_options():
    assert mode_words("blitzkrieg", "standard") == "Standard rules"
    assert mode_words("blitzkrieg", "difficulty=hard, mode=solo") == "Mode: solo, Solo difficulty: hard"
    assert mode_words("bitskrieg", "terrain=True, reserves=False") == "no Reserves, Terrain"  # the dialog order
    assert mode_words("no-such-game", "big_map=yes") == "Big map: yes"  # an unknown game's entry stays readable
    assert mode_words("bitskrieg", "Terrain") == "Terrain"  # an older entry in words already
    assert opponent_words("normal") == "Normal bot" and opponent_words("human").startswith("People")
    html = stats_html(history(entry(game="blitzkrieg", winner="allies", opponent="solo", mode="mode=solo",
                                    seats={"axis": "solo", "allies": "human"}, humans=("allies",)),
                              entry(winner="0", opponent="normal")))
    cells = [c.text for c in ET.fromstring(f"<div>{html}</div>").iter("td")]
    assert "Mode: solo" in cells and "Standard rules" in cells and "The solo module" in cells
    assert "Normal bot" in cells
    assert not [c for c in cells if c and ("=" in c or c in ("standard", "normal", "solo", "human"))]


def test_a_history_that_cannot_be_read_says_so_rather_than_no_games_yet():
    """Issue 48: a damaged history showed "No finished games yet"."""
    for text, problem in [("not json", "not valid JSON"), ("{}", "not a list of games"), ("42", "not a list"),
                          ("[" * 300 + "]" * 300, "nested far too deeply")]:
        entries, said = read_history(text)
        assert entries == [] and problem in said
        html = stats_html(entries, said)
        assert "No finished games yet" not in html and "could not be read" in html and problem in html
    assert read_history(None) == ([], "") and read_history("[]") == ([], "")
    assert "No finished games yet" in stats_html(*read_history(None))
