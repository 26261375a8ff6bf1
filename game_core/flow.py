"""The turn flow a game may share: the state keeps the steps still to come in a list (saved with the
position), and each is carried out by the state's own method for it until one waits for a decision.
Blitzkrieg! keeps them in `queue`, Fall Blau in `flow` (both name their steps `_step_<name>`)."""


def run(state, steps: str, prefix: str, waiting) -> None:
    """Carry out the steps in `state`'s list attribute `steps`, first to last, each by the state's method
    `prefix + name` (a step is its name, or [name, *arguments]), until none is left or `waiting(state)`
    says a step asked for a decision. A step may add steps, or set a new list (read again each time)."""
    while getattr(state, steps) and not waiting(state):
        step = getattr(state, steps).pop(0)
        name, args = (step, ()) if isinstance(step, str) else (step[0], step[1:])
        getattr(state, prefix + name)(*args)
