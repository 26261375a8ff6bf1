#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian machine, build the site, run every test.
#   Debian: chromium (Playwright drives it; `playwright install` is never run)
#   PyPI:   requirements-test.txt into .venv      npm: the pinned runtime (build/package-lock.json)
# `bash build/test.sh mutation [fast|core|full]`: mutation testing instead (docs/mutation.md).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v chromium >/dev/null 2>&1; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi
if ! command -v npm >/dev/null 2>&1; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm >/dev/null
fi
if [ ! -x .venv/bin/python ] || ! cmp -s requirements-test.txt .venv/requirements-test.txt; then
  python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r requirements-test.txt
  cp requirements-test.txt .venv/requirements-test.txt
fi

# Mutation testing with mutmut, in a scratch copy (mutmut writes its mutants/ next to the code):
#   fast: records.py against its tests (CI, about a minute); core: engine.py, session.py, records.py
#   against their fast tests; full: core plus every game's rules against every test but e2e (hours).
mutation() {
  local scope="${1:-core}" work sources tests root
  root="$PWD"
  case "$scope" in
    fast) sources="game_core/records.py"
          tests="tests/test_records.py tests/test_core_saves.py" ;;
    core) sources="game_core/engine.py game_core/session.py game_core/records.py"
          tests="tests/test_core_engine.py tests/test_core_saves.py tests/test_core_session.py tests/test_session.py tests/test_records.py" ;;
    full) sources="game_core/engine.py game_core/session.py game_core/records.py $(ls game_core/*/rules.py game_core/blitzkrieg/nippon.py game_core/blitzkrieg/solo.py | tr '\n' ' ')"
          tests="tests" ;;
    *) echo "unknown mutation scope $scope: fast, core or full" >&2; return 2 ;;
  esac
  work="$(mktemp -d)"
  cp -r game_core tests pyproject.toml "$work"/
  rm -rf "$work/tests/pyodide"
  {
    echo "[mutmut]"
    echo "source_paths = game_core"
    echo "only_mutate ="; for f in $sources; do echo "    $f"; done
    echo "pytest_add_cli_args_test_selection ="; for t in $tests; do echo "    $t"; done
    echo "pytest_add_cli_args = -p no:cacheprovider -x"
  } > "$work/setup.cfg"
  (cd "$work" && "$root/.venv/bin/mutmut" run --max-children "$(nproc)" >/dev/null 2>&1 || true
   "$root/.venv/bin/mutmut" results --all true > results.txt 2>/dev/null
   # Equivalent mutants (no test can tell them from the code) are listed in docs/mutation.md as `name`.
   grep -o '`game_core\.[^`]*__mutmut_[0-9]*`' "$root/docs/mutation.md" | tr -d '`' | sort -u > equivalent.txt || true
   echo "mutants and results in $work (mutmut show NAME there shows one)"
   awk -F': ' 'NR == FNR { equivalent[$1] = 1; next }
     { gsub(/^ +/, "", $1); total++
       if ($2 == "killed" || $2 == "timeout" || $2 == "segfault") killed++
       else if ($1 in equivalent) same++
       else { alive++; print "not killed (" $2 "): " $1 } }
     END { score = (total > same) ? 100 * killed / (total - same) : 100
           printf("mutants %d, killed %d, equivalent %d, not killed %d, score %.1f%%\n", total, killed, same, alive, score)
           exit (alive > 0) }' equivalent.txt results.txt)
}

if [ "${1:-}" = mutation ]; then
  mutation "${2:-core}"
  exit $?
fi

.venv/bin/python build/site.py
if [ $# -gt 0 ]; then  # a chosen selection: `bash build/test.sh -k saves`
  exec .venv/bin/python -m pytest -p no:cacheprovider tests e2e "$@"
fi
# The engine's tests (fuzz, pytest tests/, the suite inside Pyodide under Node: CPU-bound) and the browser's
# (e2e/: Chromium, mostly waiting on timers and animations) run side by side, each in a log printed when it
# ends; the run fails if either does. The longest browser files go with the engine's tests, so that the two
# take about as long.
logs="$(mktemp -d)"
balance="e2e/test_remote.py e2e/test_saves.py"
( .venv/bin/python -m game_core.fuzz  # fast mode: 500 seeded games per game, illegal-move and save fuzzing
  .venv/bin/python -m pytest -p no:cacheprovider --basetemp "$logs/engine-tmp" tests $balance ) > "$logs/engine.log" 2>&1 &
engine=$!
set +e
.venv/bin/python -m pytest -p no:cacheprovider --basetemp "$logs/browser-tmp" e2e $(printf -- '--ignore=%s ' $balance) \
  > "$logs/browser.log" 2>&1
browser_status=$?
wait "$engine"
engine_status=$?
set -e
echo "== engine tests (fuzz, tests/, $balance): exit $engine_status"; cat "$logs/engine.log"
echo "== browser tests (e2e/): exit $browser_status"; cat "$logs/browser.log"
[ "$engine_status" = 0 ] && [ "$browser_status" = 0 ]
