"""One conformance suite, run over every game: what the engine and the UI contract promise of any game.

- apply leaves the old state unchanged (its JSON and its whole structure) and shares nothing mutable;
- check_invariants catches a deliberately corrupted position (one corruption per game, below);
- a player who only clicks data-action elements of the board (and the tray, where a package has one)
  finishes games, and every such element is a legal action with a role, a tab stop and a name;
- a secret changed in one seat's hidden data changes nothing another seat is shown (board, status, log).
"""

import copy
import os
import re
import subprocess
import sys
from html import unescape

import pytest

from game_core import Outcome, games
from game_core.engine import BrokenInvariant
from game_core.rng import Rng
from game_core.session import HUMAN, Session, draw, readable, status_line

NAMES = games.names()
TAG = re.compile(r"<[^>]*\bdata-action=[^>]*>")
ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')


def package(game):
    return sys.modules[".".join(type(game).__module__.split(".")[:2])]


def random_states(name, seed, every=1, limit=None):
    """The states of a random game (every `every`-th one), from the start to the end or `limit` moves."""
    game = games.get(name)
    state, rng = game.new_game(seed), Rng.from_seed(seed, "conformance")
    states = [state]
    while not state.is_over and len(state.actions) < (limit or game.max_actions):
        state = state.apply(rng.choice(state.legal_actions()))
        if len(state.actions) % every == 0:
            states.append(state)
    return states


