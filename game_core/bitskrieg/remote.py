"""Bitskrieg's remote play (game_core/remote/, docs/remote.md): secret tank picks."""

from ..remote.adapter import Adapter
from .actions import Action
from .data import CLASS_ORDER, TANK_CLASSES


class BitskriegAdapter(Adapter):
    """Tank picks are secret until every picked tank is deployed; the receiver's stand-in picks are re-chosen
    to hold every class the opponent deploys."""

    def secret(self, action):
        return Action.parse(action).kind == "pick"

    def stand_in(self, state):
        return state.legal_actions()[0] if state.phase == "pick" else None

    def opens(self, state, seat):
        return state.phase not in ("obstacles", "pick", "axis", "home") and not state.hand[seat]

    def fit(self, remote, action):
        state, them = remote.state, remote.other
        step = Action.parse(action)
        if step.verb != "deploy" or step.letter in state.hand[them]:
            return
        steps = sorted(k for k in remote.secret if k not in remote.opened)
        picks = list(state.chosen[them])  # those deployed, then the new class, then any with room
        for cls in state.hand[them]:
            picks.remove(cls)
        picks = (picks + [step.letter])[:len(steps)]
        for cls in CLASS_ORDER:
            while len(picks) < len(steps) and picks.count(cls) < TANK_CLASSES[cls]["count"]:
                picks.append(cls)
        actions = list(state.actions)
        for step, cls in zip(steps, picks):
            actions[step - 1] = f"pick {cls}"
        remote.state = remote.rebuild(actions)


ADAPTER = BitskriegAdapter()
