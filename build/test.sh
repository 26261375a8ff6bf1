#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian machine, build the site, run every test.
#   Debian: chromium (Playwright drives it; `playwright install` is never run)
#   PyPI:   requirements-test.txt into .venv      npm: the pinned runtime (build/package-lock.json)
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

.venv/bin/python build/site.py
.venv/bin/python -m game_core.fuzz  # fast mode: 500 seeded games per game, illegal-move and save fuzzing
.venv/bin/python -m pytest -p no:cacheprovider tests e2e "$@"
