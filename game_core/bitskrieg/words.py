"""Bitskrieg in plain words, shared by the rules (the log) and the board (the last roll), so that each
thing is worded in one place."""

from . import data


def seat_name(seat):
    return data.SEAT_NAMES[seat]["name"]


def plural(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def dice_words(dice):
    return f"die {dice[0]}" if len(dice) == 1 else "dice " + " and ".join(map(str, dice))


def roll_rows(roll):
    """(what the last roll decided, [(caption, dice, fill, what a die means)]) of a last roll."""
    who = seat_name(roll["seat"])
    if roll["kind"] == "obstacle":
        return (f"{who} rolled an obstacle onto {roll['square']}",
                [("", roll["dice"], "#fff", "column die (b to g), then row die (2 to 7)")])
    if roll["kind"] == "axis":
        blue, red = roll["dice"][-1]
        return (f"Axis roll: Blue {blue}, Red {red}; {who} chooses the axis",
                [("Blue", [blue], "#dbe7fb", "Blue's die"), ("Red", [red], "#f8dcd9", "Red's die")])
    if roll["kind"] == "fire":
        rows = [(f"Range {roll['range']}", roll["range_dice"], "#fff",
                 f"range die: a hit needs more than {roll['range']}")]
        if roll["damage_dice"]:
            rows.append((f"Armor {roll['armor']}", roll["damage_dice"], "#ffe9e6",
                         f"damage die: destroys above {roll['armor']}"))
        return f"{who} fired from {roll['from']} at {roll['at']}: {roll['result']}", rows
    lost = [name for name, flag in (("target", roll["target_destroyed"]), ("rammer", roll["rammer_destroyed"])) if flag]
    return (f"{who} rammed {roll['at']}: {', '.join(lost) or 'nothing'} destroyed",
            [("", roll["dice"], "#fff", "ram dice: the target's, then the rammer's; above its armor destroys it")])
