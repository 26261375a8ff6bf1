"""Where things go on the game page's screen, from the sizes the browser measured (web/glue measures them and
moves what these pure functions say): the touch zoom and the hit areas of small targets, the slide of a
piece that moved, and which part of the page is scrolled into view after a frame.

A span is (top, bottom) in screen pixels; a box is (left, top, width, height)."""

TOUCH_TARGET_PX = 44  # the smallest target a finger hits reliably (WCAG 2.5.5)
MAX_ZOOM = 2  # a touch screen zooms a board at most this much (then it pans inside its box)
MARGIN_PX = 12  # the space kept between what is brought into view and the edges of the visible band
SWIPE_PX = 40  # a swipe up the docked decision shows every choice, down shortens it again


def zoom(before: float, sizes: list) -> float:
    """A touch board's zoom: enough for its smallest target (`sizes`: each target's smaller side) to be finger
    sized, at most MAX_ZOOM; a zoom once needed stays (`before`: the board must not jump while a bot moves)."""
    if not sizes:
        return before
    return max(before, min(MAX_ZOOM, TOUCH_TARGET_PX / min(sizes)))


def too_small(width: float, height: float) -> bool:
    """A target shown on the screen still under 44 px (after the zoom): it gets an invisible hit area."""
    return bool(width) and (width < TOUCH_TARGET_PX or height < TOUCH_TARGET_PX)


def hit_area(local: tuple, scale: float) -> dict:
    """The invisible hit area of 44 px around a small target's drawing (`local`: its box in its own units,
    `scale` screen pixels a unit), as the rect's attributes."""
    x, y, w, h = local
    need = (TOUCH_TARGET_PX + 0.5) / (scale or 1.0)  # (half a pixel more: rounding never leaves it at 43.99)
    wide, tall = max(w, need), max(h, need)
    return {name: f"{value:.1f}" for name, value in
            (("x", x - (wide - w) / 2), ("y", y - (tall - h) / 2), ("width", wide), ("height", tall))}


def reveal(view: tuple, targets: list) -> tuple | None:
    """A zoomed board pans to its first choice when none of them (`targets`) is in its `view`: how far it
    scrolls (left, down), or None."""
    if not targets or any(left + width > view[0] and left < view[0] + view[2] and top + height > view[1]
                          and top < view[1] + view[3] for left, top, width, height in targets):
        return None
    left, top, width, height = targets[0]
    return left - view[0] - (view[2] - width) / 2, top - view[1] - (view[3] - height) / 2


def slide(old: tuple, new: tuple, scale: float) -> tuple | None:
    """A piece that moved from `old` to `new` (screen pixels) slides back from there: the offset in its drawing's
    units (`scale` screen pixels a unit), or None when it did not move."""
    dx, dy = (old[0] - new[0]) / (scale or 1.0), (old[1] - new[1]) / (scale or 1.0)
    return (dx, dy) if abs(dx) + abs(dy) > 0.5 else None


def swipe(moved: float):
    """A swipe on a phone's dock (`moved`: pixels down): True shows every choice, False shortens it, None."""
    return None if abs(moved) < SWIPE_PX else moved < 0


def union(spans: list) -> tuple:
    return min(top for top, _ in spans), max(bottom for _, bottom in spans)


def nearest(spans: list, middle: float) -> tuple:
    return min(spans, key=lambda span: abs((span[0] + span[1]) / 2 - middle))


def follow_span(band: tuple, targets: list, marks: list) -> tuple | None:
    """What the page shows after a frame, within the visible `band`: the marks of a move the player did not
    make (`marks`, or the first alone when they do not fit) with the nearest place to play when both fit; with
    no news, the place to play nearest the middle when none is wholly in view; None: nothing to show."""
    top, bottom = band
    if marks:
        seen = union(marks)
        if seen[1] - seen[0] > bottom - top:
            seen = marks[0]
        if targets:
            both = union([seen, nearest(targets, (seen[0] + seen[1]) / 2)])
            if both[1] - both[0] <= bottom - top - 2 * MARGIN_PX:
                seen = both
        return seen
    if targets and not any(span[0] >= top and span[1] <= bottom for span in targets):
        return nearest(targets, (top + bottom) / 2)
    return None


def scroll_by(band: tuple, span: tuple) -> float | None:
    """How far the page scrolls down the least to show `span` in `band` (centred when it moves; its top when it
    is taller than the band), or None when it is in view already."""
    top, bottom = band
    if span[0] >= top and span[1] <= bottom:
        return None
    if span[1] - span[0] <= bottom - top - 2 * MARGIN_PX:
        return (span[0] + span[1]) / 2 - (top + bottom) / 2
    return span[0] - top - MARGIN_PX


def lesson_scroll(span: tuple, bottom: float) -> float | None:
    """A tutorial's lit element (`span`) outside the part of the screen the learner sees (above `bottom`, a
    phone's docked panel or the window's foot): how far the page scrolls down to put it mid-way, or None."""
    if span[0] >= 0 and span[1] <= bottom:
        return None
    return span[0] - max(0.0, (bottom - (span[1] - span[0])) / 2)
