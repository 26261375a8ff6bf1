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
