"""The board kit every game's SVG renderer draws with (pure functions of numbers and words, no browser).

- the drawing: `board` (the <svg> with its title and background), `rect`, `band` and `card` (a panel with a
  title band), `chip` (words centred in a box: a button's face, a badge, a pill), `pips` and `die`;
- groups: `titled` (a tooltip that is the element's meaning), `cue` (a scoring moment the page reads aloud),
  `place` (a drawing moved to a point), `action_attrs` and `command_attrs` (the UI contract's clickables);
- words: `text`, `text_lines`, `paragraph`, and fitting (`wrap`, `wrap_to`, `fit_size`, `fit_lines`, `fitted`,
  `text_block`), all measured with GLYPH;
- layout, the phone's narrow one as much as the laptop's: `rows`, `share`, `grid`, `centred`.
Numbers are written as given, floats rounded to one decimal (`num`); a caller with a format of its own passes
a string."""

from html import escape


def esc(text) -> str:
    """Escape text for SVG/HTML content and attribute values."""
    return escape(str(text), quote=True)


def action_attrs(action: str, label: str, key: str | None = None) -> str:
    """Attributes of an element whose click takes one legal step (the UI contract).

    `key` is an optional keyboard shortcut: the glue presses the element whose data-key matches."""
    shortcut = f' data-key="{esc(key)}" aria-keyshortcuts="{esc(key)}"' if key else ""
    return (f'data-action="{esc(action)}" role="button" tabindex="0" '
            f'aria-label="{esc(label)}" class="act"{shortcut}')


def command_attrs(command: str, label: str, pressed: bool | None = None) -> str:
    """Attributes of a UI-only control (a selection, a menu): it changes no game state."""
    extra = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    return (f'data-command="{esc(command)}" role="button" tabindex="0" '
            f'aria-label="{esc(label)}" class="cmd"{extra}')


def svg_open(width: int, height: int, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'role="group" aria-label="{esc(title)}" class="board">')


def board(width, height, title: str, body: str, fill=None, defs: str = "") -> str:
    """A whole drawing: its accessible name and tooltip `title`, `defs`, a background of `fill` (none without)."""
    background = f'<rect width="{width}" height="{height}" fill="{fill}"/>' if fill else ""
    return f"{svg_open(width, height, title)}<title>{esc(title)}</title>{defs}{background}{body}</svg>"


def num(value):
    """A number as the kit writes it: a float rounded to one decimal; an int, or a string a caller formatted, as is."""
    return round(value, 1) if isinstance(value, float) else value


def half(value):
    """Half of a height, a whole number while it is one (a baseline "14", not "14.0")."""
    return value // 2 if isinstance(value, int) and value % 2 == 0 else value / 2


def rect(x, y, w, h, fill, stroke=None, width=None, rx=None, extra: str = "") -> str:
    """A rectangle; `rx` rounds its corners, `width` is its stroke's; `extra` adds attributes (' opacity=".5"')."""
    corner = "" if rx is None else f' rx="{num(rx)}"'
    edge = ("" if stroke is None else f' stroke="{stroke}"') + ("" if width is None else f' stroke-width="{num(width)}"')
    return f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"{corner} fill="{fill}"{edge}{extra}/>'


def band(x, y, w, h, r, fill) -> str:
    """A title band across the top of a panel whose corners are rounded by `r`: its top corners round too."""
    return f'<path d="M{x} {y + r}a{r} {r} 0 0 1 {r} -{r}h{w - 2 * r}a{r} {r} 0 0 1 {r} {r}v{h - r}h-{w}z" fill="{fill}"/>'


def card(x, y, w, h, fill, stroke, band_fill, band_h, r=8, width=None) -> str:
    """A panel or card: a box with rounded corners and a title band `band_h` high across its top."""
    return rect(x, y, w, h, fill, stroke, width, r) + band(x, y, w, band_h, r, band_fill)


def chip(x, y, w, h, words, size, fill, stroke, ink, width=None, rx=None, lift=4) -> str:
    """`words` in bold, centred in a box (a button's face, a badge, a pill): the baseline `lift` below the middle."""
    return (rect(x, y, w, h, fill, stroke, width, rx)
            + text(num(x + w / 2), num(y + half(h) + lift), words, size, weight="bold", fill=ink))


def text(x, y, content, size=12, anchor="middle", cls="", weight="normal", fill=None) -> str:
    fill_attr = f' fill="{fill}"' if fill else ""
    cls_attr = f' class="{cls}"' if cls else ""
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{fill_attr}{cls_attr}>{esc(content)}</text>')


def titled(words, body: str, attrs: str = "") -> str:
    """A group whose tooltip (a long press on a phone) says `words`: what the drawing `body` means."""
    return f"<g{attrs}><title>{esc(words)}</title>{body}</g>"


def cue(words, body: str) -> str:
    """A scoring moment of the last move (class "cue"): the page reads `words` aloud; they are its tooltip too."""
    return titled(words, body, f' class="cue" data-cue="{esc(words)}"')


def place(x, y, body: str, scale=None) -> str:
    """`body`, drawn around (0, 0), moved to (x, y) and scaled by `scale`."""
    scaled = "" if scale is None else f" scale({scale})"
    return f'<g transform="translate({x} {y}){scaled}">{body}</g>'


def text_lines(x, y, lines, size, step, **style) -> str:
    """One <text> a line, the first's baseline at `y`, each next one `step` lower (style as `text`)."""
    return "".join(text(x, num(y + n * step), line, size, **style) for n, line in enumerate(lines))


