"""Fuzz every registered game: random and bot games, illegal actions, damaged saves.

    python -m game_core.fuzz --json                      # CI mode: 200 games per game
    python -m game_core.fuzz --long --json               # 10,000 games per game
    python -m game_core.fuzz --game bitskrieg --games 50 --seed 7

For game number i (seed = --seed + i) of each game:
- play to the end with random new-game options (game 0 uses the defaults); every BOT_GAME_EVERY-th
  game (from game 1) is bot against bot (levels mixed across seats), the others pick uniformly
  random legal actions;
  after every action the game's invariant hook `State.check_invariants()` runs (it raises
  BrokenInvariant); a game still going after `Game.max_actions` actions is an error;
- every PROBE_EVERY-th game also tries random strings, actions for the wrong seat and mutated
  legal notations from a few of its positions: each must raise IllegalAction with a message
  (or be legal) and leave `to_json()` unchanged;
- every SAVE_EVERY-th game also feeds mutated, truncated and wrong-version saves (engine records
  and session autosaves) to the loaders: each must raise SaveError or load to exactly the state
  that replaying its own seed, options and moves gives.

The exit status is 0 only when there were no errors; every error carries a command to reproduce it.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import time
import traceback
import zlib

from . import games
from .engine import IllegalAction, SaveError, State, run_bot
from .rng import Rng

CI_GAMES = 200
LONG_GAMES = 10_000
BOT_GAME_EVERY = 50  # bot games are the slow ones (a search per move)
PROBE_EVERY = 5
PROBES_PER_GAME = 3
CANDIDATES_PER_PROBE = 12
SAVE_EVERY = 10
SAVES_PER_KIND = 12
SAVE_SNAPSHOT_MAX_STEP = 60  # saves are taken early in the game so every load replays quickly
MAX_EXAMPLES = 5

JUNK = "abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-+,.;:@#/()[]{}'\"\\\t\nåé☃\x00"
ODD_INPUTS = ("", "   ", "\x00", "\n", "a" * 5000, "9" * 400, "-1", "None", "☃ ☃", "@", "@@@ 1")


class FuzzError(Exception):
    """A failure found by the fuzzer (the message says what was expected)."""


# -- what the harness calls on a game ------------------------------------------------------------


def random_options(game, rng: Rng) -> dict:
    """A random valid option set (falls back to the defaults if the draws keep clashing)."""
    for _ in range(10):
        options = {}
        for option in game.options:
            if option.internal:  # set by the program (a remote game), never chosen
                continue
            if option.choices is not None:
                options[option.name] = rng.choice(option.choices)
            elif isinstance(option.default, bool):
                options[option.name] = rng.below(2) == 1
            elif isinstance(option.default, int) and option.low is not None and option.high is not None:
                options[option.name] = option.low + rng.below(option.high - option.low + 1)
        try:
            return game.validate_options(options)
        except ValueError:
            continue
    return game.validate_options({})


def seat_levels(game, bots: dict, index: int) -> dict:
    """Bot level per seat in bot game `index`: levels are mixed so the slow top level plays half as much."""
    levels = sorted(bots)
    turn = index // BOT_GAME_EVERY
    return {seat: levels[(turn + k) % len(levels)] for k, seat in enumerate(game.seats)}


def bot_action(game, bots: dict, levels: dict, state, rng: Rng):
    """The move of the first seat (in random order) whose bot wants to act; None if all wait."""
    seats = list(state.acting_seats())
    rng.shuffle(seats)
    for seat in seats:
        action = run_bot(bots[levels[seat]], game, state.view(seat), rng)
        if action is not None:
            return action
    return None


# -- illegal actions -------------------------------------------------------------------------------
def mutate_notation(text: str, seat_words: list, rng: Rng) -> str:
    """A small corruption of a notation: a digit, a character, a token, a seat name changed."""
    tokens = text.split()
    kind = rng.below(8)
    if kind == 0 and any(c.isdigit() for c in text):
        spots = [i for i, c in enumerate(text) if c.isdigit()]
        i = rng.choice(spots)
        return text[:i] + rng.choice(("0", "9", "99", "-1", "1000", str(rng.below(10)))) + text[i + 1:]
    if kind == 1 and text:
        i = rng.below(len(text))
        return text[:i] + text[i + 1:]
    if kind == 2:
        i = rng.below(len(text) + 1)
        return text[:i] + rng.choice(JUNK) + text[i:]
    if kind == 3 and len(tokens) > 1:
        i, j = rng.below(len(tokens)), rng.below(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
        return " ".join(tokens)
    if kind == 4 and len(tokens) > 1:
        return " ".join(tokens[:-1])
    if kind == 5:
        return text + " " + rng.choice(tokens + ["x", "99", "all"])
    if kind == 6 and seat_words:
        for i, token in enumerate(tokens):
            if token in seat_words:
                tokens[i] = rng.choice(seat_words)
                return " ".join(tokens)
    return rng.choice(seat_words + ["x"]) + " " + text


def random_junk(rng: Rng) -> str:
    if rng.below(4) == 0:
        return rng.choice(ODD_INPUTS)
    return "".join(rng.choice(JUNK) for _ in range(rng.below(16)))


def illegal_candidates(state, seen: list, seat_words: list, rng: Rng) -> list:
    """Random strings, moves seen elsewhere in the game (often the other seat's) and mutated legal moves."""
    legal = state.legal_actions()
    found = [random_junk(rng) for _ in range(3)]
    found += [rng.choice(seen) for _ in range(3) if seen]
    sources = legal or seen or ["x"]
    while len(found) < CANDIDATES_PER_PROBE:
        found.append(mutate_notation(rng.choice(sources), seat_words, rng))
    return found


def probe_illegal(game, state, seen: list, seat_words: list, rng: Rng, stats: dict) -> None:
    """Every candidate is either legal or refused with IllegalAction and a message; the state never changes."""
    before = state.to_json()
    legal = set(state.legal_actions()) if not state.is_over else set()
    for candidate in illegal_candidates(state, seen, seat_words, rng):
        try:
            listed = game.parse_action(state, candidate) in legal
        except IllegalAction:
            listed = False
        try:
            state.apply(candidate)
        except IllegalAction as err:
            if listed:
                raise FuzzError(f"the listed legal action {candidate!r} was refused: {err}") from None
            if not str(err).strip():
                raise FuzzError(f"{candidate!r} was refused with an empty message") from None
            stats["illegal_refused"] += 1
        except Exception as err:
            raise FuzzError(f"action {candidate!r} raised {type(err).__name__}, not IllegalAction: {err}") from err
        else:
            # Legal after all: a spelling the game normalises, or a free parameter (a time stamp).
            stats["legal" if listed else "accepted_unlisted"] += 1
            if not listed and len(stats["accepted_examples"]) < MAX_EXAMPLES:
                stats["accepted_examples"].append(candidate)
    if state.to_json() != before:
        raise FuzzError("trying illegal actions changed the state")


# -- damaged saves -------------------------------------------------------------------------------------
ODD_VALUES = (None, True, False, 0, -1, 1.5, 2 ** 70, "", "1", "x", [], {}, [1], {"a": 1})


def mutate_value(value, rng: Rng):
    """A random change somewhere inside a JSON value."""
    if isinstance(value, dict) and value and rng.below(4):
        key = rng.choice(sorted(value))
        copy = dict(value)
        if rng.below(5) == 0:
            del copy[key]
        else:
            copy[key] = mutate_value(value[key], rng)
        return copy
    if isinstance(value, list) and value and rng.below(4):
        copy = list(value)
        i = rng.below(len(copy))
        kind = rng.below(4)
        if kind == 0:
            del copy[i]
        elif kind == 1:
            copy.insert(i, copy[rng.below(len(copy))])
        elif kind == 2:
            j = rng.below(len(copy))
            copy[i], copy[j] = copy[j], copy[i]
        else:
            copy[i] = mutate_value(copy[i], rng)
        return copy
    if isinstance(value, str) and value and rng.below(2):
        return mutate_notation(value, [], rng)
    if isinstance(value, int) and not isinstance(value, bool) and rng.below(2):
        return value + rng.choice((-1, 1, 7, -1000))
    return rng.choice(ODD_VALUES)


def damaged_record(record: dict, other_games: list, rng: Rng) -> dict:
    """A copy of a save record (format, version, game, seed, options, actions, state) with one thing wrong."""
    data = json.loads(json.dumps(record))
    kind = rng.below(8)
    if kind == 0:
        data["version"] = rng.choice((0, -1, 2, 999, "1", None, True, 1.5))
    elif kind == 1:
        data[rng.choice(("format", "game"))] = rng.choice(other_games + ["", None, 7, "blitzbox"])
    elif kind == 2:
        data["seed"] = rng.choice(ODD_VALUES + (data.get("seed", 0) + 1,))
    elif kind == 3:
        data["options"] = mutate_value(data.get("options", {}), rng)
    elif kind == 4:
        data["actions"] = mutate_value(data.get("actions", []), rng)
    elif kind == 5:
        data["actions"] = data.get("actions", [])[:rng.below(len(data.get("actions", [])) + 1)]
        if rng.below(2):
            data.pop("state", None)
    elif kind == 6 and "state" in data:
        data["state"] = mutate_value(data["state"], rng)
    else:
        data = mutate_value(data, rng)
    return data


def damaged_text(text: str, rng: Rng) -> str:
    """The text cut short, or one character replaced."""
    if rng.below(2):
        return text[:rng.below(len(text))]
    i = rng.below(len(text))
    return text[:i] + rng.choice(JUNK) + text[i + 1:]


def damaged_save(record: dict, other_games: list, rng: Rng) -> str:
    if rng.below(5) == 0:
        return damaged_text(json.dumps(record), rng)
    return json.dumps(damaged_record(record, other_games, rng))


def odd_save_texts() -> list:
    return ["", "null", "[]", "{}", "0", '"x"', "{", "[" * 100_000 + "]" * 100_000,
            '{"format":"blitzbox","version":1}', "\ufeff{}", "x" * 3_000_000]


def odd_share_codes() -> list:
    def pack(raw: bytes) -> str:
        return "bb1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    return ["", "bb1.", "bb1", "bb2.abc", "bb1.!!!!", "bb1." + "A" * 999, pack(b"[1]"), pack(b"\xff\xfe"),
            pack(b"[" * 100_000 + b"]" * 100_000), pack(b'{"format":"blitzbox"}'), "x" * 300_000]


