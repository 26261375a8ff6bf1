"""A test helper: the message check_invariants gives for a corrupted position."""

import pytest

from game_core.engine import BrokenInvariant


def broken(state, change) -> str:
    """The message check_invariants gives for a copy of `state` that `change` corrupted."""
    state = state.copy()
    change(state)
    with pytest.raises(BrokenInvariant) as err:
        state.check_invariants()
    return str(err.value)
