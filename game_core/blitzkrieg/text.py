"""The terminal's Blitzkrieg! and Nippon board and move menu, from a seat's view only."""

from . import data
from .actions import Action
from .data import SEAT_NAME, SIGN, kind_of
from .svg import SIDE_MARK, Seen, status_text
from .words import bare_words, cap, decision_words, effect_detail, effect_name, seat_noun, unit_meaning, unit_words

TRAY_PLACE = "Unit to place, then tap a highlighted space"

LEGEND = ("Legend: tracks run from one side's end (AL, JP) to the other's (AX, GE), + centre, O the battle marker, * a VP icon (+1, then +2), "
          "3 2 1 the Nippon end squares; spaces: sea, land, land/sea; [active] is the campaign units go to now.")


def track_line(view: dict, code: str) -> str:
    """ "AL ·····*····*····+··O·*····*····· AX" with the marker O."""
    index = data.INDEXES[view["state"]["board"]]
    seats = tuple(view["state"]["vp"])
    length, icons = index.length(code), index.icons(code)
    end_zone = index.theaters[code]["track"].get("end_zone", 0)
    marker = view["state"]["markers"][code]
    cells = []
    for pos in range(-length, length + 1):
        if pos == marker:
            cells.append("O")
        elif pos == 0:
            cells.append("+")
        elif abs(pos) in icons:
            cells.append("*")
        elif abs(pos) > length - end_zone:
            cells.append(str(abs(pos) - length + end_zone))
        else:
            cells.append("·")
    low, high = (next(s for s in seats if SIGN[s] == sign) for sign in (-1, 1))
    return f"{SIDE_MARK[low]} {''.join(cells)} {SIDE_MARK[high]}"


def pile_words(pile) -> str:
    if isinstance(pile, dict):
        return f"{pile['hidden']} hidden"
    return ", ".join(f"{unit_words(kind_of(t))} [{kind_of(t)}]" for t in pile) or "empty"


def text_board(view: dict) -> str:
    state, facts = view["state"], view["facts"]
    index = data.INDEXES[state["board"]]
    seats = tuple(state["vp"])

    def count(pile):
        return pile["hidden"] if isinstance(pile, dict) else len(pile)
    lines = [f"{index.board['title']}: " + ", ".join(f"{SEAT_NAME[s]} {state['vp'][s]} VP" for s in seats)
             + f" ({data.WIN_VP} to win)",
             status_text(view),
             "Bags: " + ", ".join(f"{SEAT_NAME[s]} {count(state['bags'][s])}" for s in seats)
             + f"; research pile {count(state['research'])}", ""]
    nippon = "links" in index.board
    for code, theater in index.theaters.items():
        if nippon and code not in state["opened"]:
            continue
        closed = state["closed_theaters"]
        header = theater["name"]
        if code in closed:
            header += f": won by {SEAT_NAME[closed[code]]}" if closed[code] else ": closed, no winner"
        else:
            leader = facts["leaders"][code]
            marker = abs(state["markers"][code])
            header += f": marker {marker} toward {seat_noun(leader)}" if leader else ": marker in the centre"
        lines.append(f"{header}   {track_line(view, code)}")
        for cid in index.theater_campaigns[code]:
            campaign = index.campaigns[cid]
            tag = ("closed, " + (f"won by {SEAT_NAME[state['closed_campaigns'][cid]]}"
                                 if state["closed_campaigns"][cid] else "no winner")
                   if cid in state["closed_campaigns"] else "active" if facts["active"][code] == cid else "later")
            lines.append(f"  campaign {cid[len(code):]} ({campaign['vp']} VP) [{tag}]")
            for sid in campaign["spaces"]:
                space = index.spaces[sid]
                token = state["spaces"].get(sid)
                who = (f"{SEAT_NAME[state['placed_by'][sid]]} {bare_words(kind_of(token))}" if token else "free")
                lines.append(f"    {sid:<7} {space['type']:<8} {effect_name(space['effect']):<30} {who}")
    if nippon:
        unopened = [theater["name"] for code, theater in index.theaters.items() if code not in state["opened"]]
        lines.append("Not opened yet: " + ", ".join(unopened))
    lines.append("")
    viewer = view["seat"]
    for seat in seats:
        row = "solo" in state and seat == "axis"
        name = f"{SEAT_NAME[seat]} {'row, left to right' if row else 'reserve'}"
        lines.append(f"{name}: {pile_words(state['reserves'][seat])}" + (" (yours)" if seat == viewer else ""))
    if "solo" in state and state["solo"]["drawn"]:
        solo = state["solo"]
        lines.append(f"Solo module: stratagem {data.STRATAGEMS[solo['stratagem']]['name']} "
                     f"({data.STRATAGEMS[solo['stratagem']]['text']}), unit die {solo['die']}")
    lines.append(LEGEND)
    return "\n".join(lines)


def action_menu(view: dict) -> list:
    """The legal moves grouped and explained: [(heading, [(action, explanation)])]."""
    seen = Seen(view, {})
    index = seen.index
    groups = []
    for kind, sids in seen.by_kind.items():
        entries = []
        for sid in sids:
            space = index.spaces[sid]
            entries.append((f"{kind}@{sid}", f"{index.space_name(sid)}, {space['type']}, "
                                             f"{effect_name(space['effect'])}"))
        groups.append((f"Place {unit_words(kind)} [{kind}]: {unit_meaning(kind)}", entries))
    others = [a for a in map(Action.parse, seen.legal) if a.verb != "place"]
    if others:
        groups.append((status_text(view), [(str(action), decision_words(seen.index, action, seen.state))
                                           for action in others]))
    return groups


def tray(view: dict, ui=None) -> list:
    """The page's tray: your reserve (the unit to place, with what it is and how strong), then the
    decision's choices; spaces and cities stay on the board (see docs/architecture.md for the entries)."""
    seen = Seen(view, ui or {})
    entries = [{"action": None, "command": f"ui:token={kind}", "label": cap(bare_words(kind)),
                "detail": f"{unit_meaning(kind)}; {len(sids)} space{'s' if len(sids) > 1 else ''}",
                "group": TRAY_PLACE, "pressed": kind == seen.kind} for kind, sids in seen.by_kind.items()]
    heading = status_text(view)
    for action in map(Action.parse, seen.legal):
        if action.verb in ("place", "open"):
            continue
        entries.append({"action": str(action), "command": None,
                        "label": decision_words(seen.index, action, seen.state),
                        "detail": choice_detail(seen, action), "group": heading, "pressed": False})
    return entries


def choice_detail(seen: Seen, action: Action):
    """A decision's detail line: where the theater's marker stands, or what the effect does."""
    if action.verb in ("sa", "setup"):
        leader = seen.facts["leaders"][action.theater]
        marker = abs(seen.state["markers"][action.theater])
        return f"marker {marker} toward {seat_noun(leader)}" if leader else "marker in the centre"
    if action.verb == "fx":
        return effect_detail(seen.index.spaces[action.space]["effect"])
    if action.verb == "bomb":
        return "back to the Axis bag"
    if action.verb == "yield":
        return "you lose: none of your units fits an open space"
    return "place no second unit"  # pass: the blitz follow-up is declined
