"""Blitzed! in the terminal, drawn from a seat's view: the table as text, the moves grouped and explained.

Like the SVG board, it reads rule facts from view["facts"] and knows no rule itself.
"""

from .actions import Action
from .data import bolts, card_label, seat_name, signed
from .svg import status_text


def dice_text(dice, kept) -> str:
    """"5 [4] ?": a die in brackets is set aside, ? is not rolled yet."""
    return " ".join(f"[{v}]" if k else (str(v) if v else "?") for v, k in zip(dice, kept))


def text_board(view) -> str:
    state, facts, seat = view["state"], view["facts"], view["seat"]
    lines = [f"Blitzed! {status_text(view)}", "", "Task cards (the win/loss value above each):"]
    for number, slot in enumerate(facts["slots"], 1):
        task = card_label(slot["card"]) if slot["card"] else "(for the player left over)"
        holder = f"{seat_name(slot['holder'])}'s thunder card" if slot["holder"] else ""
        lines.append(f"  {number}. {signed(slot['value']):>3}  {task:<28}{holder}".rstrip())
    top = f" (top: {card_label(state['discard'][-1])})" if state["discard"] else ""
    lines += [f"Deck: {state['deck']['hidden']} face down. Discard pile: {len(state['discard'])}{top}.", "",
              f"{'Player':<14}{'bolts':<7}{'dice':<13}"]
    for other in state["seats"]:
        name = seat_name(other) + (" (you)" if other == seat else "")
        claim = state["claims"][other]
        doing = f"on {card_label(claim)}" if claim else (
            ("ready" if other in state["ready"] else "getting ready") if state["phase"] == "ready"
            else f"rolled {state['rolls'][other]} times")
        lines.append(f"{name:<14}{state['bolts'][other]:<7}{dice_text(state['dice'][other], state['kept'][other]):<13}"
                     f"{doing}")
    lines.append("Legend: [n] a die set aside, ? not rolled yet.")
    made = facts["makes"].get(seat) if seat in state["seats"] and state["claims"].get(seat) is None else None
    if made:
        lines.append(f"Your dice make {', '.join(card_label(c) for c in made)}: thunder!")
    if facts["scoring"] and state["phase"] != "roll":
        lines += ["", f"Round {state['round']} scored:"] + [f"  {line}" for line in facts["scoring"]]
    return "\n".join(lines)


def action_menu(view) -> list:
    """[(heading, [(action, what it does)])] for the seat's legal actions."""
    state, facts, seat = view["state"], view["facts"], view["seat"]
    legal = view.get("legal_actions") or []
    value = {slot["card"]: slot["value"] for slot in facts["slots"]}
    makes = set(facts["makes"].get(seat, ()))
    dice = state["dice"].get(seat, [])
    groups = {}
    for action in legal:
        step = Action.parse(action)
        verb, arg = step.verb, step.card
        if verb == "claim":
            fits = "your dice make it" if arg in makes else "your dice do not make it: a misclaim costs 2"
            groups.setdefault("Thunder", []).append(
                (action, f"claim {card_label(arg)} for {signed(value[arg])} ({fits})"))
        elif verb == "unclaim":
            groups.setdefault("Thunder", []).append((action, "take your thunder card back and roll on"))
        elif verb == "roll":
            free = state["kept"][seat].count(False)
            what = "your three dice" if free == 3 else f"the {free} {'die' if free == 1 else 'dice'} not set aside"
            groups.setdefault("Dice", []).append((action, f"roll {what}"))
        elif verb == "keep":
            chosen = step.kept
            what = ("pick every die up" if not chosen
                    else "set aside " + " and ".join(f"the {dice[i - 1]} (die {i})" for i in chosen)
                    + (", roll the rest" if len(chosen) < 3 else ""))
            groups.setdefault("Set dice aside", []).append((action, what))
        elif verb == "ready":
            groups.setdefault("Round", []).append((action, "you have read the task cards: start the race"))
        elif verb == "more":
            groups.setdefault("Tie", []).append((action, "play one more round; it ends the game"))
        elif verb == "share":
            groups.setdefault("Tie", []).append((action, f"share the win ({bolts(state['bolts'][seat])} each)"))
    order = ("Thunder", "Dice", "Set dice aside", "Round", "Tie")
    return [(heading, groups[heading]) for heading in order if heading in groups]
