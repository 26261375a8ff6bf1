"""Campaign: Fall Blau components as data.

Very little card data is public (see shared/research/fall-blau.md), so most values are
designed from the 1942 history and every constraint in the rulebook; each item says which.
"""

GREY_CUBES = 16  # German cubes in the box
RED_CUBES = 20  # Soviet cubes in the box
WHITE_DICE = 6
BLACK_DICE = 3
START_SUPPLY = 5
MAX_SUPPLY = 15  # the depot track length is not public
HAND_LIMIT = 5
DRAWS_PER_TURN = 2
LOST_GENERAL_PENALTY = 2
REINFORCEMENT_CUBES = 2
STAVKA_CUBES = 1  # the Stavka Reserves hard card
VP_TRACK_MAX = 40
# The orders' costs and gains (the rules, the tray and the terminal read them here): an Advance! order pays
# ADVANCE_COST supply per campaign card it deploys, a reorganization REORG_COST supply, a Consolidate order
# gains CONSOLIDATE_SUPPLY supply, and Hoth's rally gives up RALLY_CUBES grey cubes.
ADVANCE_COST = 1
REORG_COST = 1
CONSOLIDATE_SUPPLY = 2
RALLY_CUBES = 1

# The calendar: a start box, fifteen turns (Early July .. Late November), then winter.
MONTHS = ("July", "August", "September", "October", "November")
TURNS = tuple(f"{part} {month}" for month in MONTHS for part in ("Early", "Mid", "Late"))
CALENDAR = ("Start: July 1942",) + TURNS + ("Soviet Winter Offensive",)
WINTER = len(CALENDAR) - 1

# Red circles on the Campaign Progress tracker: landing on one reinforces the Soviets.
RED_CIRCLES = {
    4: "designed", 9: "rulebook", 14: "designed", 19: "designed", 23: "designed",
}

# Victory levels (standard, brilliant): the green boxes (32/36) serve Hard Mode and Missions Mode.
VICTORY = {"standard": (27, 30), "green": (32, 36)}
VICTORY_SOURCE = "rulebook"

# Generals: "panzer" armies may deploy a second card and score two hits on a 6.
GENERALS = {
    "hoth": {
        "name": "Hoth", "army": "4th Panzer Army", "panzer": True, "cubes": 5,
        "ability": "rally",
        "text": "Once per turn, after his order, Hoth may give up one grey cube to be ready again.",
        "source": "secondary source",
    },
    "kleist": {
        "name": "von Kleist", "army": "1st Panzer Army", "panzer": True, "cubes": 5,
        "ability": "recon",
        "text": "Reconnaissance: while von Kleist is on the frontline, the top event card is face up.",
        "source": "secondary source",
    },
    "paulus": {
        "name": "Paulus", "army": "6th Army", "panzer": False, "cubes": 6,
        "ability": "city",
        "text": "City fighting: one extra white die when attacking a Fortress card.",
        "source": "secondary source",
    },
    "ruoff": {
        "name": "Ruoff", "army": "17th Army", "panzer": False, "cubes": 5,
        "ability": "reroll",
        "text": "In each of his attacks the first white die that would cost a grey cube is rolled again.",
        "source": "secondary source",
    },
    "gariboldi": {
        "name": "Gariboldi", "army": "Italian 8th Army", "panzer": False, "cubes": 5,
        "ability": "alpini",
        "text": "Alpini: his attacks ignore the Mountains modifier.",
        "source": "secondary source",
    },
    "salmuth": {
        "name": "von Salmuth", "army": "2nd Army", "panzer": False, "cubes": 5,
        "ability": "steady",
        "text": "Steady: each counter-attack against him ignores its first hit.",
        "source": "secondary source",
    },
}
# The abilities follow play reports; the cube counts are not public and are designed.
for _general in GENERALS.values():
    _general["cubes_source"] = "designed"
STANDARD_GENERALS = ("hoth", "kleist", "paulus", "ruoff", "gariboldi")
SIXTH_GENERAL = "salmuth"

# Campaign cards. "terrain" is "mountains", "fortress" or "". "attack_cost" is the extra
# supply an Attack! order on it costs. "bonus_red_unless" adds red cubes at deployment
# while the named card is not captured. "capture_supply" is supply gained on capture.
def _campaign(name, red, vp, unlocks, terrain="", source="designed", text="", **special):
    card = {"name": name, "red": red, "vp": vp, "terrain": terrain, "unlocks": unlocks,
            "attack_cost": 0, "bonus_red_unless": None, "capture_supply": 0,
            "text": text, "source": source}
    card.update(special)
    return card


