"""Guided first games: a tutorial is data (a fixed seed and a list of steps), checked against the engine.

Each game's package holds its tutorials in `tutorial.py` as `TUTORIALS` (registry name -> Tutorial).
A step is either the learner's (one click: the action `expect`, or a UI-only `command` that shows
something and changes nothing) or the scripted opponent's (its `expect` is played for it). Chance comes
from the seed, so a tutorial is the same every time; `walk` replays it and fails, naming the step, as soon as
a rules change breaks it (tests/test_tutorials.py runs every tutorial through it).
"""

from dataclasses import dataclass, field

from game_core import games


@dataclass(frozen=True)
class Step:
    say: str  # what to do and why, in a sentence or two (the learner's step), or what the opponent did
    expect: str = ""  # the action notation this step takes (empty for a `command` step)
    command: str = ""  # a UI-only data-command to click instead of an action (e.g. a piece to select)
    explain: str = ""  # the rule at work, shown once the step is taken
    highlight: str = ""  # a CSS selector for the element to light up; default: the step's action or command
    by: str = "learner"  # "learner", or "opponent" for a step the script plays

    def target(self) -> str:
        """The selector of the element the learner clicks (or the opponent's move is marked by)."""
        if self.highlight:
            return self.highlight
        if self.command:
            return f'[data-command="{self.command}"]'
        return f'[data-action="{self.expect}"]'


@dataclass(frozen=True)
class Tutorial:
    game: str  # the registry name (games.PACKAGES)
    title: str
    seed: int
    learner: str  # the learner's seat
    steps: tuple
    options: dict = field(default_factory=dict)
    level: str = "easy"  # the bot level "Play a real game" starts at
    minutes: int = 4
    covers: tuple = ()  # the rules taught, in words (the rules page lists them)
    later: tuple = ()  # (rule, anchor on the rules page) for what a first game can leave for later


class TutorialBroken(AssertionError):
    """A step the engine no longer allows, named by its number and words."""


def walk(tutorial: Tutorial):
    """Play the tutorial through the engine; yields (step index, state before it). Raises TutorialBroken."""
    game = games.get(tutorial.game)
    state = game.new_game(tutorial.seed, tutorial.options)
    for index, step in enumerate(tutorial.steps):
        where = f"{tutorial.game} tutorial, step {index + 1} ({step.say[:60]!r})"
        if bool(step.expect) == bool(step.command):
            raise TutorialBroken(f"{where}: a step takes exactly one of an action or a command")
        yield index, state
        if step.command:
            continue
        if state.is_over:
            raise TutorialBroken(f"{where}: the game is already over")
        to_play = state.to_play
        movers = tuple(to_play) if isinstance(to_play, (tuple, list)) else (to_play,)
        if step.by == "learner" and tutorial.learner not in movers:
            raise TutorialBroken(f"{where}: it is not the learner's move ({', '.join(map(str, movers))} to play)")
        if step.by == "opponent" and movers == (tutorial.learner,):
            raise TutorialBroken(f"{where}: the opponent's step comes on the learner's move")
        if step.expect not in state.legal_actions():
            raise TutorialBroken(f"{where}: {step.expect!r} is not legal: {state.why_illegal(step.expect)}")
        state = state.apply(step.expect)
