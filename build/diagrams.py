"""The rules pages' diagrams, drawn at build time by each game's own renderer from a set-up position, so a
picture can never disagree with the board. A rules page (web/rules/NAME.html) asks for one with a marker
line <!--diagram:KEY-->; fill(name, text) puts the figure there (an unknown key stops the build).
"""

import html
import re

from game_core import games

# What makes a drawing a control on the game page; a diagram is a picture, so these are taken out.
CONTROL = re.compile(r' (?:data-action|data-command|role|tabindex|aria-pressed|aria-keyshortcuts|data-key)="[^"]*"'
                     r'| class="(?:act|cmd)"')
MARKER = re.compile(r"<!--diagram:([a-z-]+)-->")


def inert(svg: str) -> str:
    """The drawing without its controls (nothing to press or tab to on a rules page)."""
    return CONTROL.sub("", svg)


def crop(svg: str, code: str, margin: int = 4) -> str:
    """The drawing framed on one Blitzkrieg! theater panel (its <g class="theater"> box)."""
    x, y, width, height = (float(v) for v in re.search(
        rf'<g class="theater" data-theater="{code}"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" '
        rf'height="([\d.]+)"', svg).groups())
    box = f"{x - margin:g} {y - margin:g} {width + 2 * margin:g} {height + 2 * margin:g}"
    return re.sub(r'viewBox="[^"]*"', f'viewBox="{box}"', svg, count=1)


def figure(svg: str, caption: str) -> str:
    return (f'<figure class="rules-diagram">{svg}<figcaption>{html.escape(caption)}</figcaption></figure>')


def draw(state, seat, ui=None) -> str:
    """The seat's board in the phone's layout (its text stays readable at a rules page's width)."""
    return games.package(state.game.name).render(state.view(seat), {"interactive": True, "narrow": True, **(ui or {})})


# -- Blitzkrieg! -----------------------------------------------------------------------------------
def blitzkrieg_placement() -> str:
    """The Axis chooses an army (2): the free land and land/sea spaces of Western Europe's active campaign
    light up; placed on space 1.2 (research), the marker moves two squares toward the Axis."""
    state = games.get("blitzkrieg").new_game(1)
    state.reserves["axis"] = ["axis:A2#1", "axis:N1#1", "axis:F1#1"]
    before = crop(inert(draw(state, "axis", {"token": "A2"})), "WE")
    after = state.apply("A2@WE1.2")
    return (figure(before, "Choosing a unit: with an army (2) chosen, the free land and land/sea spaces of each "
                           "theater's active (outlined) campaign light up, here in Western Europe.")
            + figure(crop(inert(draw(after, "axis")), "WE"),
                     "Placed on Western Europe 1.2 (R: research): the Axis takes a special weapon into its bag and "
                     "the battle marker moves two squares toward the Axis end (the grey square, right)."))


def blitzkrieg_closing() -> str:
    """Western Europe's first campaign closes with the marker on the Axis side, past its first VP icon."""
    state = games.get("blitzkrieg").new_game(1)
    state.markers["WE"] = 4
    for sid in ("WE1.1", "WE1.3"):  # two spaces already taken, one by each side
        state = place(state, sid)
    state = place(state, "WE1.2")  # the Axis fills the last one: the campaign closes
    cue = state.facts("axis")["cues"][0]["text"]
    return figure(crop(inert(draw(state, "allies")), "WE"),
                  f"A campaign closes when its last space is filled. The marker stands on the Axis side past the first "
                  f"VP icon (+1), so: {cue}. The shield takes the Axis colour and campaign 2 becomes the active one.")


def place(state, sid: str):
    """The player to move places an airforce (it fits any space) on `sid`; any follow-up decision takes its
    first choice."""
    seat = state.to_play
    state.reserves[seat] = [f"{seat}:F1#9"] + list(state.reserves[seat])
    state = state.apply(f"F1@{sid}")
    while state.to_play == seat and state.decision is not None:
        state = state.apply(state.legal_actions()[0])
    return state


# -- Nippon ------------------------------------------------------------------------------------------
def nippon_opening() -> str:
    """Japan closes Boston by filling it; Boston's neighbours are offered on the map as the next campaign."""
    from game_core.blitzkrieg.data import GERMANY, JAPAN
    state = games.get("blitzkrieg-nippon").new_game(1)
    for sid, seat in (("BO1.1", JAPAN), ("BO1.2", GERMANY)):
        while state.to_play != seat:
            state = state.apply(state.legal_actions()[0])
        state = place(state, sid)
    while state.to_play != JAPAN:
        state = state.apply(state.legal_actions()[0])
    state.markers["BO"] = -3
    state.reserves[JAPAN] = [f"{JAPAN}:F1#9"] + list(state.reserves[JAPAN])
    state = state.apply("F1@BO1.3")
    svg = inert(draw(state, JAPAN))
    map_box = re.search(r'<g class="map"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg)
    x, y, width, height = (float(v) for v in map_box.groups())  # and the map's four legend lines under it
    svg = re.sub(r'viewBox="[^"]*"', f'viewBox="{x - 4:g} {y - 4:g} {width + 8:g} {height + 66:g}"', svg, count=1)
    return figure(svg, "Japan fills Boston's last space: Boston closes for Japan (filled with Japan's colour) and "
                       "Japan opens the next campaign, one of the cities joined to Boston by a line (dashed gold "
                       "circles: New York and Detroit).")


DIAGRAMS = {
    "blitzkrieg": {"placement": blitzkrieg_placement, "closing": blitzkrieg_closing},
    "blitzkrieg-nippon": {"opening": nippon_opening},
}


def fill(name: str, text: str) -> str:
    """The rules page with each <!--diagram:KEY--> replaced by its figure."""
    def figure_for(match):
        key = match.group(1)
        if key not in DIAGRAMS.get(name, {}):
            raise ValueError(f"the rules of {name} ask for a diagram {key!r} that build/diagrams.py does not draw")
        return DIAGRAMS[name][key]()
    return MARKER.sub(figure_for, text)
