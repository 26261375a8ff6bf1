"""Your statistics: the local game history turned into an HTML page section (pure; web/stats.py shows it).

The history lives in localStorage under HISTORY_KEY: a JSON list of finished games, each
{"game", "mode", "opponent": "human" or a bot level, "seats": {seat: "human" or level},
"human_seats": [...], "winner": seat or null, "moves": int, "finished_at": ISO time}.
Entries that are damaged are skipped, never fatal: the page must always open.
"""

from __future__ import annotations

import json
from html import escape

from . import games
from .jsontext import SaveError, check_json, parse_json
from .limits import MAX_HISTORY_CHARS

HISTORY_KEY = "blitzbox:history"
HUMAN = "human"
RECENT_GAMES = 30
RESULT_COLOURS = {"won": "#2f7d32", "lost": "#a51d2d", "no winner": "#9a8f6a", "hotseat": "#5a6b8c"}


def finished_entry(session, finished_at: str) -> dict:
    """A finished game's entry in the history (the page appends it when session.finished_now says so): its
    mode is the options that differ from the defaults, its opponent the first bot level (by name), else human."""
    state = session.state
    bots = sorted({who for who in session.seats.values() if who != HUMAN})
    defaults = {option.name: option.default for option in session.game.options}
    mode = ", ".join(f"{k}={v}" for k, v in sorted(state.options.items()) if v != defaults[k]) or "standard"
    return {"game": session.game.name, "mode": mode, "opponent": bots[0] if bots else HUMAN, "seats": session.seats,
            "human_seats": session.humans(), "winner": state.winner, "moves": len(state.actions),
            "finished_at": finished_at}


def add_finished(text, entry: dict) -> str:
    """The stored history `text` (None: no history yet) with a finished game's entry added; SaveError when the
    stored history cannot be read (it is never written over)."""
    history = parse_json(text or "[]", "your statistics", MAX_HISTORY_CHARS)
    if not isinstance(history, list):
        raise SaveError("your statistics are damaged")
    return json.dumps(history + [entry])


def read_history(text) -> tuple:
    """(the usable entries of the stored history, why it cannot be read at all in words or ""): text may be
    None (no history yet), damaged or not a list."""
    try:
        data = json.loads(check_json(text, "your statistics", MAX_HISTORY_CHARS)) if text else []
    except ValueError as err:
        return [], str(err) if isinstance(err, SaveError) else "your statistics are not valid JSON (they are damaged)"
    if not isinstance(data, list):
        return [], "your statistics are not a list of games (they are damaged)"
    usable = [e for e in data if isinstance(e, dict) and isinstance(e.get("game"), str)]
    return sorted(usable, key=lambda e: str(e.get("finished_at", ""))), ""


def result_of(entry: dict) -> str:
    """"won", "lost", "no winner" (a shared win or draw) or "hotseat" (humans only: no one to beat)."""
    humans = [str(s) for s in entry.get("human_seats") or []]
    seats = entry.get("seats") if isinstance(entry.get("seats"), dict) else {}
    winner = entry.get("winner")
    if len(humans) > 1 and all(who == HUMAN for who in seats.values()):
        return "hotseat"
    if winner is None:
        return "lost" if len(seats) == 1 else "no winner"  # a solitaire game has no draws
    return "won" if str(winner) in humans else "lost"


def known_game(name: str):
    try:
        return games.get(name)
    except ValueError:  # a game this version no longer (or not yet) knows
        return None


def game_title(name: str) -> str:
    game = known_game(name)
    return game.title if game else name


def mode_words(name: str, mode: str) -> str:
    """The stored mode in words: "standard" is "Standard rules"; "mode=solo, difficulty=hard" (the
    options changed from their defaults, as web/app.py writes them) is "Mode: solo, Solo difficulty:
    hard", in the dialog's order, each option named by its label in the game's new-game dialog; a switched-on option is its
    label alone ("Terrain"), a switched-off one "no Terrain". Older or unknown entries keep their words."""
    if mode in ("", "standard"):
        return "Standard rules"
    game = known_game(name)
    labels = {o.name: o.label for o in game.options} if game else {}
    order = list(labels)  # the dialog's order: "Mode: solo" before "Solo difficulty: hard"
    said = []
    for part in sorted(mode.split(", "), key=lambda p: order.index(p.split("=")[0]) if p.split("=")[0] in order
                       else len(order)):
        key, equals, value = part.partition("=")
        if not equals:
            said.append(part)  # not an option setting: shown as it was stored
            continue
        label = labels.get(key, key.replace("_", " ").capitalize())
        said.append(label if value == "True" else f"no {label}" if value == "False" else f"{label}: {value}")
    return ", ".join(said)


def opponent_words(opponent: str) -> str:
    """ "human" is the people at this device or a remote player; a bot by its level; the solo module."""
    if opponent == HUMAN:
        return "People (same device or remote)"
    if opponent == "solo":
        return "The solo module"
    return f"{opponent.capitalize()} bot"


def tally(entries: list, key) -> dict:
    """{key(entry): {"played", "won", "lost", "no winner", "hotseat"}} in first-seen order."""
    table = {}
    for entry in entries:
        row = table.setdefault(key(entry), {"played": 0, "won": 0, "lost": 0, "no winner": 0, "hotseat": 0})
        row["played"] += 1
        row[result_of(entry)] += 1
    return table


def streaks(entries: list) -> dict:
    """The current run of wins or losses (games against bots or solitaire) and the longest win run."""
    results = [r for r in map(result_of, entries) if r in ("won", "lost")]
    best = run = 0
    for result in results:
        run = run + 1 if result == "won" else 0
        best = max(best, run)
    current_kind = results[-1] if results else None
    current = 0
    for result in reversed(results):
        if result != current_kind:
            break
        current += 1
    return {"current": current, "current_kind": current_kind, "best_wins": best}


