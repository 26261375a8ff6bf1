"""Guided first games: a tutorial is data (a fixed seed and a list of steps), checked against the engine.

Each game's package holds its tutorials in `tutorial.py` as `TUTORIALS` (registry name -> Tutorial).
A step is either the learner's (one click: the action `expect`, or a UI-only `command` that shows
something and changes nothing) or the scripted opponent's (its `expect` is played for it). Chance comes
from the seed, so a tutorial is the same every time; `walk` replays it and fails, naming the step, as soon as
a rules change breaks it (tests/test_tutorials.py runs every tutorial through it).

`Lesson` is a tutorial being played on the page (web/glue/tutorial.py shows it): it holds the learner's place,
takes a click on the step's element (a wrong one changes nothing and says why: the engine's `why_illegal`, or the
step's words for a legal move that is not the lesson's), plays the scripted opponent's steps as they come, and
is saved as {tutorial, step} in a slot of its own. The page finds a game's tutorials with `for_game`.
"""

import importlib
import json
from dataclasses import dataclass, field
from html import escape

from game_core import games
from game_core.engine import IllegalAction
from game_core.session import HUMAN, Capabilities, Session


@dataclass(frozen=True)
class Step:
    say: str  # what to do and why, in a sentence or two (the learner's step), or what the opponent did
    expect: str = ""  # the action notation this step takes (empty for a `command` step)
    command: str = ""  # a UI-only "ui:key=value" data-command to click instead of an action (a piece to select)
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
    script_options: tuple = ()  # options only the lesson's script needs: the real game takes their defaults
    level: str = "easy"  # the bot level "Play a real game" starts at
    minutes: int = 4
    covers: tuple = ()  # the rules taught, in words (the rules page lists them)
    later: tuple = ()  # (rule, its section's address from the game page, "rules/GAME.html#id"): left for later


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
        if step.command and not (step.command.startswith("ui:") and step.by == "learner"):
            raise TutorialBroken(f"{where}: a command step is the learner's click on a ui:key=value control")
        if step.by not in ("learner", "opponent"):
            raise TutorialBroken(f"{where}: a step is by the learner or the opponent, not {step.by!r}")
        yield index, state
        if step.command:
            continue
        if state.is_over:
            raise TutorialBroken(f"{where}: the game is already over")
        movers = state.acting_seats()
        if step.by == "learner" and tutorial.learner not in movers:
            raise TutorialBroken(f"{where}: it is not the learner's move ({', '.join(map(str, movers))} to play)")
        if step.by == "opponent" and movers == (tutorial.learner,):
            raise TutorialBroken(f"{where}: the opponent's step comes on the learner's move")
        if step.expect not in state.legal_actions():
            raise TutorialBroken(f"{where}: {step.expect!r} is not legal: {state.why_illegal(step.expect)}")
        state = state.apply(step.expect)


# -- finding tutorials ----------------------------------------------------------------------------
def for_game(game_name: str) -> dict:
    """The tutorials a game's page offers, {name: Tutorial} (its package's `tutorial.py`; none if it has none)."""
    module_name = f"game_core.{games.PACKAGES[game_name]}.tutorial"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        return {}
    return {name: tutorial for name, tutorial in module.TUTORIALS.items() if tutorial.game == game_name}


def every_tutorial() -> dict:
    """Every tutorial of every game in the registry, {name: Tutorial}."""
    found = {}
    for game_name in games.names():
        found.update(for_game(game_name))
    return found


# -- the lesson: a tutorial being played on the page ---------------------------------------------
class LessonSession(Session):
    """The lesson's game: the learner's seat is the only one that acts from the page; the script plays the
    others (no bot thinks, no clock ticks, no curtain falls), and nothing is taken back or hinted."""
    capabilities = Capabilities(lesson=True, record=True)
    no_undo = "A tutorial cannot be taken back: use Start over to begin it again."


