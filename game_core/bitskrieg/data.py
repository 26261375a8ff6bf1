"""Bitskrieg components as data. Every item says where its facts come from."""

SIZE = 8  # the board is 8 x 8; the inner 6 x 6 squares carry dice-pair coordinates
MAX_RANGE = 5  # a range count of 6 or more cannot hit
OBSTACLE_COUNT = 6
TANKS_PICKED = 5
OBSTACLE_ARMOR = 4  # a damage die must beat this to destroy an obstacle

# Letter used in the notation, full name, ratings. Three counters of each class per player.
TANK_CLASSES = {
    "L": {"name": "Light Tank", "short": "LT", "speed": 3, "fire": 1, "armor": 3, "count": 3,
          "source": "rulebook"},
    "M": {"name": "Medium Tank", "short": "MT", "speed": 2, "fire": 1, "armor": 4, "count": 3,
          "source": "secondary source"},
    "H": {"name": "Heavy Tank", "short": "HT", "speed": 1, "fire": 2, "armor": 5, "count": 3,
          "source": "rulebook"},
    # Fire 2 and the straight-line rule are known; Speed and Armor were never found in any source.
    # Speed 2 and Armor 3 are our design (see web/rules/bitskrieg.html for the reasoning).
    "D": {"name": "Tank Destroyer", "short": "TD", "speed": 2, "fire": 2, "armor": 3, "count": 3,
          "source": "designed"},
}
CLASS_ORDER = "LMHD"


def ratings(letter):
    """A class's three ratings in words: "speed 3, fire 1, armor 3"."""
    c = TANK_CLASSES[letter]
    return f"speed {c['speed']}, fire {c['fire']}, armor {c['armor']}"

SEATS = ("blue", "red")  # the two players, as the rulebook names them by their colours
OTHER = {"blue": "red", "red": "blue"}
SEAT_NAMES = {
    "blue": {"name": "Blue", "colour": "#2f6fd0", "source": "rulebook"},
    "red": {"name": "Red", "colour": "#c8372d", "source": "rulebook"},
}

REBUILD_TRACK = {"start": 2, "source": "rulebook"}
# The printed track has more than two spaces but its length is unknown; this cap is ours.
REBUILD_TRACK_MAX = {"value": 4, "source": "designed"}

FLAGS_PER_PLAYER = {"value": 2, "source": "rulebook"}

TERRAINS = {
    "building": {"name": "Building", "blocks_move": True, "blocks_fire": True, "destructible": True,
                 "source": "rulebook"},
    "woods": {"name": "Woods", "blocks_move": False, "blocks_fire": True, "destructible": True,
              "source": "rulebook"},
    "water": {"name": "Water", "blocks_move": True, "blocks_fire": False, "destructible": False,
              "source": "rulebook"},
}

# Six double-sided obstacle counters; which two terrains share a counter is unknown, so this
# pairing is ours. It means each terrain can be chosen at most four times.
OBSTACLE_COUNTERS = [
    {"sides": ("building", "woods"), "source": "designed"},
    {"sides": ("building", "woods"), "source": "designed"},
    {"sides": ("woods", "water"), "source": "designed"},
    {"sides": ("woods", "water"), "source": "designed"},
    {"sides": ("water", "building"), "source": "designed"},
    {"sides": ("water", "building"), "source": "designed"},
]
MAX_PER_TERRAIN = {t: sum(t in c["sides"] for c in OBSTACLE_COUNTERS) for t in TERRAINS}


# Without the Terrain rule every obstacle is this one kind.
PLAIN_OBSTACLE = {"name": "Obstacle", "blocks_move": True, "blocks_fire": True, "destructible": True}


def terrain_of(terrain: str) -> dict:
    """An obstacle counter's rules: its terrain's, or the plain obstacle's ("obstacle")."""
    return PLAIN_OBSTACLE if terrain == "obstacle" else TERRAINS[terrain]


def terrain_name(terrain):
    """The name of an obstacle counter: "Obstacle" without the Terrain rule, else its terrain."""
    return terrain_of(terrain)["name"]


def terrain_effect(terrain: str) -> str:
    """What an obstacle counter does, in words, from its rules."""
    rules = terrain_of(terrain)
    blocks = {(True, True): "blocks movement and fire", (False, True): "can be entered, blocks fire",
              (True, False): "blocks movement, not fire", (False, False): "blocks nothing"}
    words = blocks[rules["blocks_move"], rules["blocks_fire"]]
    return words if rules["destructible"] else f"{words}; never destroyed"

# Dice coordinates: square column b..g is the first die 1..6, row 2..7 the second die 1..6.
# The printed orientation is unknown; it does not change play (axes are chosen afterwards).
DICE_GRID = {"first_die": "column b..g", "second_die": "row 2..7", "source": "designed"}

# -- Board geometry, shared by the rules and the drawing (pure functions, no rules) --------------
# Squares are named like chess squares, "a1" at the bottom left (south-west); internally a square
# is y * SIZE + x. Facings are n, e, s, w (north is up on the screen).
FILES = "abcdefgh"
FACINGS = "nesw"
FACING_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
NAMES = [FILES[sq % SIZE] + str(sq // SIZE + 1) for sq in range(SIZE * SIZE)]


def sq_name(sq: int) -> str:
    return NAMES[sq]


def sq_parse(name: str) -> int:
    return (int(name[1]) - 1) * SIZE + FILES.index(name[0])


def xy(sq):
    return sq % SIZE, sq // SIZE


def on_board(x, y):
    return 0 <= x < SIZE and 0 <= y < SIZE


def is_dice_square(sq):
    x, y = xy(sq)
    return 1 <= x <= 6 and 1 <= y <= 6


def dice_of(sq):
    """The dice pair printed on an inner square (first die, second die)."""
    return xy(sq)


def edge_squares(edge):
    if edge in "ns":
        y = SIZE - 1 if edge == "n" else 0
        return [y * SIZE + x for x in range(SIZE)]
    x = SIZE - 1 if edge == "e" else 0
    return [y * SIZE + x for y in range(SIZE)]
