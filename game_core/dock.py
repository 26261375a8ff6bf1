"""What the docked decision shows of the last move on a phone (pure functions; the glue only paints them).

A move's narration can run to several sentences (a Blitzkrieg! placement moves markers and closes a
campaign; a Fall Blau turn draws events). The dock shows a headline of whole sentences that fits in about
two lines of a phone's dock, and the rest one tap away: never a sentence cut in the middle."""

import re

HEADLINE_CHARS = 95  # about two lines of the dock's small text beside "Last move:" on a 390 px screen

# A sentence ends at ".", "!", "?" or "…" before a space and a capital, a digit or a quote
# ("Europe 1.2 (research). Markers: ..."); a decimal point ("1.2") or "(was 1 toward ...)" never ends one.
_SENTENCE_END = re.compile(r'(?<=[.!?…])\s+(?=[A-Z0-9"“(])')


def sentences(text: str) -> list:
    """The sentences of a narration line, in order (their text unchanged)."""
    return [part for part in _SENTENCE_END.split(text.strip()) if part]


def headline(text: str, limit: int = HEADLINE_CHARS) -> tuple:
    """(headline, rest): the first sentence whole, then as many whole sentences after it as fit in `limit`
    characters; the rest ("" when nothing is left) is shown on a tap."""
    parts = sentences(text)
    if not parts:
        return "", ""
    head = parts[0]
    taken = 1
    for part in parts[1:]:
        if len(head) + 1 + len(part) > limit:
            break
        head = f"{head} {part}"
        taken += 1
    return head, " ".join(parts[taken:])


# -- a phone's short dock: which choices wait behind the "more" chip ----------------------------------------
# The layout is measured by the browser, so the fitting is written against `tray`, an object the glue gives
# (web/glue/drawing.py DockTray): `choices` (the choice buttons in order), `headings()`, `reset()` (every
# choice and heading shown again), `set_aside(nodes)`, `bottom(node)` (where it ends on the screen, laid out
# as it is now), `has_details()`, `chip(count, shown)` (the chip's words and place after the last group still
# showing a choice) and `chip_bottom()`.

def spill(tray, limit: float) -> list:
    """The choices a phone's short dock sets aside (none is ever cut in half at `limit`, the dock's foot),
    counted on the "more" chip. Never the chip alone: the headings give their room first (the status asks the
    question), and then the first choice short enough to share the row with the chip shows."""
    out = fit(tray, limit, headings=True)
    first = 0
    while len(out) == len(tray.choices) and first < len(tray.choices):
        out = fit(tray, limit, headings=False, first=first)
        first += 1
    return out


def fit(tray, limit: float, headings: bool, first: int = 0) -> list:
    """Set aside the choices before `first` (and the headings unless `headings`), then those that end below
    `limit`, and more from the end while the chip that counts them does not fit above it: the choices set
    aside."""
    choices = tray.choices
    tray.reset()
    tray.set_aside(([] if headings else tray.headings()) + choices[:first])
    out = choices[:first] + [node for node in choices[first:] if tray.bottom(node) > limit]
    tray.set_aside(out)
    shown = bool(out) or tray.has_details()
    tray.chip(len(out), shown)
    kept = [node for node in choices if node not in out]
    while shown and kept and tray.chip_bottom() > limit:
        out.append(kept.pop())
        tray.set_aside(out[-1:])
        tray.chip(len(out), shown)
    return out
