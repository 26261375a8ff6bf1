"""pytest plugin for runs inside Pyodide: a test that starts a process is skipped (Pyodide has none)."""

import multiprocessing
import subprocess

import pytest


def _no_processes(*args, **kwargs):
    pytest.skip("starts a process, which Pyodide cannot do (CPython runs this test)")


@pytest.fixture(autouse=True)
def no_processes(monkeypatch):
    for name in ("run", "Popen", "check_output", "check_call", "call"):
        monkeypatch.setattr(subprocess, name, _no_processes)
    monkeypatch.setattr(multiprocessing, "get_context", _no_processes)
    monkeypatch.setattr(multiprocessing, "Pool", _no_processes)
