"""Blitzed! components as data (Ravensburger's Potzblitz, 2013).

Every item says where it comes from: "rulebook" (shared/rules/blitzed.txt), "secondary source"
(shared/research/bitskrieg-blitzed.md part B) or "designed" (our own, see docs/balance-blitzed.md).
"""

START_BOLTS = {"count": 8, "source": "rulebook"}
BOLT_SUPPLY = {"count": 40, "source": "rulebook"}
DICE_PER_PLAYER = {"count": 3, "source": "rulebook"}
MISCLAIM_COST = {"bolts": 2, "source": "rulebook"}

# One colour per seat: 3 dice and a thunder card each. The colours are a secondary source;
# which seat gets which colour is our choice.
PLAYER_COLOURS = (
    {"seat": "p1", "name": "Red", "fill": "#d43b2f", "pip": "#ffffff", "source": "secondary source"},
    {"seat": "p2", "name": "Blue", "fill": "#2f62c9", "pip": "#ffffff", "source": "secondary source"},
    {"seat": "p3", "name": "Green", "fill": "#2e9b4a", "pip": "#ffffff", "source": "secondary source"},
    {"seat": "p4", "name": "White", "fill": "#f4f1e8", "pip": "#222222", "source": "secondary source"},
    {"seat": "p5", "name": "Black", "fill": "#2a2a2a", "pip": "#ffffff", "source": "secondary source"},
)

# The five win/loss cards; "players" are the player counts that use the card (printed on its back).
WIN_LOSS_CARDS = (
    {"id": "W1", "value": 1, "players": (3, 4, 5), "source": "rulebook"},
    {"id": "W2", "value": 1, "players": (5,), "source": "rulebook"},
    {"id": "W3", "value": 0, "players": (3, 4, 5), "source": "rulebook"},
    {"id": "W4", "value": -1, "players": (4, 5), "source": "rulebook"},
    {"id": "W5", "value": -2, "players": (3, 4, 5), "source": "rulebook"},
)

# The 23 task cards: "sum" needs the three dice to add up to the total; "dice" needs exactly
# these three values. Only T1 and T2 are known; the rest are designed to spread the
# difficulty from easy to hard (docs/balance-blitzed.md).
TASK_CARDS = (
    {"id": "T1", "kind": "sum", "total": 11, "source": "secondary source"},
    {"id": "T2", "kind": "dice", "dice": (3, 4, 6), "source": "secondary source"},
    {"id": "T3", "kind": "sum", "total": 4, "source": "designed"},
    {"id": "T4", "kind": "sum", "total": 6, "source": "designed"},
    {"id": "T5", "kind": "sum", "total": 7, "source": "designed"},
    {"id": "T6", "kind": "sum", "total": 8, "source": "designed"},
    {"id": "T7", "kind": "sum", "total": 9, "source": "designed"},
    {"id": "T8", "kind": "sum", "total": 10, "source": "designed"},
    {"id": "T9", "kind": "sum", "total": 12, "source": "designed"},
    {"id": "T10", "kind": "sum", "total": 13, "source": "designed"},
    {"id": "T11", "kind": "sum", "total": 14, "source": "designed"},
    {"id": "T12", "kind": "sum", "total": 15, "source": "designed"},
    {"id": "T13", "kind": "sum", "total": 17, "source": "designed"},
    {"id": "T14", "kind": "dice", "dice": (1, 2, 3), "source": "designed"},
    {"id": "T15", "kind": "dice", "dice": (2, 3, 4), "source": "designed"},
    {"id": "T16", "kind": "dice", "dice": (4, 5, 6), "source": "designed"},
    {"id": "T17", "kind": "dice", "dice": (1, 3, 5), "source": "designed"},
    {"id": "T18", "kind": "dice", "dice": (2, 4, 6), "source": "designed"},
    {"id": "T19", "kind": "dice", "dice": (2, 2, 5), "source": "designed"},
    {"id": "T20", "kind": "dice", "dice": (1, 6, 6), "source": "designed"},
    {"id": "T21", "kind": "dice", "dice": (3, 3, 4), "source": "designed"},
    {"id": "T22", "kind": "dice", "dice": (1, 1, 1), "source": "designed"},
    {"id": "T23", "kind": "dice", "dice": (6, 6, 6), "source": "designed"},
)

CARDS = {card["id"]: card for card in TASK_CARDS}
COLOUR = {colour["seat"]: colour for colour in PLAYER_COLOURS}


# -- how the components are named in words (the board, the log and the terminal) ------------
def seat_name(seat: str) -> str:
    return COLOUR[seat]["name"]


def card_label(card_id: str) -> str:
    """A task card's requirement: "sum 11" or "3-4-6"."""
    card = CARDS[card_id]
    if card["kind"] == "sum":
        return f"sum {card['total']}"
    return "-".join(str(v) for v in card["dice"])


def signed(value: int) -> str:
    """A win/loss value as printed: +1, 0, \u22121, \u22122 (a true minus sign)."""
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


def bolts(count: int) -> str:
    return f"{count} bolt" if count == 1 else f"{count} bolts"
