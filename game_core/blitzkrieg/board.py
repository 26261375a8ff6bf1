"""The Blitzkrieg! board for a seat's view: the map of the base game (svg.py) or Nippon's USA (nippon_svg.py)."""

from .nippon_svg import render_nippon
from .svg import Seen, render_europe


def render(view: dict, ui=None) -> str:
    seen = Seen(view, ui or {})
    return render_nippon(seen) if "links" in seen.index.board else render_europe(seen)
