"""Small shared helpers for the per-game SVG renderers (pure functions, no browser)."""

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


def text(x, y, content, size=12, anchor="middle", cls="", weight="normal", fill=None) -> str:
    fill_attr = f' fill="{fill}"' if fill else ""
    cls_attr = f' class="{cls}"' if cls else ""
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{fill_attr}{cls_attr}>{esc(content)}</text>')


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


# Pip places of a die face on a 3 x 3 grid (column, row: 0, 1 or 2).
PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
        5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def die(x, y, size, value, fill="#ffffff", pip="#222222", stroke="#333333", roll=None, title=None) -> str:
    """One die face with pips, its top-left corner at (x, y): the die every board draws.

    `roll` = (seat, slot) makes it a rolled die the page animates: class "die" with data-seat, data-die
    and data-value; the page adds class "fresh" when the value in a slot changed since the last redraw
    (a die new to the board is not animated), so a slot stays on the board between rolls: value None
    draws it invisible, waiting for the next roll. Without `roll` the face is a printed label.
    `title` says what the die means, on hover or a long press."""
    size = round(size, 1)
    dots = "".join(f'<circle cx="{round(x + size * (0.24 + 0.26 * col), 1)}" '
                   f'cy="{round(y + size * (0.24 + 0.26 * row), 1)}" r="{round(size * 0.095, 1)}" fill="{pip}"/>'
                   for col, row in PIPS.get(value, ()))
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
