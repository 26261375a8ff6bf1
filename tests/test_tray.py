"""The tray's HTML: real buttons that carry the UI contract (data-action or data-command + a name)."""

from html.parser import HTMLParser

from game_core.tray import tray_html

# A test tray in the shape the games export: a pick with ratings, a toggle, and a command-free step.
TRAY = [
    {"action": "pick LT", "command": None, "label": "Pick LT", "detail": "move 3, fire 2", "group": "Your tanks",
     "pressed": False},
    {"action": "pick HT", "command": None, "label": "Pick HT", "detail": "move 1, fire 4", "group": "Your tanks",
     "pressed": False},
    {"action": None, "command": "ui:view=mine", "label": "Show my units", "detail": "", "group": "View",
     "pressed": True},
    {"action": "end", "command": None, "label": "End turn <now>", "group": "Your tanks", "pressed": False},
]


class Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.buttons, self.headings, self.groups, self._in = [], [], [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "button":
            self.buttons.append(attrs | {"text": ""})
            self._in = "button"
        elif tag == "h3":
            self.headings.append("")
            self._in = "h3"
        elif attrs.get("role") == "group":
            self.groups.append(attrs.get("aria-label"))

    def handle_endtag(self, tag):
        if tag in ("button", "h3"):
            self._in = None

    def handle_data(self, data):
        if self._in == "button":
            self.buttons[-1]["text"] += data
        elif self._in == "h3":
            self.headings[-1] += data


def parse(controls, status=""):
    collected = Collect()
    collected.feed(tray_html(controls, status))
    return collected


def test_every_control_is_a_real_button_with_its_notation_and_name():
    tray = parse(TRAY)
    assert [b.get("data-action") or b.get("data-command") for b in tray.buttons] == [
        "pick LT", "pick HT", "end", "ui:view=mine"]  # grouped: the first group's members come first
    assert all(b["type"] == "button" for b in tray.buttons)
    assert tray.buttons[0]["aria-label"] == "Pick LT: move 3, fire 2"  # the detail is part of the name
    assert tray.buttons[0]["text"] == "Pick LT move 3, fire 2"  # a space between label and detail, as the name reads
    assert tray.buttons[2]["aria-label"] == "End turn <now>"  # text is escaped, and read back intact


def test_groups_keep_the_games_order_under_their_headings():
    tray = parse(TRAY)
    assert tray.headings == ["Your tanks", "View"]
    assert tray.groups == ["Your tanks", "View"]


def test_only_ui_commands_say_whether_they_are_pressed():
    tray = parse(TRAY)
    assert "aria-pressed" not in tray.buttons[0]
    assert tray.buttons[3]["aria-pressed"] == "true"
    off = parse([dict(TRAY[2], pressed=False)])
    assert off.buttons[0]["aria-pressed"] == "false"


def test_a_control_without_a_heading_gets_no_empty_heading():
    tray = parse([{"action": "roll", "command": None, "label": "Roll", "group": None, "pressed": False}])
    assert tray.headings == [] and tray.groups == [None]
    assert tray.buttons[0]["data-action"] == "roll"


def test_no_controls_no_markup():
    assert tray_html([]) == ""


def test_a_control_with_neither_action_nor_command_is_shown_disabled():
    html = tray_html([{"label": "Ardennes", "detail": "the dice do not make it", "group": "Cards"}])
    assert "disabled" in html and "data-action" not in html and "data-command" not in html
    assert "Ardennes" in html and "the dice do not make it" in html


def test_a_control_with_a_key_names_its_shortcut():
    tray = parse([{"action": "roll", "label": "Roll", "key": "q", "group": "Dice"},
                  {"action": "ready", "label": "Ready", "group": "Dice"}])
    assert tray.buttons[0]["data-key"] == "q" and tray.buttons[0]["aria-keyshortcuts"] == "q"
    assert "data-key" not in tray.buttons[1]


def test_a_heading_that_repeats_the_status_line_is_not_printed_twice():
    controls = [{"action": "sa:WE", "label": "Western Europe", "group": "Axis: choose a theater"},
                {"action": "pass", "label": "Pass", "group": "Or"}]
    tray = parse(controls, "Axis: choose a theater.")
    assert tray.headings == ["Or"] and tray.groups == ["Axis: choose a theater", "Or"]