def loaders(game) -> dict:
    """Every way a game reaches the engine from stored text: kind -> (load(text) -> State, odd inputs)."""
    found = {"save": (game.from_json, odd_save_texts())}
    try:
        from .session import Session
        found["autosave"] = (lambda text: Session.from_save(game.name, text).state, odd_save_texts())
    except ImportError:
        pass
    try:
        from . import records
        found["share code"] = (lambda text: records.load(game, text), odd_share_codes())
    except ImportError:
        pass
    return found


def damaged_texts(kind: str, record: dict, game, rng: Rng) -> list:
    """Damaged stored texts of one kind, made from a good record (with its "state")."""
    other_games = [name for name in games.names() if name != game.name]
    texts = []
    for _ in range(SAVES_PER_KIND):
        if kind == "save":
            texts.append(damaged_save(record, other_games, rng))
        elif kind == "autosave":
            good = {"format": "blitzbox-session", "version": 1, "game": game.name, "record": record,
                    "seats": {str(seat): "human" for seat in game.seats}, "redo": []}
            if rng.below(2):
                good["record"] = damaged_record(record, other_games, rng)
                texts.append(json.dumps(good))
            else:
                texts.append(damaged_save(good, other_games, rng))
        else:
            from . import records
            bare = {key: value for key, value in record.items() if key != "state"}
            if rng.below(3):
                texts.append(records.encode(damaged_record(bare, other_games, rng)))
            else:
                texts.append(damaged_text(records.encode(bare), rng))
    return texts


