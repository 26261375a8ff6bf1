"""The engine inside real Pyodide (npm `pyodide` under Node, offline): byte-identical to_json() for the
same seeds and moves as CPython, and the engine's test suite passing there too.

Skipped when Node or the vendored runtime (build/node_modules, build/.vendor) is missing; run
`python3 build/site.py` once to vendor it. The wheel installed in Pyodide is packed here from the
current source tree, so the comparison never uses a stale build.
"""

import base64
import hashlib
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
import determinism  # noqa: E402
import fetch_wheels  # noqa: E402

# The random-game suites are CPython's job (they take minutes there and ~2.5x longer in Pyodide);
# every other test file also runs inside Pyodide, except the tests of CPython's 5 ms per-action
# budget (Pyodide's budget is 16 ms per frame, measured in the browser by bench/run.py).
SLOW_SUITES = ("propert", "props", "quality", "pyodide")
CPYTHON_ONLY = "not _fast"

needs_runtime = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "build" / "node_modules" / "pyodide").is_dir()
    or not list((ROOT / "build" / ".vendor").glob("micropip-*.whl")),
    reason="Node or the vendored Pyodide is missing (run python3 build/site.py)")


def pack_source_wheel(folder: Path) -> Path:
    """A wheel of game_core exactly as it is on disk (standard library only, no build backend)."""
    version = "0.0.0+src"
    path = folder / f"game_core-{version}-py3-none-any.whl"
    info = f"game_core-{version}.dist-info"
    files = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sorted((ROOT / "game_core").rglob("*.py"))}
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: game_core\nVersion: {version}\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: blitzbox-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip('=')},"
              f"{len(data)}" for name, data in files.items()]
    files[f"{info}/RECORD"] = ("\n".join(record + [f"{info}/RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
    return path


def run_node(args, wheel: Path, timeout=600) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "BLITZBOX_WHEEL": str(wheel), "HOME": "/tmp"}
    return subprocess.run(["node", str(RUNNER), *map(str, args)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    return pack_source_wheel(tmp_path_factory.mktemp("wheel"))


@needs_runtime
def test_same_json_in_cpython_and_pyodide(wheel, tmp_path):
    cases = determinism.play_cases()
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    done = run_node(["determinism", tmp_path / "cases.json"], wheel)
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
def test_engine_suite_passes_inside_pyodide(wheel):
    fetch_wheels.fetch()
    files = [f"/tests/{p.name}" for p in sorted((ROOT / "tests").glob("test_*.py"))
             if not any(word in p.name for word in SLOW_SUITES)]
    done = run_node(["pytest", "-q", "-k", CPYTHON_ONLY, *files], wheel, timeout=900)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
