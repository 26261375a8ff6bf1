"""How a game's hidden moves and hidden pieces travel in remote play: the base Adapter (nothing hidden but
chance). A game that hides more has its own in its package (game_core/<package>/remote.py, ADAPTER)."""

from __future__ import annotations

from .codec import Cheated, canonical


class Adapter:
    """How a game's hidden moves and hidden pieces travel (the default: nothing hidden but chance)."""

    def options(self, options: dict) -> dict:
        """The options of the game as it is played remotely."""
        return options

    def deck(self, state) -> list:
        """The cards of the pile no seat may see, as the set-up lays it (dealt with `Rng.deal`), or []."""
        return []

    def find(self, pile, card: str):
        """The index in `pile` of a card that plays as `card`, or None."""
        return pile.index(card) if card in pile else None

    def bring(self, remote, pile, card: str) -> None:
        """Swap my stand-ins so that a card playing as `card`, dealt to me, is in the pile it is dealt from."""
        raise Cheated(remote.other, f"{remote.game.seat_name(remote.other)}'s answer to your draw deals you a "
                                    "card that was dealt already")

    def swap(self, state, a, b) -> None:
        """Exchange the places of two things the receiver cannot see (see Remote.swap)."""
        raise ValueError("this game hides nothing that can be swapped")

    def comparable(self, view: dict) -> str:
        """A view as text, as the end's check compares it with the true game's."""
        return canonical(view)

    def secret(self, action: str) -> bool:
        """Is this action hidden from the opponent (it travels as a commitment)?"""
        return False

    def stand_in(self, state):
        """The move the receiver plays for the opponent's secret move now, or None if none may be secret now."""
        return None

    def opens(self, state, seat) -> bool:
        """Have the rules made `seat`'s secret actions public (its commitments are opened now)?"""
        return False

    def fit(self, remote, action: str) -> None:
        """Re-fit the receiver's stand-ins so the opponent's public `action` can be applied as played."""