def stored_record(text: str, kind: str) -> dict:
    """The game record inside a stored text that loaded."""
    if kind == "share code":
        from . import records
        return records.decode(text)
    data = json.loads(text)
    return data["record"] if kind == "autosave" else data


def expect_loaded_as_replayed(game, record: dict, state) -> None:
    """A save that loaded must be exactly its own moves replayed from its own seed and options."""
    try:
        replayed = game.replay(record["seed"], record.get("options"), record["actions"])
    except Exception as err:
        raise FuzzError(f"a save loaded although replaying its moves fails ({type(err).__name__}: {err})") from None
    if replayed.to_json() != state.to_json():
        raise FuzzError("a save loaded to a state that differs from replaying its own moves")


def fuzz_saves(game, state, rng: Rng, stats: dict, odd: bool) -> None:
    """Feed damaged saves, session autosaves and share codes to their loaders."""
    record = json.loads(state.to_json())
    for kind, (load, odd_inputs) in loaders(game).items():
        texts = damaged_texts(kind, record, game, rng) + (odd_inputs if odd else [])
        for text in texts:
            try:
                loaded = load(text)
            except SaveError as err:
                if not str(err).strip():
                    raise FuzzError(f"a damaged {kind} was refused with an empty message") from None
                stats["saves_refused"] += 1
                continue
            except Exception as err:
                raise FuzzError(f"a damaged {kind} raised {type(err).__name__}, not SaveError: "
                                f"{str(err)[:200]} (it starts {text[:100]!r})") from err
            expect_loaded_as_replayed(game, stored_record(text, kind), loaded)
            stats["saves_loaded"] += 1


