"""Blitzkrieg! components as data: the world board, the unit tokens and the special weapons.

Every item carries "source": "printed" (read from the board or tokens), "rulebook" (a rule
stated in the rulebook), "secondary source" (reviews, other implementations) or "designed"
(our own decision where no source settles it). See /work/shared/research/blitzkrieg.md.
"""

SEATS = ("axis", "allies")
WIN_VP = 25
WAR_TRACK_SPACES = 30

# Space types and which unit types may occupy them.
LAND, SEA, LAND_SEA = "land", "sea", "land/sea"
FITS = {"army": (LAND, LAND_SEA), "navy": (SEA, LAND_SEA), "air": (LAND, SEA, LAND_SEA),
        "army+navy": (LAND, SEA, LAND_SEA)}

# Space effects. "TA+n" tactical advantage, "SA+n" strategic advantage, "Pn" propaganda, "" none.
EFFECT_NAMES = {
    "IP": "industrial production", "IP2": "improved industrial production", "B": "bombing",
    "R": "research", "R2": "improved research", "RI": "research industry", "": "no effect",
}


def effect_parts(effect: str) -> tuple:
    """An effect code's kind and amount: ("TA", "2") for "TA+2", ("P", "1") for "P1", (code, "") otherwise."""
    if effect.startswith(("TA+", "SA+")):
        return effect[:2], effect[3:]
    if effect.startswith("P"):
        return "P", effect[1:]
    return effect, ""


def effect_label(effect: str) -> str:
    """The short label drawn on a space."""
    if effect.startswith("TA"):
        return effect[2:]
    if effect.startswith("SA"):
        return f"<{effect[2:]}>"
    return {"IP2": "IP2", "R2": "R2"}.get(effect, effect)


def _campaign(vp, *spaces):
    return {"vp": vp, "spaces": [{"type": t, "effect": e} for t, e in spaces], "source": "printed"}


LONG_TRACK = {"length": 14, "icons": (5, 10), "source": "printed"}
SHORT_TRACK = {"length": 11, "icons": (4, 8), "source": "printed"}

# A board description: theaters in board order (top-left to bottom-right), each with its
# track and campaigns (top to bottom); "column"/"row" place it in the drawing.
WORLD = {
    "name": "world",
    "title": "World War Two",
    "theater_bonus": 2,  # VP for closing a theater: both icons on its track (designed)
    "theaters": [
        {"code": "WE", "name": "Western Europe", "column": 0, "row": 0, "track": LONG_TRACK,
         "campaigns": [_campaign(2, (SEA, "IP"), (LAND, "R"), (LAND_SEA, "P1")),
                       _campaign(3, (LAND, "B"), (LAND, "IP"), (LAND_SEA, "")),
                       _campaign(5, (LAND_SEA, "RI"), (LAND, "SA+3"), (LAND_SEA, ""))]},
        {"code": "PO", "name": "Pacific Ocean", "column": 0, "row": 1, "track": LONG_TRACK,
         "campaigns": [_campaign(2, (SEA, "B"), (SEA, "R")),
                       _campaign(3, (SEA, "R2"), (SEA, "IP"), (SEA, "SA+2"), (LAND_SEA, "")),
                       _campaign(5, (SEA, "B"), (LAND_SEA, "P2"), (LAND_SEA, ""))]},
        {"code": "EE", "name": "Eastern Europe", "column": 1, "row": 0, "track": LONG_TRACK,
         "campaigns": [_campaign(2, (LAND, "TA+1"), (LAND, "IP")),
                       _campaign(3, (LAND, "P1"), (LAND, "R2"), (LAND_SEA, "")),
                       _campaign(6, (LAND, "B"), (LAND, "TA+2"), (LAND, "SA+3"), (LAND, "P2"), (LAND, ""))]},
        {"code": "AM", "name": "Africa & Middle East", "column": 1, "row": 1, "track": SHORT_TRACK,
         "campaigns": [_campaign(3, (LAND, "SA+3"), (SEA, "TA+1"), (LAND_SEA, "R"), (LAND_SEA, "P1")),
                       _campaign(5, (LAND, "TA+2"), (SEA, "IP2"), (LAND_SEA, ""))]},
        {"code": "SA", "name": "South East Asia", "column": 1, "row": 2, "track": SHORT_TRACK,
         "campaigns": [_campaign(2, (SEA, "P2"), (LAND_SEA, "P1"), (LAND_SEA, "SA+1")),
                       _campaign(4, (SEA, "B"), (LAND, "P2"), (LAND_SEA, ""))]},
    ],
}

BOARDS = {"world": WORLD}