CAMPAIGNS = {
    "voronezh": _campaign("Voronezh", 3, 1, ("rossosh", "millerovo"), source="rulebook"),
    "rossosh": _campaign("Rossosh", 2, 1, ("kalach",)),
    "millerovo": _campaign("Millerovo", 3, 2, ("rostov",), capture_supply=2,
                           text="When captured, gain 2 supply (Soviet depots)."),
    "kalach": _campaign("Kalach", 3, 2, ("stalingrad", "kotelnikovo")),
    "rostov": _campaign("Rostov", 4, 3, ("krasnodar", "salsk"), terrain="fortress"),
    "kotelnikovo": _campaign("Kotelnikovo", 3, 2, ("elista",)),
    "salsk": _campaign("Salsk", 2, 1, ("elista",)),
    "krasnodar": _campaign("Krasnodar", 3, 2, ("maikop", "novorossiysk")),
    "stalingrad": _campaign("Stalingrad", 6, 6, (), terrain="fortress", attack_cost=1,
                            text="All Attack! orders against this card cost an extra supply."),
    "elista": _campaign("Elista", 2, 2, ("astrakhan",), attack_cost=1, bonus_red_unless="grozny",
                        source="rulebook",
                        text="When deployed, if Grozny is not yet captured, add 2 red cubes. "
                             "All Attack! orders against this card cost an extra supply."),
    "maikop": _campaign("Maikop", 3, 3, ("tuapse", "grozny"), terrain="mountains", capture_supply=1,
                        text="When captured, gain 1 supply (the oil fields)."),
    "novorossiysk": _campaign("Novorossiysk", 4, 3, (), terrain="fortress"),
    "tuapse": _campaign("Tuapse", 3, 3, (), terrain="mountains"),
    "astrakhan": _campaign("Astrakhan", 5, 4, (), source="rulebook"),
    "grozny": _campaign("Grozny", 5, 5, (), terrain="mountains", attack_cost=1,
                        text="All Attack! orders against this card cost an extra supply."),
}
START_UNLOCKED = ("voronezh",)
BONUS_RED = 2  # the Elista rule

# Event cards. "kind":
#   counter: a Major Soviet Counter-Attack (stop) with "red" cubes and "vp" when captured
#   stays: stop, then stays in play with a lasting "effect"
#   stop: resolved at once ("supply" change or "red_everywhere")
#   special: a separate black-dice attack ("dice"), cannot capture
#   hand: kept; "dice" black dice for one Attack! order, or played alone for "supply",
#         "grey" (cubes for one general) or "vp"
def _event(name, kind, source="designed", text="", hard=False, **fields):
    card = {"name": name, "kind": kind, "dice": 0, "supply": 0, "grey": 0, "vp": 0, "red": 0,
            "effect": "", "hard": hard, "text": text, "source": source}
    card.update(fields)
    return card


