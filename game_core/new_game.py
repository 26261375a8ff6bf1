"""The new-game dialog as data and HTML, from a game's options, seats and bot levels (web/glue/dialogs.py
only puts it on the page and reads its controls back): the fields, which of them show for the values so far
(Option.shown; the seats an option decides, like the solo module's, are not asked), and the set-up the
filled form makes."""

import json
from html import escape

from . import games, limits
from .session import HUMAN


def default_setup(game_name: str) -> dict:
    """One human (the first seat) against the normal bot, or everyone human where there are no bots."""
    game, bots = games.get(game_name), games.package(game_name).opponents()
    seats = {}
    for index, seat in enumerate(game.seats):
        seats[str(seat)] = HUMAN if index == 0 or not bots else ("normal" if "normal" in bots else bots[0])
    return {"options": {}, "seats": seats}


def embed_setup(game_name: str, setup: dict, query: str) -> tuple:
    """An embed's set-up from its address in the lichess style (?seed=&bot=&seat=&theme=; limits.address_choices)
    over `setup`, the page's usual one: (the set-up, the seed or None, a sentence naming whatever in the address
    cannot be used, or "")."""
    game = games.get(game_name)
    seats = dict(setup["seats"])
    chosen, problems = limits.address_choices(query, list(games.package(game_name).bots), list(seats), game.saved_seat)
    setup = dict(setup)
    if "bot" in chosen:
        human = chosen.get("seat", next(iter(seats)))
        setup["seats"] = {seat: HUMAN if seat == human else chosen["bot"] for seat in seats}
        setup["options"] = game.with_seats(setup["options"], setup["seats"])
    problem = f"Part of this address was not used ({'; '.join(problems)}): the game plays without it." if problems else ""
    return setup, chosen.get("seed"), problem


def last_setup_key(game_name: str) -> str:
    """Where the page keeps the set-up a person made in their last game, to repeat ("Same as last game")."""
    return f"blitzbox:{game_name}:last-setup"


def last_setup_text(controller):
    """At a game's end, the set-up its first person made (Package.remembered_setup, Bitskrieg's) as the text to
    keep, or None (the game remembers none, or no person played)."""
    remembered = controller.package.remembered_setup
    humans = controller.humans()
    if remembered is not None and humans:
        choice = remembered(controller.state.record(), humans[0])
        if choice:
            return json.dumps(choice)
    return None


def read_last_setup(text):
    """The set-up kept by last_setup_text, or None (missing or unreadable: not offered)."""
    try:
        choice = limits.parse_json(text, "the last set-up", 10_000)
    except limits.SaveError:
        return None
    return choice if isinstance(choice, dict) else None


def asked_options(game) -> list:
    """The options the dialog asks (an internal one is set by the program: a remote game's)."""
    return [option for option in game.options if not option.internal]


def fields_html(game_name: str, setup: dict, remote_fields: str | None = None) -> str:
    """The dialog's fields for the set-up `setup` ({"options", "seats"}, the last one chosen): each option,
    each seat a person chooses, what each bot level does, and, where a remote game is possible
    (`remote_fields`: the page's own remote choices), playing a friend on another device."""
    game, package = games.get(game_name), games.package(game_name)
    values = {option.name: setup["options"].get(option.name, option.default) for option in game.options}
    rows = []
    if remote_fields is not None:  # the remote choice sits below the rules it plays with: say so at the top
        rows.append('<p class="remote-jump"><button type="button" data-command="remote-jump">'
                    "Playing a friend on another device? It is at the end, after the rules ↓</button></p>")
    for option in asked_options(game):
        current = values[option.name]
        field = f"opt-{option.name}"
        if option.choices is not None:
            choices = "".join(f'<option value="{escape(str(c))}"{" selected" if c == current else ""}>'
                              f"{escape(str(c).replace('-', ' ').capitalize())}</option>" for c in option.choices)
            control = f'<select id="{field}" name="{option.name}">{choices}</select>'
        elif isinstance(option.default, bool):
            control = f'<input type="checkbox" id="{field}" name="{option.name}"{" checked" if current else ""}>'
        elif isinstance(option.default, str):
            control = f'<input type="text" id="{field}" name="{option.name}" value="{escape(current)}">'
        else:
            control = (f'<input type="number" id="{field}" name="{option.name}" value="{current}" '
                       f'min="{option.low}" max="{option.high}">')
        help_text = f" <small>{escape(option.help)}</small>" if option.help else ""
        shown = ' data-option="1"' + ("" if option.shown(values) else " hidden")
        rows.append(f'<p{shown}><label for="{field}">{escape(option.label)}</label> {control}{help_text}</p>')
    bots = package.opponents()
    option_names = {option.name for option in game.options}
    for seat in game.seats:
        if str(seat) in option_names:
            continue  # the game's own options already ask who sits here
        current = setup["seats"].get(str(seat), HUMAN)
        options = "".join(f'<option value="{c}"{" selected" if c == current else ""}>'
                          f'{"Human" if c == HUMAN else escape(c.title()) + " bot"}</option>' for c in [HUMAN] + bots)
        hidden = " hidden" if str(seat) in game.forced_seats(values) else ""
        rows.append(f'<p data-seat="{seat}"{hidden}><label for="seat-{seat}">{escape(game.seat_name(seat))}'
                    f'</label> <select id="seat-{seat}">{options}</select></p>')
    levels = package.levels()
    if any(summary for _, summary in levels):  # the ladder's words (docs/strength.md), to choose a level
        rows.append('<details class="levels"><summary>What each bot level does</summary><dl>'
                    + "".join(f"<dt>{escape(name.title())}</dt><dd>{escape(summary)}</dd>"
                              for name, summary in levels if summary) + "</dl></details>")
    if remote_fields is not None:
        sides = "".join(f'<option value="{seat}">{escape(game.seat_name(seat))}</option>' for seat in game.seats)
        rows.append('<fieldset id="remote-new"><legend>Or play a friend on another device</legend>'
                    f'<p><label for="remote-seat">Your side</label> <select id="remote-seat">{sides}</select></p>'
                    + remote_fields +
                    '<p><button type="button" data-command="remote-new">Play a friend remotely</button> '
                    '<small>With the rules chosen above. You get a link to send them by any chat or mail; '
                    'while both your pages are open, moves then go across live, else each travels as a link. '
                    'No server is involved.</small></p></fieldset>')
    return "".join(rows)


def option_values(game, controls: dict) -> dict:
    """The options as the dialog's controls have them now (`controls`: each asked option's control, its
    value as text, or whether a checkbox is checked); a number still being typed counts as the default."""
    options = {}
    for option in asked_options(game):
        control = controls[option.name]
        if option.choices is not None:
            options[option.name] = next((c for c in option.choices if str(c) == control), option.default)
        elif isinstance(option.default, bool):
            options[option.name] = bool(control)
        elif isinstance(option.default, str):
            options[option.name] = str(control).strip()
        else:
            try:
                options[option.name] = int(control)
            except ValueError:
                options[option.name] = option.default
    return options


def hidden_fields(game, options: dict) -> tuple:
    """For the values so far: (the names of the asked options that do not matter, the seats the options
    decide), each hidden in the dialog."""
    return ({option.name for option in asked_options(game) if not option.shown(options)},
            set(map(str, game.forced_seats(options))))


def setup_from_form(game, options: dict, seat_choices: dict) -> dict:
    """The set-up the filled form makes: `seat_choices` the seat selects' values (a seat an option asks
    takes the option's value)."""
    return {"options": options, "seats": {str(seat): options.get(str(seat)) or seat_choices[str(seat)]
                                          for seat in game.seats}}
