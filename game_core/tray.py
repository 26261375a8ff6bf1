"""The tray: the controls of the current decision as real HTML buttons (pure function, no browser).

A game package declares `tray(view, ui) -> list of dict` (its Package) (see docs/architecture.md); the page shows
the list with tray_html() beside the board on a laptop and docked at the bottom of a phone's screen,
so the choice is always on screen and long labels wrap instead of clipping."""

from html import escape


def _button(control: dict) -> str:
    label, detail = control["label"], control.get("detail") or ""
    if control.get("action") is not None:
        target = f'data-action="{escape(control["action"])}"'
    elif control.get("command") is not None:  # a UI-only control: a selection shows whether it is on
        target = (f'data-command="{escape(control["command"])}" '
                  f'aria-pressed="{"true" if control.get("pressed") else "false"}"')
    else:  # shown for information (a card the dice do not make yet): nothing to click
        target = "disabled"
    name = f"{label}: {detail}" if detail else label
    if control.get("key"):  # a shortcut on a shared keyboard (Blitzed!): the page's key handler finds it
        target += f' data-key="{escape(control["key"])}" aria-keyshortcuts="{escape(control["key"])}"'
    detail_html = f'<span class="detail">{escape(detail)}</span>' if detail else ""
    return (f'<button type="button" class="tray-button" {target} aria-label="{escape(name)}">'
            f'<span class="label">{escape(label)}</span> {detail_html}</button>')  # the space: the name reads as shown


def tray_html(controls: list, status: str = "", last: str = "") -> str:
    """The controls grouped under their headings, in the order the game gave them ('' when none). A
    heading that only repeats the status line shown above the tray is not printed again (the group keeps
    it as its accessible name). `last` is HTML put after the last control, in its row (the page's "more" chip)."""
    groups: dict = {}
    for control in controls:
        groups.setdefault(control.get("group") or "", []).append(control)
    parts = []
    for heading, members in groups.items():
        title = f"<h3>{escape(heading)}</h3>" if heading and heading.strip(" .") != status.strip(" .") else ""
        name = f' aria-label="{escape(heading)}"' if heading else ""
        parts.append(f'<div class="tray-group" role="group"{name}>{title}'
                     f'{"".join(_button(control) for control in members)}')
    return "</div>".join(parts) + last + "</div>" if parts else ""
