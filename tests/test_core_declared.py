"""The declared fields (engine.Field): one declaration gives every game its copy(), to_dict() and redact().

The golden digests in tests/fixtures/declared_golden.json were captured from main before the declaration
replaced the hand-written methods: saves embed to_dict() and from_record compares a stored state with the
replayed one, and the renderers and bots read the views, so both must stay exactly what they were.
Regenerate (only for a deliberate change of a position's data): python -m tests.test_core_declared
(Regenerated for Blitzkrieg! and Nippon in session 8: their views gained the internal "remote" option, and
nothing else changed.)
"""

import hashlib
import json
import pathlib

import pytest

from game_core import games
from game_core.fuzz import random_options
from game_core.rng import Rng

FIXTURE = pathlib.Path(__file__).parent / "fixtures" / "declared_golden.json"
RUNS = 8          # seeded random games per game (run 0 with the default options, solo too for Blitzkrieg!)
LIMIT = 240       # moves per game at most
EVERY = 4         # a checkpoint every this many moves (and at the end)


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def run_options(game, run):
    if run == 0:
        return game.validate_options({})
    if game.name == "blitzkrieg" and run == 1:
        return game.validate_options({"mode": "solo"})
    return random_options(game, Rng.from_seed(run, "golden options"))


def views(state) -> dict:
    """Every seat's view and a spectator's, without facts (the renderers' own part, changed elsewhere)."""
    seen = {}
    for seat in (*state.game.seats, None):
        view = state.view(seat)
        view.pop("facts")
        seen[str(seat)] = view
    return seen


def snapshots(name, run) -> list:
    game = games.get(name)
    state = game.new_game(1000 + run, run_options(game, run))
    rng = Rng.from_seed(run, "golden moves")
    shots = []
    while True:
        if len(state.actions) % EVERY == 0 or state.is_over or len(state.actions) == LIMIT:
            shots.append([len(state.actions), digest(state.to_dict()), digest(views(state))])
        if state.is_over or len(state.actions) == LIMIT:
            return shots
        state = state.apply(rng.choice(state.legal_actions()))


def capture() -> dict:
    return {name: {str(run): snapshots(name, run) for run in range(RUNS)} for name in games.names()}


GOLDEN = json.loads(FIXTURE.read_text()) if FIXTURE.exists() else {}


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("run", range(RUNS))
def test_to_dict_and_views_are_what_main_gave(name, run):
    expected = GOLDEN[name][str(run)]
    got = snapshots(name, run)
    for (moves, data, seen), (_, want_data, want_seen) in zip(got, expected):
        assert data == want_data, f"{name} run {run}: to_dict() changed at move {moves}"
        assert seen == want_seen, f"{name} run {run}: a view changed at move {moves}"
    assert len(got) == len(expected)


# What every state holds besides its declared fields: shared or immutable (game, options, the action tuple).
BASE = {"game", "seed", "options", "rng", "actions", "undo_floor"}


def late_states(name, every=30):
    """States from three option sets' random games, spread over the first 120 moves."""
    game = games.get(name)
    for run in range(3):
        state = game.new_game(2000 + run, run_options(game, run))
        rng = Rng.from_seed(run, "declared copies")
        while not state.is_over and len(state.actions) < 120:
            state = state.apply(rng.choice(state.legal_actions()))
            if len(state.actions) % every == 0:
                yield state


def containers(value, path, found):
    """path -> every dict and list inside value."""
    if isinstance(value, (dict, list)):
        found[path] = value
        for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
            containers(item, f"{path}[{key!r}]", found)
    return found


def scramble(value):
    """Change every dict and list inside value in place (the copy's mutations the original must not see)."""
    if isinstance(value, dict):
        for key in list(value):
            scramble(value[key])
        value["scrambled"] = True
    elif isinstance(value, list):
        for item in value:
            scramble(item)
        value.append("scrambled")


@pytest.mark.parametrize("name", games.names())
def test_every_attribute_of_a_state_is_declared(name):
    for state in late_states(name):
        declared = {f.name for f in type(state).fields if f.get is None}
        assert set(vars(state)) - BASE == declared, f"{name}: declared fields and attributes differ"


@pytest.mark.parametrize("name", games.names())
def test_a_copy_changed_deeply_leaves_the_original_as_it_was(name):
    for state in late_states(name):
        before = json.dumps(state.to_dict(), sort_keys=True)
        copied = state.copy()
        shared = {f.name for f in type(state).fields if f.shared}  # declared "share": replaced whole
        for attribute in set(vars(copied)) - BASE - shared:
            scramble(getattr(copied, attribute))
        assert json.dumps(state.to_dict(), sort_keys=True) == before
        originals = {id(c): p for a in set(vars(state)) - BASE - shared
                     for p, c in containers(getattr(state, a), a, {}).items()}
        for attribute in set(vars(copied)) - BASE - shared:
            for path, item in containers(getattr(copied, attribute), attribute, {}).items():
                assert id(item) not in originals, f"{name}: the copy shares {path}"


@pytest.mark.parametrize("name", games.names())
def test_a_field_dropped_from_the_declaration_is_caught(name, monkeypatch):
    """The two tests above fail when one declared field is missing (copy() would share it)."""
    state = next(late_states(name))
    cls = type(state)
    for dropped in [f for f in cls.fields if f.get is None]:
        monkeypatch.setattr(cls, "fields", tuple(f for f in cls.fields if f is not dropped))
        monkeypatch.setattr(cls, "_declared_fields", None, raising=False)
        with pytest.raises(AssertionError):
            test_every_attribute_of_a_state_is_declared(name)
        if not dropped.shared and isinstance(getattr(state, dropped.name), (dict, list)):
            with pytest.raises(AssertionError):
                test_a_copy_changed_deeply_leaves_the_original_as_it_was(name)
        monkeypatch.undo()


def without_moves(view):
    return {k: v for k, v in view.items() if k not in ("facts", "moves_made")}


@pytest.mark.parametrize("name", games.names())
def test_a_state_rebuilt_from_a_view_shows_that_seat_the_same_view(name):
    """Game.state_from_view (the bots' full position): hidden values dealt consistently with the view,
    what the seat sees unchanged, a position the rules accept, and a random stream of its own."""
    game = games.get(name)
    for state in late_states(name, every=5):
        for seat in state.game.seats:
            rng = Rng.from_seed(len(state.actions), "rebuild")
            world = game.state_from_view(state.view(seat), rng)
            assert without_moves(world.view(seat)) == without_moves(state.view(seat))
            world.check_invariants()
            assert world.rng.state != state.rng.state
            data = json.dumps(world.to_dict())
            assert '"hidden"' not in data, f"{name}: a hidden value was left undealt for {seat}"


@pytest.mark.parametrize("name", ["blitzkrieg", "bitskrieg", "fall-blau"])
def test_a_rebuilt_state_deals_the_hidden_values_at_random(name):
    """Two rebuilds of one view differ where the view hides something (the deal is not the real one)."""
    game = games.get(name)
    differ = 0
    for state in late_states(name, every=5):
        for seat in state.game.seats:
            view = state.view(seat)
            worlds = [game.state_from_view(view, Rng(n)).to_dict() for n in (1, 2)]
            for world in worlds:
                world.pop("rng")
            differ += worlds[0] != worlds[1]
    assert differ


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(capture(), separators=(",", ":")) + "\n")