# -- apply leaves the old state alone -----------------------------------------------------------------
def structure(value, seen=None):
    """A plain-data picture of a value and everything it holds (objects by their attributes)."""
    if isinstance(value, dict):
        return {"dict": sorted((repr(k), structure(v)) for k, v in value.items())}
    if isinstance(value, (list, tuple)):
        return {type(value).__name__: [structure(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"set": sorted(map(repr, value))}
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return {type(value).__name__: structure(position_attributes(value))}
    return value


def position_attributes(state) -> dict:
    """A state's attributes but its game and its caches (names starting with "_", e.g. legal moves)."""
    return {k: v for k, v in vars(state).items() if k != "game" and not k.startswith("_")}


# Attributes two states may share: they are replaced whole, never changed in place.
SHARED = {"options", "last_round", "last_roll"}


def mutable_parts(state) -> dict:
    """id -> path of every list, dict and set in a state's attributes (two states must not share one;
    objects held, like a read-only board index, are not position and are left out)."""
    found = {}
    stack = [(v, f"state.{k}") for k, v in position_attributes(state).items() if k not in SHARED]
    while stack:
        item, path = stack.pop()
        if isinstance(item, (list, dict, set)):
            if id(item) in found:
                continue
            found[id(item)] = path
        if isinstance(item, dict):
            stack += [(v, f"{path}[{k!r}]") for k, v in item.items()]
        elif isinstance(item, (list, tuple, set)):
            stack += [(v, f"{path}[{n}]") for n, v in enumerate(item)]
    return found


@pytest.mark.parametrize("name", NAMES)
def test_apply_leaves_the_old_state_unchanged_and_shares_nothing_mutable(name):
    game = games.get(name)
    for seed in (1, 2):
        state, rng = game.new_game(seed), Rng.from_seed(seed, "conformance")
        while not state.is_over:
            text, shape = state.to_json(), structure(state)
            after = state.apply(rng.choice(state.legal_actions()))
            assert state.to_json() == text, f"move {len(after.actions)} changed the state it was applied to"
            assert structure(state) == shape, f"move {len(after.actions)} changed the old state's insides"
            old = mutable_parts(state)
            shared = [path for key, path in mutable_parts(after).items() if key in old]
            assert not shared, f"the new state shares {shared[:3]} with the old one"
            state = after


# -- check_invariants catches a corrupted position ---------------------------------------------------------
def double_a_token(state):
    """Blitzkrieg! and Nippon: one token in two places (a bag or reserve holds a copy of another's)."""
    pile = next(tokens for piles in (state.reserves, state.bags) for tokens in piles.values() if tokens)
    pile.append(pile[0])


def open_a_campaign_twice(state):
    double_a_token(state)
    state.opened.append(state.opened[0]) if state.opened else None


def tank_in_two_places(state):
    """Bitskrieg: a tank back in the hand while still on the board (or an extra one picked)."""
    state.hand["blue"].append(state.chosen["blue"][0] if state.chosen["blue"] else "L")


def bolt_from_nowhere(state):
    """Blitzed!: a lightning bolt that came from no pile."""
    state.bolts[next(iter(state.bolts))] += 1


def event_card_doubled(state):
    """Fall Blau: an event card in the deck twice."""
    pile = state.deck if state.deck else state.discard_pile
    pile.append(pile[0])


CORRUPTIONS = {"blitzkrieg": double_a_token, "blitzkrieg-nippon": open_a_campaign_twice,
               "bitskrieg": tank_in_two_places, "blitzed": bolt_from_nowhere, "fall-blau": event_card_doubled}


def test_every_game_has_a_corruption():
    assert sorted(CORRUPTIONS) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_check_invariants_catches_a_corrupted_position(name):
    states = random_states(name, 3, every=7)
    for state in states:
        state.check_invariants()  # the real position is fine
        broken = copy.deepcopy(state, {id(state.game): state.game})
        CORRUPTIONS[name](broken)
        with pytest.raises(BrokenInvariant):
            broken.check_invariants()
        state.check_invariants()  # and the corruption did not reach the original


# -- clicking the board alone finishes a game ------------------------------------------------------------
def clickable(svg: str) -> list:
    """Every data-action element of an SVG, as its attributes."""
    return [{k: unescape(v) for k, v in ATTRIBUTE.findall(tag)} for tag in TAG.findall(svg)]


def people_everywhere(name):
    game = games.get(name)
    return game, game.with_seats(None, {str(seat): HUMAN for seat in game.seats})


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_clicking_only_the_boards_actions_finishes_the_game(name, seed):
    game, options = people_everywhere(name)
    session = Session(name, seed, options)
    tray = session.package.tray
    rng = Rng.from_seed(seed, "clicker")
    while not session.state.is_over:
        assert len(session.state.actions) < game.max_actions, "clicking the board never finished the game"
        if session.curtain:
            session.command("reveal")
        elements = clickable(session.board_svg())
        for element in elements:
            assert element.get("role") == "button" and element.get("tabindex") == "0", element
            assert element.get("aria-label", "").strip(), element
        actions = [element["data-action"] for element in elements]
        view = session.state.view(session.viewer())
        actions += [item["action"] for item in tray(view, session.ui) if item.get("action")]
        legal = set(session.state.legal_actions())
        assert actions, f"nothing to click at move {len(session.state.actions)} though a person is to act"
        stray = [a for a in actions if game.parse_action(session.state, a) not in legal]
        assert not stray, f"clickable but not legal: {stray[:3]}"
        session.act(rng.choice(sorted(set(actions))))


# -- a secret reaches no other seat -------------------------------------------------------------------------
def swap_hidden_picks(state, seat):
    """Bitskrieg: the seat's unrevealed picks become other classes (their number unchanged)."""
    hand = state.hand[seat]
    if not hand:
        return False
    classes = sorted({c for c in ("L", "M", "H")} - set(hand)) or ["L"]
    for index, cls in enumerate(hand):
        new = classes[index % len(classes)]
        state.chosen[seat].remove(cls)
        state.chosen[seat].append(new)
        hand[index] = new
    state._legal = None  # the legal moves it had worked out are no longer right
    return True


def swap_reserve_with_bag(state, seat):
    """Blitzkrieg! and Nippon: a token of the seat's reserve changes places with one of its bag."""
    reserve, bag = state.reserves[seat], state.bags[seat]
    different = [n for n, token in enumerate(bag) if reserve and token != reserve[0]]
    if not different:
        return False
    reserve[0], bag[different[0]] = bag[different[0]], reserve[0]
    return True


def shuffle_deck(state, seat):
    """Blitzed! and Fall Blau: the face-down deck in another order (Fall Blau: von Kleist's top card kept)."""
    keep = 1 if "kleist" in getattr(state, "slots", ()) else 0
    hidden = state.deck[:len(state.deck) - keep]
    if len(set(hidden)) < 2:
        return False
    state.deck[:len(hidden)] = hidden[1:] + hidden[:1]
    return True


PLANTS = {"blitzkrieg": swap_reserve_with_bag, "blitzkrieg-nippon": swap_reserve_with_bag,
          "bitskrieg": swap_hidden_picks, "blitzed": shuffle_deck, "fall-blau": shuffle_deck}


def shown_to(state, seat, module):
    ui = {"interactive": seat is not None and seat == state.to_play}
    return draw(module, state, seat, ui), status_line(module, state, seat), state.view(seat)


@pytest.mark.parametrize("name", NAMES)
def test_a_secret_changes_nothing_another_seat_is_shown(name):
    game = games.get(name)
    module = package(game)
    owners = list(game.seats) if name not in ("blitzed", "fall-blau") else [None]  # whose secret it is
    planted_somewhere = 0
    for seed in (4, 5):
        rng = Rng.from_seed(seed, "plant")
        for state in random_states(name, seed, every=3, limit=400):
            if state.is_over:
                continue
            for owner in owners:
                planted = copy.deepcopy(state, {id(game): game})
                if not PLANTS[name](planted, owner):
                    continue
                assert planted.to_dict() != state.to_dict()
                planted_somewhere += 1
                action = rng.choice(state.legal_actions())
                for seat in [s for s in state.seats_in_play() if s != owner] + [None]:
                    assert shown_to(planted, seat, module) == shown_to(state, seat, module), (
                        f"{game.seat_name(seat) if seat is not None else 'a spectator'} sees "
                        f"{'a' if owner is None else game.seat_name(owner) + chr(39) + 's'} secret "
                        f"at move {len(state.actions)}")
                    if action not in planted.legal_actions():
                        continue
                    after, planted_after = state.apply(action), planted.apply(action)
                    if shown_to(after, seat, module)[2] == shown_to(planted_after, seat, module)[2]:
                        # the move looks the same to that seat: so must its words in the log
                        assert (readable(game.narrate(planted, planted_after), seat)
                                == readable(game.narrate(state, after), seat))
    assert planted_somewhere > 5, "no position with a secret to plant was found"


# -- nothing of the covered seat behind the hotseat curtain ---------------------------------------------------
def covered_frame(session) -> dict:
    """Every output the session gives the page while the curtain is down (the frame holds the board, status,
    log, live region's last line and tray), plus whether a hint or its chance of victory would be computed."""
    frame = session.frame()
    try:
        session.hint(0, playouts=1)
        frame["hint"] = "computed"
    except ValueError:
        frame["hint"] = "refused"
    return frame


@pytest.mark.parametrize("name", NAMES)
def test_behind_the_curtain_nothing_of_the_covered_seat_is_offered_or_computed(name):
    game, options = people_everywhere(name)
    planted_somewhere = 0
    for seed in (6, 7):
        session = Session(name, seed, options)
        rng = Rng.from_seed(seed, "curtain")
        while not session.state.is_over and len(session.state.actions) < 400:
            if session.curtain:
                assert game.realtime is False, "a real-time table has no curtain"
                covered = session.viewer()
                owner = None if name in ("blitzed", "fall-blau") else covered  # whose secret is planted
                planted = copy.copy(session)
                planted.state = copy.deepcopy(session.state, {id(game): game})
                if PLANTS[name](planted.state, owner):
                    planted_somewhere += 1
                    shown = covered_frame(session)
                    assert shown["hint"] == "refused" and shown["can_hint"] is False and shown["tray"] == []
                    assert shown["interactive"] is False
                    assert covered_frame(planted) == shown, (
                        f"behind the curtain at move {len(session.state.actions)}, the page is shown something of "
                        f"{game.seat_name(covered)}'s hidden pieces")
                session.command("reveal")
            session.act(rng.choice(session.state.legal_actions()))
    no_curtain = game.realtime or len(session.humans()) < 2  # a race at one table, or a solo game
    assert planted_somewhere >= 2 or no_curtain, "no curtain with a secret behind it was found"


# -- one shape for how a game ends ---------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_a_game_has_an_outcome_once_it_is_over_and_its_winner_comes_from_it(name):
    ended = 0
    for seed in range(1, 5):
        states = random_states(name, seed)
        assert all(state.outcome is None and state.winner is None for state in states if not state.is_over)
        end = states[-1]
        if not end.is_over:
            continue
        ended += 1
        outcome = end.outcome
        assert isinstance(outcome, Outcome) and set(outcome.winners) <= set(end.game.seats)
        assert end.winner == (outcome.winners[0] if len(outcome.winners) == 1 else None)
        if outcome.grade:  # Fall Blau grades its ending; only a defeat has no winner
            assert outcome.grade in ("brilliant", "victory", "defeat")
            assert (outcome.grade != "defeat") == (outcome.winners == ("player",))
    assert ended, "no random game ended"


# -- a bot's choice does not depend on the process -----------------------------------------------------
BOT_GAME = """
import hashlib, sys
from game_core import games
from game_core.engine import run_bot
from game_core.rng import Rng
from game_core.terminal import bot_levels
game = games.get(sys.argv[1])
digest = hashlib.sha256()
for level, bot in bot_levels(game).items():
    if level in ("hard", "expert"):
        continue  # slow, and built from the same parts as the levels below
    for seed in (1, 2):
        state, rng = game.new_game(seed), Rng.from_seed(seed, "process")
        while not state.is_over and len(state.actions) < 150:
            moves = (run_bot(bot, game, state.view(seat), rng) for seat in state.acting_seats())
            action = next((a for a in moves if a is not None), None)
            if action is None:
                break
            state = state.apply(action)
        digest.update(" ".join(state.actions).encode())
print(digest.hexdigest())
"""


@pytest.mark.parametrize("name", NAMES)
def test_a_bot_chooses_the_same_moves_in_every_process(name):
    """Python randomises the order of a set of strings per process (PYTHONHASHSEED): a bot that walks
    one would play another game from the same seed in the lab, a replay check or another tab."""
    def digest(hash_seed):
        env = dict(os.environ, PYTHONHASHSEED=str(hash_seed), PYTHONPATH=os.getcwd())
        return subprocess.run([sys.executable, "-c", BOT_GAME, name], env=env, capture_output=True, text=True,
                              check=True).stdout
    assert digest(1) == digest(2)