# Unit kinds. "type" decides where it may go (None: see its ability); "strength" is how far it
# moves the battle marker; "abilities" name the special rules in rules.py; "count" is how many
# tokens of the kind each side has (unit tokens) or the research pile holds (special weapons).
def _unit(name, unit_type, strength, count, abilities=(), special=False, source="printed", **extra):
    return {"name": name, "type": unit_type, "strength": strength, "count": count,
            "abilities": abilities, "special": special, "source": source, **extra}


UNITS = {
    "A1": _unit("army", "army", 1, 3),
    "A2": _unit("army", "army", 2, 2),
    "A3": _unit("army", "army", 3, 2),
    "N1": _unit("navy", "navy", 1, 3),
    "N2": _unit("navy", "navy", 2, 2),
    "N3": _unit("navy", "navy", 3, 2),
    "F1": _unit("airforce", "air", 1, 3),
    "F2": _unit("airforce", "air", 2, 2),
    "BF": _unit("blitz airforce", "air", 0, 1, ("blitz",)),
    "GEN": _unit("general", "army", 1, 1, ("general",)),
    "ADM": _unit("admiral", "navy", 1, 1, ("admiral",)),
    # Special weapons (yellow tokens), 16 in all.
    "BA": _unit("blitz army", "army", 1, 1, ("blitz",), True),
    "EA": _unit("elite army", "army", 4, 2, (), True),
    "XA": _unit("army task force", "army", 5, 1, ("task_force",), True),
    "BN": _unit("blitz navy", "navy", 1, 1, ("blitz",), True),
    "NB": _unit("naval bombing", "navy", 2, 1, ("bombing",), True),
    "EN": _unit("elite navy", "navy", 4, 2, (), True),
    "XN": _unit("navy task force", "navy", 5, 1, ("task_force",), True),
    "AB": _unit("aerial bombing", "air", 1, 1, ("bombing",), True),
    "EF": _unit("elite airforce", "air", 3, 2, (), True),
    "XF": _unit("airforce task force", "air", 4, 1, ("task_force",), True),
    # The rulebook: an army, +7 here, retreat 2 on every other track not yet closed.
    "NUKE": _unit("nuclear bomb", "army", 7, 1, ("nuke",), True, "rulebook"),
    "SPY": _unit("spy", None, 0, 1, ("spy",), True, "rulebook"),
    "SCI": _unit("scientist", None, 0, 1, ("scientist",), True, "rulebook"),
    # Nippon Expansion (rulebook text; one token each is our reading of the 18-token total).
    # "option" names the new-game option that puts them in the base game's research pile.
    "PA": _unit("partisans", "army", 1, 1, ("partisans",), True, "designed",
                option="partisans", words="the partisans"),
    "IL": _unit("inspired leadership", None, 1, 1, ("inspired",), True, "designed",
                option="inspired_leadership", words="the inspired leadership (1)"),
    # Godzilla is a Japanese unit token only (count 0: in no base-game bag; see JAPAN_TOKENS).
    "GZ": _unit("Godzilla", "army+navy", 4, 0, ("godzilla",), source="rulebook", words="Godzilla (4)"),
}

# Where each unit type goes, in words.
TYPE_WORDS = {"army": "army: land or land/sea", "navy": "navy: sea or land/sea", "air": "airforce: any space",
              "army+navy": "army and navy: any space", None: "special weapon"}

SIDE_KINDS = tuple(k for k, u in UNITS.items() if not u["special"] and u["count"])
SPECIAL_KINDS = tuple(k for k, u in UNITS.items() if u["special"] and "option" not in u)
OPTIONAL_SPECIAL_KINDS = tuple(k for k, u in UNITS.items() if "option" in u)  # each with its own option

START_RESERVE = 3  # rulebook: each player draws three
NUKE_RETREAT = 2   # printed "-2" on the nuclear bomb


def kind_of(token_id: str) -> str:
    """ "axis:A1#2" -> "A1", "sw:EA#1" -> "EA" (remembered: the bots' search asks millions of times)."""
    kind = _KINDS.get(token_id)
    if kind is None:
        kind = _KINDS[token_id] = token_id.split(":", 1)[1].split("#", 1)[0]
    return kind


_KINDS = {}


def is_special(token_id: str) -> bool:
    """A special weapon's token ("sw:EA#1"), not a side's unit."""
    return token_id.startswith("sw:")


# -- Nippon Expansion: Japan against Germany on the back of the board (a map of the USA) -------
# The rulebook fixes: one campaign per theater, joined by lines; the four starting campaigns;
# New York joined to Boston; the last three squares at each end of a track marked +1/+2/+3.
# No public source gives the map itself, so cities, spaces, VP, tracks and lines are designed.
JAPAN, GERMANY = NIPPON_SEATS = ("japan", "germany")  # Japan moves first, Germany has the last turn
END_ZONE = 3  # the +1/+2/+3 squares at each end of a Nippon track (rulebook)


