"""Blitzkrieg!'s and Nippon's remote play (game_core/remote/, docs/remote.md): the research pile as a shared
deck, and each side's bag and reserve hidden from the other."""

import re

from ..remote.adapter import Adapter
from ..remote.codec import canonical
from .actions import Action
from .data import is_special, kind_of


class BlitzkriegAdapter(Adapter):
    """Blitzkrieg! and Nippon: the research pile is the shared deck, and each side's bag and reserve are its
    own. The receiver's stand-ins for the opponent's tokens (and for the research pile) are swapped, never its
    own tokens, so that what it sees played can be played; tokens of one kind are alike, so they are matched
    by kind, and the end's check compares kinds (a token's number is only a name)."""

    def options(self, options):
        return {**options, "remote": True}  # the explicit public steps (game.REMOTE)

    def deck(self, state):
        return list(state.research)

    def find(self, pile, card):
        if card in pile:
            return pile.index(card)
        return next((n for n, token in enumerate(pile) if kind_of(token) == kind_of(card)), None)

    def hidden_piles(self, state, seat) -> list:
        return [state.bags[seat], state.reserves[seat], state.research]

    def bring(self, remote, pile, card):
        bag, reserve, _ = self.hidden_piles(remote.state, remote.other)
        alike = [t for t in bag + reserve if kind_of(t) == kind_of(card)]
        if not alike or not pile:
            return super().bring(remote, pile, card)  # Cheated
        remote.swap(card if card in alike else alike[0], pile[0])

    def swap(self, state, a, b):
        piles = [pile for seat in state.game.seats for pile in (state.bags[seat], state.reserves[seat])]
        piles.append(state.research)
        where = {token: pile for pile in piles for token in pile if token in (a, b)}
        pile_a, pile_b = where[a], where[b]
        pile_a[pile_a.index(a)], pile_b[pile_b.index(b)] = b, a
        pile_a.sort()
        pile_b.sort()

    def fit(self, remote, action):
        step = Action.parse(action)
        if step.verb != "place":
            return
        kind, state, them = step.unit, remote.state, remote.other
        bag, reserve, research = self.hidden_piles(state, them)
        if not reserve or any(kind_of(t) == kind for t in reserve):
            return
        token = next((t for t in bag + research if kind_of(t) == kind), None)
        if token is None:
            return  # not theirs to place: the move is refused as illegal
        if token in bag:
            return remote.swap(token, reserve[0])
        # a special weapon my stand-ins left in the research pile: a special of theirs goes back there
        special = next((t for t in reserve if is_special(t)), None)
        if special:
            return remote.swap(token, special)
        bagged = next((t for t in bag if is_special(t)), None)
        if bagged:
            other = reserve[0]
            remote.swap(token, other)
            remote.swap(other, bagged)

    def comparable(self, view):
        return re.sub(r"#\d+", "", canonical(view))


ADAPTER = BlitzkriegAdapter()
