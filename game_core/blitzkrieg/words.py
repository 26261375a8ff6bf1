"""Blitzkrieg! (the two-player game, the solo module and Nippon) in plain words: the sides and units as a
person names them, each action, the events the rules recorded in the last one (`state.events`), the
markers it moved and the result. It reads only the data and the state it is handed (never the rules or
the drawing), so the rules, the log, the board and the terminal all word a thing the same way."""

from . import data
from .actions import Action
from .data import EFFECT_NAMES, SEAT_NAME, STEAMROLL, STRATAGEMS, UNITS, effect_parts, kind_of


# -- names ---------------------------------------------------------------------------------------
def cap(text: str) -> str:
    """The first letter in capitals, the rest unchanged (str.capitalize lowers them)."""
    return text[:1].upper() + text[1:]


def seat_noun(seat: str) -> str:
    """ "the Allies", "the Axis", "Japan"."""
    return f"the {SEAT_NAME[seat]}" if seat in ("axis", "allies") else SEAT_NAME[seat]


def seat_possessive(seat: str) -> str:
    """ "the Allies'", "the Axis's", "Japan's"."""
    return seat_noun(seat) + ("'" if seat == "allies" else "'s")


def seat_pronoun(seat: str) -> str:
    """The possessive pronoun a side takes: the Allies are plural, the others singular."""
    return "their" if seat == "allies" else "its"


def verb_s(seat: str) -> str:
    """The verb ending: "the Allies score", "the Axis scores"."""
    return "" if seat == "allies" else "s"


def unit_words(kind: str) -> str:
    """ "an elite army (4)", "an admiral", "the spy"."""
    unit = UNITS[kind]
    if "words" in unit:
        return unit["words"]
    if unit["type"] is None or "nuke" in unit["abilities"]:
        return f"the {unit['name']}"
    article = "an" if unit["name"][0] in "aeiou" else "a"
    if "general" in unit["abilities"] or "admiral" in unit["abilities"]:
        return f"{article} {unit['name']}"  # its strength depends on the theater
    return f"{article} {unit['name']} ({unit['strength']})"


def bare_words(kind: str) -> str:
    """unit_words without its article: "army (2)", "spy", "Godzilla (4)"."""
    words = unit_words(kind)
    for article in ("a ", "an ", "the "):
        if words.startswith(article):
            return words[len(article):]
    return words


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def effect_name(effect: str) -> str:
    kind, amount = effect_parts(effect)
    named = {"TA": "tactical advantage", "SA": "strategic advantage", "P": "propaganda"}
    return f"{named[kind]} {amount}" if kind in named else EFFECT_NAMES[effect]


def effect_detail(effect: str) -> str:
    """What a space's effect does, in a few words."""
    kind, amount = effect_parts(effect)
    if kind == "TA":
        return f"this theater's marker moves {amount} more your way"
    if kind == "SA":
        return f"another theater's marker moves {amount} your way"
    if kind == "P":
        return f"{amount} war VP for you"
    return {"IP": "draw a unit from your bag", "IP2": "draw two units from your bag",
            "B": "your opponent loses a reserve unit to the bag", "R": "a special weapon into your bag",
            "R2": "two special weapons into your bag", "RI": "a special weapon into your reserve",
            "": "nothing"}[effect]


def unit_meaning(kind: str) -> str:
    """Where a unit may go and what it adds: "navy: sea or land/sea, strength 2; ..."."""
    unit = UNITS[kind]
    notes = {"general": "counts 1 + your armies and airforces in the theater",
             "admiral": "counts 1 + your navies and airforces in the theater",
             "blitz": "place one more unit in the same theater", "task_force": "ignores the space's effect",
             "bombing": "also bombs your opponent", "nuke": "every other open theater retreats 2",
             "spy": "copies your opponent's last unit", "scientist": "any space of an open theater, no move",
             "partisans": "3 if the marker is on your opponent's side, else 1",
             "inspired": "carries out the space's effect twice",
             "godzilla": "generals and admirals ignore it"}
    said = [notes[a] for a in unit["abilities"] if a in notes]
    strength = "" if {"general", "admiral", "partisans", "spy", "scientist"} & set(unit["abilities"]) \
        else f", strength {unit['strength']}"
    return f"{data.TYPE_WORDS[unit['type']]}{strength}" + "".join(f"; {note}" for note in said)


def theater_word(index) -> str:
    """What a theater is called: on Nippon's board each one is a city's single campaign."""
    return "campaign" if "links" in index.board else "theater"


# -- the parts of a move -------------------------------------------------------------------------------
def placement_words(state, seat: str, kind: str, sid: str) -> str:
    """ "an army (2)", "a general (strength 3)", "the partisans (3)", "the spy copying a navy (1)" (a legal
    placement: a spy has a unit to copy)."""
    words = unit_words(kind)
    acting = state.acting_kind(seat, kind)
    if kind == "SPY":
        words += f" copying {unit_words(acting)}"
    abilities = UNITS[acting]["abilities"]
    if "general" in abilities or "admiral" in abilities:
        words += f" (strength {state.push_of(seat, kind, sid)})"
    elif "partisans" in abilities:
        words += f" ({state.push_of(seat, kind, sid)})"
    return words


