"""Shared helpers for the end-to-end tests."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
READY_TIMEOUT_MS = 90_000


def built_games() -> list:
    return sorted(p.stem for p in SITE.glob("*.html") if p.stem != "index")


def wait_ready(page) -> None:
    page.wait_for_selector("body[data-ready='1']", timeout=READY_TIMEOUT_MS)
