"""The game of Blitzkrieg!: its options, notation and words, above both of its states (the two-player rules
in rules.py and the solo module's Axis in solo.py)."""

import re

from ..engine import Game, IllegalAction, Option
from . import data, words
from .actions import Action
from .data import UNITS
from .rules import BlitzkriegState
from .solo import SoloState


# A remote game (game_core/remote.py) makes two public steps that depend on a hidden reserve explicit.
REMOTE = Option("remote", False, internal=True, label="Remote game",
                help="Played by messages: the blitz follow-up is always asked, and a player who cannot place "
                     "a unit says so (yield)")

ACTION_RE = re.compile(r"^(?:(pass|yield)|sa:([a-z]{2})|fx:([a-z]+\d+\.\d+)|([a-z0-9]+)@([a-z]+\d+\.\d+))$")
SOLO_ACTION_RE = re.compile(r"^(setup:[a-z]{2}|bomb:[1-9]\d*)$")


class Blitzkrieg(Game):
    name = "blitzkrieg"
    title = "Blitzkrieg!"
    hint_bot = "expert"  # the strongest level; the page gives it the same time budget as a bot move
    seats = data.SEATS
    options = (
        Option("partisans", False, label="Partisans",
               help="Add the Nippon Expansion's Partisans special weapon to the research pile"),
        Option("inspired_leadership", False, label="Inspired Leadership",
               help="Add the Nippon Expansion's Inspired Leadership special weapon to the research pile"),
        Option("mode", "two-player", ("two-player", "solo"), label="Mode",
               help="Solo: you play the Allies against the solo module's automated Axis"),
        Option("difficulty", "medium", ("easy", "medium", "hard"), label="Solo difficulty",
               help="How far the solo set-up pushes the battle tracks toward the Axis", needs=("mode", "solo")),
        REMOTE,
    )

    def check_option_combination(self, options: dict) -> None:
        if options["remote"] and options.get("mode") == "solo":
            raise ValueError("the solo module plays on one device: a remote game is two-player")

    def forced_seats(self, options: dict) -> dict:
        """In solo mode the solo module plays the Axis and a person the Allies."""
        return {"axis": "solo", "allies": "human"} if options.get("mode") == "solo" else {}

    @staticmethod
    def state_class(game, seed, options):
        """A solo game's Axis is the solo module's (solo.py)."""
        return (SoloState if options.get("mode") == "solo" else BlitzkriegState)(game, seed, options)

    def canonical_action(self, text: str) -> str:
        solo = SOLO_ACTION_RE.match(text.replace(" ", "").lower())
        if solo:  # the solo module's set-up choice (setup:THEATER) and bombing the bot's row (bomb:POSITION)
            prefix, value = solo.group(1).split(":")
            return f"{prefix}:{value.upper()}"
        match = ACTION_RE.match(text.replace(" ", "").lower())
        if not match:
            raise IllegalAction(f"{text!r} is not an action: write KIND@SPACE (e.g. A2@WE1.2), "
                                "pass, sa:THEATER (e.g. sa:PO) or fx:SPACE (e.g. fx:WE3.2)")
        passed, sa, fx, kind, sid = match.groups()
        if passed:
            return passed
        if sa:
            return f"sa:{sa.upper()}"
        if fx:
            return f"fx:{fx.upper()}"
        if kind.upper() not in UNITS:
            raise IllegalAction(f"{kind.upper()!r} is not a unit kind; kinds: {', '.join(UNITS)}")
        return f"{kind.upper()}@{sid.upper()}"

    def describe_action(self, state, action: str) -> str:
        return words.action_words(state, Action.parse(action))

    def read_action(self, text: str) -> Action:
        return Action.parse(text)

    def narrate(self, before, after) -> list:
        """The action, the markers it moved, then what the rules and chance did (scoring, draws, the end)."""
        return words.narration(before, after)