def _city(code, name, x, y, vp, length, *spaces):
    """A Nippon theater: one city campaign with its own track; (x, y) places it on the drawn map."""
    return {"code": code, "name": name, "map": (x, y), "source": "designed",
            "track": {"length": length, "icons": (), "end_zone": END_ZONE, "source": "designed"},
            "campaigns": [{"vp": vp, "spaces": [{"type": t, "effect": e} for t, e in spaces],
                           "source": "designed"}]}


NIPPON = {
    "name": "nippon",
    "title": "Nippon: the USA",
    "theater_bonus": 0,
    "start": {"codes": ("HO", "SE", "JA", "BO"), "source": "rulebook"},
    # Japan comes in from the Pacific (west), Germany from the Atlantic (east).
    "theaters": [
        _city("HO", "Honolulu", 95, 330, 3, 6, (SEA, "TA+1"), (SEA, "R"), (LAND_SEA, "P1")),
        _city("SE", "Seattle", 330, 110, 3, 6, (SEA, "IP"), (LAND_SEA, "R"), (LAND, "")),
        _city("SF", "San Francisco", 295, 225, 4, 7, (SEA, "R2"), (LAND_SEA, "IP"), (LAND, "SA+2")),
        _city("LA", "Los Angeles", 360, 330, 4, 7, (SEA, "B"), (LAND_SEA, "TA+1"), (LAND, "IP"), (LAND_SEA, "")),
        _city("DE", "Denver", 520, 210, 5, 7, (LAND, "TA+2"), (LAND, "IP2"), (LAND, "")),
        _city("DA", "Dallas", 615, 345, 5, 7, (LAND, "SA+3"), (LAND, "R"), (LAND, "P1")),
        _city("KC", "Kansas City", 665, 225, 6, 8, (LAND, "B"), (LAND, "TA+2"), (LAND, "P2"), (LAND, "")),
        _city("CH", "Chicago", 790, 150, 7, 8, (LAND_SEA, "B"), (LAND, "SA+3"), (LAND, "IP"), (LAND, "P2"), (LAND, "")),
        _city("NO", "New Orleans", 760, 375, 4, 7, (SEA, "R"), (LAND_SEA, "P2"), (LAND_SEA, "")),
        _city("DT", "Detroit", 880, 125, 5, 7, (LAND, "RI"), (LAND_SEA, "SA+3"), (LAND, "")),
        _city("AT", "Atlanta", 880, 300, 5, 7, (LAND, "IP2"), (LAND, "TA+2"), (LAND_SEA, "")),
        _city("WA", "Washington", 1010, 215, 5, 7, (LAND, "P2"), (LAND_SEA, "B"), (LAND, "TA+1"), (LAND_SEA, "")),
        _city("NY", "New York", 1065, 155, 4, 7, (SEA, "RI"), (LAND_SEA, "IP"), (LAND, "SA+2")),
        _city("JA", "Jacksonville", 965, 370, 3, 6, (SEA, "IP"), (LAND_SEA, "R"), (LAND, "")),
        _city("BO", "Boston", 1120, 100, 3, 6, (SEA, "TA+1"), (LAND, "R"), (LAND_SEA, "P1")),
    ],
    "links": [{"cities": pair, "source": "rulebook" if pair == ("NY", "BO") else "designed"} for pair in (
        ("HO", "SE"), ("HO", "SF"), ("HO", "LA"), ("SE", "SF"), ("SE", "DE"), ("SF", "LA"), ("SF", "DE"),
        ("LA", "DE"), ("LA", "DA"), ("DE", "KC"), ("DA", "KC"), ("DA", "NO"), ("KC", "CH"), ("KC", "AT"),
        ("CH", "DT"), ("CH", "AT"), ("NO", "AT"), ("NO", "JA"), ("AT", "JA"), ("AT", "WA"), ("JA", "WA"),
        ("DT", "NY"), ("DT", "WA"), ("WA", "NY"), ("NY", "BO"), ("BO", "DT"))],
}
BOARDS["nippon"] = NIPPON

# Japan's 22 tan tokens: the rulebook gives no mix, so we take the base mix (both base sides are
# identical) with three swaps chosen for balance (docs/balance-nippon.md). Germany uses the grey Axis tokens.
JAPAN_SWAPS = (("GEN", "GZ"), ("BF", "F1"), ("A3", "A2"))  # (base token, Japan's token in its place)
_japan = {k: UNITS[k]["count"] for k in SIDE_KINDS}
for _out, _in in JAPAN_SWAPS:
    _japan[_out] -= 1
    _japan[_in] = _japan.get(_in, 0) + 1
JAPAN_TOKENS = [{"kind": k, "count": count, "source": "designed"} for k, count in _japan.items() if count]