def summary(entries: list) -> dict:
    """Every figure the page shows, as data (tested; the HTML is drawn from it)."""
    return {"played": len(entries), "overall": tally(entries, lambda e: "all").get("all"),
            "by_game_mode": tally(entries, lambda e: (e["game"], str(e.get("mode") or "standard"))),
            "by_opponent": tally(entries, lambda e: (e["game"], str(e.get("opponent") or HUMAN))),
            "streaks": streaks(entries), "recent": [result_of(e) for e in entries[-RECENT_GAMES:]]}


def win_rate(row: dict) -> str:
    decided = row["won"] + row["lost"]
    return f"{100 * row['won'] / decided:.0f}%" if decided else "-"


def table_html(caption: str, first_headers: tuple, table: dict, words) -> str:
    """One row per (game, key), the key said by words(game, key)."""
    head = "".join(f"<th scope=\"col\">{h}</th>" for h in first_headers + ("Played", "Won", "Lost", "Other", "Win rate"))
    rows = []
    for key, row in table.items():
        game, label = key
        rows.append(f"<tr><th scope=\"row\">{escape(game_title(game))}</th><td>{escape(words(game, label))}</td>"
                    f"<td>{row['played']}</td><td>{row['won']}</td><td>{row['lost']}</td>"
                    f"<td>{row['no winner'] + row['hotseat']}</td><td>{win_rate(row)}</td></tr>")
    return (f"<table class=\"stats-table\"><caption>{escape(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def games_chart(by_game: dict) -> str:
    """Horizontal stacked bars: won / lost / other games for each game."""
    width, left, bar, gap = 480, 170, 24, 8  # read on a phone at about 0.8 scale: 16 units is 13 px
    height = 16 + len(by_game) * (bar + gap)
    most = max(row["played"] for row in by_game.values())
    scale = (width - left - 40) / most
    parts = [f'<svg class="stats-chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="Games won and lost per game" fill="currentColor" style="width:100%;max-width:32rem">']
    for index, (game, row) in enumerate(by_game.items()):
        y = 10 + index * (bar + gap)
        x = left
        parts.append(f'<text x="{left - 8}" y="{y + bar - 6}" font-size="16" text-anchor="end">'
                     f'{escape(game_title(game))}</text>')
        for result in ("won", "lost", "no winner", "hotseat"):
            if row[result]:
                w = row[result] * scale
                parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar}" '
                             f'fill="{RESULT_COLOURS[result]}"><title>{result}: {row[result]}</title></rect>')
                x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + bar - 6}" font-size="16">{row["played"]}</text>')
    return "".join(parts) + "</svg>"


def recent_chart(recent: list) -> str:
    """One square per recent game, oldest first, coloured by its result."""
    size, gap = 14, 3
    width = max(1, len(recent)) * (size + gap)
    squares = "".join(f'<rect x="{i * (size + gap)}" y="0" width="{size}" height="{size}" rx="2" '
                      f'fill="{RESULT_COLOURS[r]}"><title>{r}</title></rect>' for i, r in enumerate(recent))
    return (f'<svg class="stats-recent" viewBox="0 0 {width} {size}" role="img" '
            f'aria-label="Your last {len(recent)} games, oldest first" style="height:1.2rem;max-width:100%">'
            f'{squares}</svg>')


def legend_html() -> str:
    return "<p class=\"stats-legend\">" + " ".join(
        f'<span><svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true"><rect width="10" height="10" '
        f'fill="{colour}"/></svg> {result}</span>' for result, colour in RESULT_COLOURS.items()) + "</p>"


def stats_html(entries: list, problem: str = "") -> str:
    """The statistics section for the page; `problem`: why the stored history cannot be read (read_history)."""
    if problem and not entries:
        return (f"<p class=\"stats-empty\">Your statistics could not be read: {escape(problem)}. They were left as "
                "they are; a finished game is not added to them until they are cleared.</p>")
    if not entries:
        return ("<p class=\"stats-empty\">No finished games yet. Play a game to the end and your record "
                "appears here (it is kept in this browser only).</p>")
    data = summary(entries)
    overall, streak = data["overall"], data["streaks"]
    current = (f"{streak['current']} {'win' if streak['current_kind'] == 'won' else 'loss'}"
               f"{'' if streak['current'] == 1 else ('s' if streak['current_kind'] == 'won' else 'es')} in a row"
               if streak["current_kind"] else "none yet")
    by_game = tally(entries, lambda e: e["game"])
    parts = [
        "<section class=\"stats-summary\" aria-label=\"Summary\"><ul>",
        f"<li><strong>{overall['played']}</strong> games played</li>",
        f"<li><strong>{overall['won']}</strong> won, <strong>{overall['lost']}</strong> lost"
        f" (win rate {win_rate(overall)})</li>",
        f"<li>Current streak: <strong>{escape(current)}</strong></li>",
        f"<li>Longest winning streak: <strong>{streak['best_wins']}</strong></li>",
        "</ul></section>",
        "<h2>Games per game</h2>", games_chart(by_game), legend_html(),
        f"<h2>Your last {len(data['recent'])} games</h2>", recent_chart(data["recent"]),
        table_html("Played and won per game and rules", ("Game", "Rules"), data["by_game_mode"], mode_words),
        table_html("Played and won against each opponent", ("Game", "Opponent"), data["by_opponent"],
                   lambda game, opponent: opponent_words(opponent)),
        "<p class=\"stats-note\">Win rates count games against bots and solitaire games; hotseat games between "
        "people and shared wins are listed under Other.</p>",
    ]
    return "".join(parts)