def row_words(state, position: int) -> str:
    """ "the Axis army (2), 3rd from the left of its row" (the solo module's row)."""
    words = bare_words(kind_of(state.reserves["axis"][position - 1]))
    return f"the Axis {words}, {ordinal(position)} from the left of its row"


def marker_words(state, code: str, was: int) -> str:
    """ "Western Europe 3 toward the Axis (was 0)"."""
    def where(marker):
        seat = state.side_of(marker)
        return f"{abs(marker)} toward {seat_noun(seat)}" if seat else "in the centre"
    return f"{state.index.theaters[code]['name']} {where(state.markers[code])} (was {where(was)})"


def action_words(state, action: Action) -> str:
    """The typed `action` as taken in `state` (before it), in words that keep every secret."""
    index, seat, verb = state.index, state.turn, action.verb
    solo = state.options.get("mode") == "solo"
    if verb == "setup":
        return (f"Allies choose {index.theaters[action.theater]['name']} for a set-up roll of 6 "
                f"(Axis +{state.decision['amount']})")
    if verb == "bomb":
        return f"Allies bomb {row_words(state, action.position)} back into its bag"
    if verb == "open":
        return f"{SEAT_NAME[seat]} opens the {index.theaters[action.theater]['name']} campaign"
    kind, sid = action.unit, action.space
    if solo and seat == "axis" and verb == "place":
        words = placement_words(state, seat, kind, sid)
        return f"Axis places {words} on {index.space_name(sid)}. Why: {state.bot_choice()[1]}"
    name, s = SEAT_NAME[seat], verb_s(seat)  # "Axis places", "Allies place"
    if verb == "pass":
        return f"{name} pass{'es' if s else ''} the blitz follow-up"
    if verb == "yield":
        return f"{name} cannot place any unit"
    if verb == "sa":
        return f"{name} use{s} strategic advantage +{state.decision['amount']} on {index.theaters[action.theater]['name']}"
    if verb == "fx":
        return (f"{name} carr{'ies' if s else 'y'} out {effect_name(index.spaces[sid]['effect'])} "
                f"of {index.space_name(sid)} (won {theater_word(index)})")
    effect = effect_name(index.spaces[sid]["effect"])
    return f"{name} place{s} {placement_words(state, seat, kind, sid)} on {index.space_name(sid)} ({effect})"


# Each kind of decision as the tray offers it and, once made, in the past tense ({...}: its details).
ACTION_PHRASES = {
    "place": ("Place {unit} on {space}", "placed {unit} on {space}"),
    "sa": ("Strategic advantage +{amount}: {theater}", "strategic advantage in {theater}"),
    "fx": ("Carry out {effect} ({space})", "carried out {effect} ({space})"),
    "setup": ("Set-up roll of 6: {theater}", "set-up roll of 6 for {theater}"),
    "bomb": ("Bomb the {position}: {unit}", "bombed the {position}"),
    "open": ("Open {theater} ({vp} VP)", "opened {theater}"),
    "pass": ("Pass (no blitz follow-up)", "passed"),
    "yield": ("End the game: no unit can be placed", "no unit could be placed"),
}


def decision_words(index, action: Action, state: dict = None) -> str:
    """A typed action in words: as the tray offers it, given `state` (the position as a view shows it: some
    details come from it), or else as a move already made ("placed an army (2) on Western Europe 1.1")."""
    kind = action.verb
    details = {}
    if kind == "place":
        details = {"unit": unit_words(action.unit), "space": index.space_name(action.space)}
    elif kind in ("sa", "setup", "open"):
        details = {"theater": index.theaters[action.theater]["name"]}
        if kind == "open":
            details["vp"] = index.campaigns[action.theater + "1"]["vp"]
        if kind == "sa" and state:
            details["amount"] = state["decision"]["amount"]
    elif kind == "fx":
        details = {"effect": effect_name(index.spaces[action.space]["effect"]), "space": index.space_name(action.space)}
    elif kind == "bomb":
        details = {"position": ordinal(action.position)}
        if state:
            details["unit"] = unit_words(kind_of(state["reserves"]["axis"][action.position - 1]))
    return ACTION_PHRASES[kind][state is None].format(**details)