def paragraph(x, y, words, width, size, step=None, **style) -> tuple:
    """`words` wrapped to `width` at `size`, a line every `step` (1.25 sizes): (the <text> elements, how many lines)."""
    lines = wrap_to(words, width, size)
    return text_lines(x, y, lines, size, step or size * 1.25, **style), len(lines)


GLYPH = 0.6  # a glyph's width as a share of the font size: how every renderer fits text


def wrap(text, chars: int) -> list:
    """`text` split at spaces into lines of at most `chars` characters (a longer word keeps a line)."""
    lines, line = [], ""
    for word in str(text).split():
        if line and len(line) + 1 + len(word) > chars:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def wrap_to(text, width, size) -> list:
    """`text` split at spaces into lines that fit `width` at font `size`."""
    return wrap(text, max(1, int(width / (GLYPH * size))))


def fit_size(content, width, size, least=0) -> float:
    """The font size, at most `size` and never under `least`, at which `content` fits `width` on one line."""
    return max(least, round(min(size, width / (GLYPH * max(1, len(str(content))))), 1))


def fit_lines(words, width, size, max_lines=1, least=6) -> tuple:
    """(lines, font size) at which `words` fit `width` in at most `max_lines` lines: wrapped at spaces, then
    shrunk by half a unit at a time, never under `least`."""
    while True:
        chars = max(1, int(width / (GLYPH * size)))
        lines = wrap(words, chars)
        if len(lines) <= max_lines and all(len(line) <= chars for line in lines) or size <= least:
            return lines, size
        size -= 0.5


def fitted(x, y, words, width, size, anchor="start", max_lines=1, weight="normal", fill=None, least=6) -> str:
    """`words` fitted into `width` (fit_lines) from the baseline `y`, a line every 1.15 sizes."""
    lines, size = fit_lines(words, width, size, max_lines, least)
    return text_lines(x, y, lines, size, size * 1.15, anchor=anchor, weight=weight, fill=fill)


def text_block(x, y, width, bottom, paragraphs, size, least, fill=None) -> tuple:
    """`paragraphs` wrapped into `width` from the baseline `y`, shrunk (down to `least`) to end above `bottom`;
    a paragraph that still has no room is left out whole, so the first ones matter most.
    Returns (markup, the baseline after the last line)."""
    while True:
        chars = max(1, int(width / (GLYPH * size)))
        step, room = size * 1.2, int((bottom - y) / (size * 1.2)) + 1
        wrapped = [wrap(p, chars) for p in paragraphs]
        if sum(map(len, wrapped)) <= room or size <= least:
            break
        size -= 0.5
    kept = []
    for lines in wrapped:
        if len(kept) + len(lines) > room:
            break
        kept += lines
    return text_lines(x, y, kept, size, step, anchor="start", fill=fill), y + len(kept) * step


# -- layout: the arithmetic of the laptop's and the phone's (narrow) boards ----------------------------
def rows(count, columns) -> int:
    """How many rows `count` things take in rows of `columns`."""
    return -(-count // columns)


def share(width, count, gap):
    """The width of each of `count` things side by side across `width`, `gap` between two."""
    return (width - (count - 1) * gap) / count


def centred(width, count, item, gap):
    """Where a row of `count` things `item` wide, `gap` apart, starts to stand centred across `width`."""
    return (width - count * item - (count - 1) * gap) / 2


def grid(index, columns, x, y, step_x, step_y) -> tuple:
    """The place of the `index`th thing of a grid filled row by row, `columns` a row, from (x, y)."""
    row, column = divmod(index, columns)
    return x + column * step_x, y + row * step_y


# Pip places of a die face on a 3 x 3 grid (column, row: 0, 1 or 2).
PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
        5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def pips(x, y, size, value, fill) -> str:
    """The pips of a die face `size` wide whose top-left corner is at (x, y)."""
    return "".join(f'<circle cx="{round(x + size * (0.24 + 0.26 * col), 1)}" '
                   f'cy="{round(y + size * (0.24 + 0.26 * row), 1)}" r="{round(size * 0.095, 1)}" fill="{fill}"/>'
                   for col, row in PIPS.get(value, ()))


def die(x, y, size, value, fill="#ffffff", pip="#222222", stroke="#333333", roll=None, title=None) -> str:
    """One die face with pips, its top-left corner at (x, y): the die every board draws.

    `roll` = (seat, slot) makes it a rolled die the page animates: class "die" with data-seat, data-die
    and data-value; the page adds class "fresh" when the value in a slot changed since the last redraw
    (a die new to the board is not animated), so a slot stays on the board between rolls: value None
    draws it invisible, waiting for the next roll. Without `roll` the face is a printed label.
    `title` says what the die means, on hover or a long press."""
    size = round(size, 1)
    dots = pips(x, y, size, value, pip)
    face = (f'<rect x="{round(x, 1)}" y="{round(y, 1)}" width="{size}" height="{size}" rx="{round(size * 0.18, 1)}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{max(0.8, round(size / 24, 1))}"/>{dots}')
    named = f"<title>{esc(title)}</title>" if title else ""
    if roll is None:
        return f"<g>{named}{face}</g>" if title else face
    seat, slot = roll
    keys = f'class="die" data-seat="{esc(seat)}" data-die="{esc(slot)}"'
    if not value:
        return f'<g {keys} data-value="" visibility="hidden">{face}</g>'
    return (f'<g {keys} data-value="{value}" role="img" aria-label="{esc(title or f"a die showing {value}")}">'
            f'{named}{face}</g>')