# -- The solo module (Dávid Turczi): research notes section 4 --------------------------------
SOLO_ROW = 5  # the bot's reserve: five tokens face up in a row, in random order
SOLO_SCIENTIST_STRENGTH = 3  # the bot plays the scientist as a strength-3 airforce
# The solo d6 numbers the theaters; a 6 lets the player choose.
SOLO_DIE_THEATERS = ("WE", "PO", "EE", "AM", "SA")
SOLO_DIFFICULTY = {
    "easy": {"rolls": (3, 1), "source": "rulebook"},    # (d6 rolls, spaces toward the bot per roll)
    "medium": {"rolls": (3, 2), "source": "rulebook"},
    "hard": {"rolls": (4, 2), "source": "rulebook"},
}
# Stratagem tokens (names from the solo helper app; our own summary of what each changes).
STEAMROLL = "steamroll"  # the stratagem that repeats the previous one
STRATAGEMS = {
    "big_guns": {"name": "Big Guns", "icon": "cannon", "source": "secondary source",
                 "text": "Unit: special weapons first, then the greatest change"},
    "counterattack": {"name": "Counterattack", "icon": "arrows", "source": "secondary source",
                      "text": "Theater: one the Allies lead; unit: the greatest change"},
    "economic_warfare": {"name": "Economic Warfare", "icon": "factory", "source": "secondary source",
                         "text": "Theater and space: production with 4 units or fewer, else bombing"},
    "for_the_glory": {"name": "For the Glory", "icon": "shield", "source": "secondary source",
                      "text": "Theater: the richest campaign, then propaganda; space: propaganda"},
    "rapid_deployment": {"name": "Rapid Deployment", "icon": "parachute", "source": "secondary source",
                         "text": "Unit: the leftmost that fits"},
    "research_development": {"name": "Research & Development", "icon": "gears", "source": "secondary source",
                             "text": "Theater: research open; unit: a special weapon off research spaces"},
    "secure": {"name": "Secure", "icon": "crosshair", "source": "secondary source",
               "text": "Theater: one the Axis leads"},
    "steamroll": {"name": "Steamroll", "icon": "circular arrow", "source": "secondary source",
                  "text": "Out of the cup at the start; drawn later, it repeats the previous stratagem"},
}


# -- Reading a board and naming things (shared by the rules and the drawing) -------------------
# The Axis (and Germany, with the same grey tokens) end of a track is positive.
SIGN = {"axis": 1, "allies": -1, GERMANY: 1, JAPAN: -1}
OPPONENT = {"axis": "allies", "allies": "axis", GERMANY: JAPAN, JAPAN: GERMANY}
SEAT_NAME = {"axis": "Axis", "allies": "Allies", GERMANY: "Germany", JAPAN: "Japan"}


def other(seat: str) -> str:
    return OPPONENT[seat]


class BoardIndex:
    """Look-up tables built once from a board description (BOARDS)."""

    def __init__(self, board: dict):
        self.board = board
        self.theaters = {}    # code -> theater description
        self.campaigns = {}   # "WE1" -> {"theater", "vp", "spaces": [space ids]}
        self.spaces = {}      # "WE1.2" -> {"theater", "campaign", "type", "effect"}
        self.theater_campaigns = {}
        for theater in board["theaters"]:
            code = theater["code"]
            self.theaters[code] = theater
            self.theater_campaigns[code] = []
            for c, campaign in enumerate(theater["campaigns"], 1):
                cid = f"{code}{c}"
                self.theater_campaigns[code].append(cid)
                ids = [f"{cid}.{s}" for s in range(1, len(campaign["spaces"]) + 1)]
                self.campaigns[cid] = {"theater": code, "vp": campaign["vp"], "spaces": ids}
                for sid, space in zip(ids, campaign["spaces"]):
                    self.spaces[sid] = {"theater": code, "campaign": cid,
                                        "type": space["type"], "effect": space["effect"]}
        self.order = list(self.spaces)  # board order of spaces

    def length(self, code: str) -> int:
        return self.theaters[code]["track"]["length"]

    def icons(self, code: str) -> tuple:
        return self.theaters[code]["track"]["icons"]

    def space_name(self, sid: str) -> str:
        """ "Western Europe 1.2"; Nippon (one campaign a city): "Denver space 1"."""
        code = self.spaces[sid]["theater"]
        if len(self.theater_campaigns[code]) == 1 and "links" in self.board:
            return f"{self.theaters[code]['name']} space {sid.split('.')[1]}"
        return f"{self.theaters[code]['name']} {sid[len(code):]}"

    def campaign_name(self, cid: str) -> str:
        """ "Western Europe campaign 2"; Nippon: "the Denver campaign"."""
        code = self.campaigns[cid]["theater"]
        if "links" in self.board:
            return f"the {self.theaters[code]['name']} campaign"
        return f"{self.theaters[code]['name']} campaign {cid[len(code):]}"


INDEXES = {name: BoardIndex(board) for name, board in BOARDS.items()}