# -- what the rules and chance did ---------------------------------------------------------------------
def event_words(state, event) -> list:
    """One event of the last action as [(text, audience)] (audience None: everyone)."""
    index, kind = state.index, event[0]
    if kind == "campaign":
        _, cid, scorer, vp, bonus = event
        if not scorer:
            return [(f"{cap(index.campaign_name(cid))} closes with the marker in the centre: nobody scores", None)]
        icons = f" + {bonus} for the track's VP icons" if bonus else ""
        return [(f"{cap(index.campaign_name(cid))} closes: {seat_noun(scorer)} score{verb_s(scorer)} "
                 f"{vp} VP{icons}", None)]
    if kind == "theater":
        _, code, seat, scored, bonus = event
        campaigns = "".join(f"{index.campaign_name(cid)} ({index.campaigns[cid]['vp']} VP), " for cid in scored)
        return [(f"{cap(seat_noun(seat))} win{verb_s(seat)} {index.theaters[code]['name']}: "
                 f"{campaigns}{bonus} VP for the track's VP icons", None)]
    if kind == "won":  # Nippon: a campaign closed by a push into the end squares
        _, cid, seat, vp, square = event
        return [(f"{cap(seat_noun(seat))} win{verb_s(seat)} {index.campaign_name(cid)} on "
                 f"{seat_pronoun(seat)} +{square} square: {vp} VP", None)]
    if kind == "only":  # Nippon: the one campaign that could open
        return [(f"{cap(index.campaign_name(event[1] + '1'))} opens: the only one that can", None)]
    if kind == "retreat":
        if not event[1]:
            return [("The nuclear bomb's drawback: no other theater is open, so none retreats", None)]
        names = ", ".join(index.theaters[code]["name"] for code in event[1])
        return [(f"The nuclear bomb's drawback: {names} retreat{'s' if len(event[1]) == 1 else ''} "
                 f"{data.NUKE_RETREAT} squares", None)]
    if kind == "bomb":
        _, victim, unit = event
        if unit is None:
            return [(f"Bombing: {seat_noun(victim)} ha{'ve' if victim == 'allies' else 's'} "
                     f"no unit in reserve to lose", None)]
        said = f"{unit_words(unit)} from {seat_possessive(victim)} reserve goes back to the bag"
        if state.reserve_public(victim):
            return [(f"Bombing: {said}", None)]
        return [(f"Bombing: one unit of {seat_possessive(victim)} reserve, chosen at random, "
                 f"goes back to the bag", None), (f"Bombing: {said}", victim)]
    if kind == "research":
        _, seat, unit, to_reserve = event
        where = "reserve" if to_reserve else "bag"
        return [(f"Research: {seat_noun(seat)} take{verb_s(seat)} a special weapon into "
                 f"{seat_pronoun(seat)} {where}", None),
                (f"Research: {unit_words(unit)} goes into your {where}", seat)]
    if kind == "draw":
        _, seat, units = event
        if not units:
            return []
        words = ", ".join(unit_words(unit) for unit in units)
        return [(f"{cap(seat_noun(seat))} draw{verb_s(seat)} {words}",
                 None if state.reserve_public(seat) else seat)]
    if kind == "sa":
        _, code, amount = event
        if code is None:
            return [(f"Strategic advantage +{amount}: no other theater can move, so it does nothing", None)]
        return [(f"Strategic advantage +{amount} goes to {index.theaters[code]['name']}, "
                 f"the only theater it can move", None)]
    if kind == "propaganda":
        _, seat, amount = event
        return [(f"Propaganda: {seat_noun(seat)} score{verb_s(seat)} {amount} VP", None)]
    solo = state.solo  # "stratagem": the solo module's Axis turn begins
    name = STRATAGEMS[solo["drawn"]]["name"]
    if solo["drawn"] == STEAMROLL:
        name += f" (it repeats {STRATAGEMS[solo['stratagem']]['name']})"
    return [(f"The solo module draws the stratagem {name} and rolls {solo['die']} for its unit", None)]


def verdict(state):
    """The result and its reason in words ("The Allies win 26-19 at the end of their turn"), or None."""
    if not state.result:
        return None
    last = state.game.seats[1]
    winner, loser = state.result["winner"], data.other(state.result["winner"])
    name = seat_noun(winner)
    verb = "win" if winner == "allies" else "wins"
    if state.result["reason"] != "war victory points":
        return (f"{cap(name)} {verb}: {seat_noun(loser)} cannot place any unit "
                f"at the start of {seat_pronoun(loser)} turn")
    score = f"{state.vp[winner]}-{state.vp[loser]}"
    when = (f"at the end of {seat_pronoun(winner)} turn" if winner == last
            else f"after {seat_possessive(last)} final turn")
    tie = f" (a tie goes to {seat_noun(last)})" if state.vp[winner] == state.vp[loser] else ""
    return f"{cap(name)} {verb} {score} {when}{tie}"


def narration(before, after) -> list:
    """The last action, the markers it moved, then what the rules and chance did (scoring, draws, the end),
    as [(text, audience)]."""
    lines = [(action_words(before, Action.parse(after.actions[-1])), None)]
    moved = [code for code in after.last["tracks"] if code in before.markers]
    if moved:
        lines.append(("Markers: " + "; ".join(marker_words(after, code, before.markers[code]) for code in moved),
                      None))
    for event in after.events:
        lines += event_words(after, event)
    if after.vp != before.vp:
        lines.append(("War VP: " + ", ".join(f"{SEAT_NAME[seat]} {after.vp[seat]}" for seat in after.game.seats),
                      None))
    if after.result:
        lines.append((verdict(after), None))
    return lines