def json_round_trip(game, state) -> None:
    text = state.to_json()
    if game.from_json(text).to_json() != text:
        raise FuzzError("to_json -> from_json -> to_json is not the same text")


# -- one game ---------------------------------------------------------------------------------------
def play_one(game, index: int, seed: int, stats: dict) -> None:
    """Play game number `index` with every check its number calls for (raises on the first failure)."""
    rng = Rng.from_seed(seed, "fuzz")
    options = game.validate_options({}) if index == 0 else random_options(game, rng)
    bots = games.package(game.name).bots
    levels = seat_levels(game, bots, index) if bots and index % BOT_GAME_EVERY == 1 else None
    probing = index % PROBE_EVERY == 0
    saving = index % SAVE_EVERY == 0
    seat_words = sorted({str(seat) for seat in game.seats})
    probe_steps = {rng.below(40) for _ in range(PROBES_PER_GAME)} if probing else set()
    snapshot_step = rng.below(SAVE_SNAPSHOT_MAX_STEP) if saving else -1
    snapshot = None
    seen: list = []

    state = game.new_game(seed, options)
    state.check_invariants()
    steps = 0
    while not state.is_over:
        if steps >= game.max_actions:
            raise FuzzError(f"not finished after {steps} actions (Game.max_actions)")
        if steps in probe_steps:
            probe_illegal(game, state, seen, seat_words, rng, stats)
        if steps == snapshot_step:
            snapshot = state
        action = bot_action(game, bots, levels, state, rng) if levels else None
        if action is None:
            legal = state.legal_actions()
            if not legal:
                raise FuzzError(f"{list(state.acting_seats())} to play but there is no legal action")
            action = rng.choice(legal)
            stats["random_actions"] += 1
        else:
            stats["bot_actions"] += 1
        try:
            state = state.apply(action)
        except IllegalAction as err:
            who = f"a bot ({levels})" if levels else "a listed legal action"
            raise FuzzError(f"{who} chose {action!r}, which was refused: {err}") from None
        state.check_invariants()
        seen.append(action)
        steps += 1
    stats["actions"] += steps
    stats["bot_games" if levels else "random_games"] += 1
    if probing:
        probe_illegal(game, state, seen, seat_words, rng, stats)
        json_round_trip(game, state)
    if saving:
        fuzz_saves(game, snapshot or state, rng, stats, odd=index == 0)


