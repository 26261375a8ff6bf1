"""Download the pure-Python wheels that pytest needs inside Pyodide (once; later runs are offline).

    python3 tests/pyodide/fetch_wheels.py     # -> build/.vendor/pyodide-test-wheels/

pip is asked for Pyodide's interpreter version (3.14), so it picks wheels that Pyodide can install.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WHEELS = ROOT / "build" / ".vendor" / "pyodide-test-wheels"
PYTEST = "pytest==9.1.1"


def wheels() -> list:
    return sorted(WHEELS.glob("*.whl"))


def fetch() -> list:
    """The wheel files, downloading them first if the folder holds no pytest wheel."""
    if not any(p.name.startswith("pytest-") for p in wheels()):
        WHEELS.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", PYTEST,
                        "--python-version", "3.14", "--only-binary=:all:", "-d", str(WHEELS)], check=True)
    return wheels()


if __name__ == "__main__":
    for path in fetch():
        print(path)
