"""The engine inside real Pyodide (npm `pyodide` under Node, offline): byte-identical to_json() for the
same seeds and moves as CPython, and the engine's test suite passing there too.

Skipped when Node or the vendored runtime (build/node_modules, build/.vendor) is missing; run
`python3 build/site.py` once to vendor it. The wheel installed in Pyodide is packed here from a
snapshot of the source tree, and the tests run inside Pyodide from the same snapshot, so neither
a stale build nor files edited during the run can make the two disagree.
"""

import base64
import hashlib
import importlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "pyodide"
RUNNER = HERE / "run_in_pyodide.mjs"
sys.path.insert(0, str(HERE))
import fetch_wheels  # noqa: E402

# Inside Pyodide run the rules, saves, sessions, records, views, text and remote-play tests: what the page
# runs that could differ between the two Pythons (big integers, hashing, JSON, recursion, sorting). The suites
# that play many whole games with bots or draw boards over them are CPython's job (minutes there, ~2.5x
# longer in Pyodide, and the same games are compared move by move above); so are the random-game tests kept
# in other files (CPYTHON_ONLY). Speed is bench/run.py's (16 ms per frame in Pyodide, measured in the
# browser), never a test's; the local server's headers (test_headers: threads) are CPython's alone. The tests
# that hand the engine 100,000 nested brackets run here too: game_core.jsontext refuses them before
# json.loads, whose recursion would kill Pyodide's WebAssembly stack.
SLOW_SUITES = ("propert", "props", "quality", "pyodide", "_table", "declared", "bots", "expert", "newcomer",
               "_play", "lab", "tutorial", "conformance", "board", "svg", "symbols", "diagrams", "site",
               "headers")
CPYTHON_ONLY = "not thousand and not 1000_random and not seeded_bot_games"
# CI's run inside Pyodide leaves out also the three longest random-game runs of those files (the same games in
# CPython, and whole games are compared move by move above), and the files that replay one game many times
# (the review) or play more whole remote games (a Bitskrieg game by codes, signed, shuffled and verified,
# test_remote_bitskrieg, stays); the long set runs them inside Pyodide too.
PYODIDE_LONG = "random_solo_games or narrate_reads_are_the_last_action or mid_game_round_trip_notation"
PYODIDE_LONG_FILES = ("review", "remote_attacks", "remote_blitzkrieg", "remote_handoffs")

needs_runtime = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "build" / "node_modules" / "pyodide").is_dir()
    or not list((ROOT / "build" / ".vendor").glob("micropip-*.whl")),
    reason="Node or the vendored Pyodide is missing (run python3 build/site.py)")


SNAPSHOT_SKIPS = (".git", ".venv", "site", "node_modules", ".vendor", "dist", "__pycache__", ".pytest_cache",
                  ".benchmarks")


def pack_source_wheel(tree: Path, folder: Path) -> Path:
    """A wheel of tree/game_core exactly as it is on disk (standard library only, no build backend)."""
    version = "0.0.0+src"
    path = folder / f"game_core-{version}-py3-none-any.whl"
    info = f"game_core-{version}.dist-info"
    files = {p.relative_to(tree).as_posix(): p.read_bytes() for p in sorted((tree / "game_core").rglob("*.py"))}
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: game_core\nVersion: {version}\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: blitzbox-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip('=')},"
              f"{len(data)}" for name, data in files.items()]
    files[f"{info}/RECORD"] = ("\n".join(record + [f"{info}/RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
    return path


def run_node(args, snapshot: dict, timeout=600) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp",
           "BLITZBOX_WHEEL": str(snapshot["wheel"]), "BLITZBOX_TREE": str(snapshot["tree"])}
    return subprocess.run(["node", str(RUNNER), *map(str, args)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory):
    folder = tmp_path_factory.mktemp("snapshot")
    tree = folder / "repo"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*SNAPSHOT_SKIPS))
    return {"tree": tree, "wheel": pack_source_wheel(tree, folder)}


@needs_runtime
def test_same_json_in_cpython_and_pyodide(snapshot, tmp_path, monkeypatch):
    # CPython plays the snapshot too: import it afresh (the live tree may be edited meanwhile).
    monkeypatch.syspath_prepend(str(snapshot["tree"] / "tests" / "pyodide"))
    monkeypatch.syspath_prepend(str(snapshot["tree"]))
    for name in [m for m in sys.modules if m.split(".")[0] in ("game_core", "determinism")]:
        monkeypatch.delitem(sys.modules, name)
    cases = importlib.import_module("determinism").play_cases()
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    done = run_node(["determinism", tmp_path / "cases.json"], snapshot)
    assert done.returncode == 0, done.stderr[-3000:]
    inside = json.loads(done.stdout)
    assert inside["platform"] == "emscripten"
    for ours, theirs in zip(cases, inside["played"], strict=True):
        where = f"{ours['game']} seed {ours['seed']}"
        assert theirs["actions"] == ours["actions"], f"{where}: Pyodide chose other moves"
        assert theirs["every_step_sha256"] == ours["every_step_sha256"], f"{where}: a position differs"
        assert theirs["final"] == ours["final"], where
    for ours, theirs in zip(cases, inside["replayed"], strict=True):
        assert theirs["final"] == ours["final"], f"{ours['game']} seed {ours['seed']}: replay differs"


@needs_runtime
@pytest.mark.parametrize("chosen,left_out", [(f"{CPYTHON_ONLY} and not ({PYODIDE_LONG})", PYODIDE_LONG_FILES),
                                             pytest.param(CPYTHON_ONLY, (), marks=pytest.mark.long)],
                         ids=["sample", "all"])
def test_engine_suite_passes_inside_pyodide(snapshot, chosen, left_out):
    fetch_wheels.fetch()
    files = [f"tests/{p.name}" for p in sorted((snapshot["tree"] / "tests").glob("test_*.py"))
             if not any(word in p.name for word in SLOW_SUITES + left_out)]
    # (a hang guard: at a load average of 20-30 on 2 cores the CI sample ran past 900 s)
    done = run_node(["pytest", "-q", "-k", chosen, *files], snapshot, timeout=1800)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
