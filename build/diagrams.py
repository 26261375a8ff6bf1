"""The rules pages' diagrams, drawn at build time by each game's own renderer from a set-up position, so a
picture can never disagree with the board. A rules page (web/rules/NAME.html) asks for one with a marker
line <!--diagram:KEY-->; fill(name, text) puts the figure there (an unknown key stops the build).
"""

import html
import re

from game_core import games

# What makes a drawing a control on the game page; a diagram is a picture, so these are taken out.
CONTROL = re.compile(r' (?:data-action|data-command|role|tabindex|aria-pressed|aria-keyshortcuts|aria-label|data-key)="[^"]*"'
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


def frame(svg: str, x: float, y: float, width: float, height: float) -> str:
    """The drawing framed on one part of it (a rectangle of its own units)."""
    return re.sub(r'viewBox="[^"]*"', f'viewBox="{x:g} {y:g} {width:g} {height:g}"', svg, count=1)


def first_position(name: str, wanted, seed: int = 1):
    """(state, action): the first action `wanted(action)` accepts that the easy bots take in a game they play
    from `seed`, and the position before it (a set-up found by play, the same at every build)."""
    from game_core import lab
    from game_core.rng import Rng
    game = games.get(name)
    levels = {seat: lab.default_level(game) for seat in game.seats}
    state, rng = game.new_game(seed), Rng.from_seed(seed, "diagram")
    while not state.is_over:
        for action in lab.bot_turn(game, state, levels, rng):
            if wanted(action):
                return state, action
            state = state.apply(action)
    raise ValueError(f"the bots never took the action wanted in {name} from seed {seed}")


def said(state, after) -> str:
    """What the move did, in the game's own words (its narration for everyone)."""
    return " ".join(text.rstrip(".") + "." for text, audience in state.game.narrate(state, after) if audience is None)


# -- Bitskrieg ---------------------------------------------------------------------------------------
def bitskrieg_shot() -> str:
    """A tank chosen to fire: each target shows its range, counted around what blocks fire, and the chance
    to destroy it; then the shot, its line of fire along the counted route, and what the dice decided."""
    from game_core.bitskrieg.svg import NARROW as LAY
    state, action = first_position("bitskrieg", lambda a: a.startswith("fire "), seed=3)
    seat, firer = state.to_play, action.split()[1]
    board = (0, 0, LAY.width, LAY.bottom + 22)
    before = frame(inert(draw(state, seat, {"tank": firer})), *board)
    after = state.apply(action)
    return (figure(before, f"Firing: with the tank on {firer} chosen, each enemy tank it can hit is marked with its range "
                           "(counted square by square through the squares in front of it, around obstacles and enemy "
                           "tanks) and the chance to destroy it.")
            + figure(frame(inert(draw(after, seat)), *board),
                     f"The shot: the line of fire follows the route the range was counted along. {said(state, after)}"))


# -- Blitzed! ---------------------------------------------------------------------------------------
def blitzed_claim() -> str:
    """A player's three dice make a task: a tap on its card lands the thunder card there, and the task is
    theirs for the round."""
    state, action = first_position("blitzed", lambda a: " claim " in a, seed=2)
    seat = action.split()[0]
    after = state.apply(action)
    return figure(inert(draw(after, seat)), f"A claim: {said(state, after)} Nobody else can take that task this round; "
                                            "the card's win/loss value is scored when the last task is claimed.")


# -- Campaign: Fall Blau ----------------------------------------------------------------------------
def fall_blau_attack() -> str:
    """A general attacks the card in front of him: his white dice against its red cubes, and the result."""
    state, action = first_position("fall-blau", lambda a: a.startswith("attack "), seed=1)
    from game_core.fall_blau.svg import Geometry
    seat, general = state.to_play, action.split()[1]
    slots = Geometry(True).slots
    x, top, width = slots[0]["header"]
    bottom = slots[-1]["general"][1] + slots[-1]["general"][3]
    front = (x - 6, top - 20, width + 12, bottom - top + 26)  # the frontline's three slots, and the cue above them
    after = state.apply(action)
    return (figure(frame(inert(draw(state, seat, {"general": general})), *front),
                   f"Choosing an attack: with {general.title()} selected, each card he can attack has an Attack button "
                   "and says how many white dice he would roll (half, rounded up, against the slot beside his).")
            + figure(frame(inert(draw(after, seat)), *front), f"The attack: {said(state, after)}"))


DIAGRAMS = {
    "blitzkrieg": {"placement": blitzkrieg_placement, "closing": blitzkrieg_closing},
    "blitzkrieg-nippon": {"opening": nippon_opening},
    "bitskrieg": {"shot": bitskrieg_shot},
    "blitzed": {"claim": blitzed_claim},
    "fall-blau": {"attack": fall_blau_attack},
}


def fill(name: str, text: str) -> str:
    """The rules page with each <!--diagram:KEY--> replaced by its figure."""
    def figure_for(match):
        key = match.group(1)
        if key not in DIAGRAMS.get(name, {}):
            raise ValueError(f"the rules of {name} ask for a diagram {key!r} that build/diagrams.py does not draw")
        return DIAGRAMS[name][key]()
    return MARKER.sub(figure_for, text)
