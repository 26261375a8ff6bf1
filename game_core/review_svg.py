"""The review drawn (game_core/review.py): the chance-of-winning chart and the board of a reviewed move with the
expert's move marked beside the one played. Pure functions of the review's data and the seat's view."""

import re

from .svg import command_attrs, rect, text, text_lines, wrap

WIDTH = 360  # the chart's viewBox: drawn at a phone's width (390 px) its text is about its font size
PLOT_TOP, PLOT_HEIGHT, LEFT, RIGHT = 30, 150, 34, 12
LINE = 17  # a swing's line of words below the plot
GAIN, LOSS, CHANCE = "#26844a", "#c01c28", "#1a5fb4"
QUIET = "No move changed the chance by more than the playouts' luck."


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def chart(review: dict, swing_texts: list, at=None) -> str:
    """The chart of `review`: each move a bar from its chance before to its chance after (green up, red down),
    a line through the chances after, the biggest swings numbered on it and told in words below
    (`swing_texts`, one per review["swings"]), the move `at` (a position in review["moves"]) marked (no swing: QUIET says so). Each
    move is a control (data-command="review-move:K") that shows it on the board."""
    moves = review["moves"]
    count = max(1, len(moves))
    step = (WIDTH - LEFT - RIGHT) / count
    lines = [(k, row) for k, words in enumerate(swing_texts)
             for row in wrap(f"{k + 1}. Move {review['swings'][k] + 1}: {words}", 50)]
    quiet = [] if lines else wrap(QUIET, 50)
    height = PLOT_TOP + PLOT_HEIGHT + 26 + LINE * len(lines or quiet)

    def x(k):
        return round(LEFT + step * (k + 0.5), 1)

    def y(chance):
        return round(PLOT_TOP + PLOT_HEIGHT * (1 - chance), 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="group" '
             f'aria-label="Chance of winning, move by move" class="review-chart">',
             rect(0, 0, WIDTH, height, "#ffffff"),
             text(LEFT, 18, "Chance of winning, move by move", 13, "start", weight="bold")]
    for chance in (0.0, 0.5, 1.0):
        dashed = ' stroke-dasharray="4 3"' if chance == 0.5 else ""
        parts.append(f'<line x1="{LEFT}" y1="{y(chance)}" x2="{WIDTH - RIGHT}" y2="{y(chance)}" stroke="#bbbbbb"'
                     f'{dashed}/>')
        parts.append(text(LEFT - 4, y(chance) + 4, percent(chance), 11, "end"))
    if at is not None and 0 <= at < len(moves):
        parts.append(rect(x(at) - max(step, 6) / 2, PLOT_TOP, max(step, 6), PLOT_HEIGHT, "#f6d32d",
                          extra=' opacity="0.5" class="review-at"'))
    points = " ".join(f"{x(k)},{y(move['after'])}" for k, move in enumerate(moves))
    if points:
        parts.append(f'<polyline points="{points}" fill="none" stroke="{CHANCE}" stroke-width="1.5"/>')
    bar = max(1.0, min(6.0, step * 0.6))
    for k, move in enumerate(moves):
        top, bottom = sorted((y(move["before"]), y(move["after"])))
        colour = GAIN if move["after"] >= move["before"] else LOSS
        parts.append(f'<rect x="{round(x(k) - bar / 2, 1)}" y="{top}" width="{bar}" height="{max(1.5, bottom - top)}" '
                     f'fill="{colour}"/>')
    for number, k in enumerate(review["swings"]):
        move = moves[k]
        parts.append(f'<g class="swing" data-swing="{number + 1}"><circle cx="{x(k)}" cy="{y(move["after"])}" r="8" '
                     f'fill="#ffffff" stroke="{LOSS if move["after"] < move["before"] else GAIN}" stroke-width="2"/>'
                     + text(x(k), y(move["after"]) + 4, str(number + 1), 11, weight="bold") + "</g>")
    for k, move in enumerate(moves):  # the controls last: on top of everything
        label = (f"Move {k + 1} of {len(moves)}: {percent(move['before'])} before, {percent(move['after'])} after; "
                 f"show it on the board")
        parts.append(rect(x(k) - step / 2, PLOT_TOP, step, PLOT_HEIGHT, "transparent",
                          extra=" " + command_attrs(f"review-move:{k}", label)))
    parts.append(text(LEFT, PLOT_TOP + PLOT_HEIGHT + 16, f"Your moves, 1 to {len(moves)}", 11, "start"))
    for row, (k, words) in enumerate(lines):
        move = moves[review["swings"][k]]
        parts.append(text(LEFT, PLOT_TOP + PLOT_HEIGHT + 36 + LINE * row, words, 12, "start",
                          fill=LOSS if move["after"] < move["before"] else GAIN))
    parts.append(text_lines(LEFT, PLOT_TOP + PLOT_HEIGHT + 36, quiet, 12, LINE, anchor="start"))
    parts.append("</svg>")
    return "".join(parts)


ACTION_TAG = re.compile(r'<[^<>]*\bdata-action="([^"]*)"[^<>]*>')


def marked_board(svg: str, played: str, best: str) -> str:
    """A board drawn with its moves offered (`render` with ui interactive), made a picture of the decision:
    every move's element keeps its place but takes no step (data-shown instead of data-action, no button
    role), the expert's move carries class "hint" and the one played class "played"."""
    def inert(match):
        tag, action = match.group(0), match.group(1)
        mark = " ".join(name for name, chosen in (("hint", best), ("played", played)) if action == chosen)
        tag = tag.replace(f'data-action="{action}"', f'data-shown="{action}"').replace(' role="button"', "")
        tag = tag.replace(' tabindex="0"', "")
        return re.sub(r'\bclass="act\b', f'class="shown{" " + mark if mark else ""}', tag, count=1)

    return ACTION_TAG.sub(inert, svg)


def review_board(package, view: dict, move: dict, ui: dict) -> str:
    """The board of the reviewed move from the seat's view before it, the expert's move brought into view
    (the game's hint_ui) and marked beside the one played."""
    shown = dict(ui, interactive=True, curtain=False)
    if package.hint_ui is not None:
        for key, value in package.hint_ui(view, move["best"]).items():
            if value is None:
                shown.pop(key, None)
            else:
                shown[key] = value
    return marked_board(package.render(view, shown), move["played"], move["best"])


def caption(review: dict, at: int) -> str:
    """The reviewed move in words: what was played, the chance before and after, the expert's choice."""
    move = review["moves"][at]
    said = (f"Move {at + 1} of {len(review['moves'])}: you played {move['played_words']} "
            f"(chance of winning {percent(move['before'])} before, {percent(move['after'])} after).")
    if move["best"] == move["played"]:
        return said + " The expert agrees."
    if move["best_words"] == move["played_words"]:  # words that keep a secret pick alike: name the two moves
        return said + f" The expert prefers {move['best']} to your {move['played']}."
    return said + f" The expert prefers: {move['best_words']}."

