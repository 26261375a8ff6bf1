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
