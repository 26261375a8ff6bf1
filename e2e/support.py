"""Shared helpers for the end-to-end tests."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
READY_TIMEOUT_MS = 90_000


def built_games() -> list:
    """The game pages of the built site (the pages whose body names a game)."""
    return sorted(p.stem for p in SITE.glob("*.html") if 'data-game="' in p.read_text())


def wait_ready(page) -> None:
    page.wait_for_selector("body[data-ready='1']", timeout=READY_TIMEOUT_MS)
