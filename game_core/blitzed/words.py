"""Blitzed! in plain words: the actions, the events of the last one (recorded by the rules in the
state's unsaved `events`), a round's scoring and the end of the game. It reads only the data, so the
rules, the board and the terminal can all share it."""

from .data import bolts, card_label, seat_name, signed


def and_list(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def faces(values) -> str:
    """Dice faces in words: "5", "5 and 3", "5, 3 and 2"."""
    return and_list([str(v) for v in values])


def action_words(state, action) -> str:
    """The typed `action` (actions.py) as taken in `state` (before it): "Red sets aside the 6 and the 5"."""
    seat, verb = action.seat, action.verb
    name = seat_name(seat)
    if verb == "roll":
        free = state.kept[seat].count(False)
        return f"{name} rolls" if free == len(state.kept[seat]) else f"{name} rolls {free} {'die' if free == 1 else 'dice'}"
    if verb == "keep":
        if not action.kept:
            return f"{name} picks up all the dice"
        aside = [state.dice[seat][i - 1] for i in action.kept]
        return f"{name} sets aside " + and_list(f"the {v}" for v in aside)
    if verb == "claim":
        where = f"{card_label(action.card)} (the {signed(dict(zip(state.cards, state.values))[action.card])} card)"
        moved = state.claims.get(seat)
        return f"{name} moves the thunder card to {where}" if moved else f"{name} thunders on {where}"
    return {"unclaim": f"{name} takes the thunder card back", "ready": f"{name} is ready",
            "more": f"{name} asks for one more round",
            "share": f"{name} agrees to share the win"}[verb]


def rolled_words(event) -> str:
    """The faces a roll gave, next to the dice set aside."""
    rolled = faces([v for v, keep in zip(event["dice"], event["kept"]) if not keep])
    aside = [f"the {v}" for v, keep in zip(event["dice"], event["kept"]) if keep]
    return f"{rolled}, next to {and_list(aside)} set aside" if aside else rolled


def narration(action, state) -> list:
    """The lines of the last action: `action` in words (with a roll's faces), then what the rules did
    because of it, from the events the rules recorded in `state`."""
    lines = [action]
    for event in state.events:
        kind = event["event"]
        if kind == "rolled":
            lines[0] = f"{action}: {rolled_words(event)}"
        elif kind == "start":
            lines.append(f"Ready... Blitz! Round {event['round']} starts")
        elif kind == "scored":
            lines.append(f"Round {event['round']} is over: every task card is claimed")
            lines += scoring_lines(event["lines"])
        elif kind == "reshuffled":
            lines.append("The deck ran out: the discard pile was shuffled into a new deck")
        elif kind == "dealt":
            dealt = ", ".join(f"{card_label(card)} under {signed(value)}" for card, value in event["cards"] if card)
            lines.append(f"New task cards for round {event['round']}, face up: {dealt}")
        else:  # "tied" or "ended"
            lines.append(("Game over: " if kind == "ended" else "") + result_text(state))
    return lines


def scoring_lines(last_round) -> list:
    """One plain-words line per player for a scored round, in the order of the cards on the table
    (the player left over last): what they made, misclaimed or were left with, and the bolts."""
    lines = []
    for line in sorted(last_round, key=lambda line: -line["value"]):
        name, change, short = seat_name(line["seat"]), line["change"], line["short"]
        rolled = faces([v for v in line["dice"] if v]) if any(line["dice"]) else "nothing rolled"
        if line["card"] is None:
            why = f"was left over with the {signed(line['value'])} card"
        elif line["matched"]:
            why = f"made {card_label(line['card'])} ({rolled}) on the {signed(line['value'])} card"
        else:
            why = f"misclaimed {card_label(line['card'])} with {rolled}"
        if short:
            owed = short - change
            money = (f"cannot pay the {bolts(owed)}" if change == 0
                     else f"pays only {bolts(-change)} of {owed}") + f", {short} short"
        elif change > 0:
            money = f"gains {bolts(change)}"
        elif change < 0:
            money = f"pays {bolts(-change)}"
        else:
            money = "no change" if line["value"] <= 0 else "gains nothing: the supply is empty"
        lines.append(f"{name} {why}: {money} ({line['bolts']} now)")
    return lines


def result_text(state) -> str:
    """The end of the game in words: who won and why the game ended ("" while it goes on)."""
    if state.phase == "tie":
        names = and_list(seat_name(s) for s in state.tied)
        return (f"{names} are tied for the lead with {bolts(state.bolts[state.tied[0]])} each: "
                f"they choose one more round or a shared win")
    if state.phase != "over":
        return ""
    top = bolts(state.bolts[state.winners[0]])
    if len(state.winners) > 1:
        return f"{and_list(seat_name(s) for s in state.winners)} share the win with {top} each, as they agreed"
    short = [seat_name(line["seat"]) for line in state.last_round if line["short"]]
    why = (f"{and_list(short)} could not pay in full in round {state.round}" if short
           else "the extra round after the tie decided it")
    return f"{seat_name(state.winners[0])} wins with {top}: {why}"


# -- the table as the board and the status line word it (from a view) ---------------------------------
def claim_name(value, card) -> str:
    """A claimable card's accessible name: it begins with the card's visible text (value, then task)."""
    task = card_label(card)
    return f"{signed(value)} \u26a1 {task}: thunder on {task}"


def round_result(state, seat, short_form=False) -> str:
    """The seat's line of the round just scored: "+1: made sum 11" ("+1 made it" in short; "" in a race)."""
    if state["phase"] == "roll" or not state["last_round"]:
        return ""
    line = next(line for line in state["last_round"] if line["seat"] == seat)
    if line["card"] is None:
        what = "left over"
    elif short_form:
        what = "made it" if line["matched"] else "misclaimed"
    else:
        what = f"{'made' if line['matched'] else 'misclaimed'} {card_label(line['card'])}"
    if short_form:
        return f"{signed(line['change'])} {what}" + (f", {line['short']} short" if line["short"] else "")
    short = f" ({line['short']} short)" if line["short"] else ""
    return f"{signed(line['change'])}{short}: {what}"


def seat_note(state, seat) -> str:
    if state["phase"] == "ready":
        return "ready" if seat in state["ready"] else "reading"
    claim = state["claims"][seat]
    if claim:
        return f"on {card_label(claim)}"
    return f"rolled {state['rolls'][seat]}x" if state["rolls"][seat] else "not rolled"


def headline(state) -> str:
    phase, number = state["phase"], state["round"]
    if phase == "ready":
        return ("Extra round" if state["tiebreak"] else f"Round {number + 1}") + ": read the cards"
    if phase == "roll":
        return f"Round {number}: Blitz!"
    return "Tied for the lead" if phase == "tie" else "Game over"


def guidance(view) -> str:
    """What the viewer's mat suggests now, in plain words (from the facts and the legal actions)."""
    seat, state, facts = view["seat"], view["state"], view["facts"]
    phase = state["phase"]
    if phase == "ready":
        return "You are ready: waiting for the others." if seat in state["ready"] else \
            "Read the task cards, then press Ready!"
    if phase == "tie":
        return "Tied: one more round, or share the win?" if seat in view["to_play"] else "The tied players choose."
    claim = state["claims"][seat]
    if claim:
        return f"Your thunder card is on {card_label(claim)}. Take it back to roll on."
    made = facts["makes"].get(seat) or []
    if made:
        return f"Thunder! Your dice make {' and '.join(card_label(c) for c in made)}: tap it."
    if not any(state["dice"][seat]):
        return "Roll your three dice!"
    return "Tap a die to set it aside, then roll the rest."


# -- the table: header, seats, cards, piles, result ---------------------------------------------------


def free_text(count) -> str:
    return f"{count} card still free" if count == 1 else f"{count} cards still free"