class Lesson:
    """A tutorial on the page: where the learner is, what to say, and what a click does.

    `index` is always the learner's next step (the opponent's steps are played as soon as their turn
    comes). A click on the step's element takes it; any other click changes nothing and says why not.
    The page saves `to_save()` in a slot of its own (never the player's autosave)."""

    def __init__(self, name: str, tutorial: Tutorial, step: int = 0):
        self.name, self.tutorial = name, tutorial
        game = games.get(tutorial.game)
        bots = games.package(tutorial.game).opponents()  # (the opponent's seat needs a level; the script plays it)
        level = tutorial.level if tutorial.level in bots else (bots[0] if bots else HUMAN)
        seats = {str(seat): HUMAN if str(seat) == tutorial.learner else level for seat in game.seats}
        self.session = LessonSession(tutorial.game, tutorial.seed, game.with_seats(tutorial.options, seats), seats)
        self.index = 0
        self.news: list = []  # what happened since the learner's last click, in words
        self.feedback = ""  # why the last click did nothing
        self._play_opponent()
        while self.index < min(step, len(tutorial.steps)):  # a resumed lesson: the steps again, silently
            self._take(tutorial.steps[self.index])
            self._play_opponent()
        self.news = []

    # -- where the learner is ---------------------------------------------------------------
    @property
    def step(self):
        """The learner's step to take now, or None at the end."""
        return self.tutorial.steps[self.index] if self.index < len(self.tutorial.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    def learner_steps(self) -> tuple:
        """(the number of the learner's step now, counting from 1, and how many the learner takes)."""
        mine = [i for i, step in enumerate(self.tutorial.steps) if step.by == "learner"]
        return sum(1 for i in mine if i < self.index) + 1, len(mine)

    # -- clicks -------------------------------------------------------------------------------
    def click(self, action: str = "", command: str = "") -> bool:
        """The learner clicked an element with this data-action or data-command: True if it was the step
        (taken, with the opponent's reply), False if not (nothing changed; `feedback` says why, and the
        step's words, said again beside it, what to do)."""
        step, self.feedback = self.step, ""
        if step is None:
            self.feedback = "This tutorial is over: play a real game, or start it over."
            return False
        if (step.command and command == step.command) or (step.expect and action and self._same(action, step.expect)):
            self.news = []
            self._take(step)
            self._play_opponent()
            return True
        self.feedback = self._why_not(action)  # (what happened last stays told)
        return False

    def _same(self, action: str, expected: str) -> bool:
        game = self.session.game
        try:
            clicked, wanted = game.canonical_action(action), game.canonical_action(expected)
        except ValueError:
            return False
        if game.realtime:  # the page stamps a real-time click with its clock; the script has its own time
            clicked, wanted = game.stamp(clicked, 0), game.stamp(wanted, 0)
        return clicked == wanted

    def _why_not(self, action: str) -> str:
        if action:
            state = self.session.state
            try:
                legal = state.game.canonical_action(action) in state.legal_actions()
            except ValueError:
                legal = False
            if not legal:
                return f"Not that: {state.why_illegal(action).rstrip('.')}. Nothing changed."
            return "That is a legal move, but not the one this lesson is about: nothing changed."
        return "Not now: that only changes what is shown, and this step asks for something else."

    def _take(self, step: Step) -> None:
        if step.command:
            self.session.command(step.command)
        else:
            self.session.act(step.expect, by_bot=step.by != "learner")
        if step.explain:
            self.news.append(step.explain)
        self.index += 1

    def _play_opponent(self) -> None:
        """The script plays every opponent step up to the learner's next one, saying what it did and why."""
        while self.step is not None and self.step.by != "learner":
            self.news.append(self.step.say)
            self._take(self.step)

    # -- what the page shows ------------------------------------------------------------------
    def panel(self) -> dict:
        """The lesson's words for the page: {"title", "number", "count", "news", "say", "target",
        "feedback", "done", "later": [(rule, address)], "real": the end's button}."""
        number, count = self.learner_steps()
        step = self.step
        level = self.tutorial.level
        named = level and level not in self.session.package.special_bots  # (the solo module seats itself)
        return {"title": self.tutorial.title, "number": min(number, count), "count": count,
                "news": list(self.news), "say": step.say if step else "", "target": step.target() if step else "",
                "feedback": self.feedback, "done": step is None, "later": list(self.tutorial.later),
                "real": f"Play a real game against the {level} bot" if named else "Play a real game"}

    def real_game(self) -> dict:
        """The set-up of the real game the end offers: the learner's seat against the suggested bot level."""
        seats = {seat: (HUMAN if seat == str(self.tutorial.learner) else self.tutorial.level)
                 for seat in self.session.seats}
        seats.update(self.session.game.forced_seats(self.session.state.options))
        options = {k: v for k, v in self.tutorial.options.items() if k not in self.tutorial.script_options}
        return {"options": self.session.game.with_seats(options, seats), "seats": seats}

    def skipped(self) -> "Lesson":
        """The lesson at its end (Skip to the end), offering the real game."""
        return Lesson(self.name, self.tutorial, step=len(self.tutorial.steps))

    # -- its own save slot ------------------------------------------------------------------------
    def to_save(self) -> str:
        return json.dumps({"tutorial": self.name, "step": self.index})

    @classmethod
    def from_save(cls, text, tutorials: dict):
        """The lesson saved as {tutorial, step}, or None when the text or the tutorial is not usable. A tutorial
        shortened since ends where it ends now; one whose steps no longer play from there starts over."""
        try:
            data = json.loads(text)
            name, step = data["tutorial"], data["step"]
        except (TypeError, ValueError, KeyError):
            return None
        if name not in tutorials or not isinstance(step, int) or isinstance(step, bool) or step < 0:
            return None
        try:
            return cls(name, tutorials[name], step)
        except (IllegalAction, ValueError):  # a tutorial that changed under its save: from the start
            return cls(name, tutorials[name])


# -- the lesson on the page (web/glue/tutorial.py writes these into it) -----------------------------
# The menu's commands a lesson leaves to the page; any other leaves the lesson first
MENU_KEEPS = {"menu", "settings", "close-dialog", "tips-done", "tutorial", "tray-fold", "sound", "last-move"}
TAKEN_BACK = ("undo", "redo", "reset-turn", "hint")  # off in a lesson (said)
OFF = "Undo, Redo and Hint are off during a tutorial: use Start over to begin it again."


def slot_key(prefix: str, name: str) -> str:
    """Where the page keeps a lesson's place (its own slot: never the player's autosave)."""
    return f"{prefix}:tutorial:{name}"


def offer_key(prefix: str) -> str:
    """Where the page notes that the first visit's offer was dismissed or taken ("no")."""
    return f"{prefix}:tutorial-offer"


def choices_html(tutorials: dict, saved: dict) -> str:
    """The page's tutorials as buttons (in the first visit's offer and the How to play box): each starts, or
    resumes where it was left part way (`saved`: each tutorial's stored place, text or None)."""
    parts = []
    for name, tutorial in tutorials.items():
        lesson = Lesson.from_save(saved.get(name) or "", tutorials)
        if lesson is not None and 0 < lesson.index and not lesson.done:
            number, count = lesson.learner_steps()
            label = f"Resume: {tutorial.title} (step {number} of {count})"
        else:
            label = f"{tutorial.title} ({tutorial.minutes} min)"
        parts.append(f'<button type="button" data-command="tutorial:start:{escape(name)}">{escape(label)}</button>')
    return "".join(parts)


def offer_html(tutorials: dict) -> str:
    """The first visit's offer: the first tutorial, in one button."""
    name, tutorial = next(iter(tutorials.items()))
    label = f"Learn by playing ({tutorial.minutes} min)"
    return (f'<button type="button" data-command="tutorial:start:{escape(name)}" '
            f'aria-label="{escape(label)}: {escape(tutorial.title)}">{escape(label)}</button>')


def offered(offer: str, controller) -> bool:
    """The first visit's offer shows: not dismissed or taken before (`offer`: the stored note), on a new
    local game (nothing played yet)."""
    return offer != "no" and controller.capabilities.autosave and not controller.state.actions


def asked(wanted: str, tutorials: dict) -> str:
    """The tutorial an address asks for (?tutorial=NAME): that one, or the first where there is none so named."""
    return wanted if wanted in tutorials else next(iter(tutorials))


def lesson_for(name: str, tutorials: dict, saved, fresh: bool = False) -> Lesson:
    """The lesson `name` where it was left (`saved`: its stored place), or from the start: `fresh` (Start
    over), finished before (asked again), or no usable place."""
    lesson = None if fresh else Lesson.from_save(saved or "", tutorials)
    if lesson is not None and lesson.name == name and not lesson.done:
        return lesson
    return Lesson(name, tutorials[name])


def missing(name: str, tutorials: dict) -> str:
    """The words for a tutorial this page does not have."""
    return f"There is no tutorial {name!r} for this game (tutorials here: {', '.join(tutorials) or 'none yet'})."


def answer(command: str, on_table: bool):
    """What a data-command does while a lesson is shown (`on_table`: clicked on the board or the tray):
    "lesson" (the lesson takes it), "off" (Undo, Redo and Hint: OFF says so), "leave" (the lesson is left,
    then the command runs), or None (it runs as usual: the menu's choices kept, the replay bar's)."""
    if command.split(":", 1)[0] in MENU_KEEPS or command.startswith("replay-"):
        return None
    if on_table:
        return "lesson"
    return "off" if command in TAKEN_BACK else "leave"


def panel_page(panel: dict) -> dict:
    """Lesson.panel's words as the page shows them: {"progress", "news" (HTML), "later" (HTML: the rules left
    for later, at the end), "light" (the style rule that lights the element to click and dims the rest),
    "spoken" (what the live region reads out)}."""
    lit = f":is({panel['target']})"  # (a highlight may list several selectors)
    light = "" if panel["done"] else (
        f"body[data-lesson] {lit} {{ opacity: 1 !important; filter: var(--lesson-glow); }}"
        f"body[data-lesson] #board {lit} > :first-child {{ stroke: var(--lesson); stroke-width: 5; }}"
        f"body[data-lesson] #tray button{lit} {{ background: var(--gold); color: #1f2421; border-style: solid; "
        f"outline: 4px solid var(--lesson); outline-offset: 1px; }}"
        f"body[data-lesson] #tray {lit} .detail {{ color: #3a3a30; }}"
        f"@media (prefers-reduced-motion: no-preference) {{ body[data-lesson] {lit} "
        f"{{ animation: lesson-pulse 1.6s ease-in-out infinite; }} }}")
    return {"progress": "Finished" if panel["done"] else f"Step {panel['number']} of {panel['count']}",
            "news": "".join(f"<p>{escape(text)}</p>" for text in panel["news"]),
            "later": "".join(f'<li><a href="./{escape(anchor)}" target="_blank" rel="noopener">{escape(rule)}</a></li>'
                             for rule, anchor in panel["later"]),
            "light": light,
            "spoken": " ".join(([panel["feedback"]] if panel["feedback"] else panel["news"]) + [panel["say"]])}