EVENTS = {
    "bryansk": _event("Bryansk Front Counter-Attack", "counter", red=3, vp=1),
    "southwest": _event("Southwestern Front Counter-Attack", "counter", red=3, vp=1),
    "volga": _event("Stalingrad Front Counter-Attack", "counter", red=4, vp=2),
    "caucasus": _event("North Caucasus Front Counter-Attack", "counter", red=4, vp=2),
    "zhukov": _event("General Zhukov", "stays", effect="extra_counter_die", source="rulebook",
                     text="Every local counter-attack rolls one extra die."),
    "chuikov": _event("General Chuikov", "stays", effect="fortress_hits_on_2", source="rulebook",
                      text="Counter-attacks from Fortress cards destroy a grey cube on a 1 or 2."),
    "romanian": _event("Allied Romanian Mountain Corps", "stays", effect="no_mountains",
                       source="rulebook", text="Attacks ignore the Mountains modifier."),
    "pioniere": _event("Pionier Battalions", "stays", effect="no_fortress", source="rulebook",
                       text="Attacks ignore the Fortress modifier."),
    "fuelshortage": _event("Treibstoffmangel", "stop", supply=-2, text="Fuel shortage: lose 2 supply."),
    "luftwaffe1": _event("Luftwaffe Support", "special", dice=3, source="rulebook",
                         text="Special attack with 3 black dice on any frontline card."),
    "luftwaffe2": _event("Luftwaffe Support", "special", dice=3, source="rulebook",
                         text="Special attack with 3 black dice on any frontline card."),
    "dora": _event("Dora Rail-Gun", "special", dice=3, effect="no_fortress", source="rulebook",
                   text="Special attack with 3 black dice; ignores the Fortress modifier."),
    "stug1": _event("Sturmgeschütz-Abteilung", "hand", dice=2, grey=1),
    "stug2": _event("Sturmgeschütz-Abteilung", "hand", dice=2, grey=1),
    "stuka": _event("Stuka-Angriff", "hand", dice=3),
    "artillerie1": _event("Artillerie-Vorbereitung", "hand", dice=2, supply=1),
    "artillerie2": _event("Artillerie-Vorbereitung", "hand", dice=2, supply=1),
    "nebelwerfer": _event("Nebelwerfer-Regiment", "hand", dice=2),
    "grossdeutschland": _event("Division Großdeutschland", "hand", dice=3, grey=1),
    "kampfgruppe": _event("Kampfgruppe", "hand", dice=2, grey=1),
    "brandenburger": _event("Brandenburger Kommando", "hand", dice=2, supply=1),
    "ju52": _event("Ju 52 Luftbrücke", "hand", dice=1, supply=2),
    "treibstoff1": _event("Treibstoffkolonne", "hand", supply=2),
    "treibstoff2": _event("Treibstoffkolonne", "hand", supply=2),
    "eisenbahn": _event("Eisenbahnpioniere", "hand", supply=2),
    "beutelager": _event("Beutelager", "hand", supply=3),
    "marsch1": _event("Marschbataillon", "hand", dice=1, grey=1),
    "marsch2": _event("Marschbataillon", "hand", dice=1, grey=1),
    "ersatzheer": _event("Ersatzheer", "hand", grey=2),
    "lazarett": _event("Feldlazarett", "hand", grey=1),
    "propaganda": _event("Propagandakompanie", "hand", vp=1),
    # Hard Mode cards (skull icon)
    "guards": _event("1st Guards Army", "counter", red=5, vp=2, hard=True),
    "order227": _event("Order No. 227", "stays", effect="extra_counter_die", hard=True,
                       text="Not one step back: every local counter-attack rolls one extra die."),
    "partisans": _event("Partisans", "stop", supply=-2, hard=True, text="Lose 2 supply."),
    "stavka": _event("Stavka Reserves", "stop", effect="red_everywhere", hard=True,
                     text="Add 1 red cube to every card on the frontline."),
}

# Missions: "trigger" names when the condition is checked; the reward is "vp" or "supply".
def _mission(name, trigger, reward_vp=0, reward_supply=0, text="", source="designed", **test):
    card = {"name": name, "trigger": trigger, "vp": reward_vp, "supply": reward_supply,
            "text": text, "source": source}
    card.update(test)
    return card


MISSIONS = {
    "propaganda": _mission("Axis Allied Propaganda", "capture", reward_vp=1, min_vp=3, needs_event=True,
                           source="rulebook",
                           text="Capture a card worth 3+ VP with an Attack! helped by event dice."),
    "blitz": _mission("Blitz", "capture", reward_vp=2, captures_in_turn=2,
                      text="Capture two cards in the same turn."),
    "oil": _mission("Oil for the Reich", "capture", reward_vp=2, cards=("maikop", "grozny"),
                    text="Capture Maikop or Grozny."),
    "clean": _mission("Clean Breakthrough", "capture", reward_vp=1, no_losses=True,
                      text="Capture a card without losing a grey cube in that attack."),
    "stockpile": _mission("Stockpile", "end_turn", reward_vp=1, min_supply=8,
                          text="End a turn with 8 or more supply."),
    "fullstrength": _mission("Full Strength", "end_turn", reward_supply=2, full_strength=True,
                             text="End a turn with every general at his starting strength."),
    "firestorm": _mission("Firestorm", "attack", reward_vp=1, min_kills=3,
                          text="Destroy 3 or more red cubes with one attack."),
    "crush": _mission("Crush the Counter-Attack", "capture", reward_vp=2, counter=True,
                      text="Capture a Major Counter-Attack card."),
    "thrust": _mission("Panzer Thrust", "advance", reward_supply=2, double=True,
                       text="Deploy two cards with one Panzer Advance order."),
    "assault": _mission("Storm the Heights", "capture", reward_vp=1, terrain=True,
                        text="Capture a Mountains or Fortress card."),
}
MISSIONS_PER_MONTH = 2