def fuzz_game(name: str, indices, seed: int) -> dict:
    """Play the given game numbers of one game; count, and collect failures."""
    game = games.get(name)
    stats = {"game": name, "games": 0, "random_games": 0, "bot_games": 0, "actions": 0,
             "random_actions": 0, "bot_actions": 0, "illegal_refused": 0, "legal": 0,
             "accepted_unlisted": 0, "accepted_examples": [], "saves_refused": 0, "saves_loaded": 0,
             "errors": 0, "error_examples": [], "seconds": 0.0}
    started = time.perf_counter()
    for index in indices:
        stats["games"] += 1
        try:
            play_one(game, index, seed + index, stats)
        except Exception as err:
            stats["errors"] += 1
            if len(stats["error_examples"]) < MAX_EXAMPLES:
                where = traceback.extract_tb(err.__traceback__)[-1]
                stats["error_examples"].append({
                    "game_number": index, "error": f"{type(err).__name__}: {str(err)[:300]}",
                    "raised_at": f"{os.path.basename(where.filename)}:{where.lineno} in {where.name}",
                    "repro": f"python -m game_core.fuzz --game {name} --seed {seed} --first {index} --games 1"})
    stats["seconds"] = round(time.perf_counter() - started, 2)
    return stats


def merge(parts: list) -> dict:
    total = dict(parts[0])
    for part in parts[1:]:
        for key, value in part.items():
            if key == "game":
                continue
            if isinstance(value, list):
                total[key] = (total[key] + value)[:MAX_EXAMPLES]
            elif key == "seconds":
                total[key] = max(total[key], value)
            else:
                total[key] += value
    return total


def _run_chunk(job):
    return fuzz_game(*job)


def run(names: list, count: int, seed: int, jobs: int, first: int = 0) -> dict:
    """Fuzz `count` games of each named game (spread over `jobs` processes)."""
    chunk_jobs = []
    for name in names:
        parts = max(1, min(jobs, count))
        chunk_jobs += [(name, range(first + k, first + count, parts), seed) for k in range(parts)]
    started = time.perf_counter()
    if jobs > 1 and len(chunk_jobs) > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(_run_chunk, chunk_jobs, chunksize=1)
    else:
        results = [_run_chunk(job) for job in chunk_jobs]
    per_game = {name: merge([r for r in results if r["game"] == name]) for name in names}
    errors = sum(r["errors"] for r in per_game.values())
    return {"ok": errors == 0, "errors": errors, "games_per_game": count, "seed": seed,
            "invariant_hooks": {name: type(games.get(name).new_game(0)).check_invariants is not State.check_invariants
                                for name in names},
            "seconds": round(time.perf_counter() - started, 2), "results": per_game}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game_core.fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--long", action="store_true", help=f"{LONG_GAMES} games per game (default {CI_GAMES})")
    parser.add_argument("--games", type=int, help="games per game (overrides --long)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game")
    parser.add_argument("--seed", type=int, default=1, help="seed of game number 0 (game i uses seed + i)")
    parser.add_argument("--first", type=int, default=0, help="number of the first game (to reproduce one)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    count = args.games if args.games is not None else (LONG_GAMES if args.long else CI_GAMES)
    names = args.game or games.names()
    for name in names:
        try:
            games.get(name)
        except ValueError as err:  # names the known games
            parser.error(str(err))
    report = run(names, count, args.seed, max(1, args.jobs), args.first)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for name, result in report["results"].items():
            print(f"{name}: {result['games']} games ({result['bot_games']} bot), {result['actions']} actions, "
                  f"{result['illegal_refused']} illegal refused, {result['saves_refused']} saves refused, "
                  f"{result['saves_loaded']} loaded, {result['errors']} errors, {result['seconds']} s")
            for example in result["error_examples"]:
                print(f"  {example['error']}\n    at {example['raised_at']}\n    repro: {example['repro']}")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
