"""game_core/flow.py: the pending steps a state carries out one by one until a step waits for a decision."""

from game_core import flow


class Table:
    """A state whose steps write down what they did."""

    def __init__(self, steps):
        self.steps, self.done, self.decision = steps, [], None

    def step_say(self, *words):
        self.done.append(" ".join(words) or "said")

    def step_ask(self, question):
        self.done.append(f"asked {question}")
        self.decision = question

    def step_twice(self):
        self.steps[:0] = ["say", ["say", "again"]]

    def step_restart(self):
        self.steps = [["say", "anew"]]


def run(table):
    flow.run(table, "steps", "step_", lambda state: state.decision is not None)
    return table.done


def test_steps_run_in_order_by_name_or_with_arguments_until_none_is_left():
    table = Table(["say", ["say", "hello", "there"], ["say", "bye"]])
    assert run(table) == ["said", "hello there", "bye"] and table.steps == []


def test_a_step_that_asks_for_a_decision_stops_the_flow_and_the_rest_waits():
    table = Table([["say", "one"], ["ask", "which"], ["say", "two"]])
    assert run(table) == ["one", "asked which"] and table.steps == [["say", "two"]]
    table.decision = None  # answered: the flow goes on from where it stopped
    assert run(table) == ["one", "asked which", "two"]


def test_nothing_runs_while_a_decision_is_waiting():
    table = Table(["say"])
    table.decision = "pending"
    assert run(table) == [] and table.steps == ["say"]


def test_a_step_may_add_steps_in_front_or_set_a_new_list():
    assert run(Table(["twice", ["say", "last"]])) == ["said", "again", "last"]
    assert run(Table(["restart", ["say", "dropped"]])) == ["anew"]
