"""The Saves and Share dialogs as HTML and text, from plain values (web/glue/dialogs.py reads the storage and
the address, and puts these into the page). The new-game dialog is game_core/new_game.py's."""

from html import escape

NO_SAVES = "<li><em>No saved games yet.</em></li>"


def save_row(label: str, key: str, actions: tuple) -> str:
    """One saved thing: its label, then a button for each (command, name) in `actions`, acting on `key`."""
    buttons = " ".join(f'<button type="button" data-command="{command}:{escape(key)}" '
                       f'aria-label="{name} {escape(label)}">{name}</button>' for command, name in actions)
    return f"<li>{escape(label)} {buttons}</li>"


def saves_html(slot_prefix: str, slot_keys: list, remotes: list, kept: list, usage: str) -> str:
    """Saves' list: the named saves (`slot_keys`, each named by what follows `slot_prefix`), the remote games
    stored here (`remotes`: (key, label, open now), the one open now is not deleted), then the copies kept
    aside (`kept`: game_core.shelf.Shelf.kept's entries, with `usage`, the space they take in words)."""
    rows = [save_row(key[len(slot_prefix):], key, (("slot-load", "Load"), ("save-delete", "Delete"))) for key in slot_keys]
    for key, label, here in remotes:
        rows.append(save_row(label + " (open now)" if here else label, key,
                             (("remote-open", "Open"),) + (() if here else (("save-delete", "Delete"),))))
    for entry in kept:
        opened = (("slot-load", "Open"),) if entry["kind"] == "game" else ()
        rows.append(save_row(entry["label"], entry["key"], opened + (("save-export", "Export"), ("save-delete", "Delete"))))
    return "".join(rows) + (f'<li class="usage">{escape(usage)}</li>' if kept else "") or NO_SAVES


def remote_rows(keys: list, stored, open_key, open_label: str, known: dict, describe) -> tuple:
    """Saves' remote games (saves_html's `remotes`) and the labels to keep for the next time: the game stored
    under `open_key` is the one open now (`open_label`); each other stored text (`stored(key)`) is described
    once, by `known` (the labels kept last time) or else `describe(text)`."""
    remotes, labels = [], {}
    for key in keys:
        text = stored(key)
        if key == open_key:
            remotes.append((key, open_label, True))
            continue
        labels[text] = labels.get(text) or known.get(text) or describe(text)
        remotes.append((key, labels[text], False))
    return remotes, labels


def share(address: str, choices: list, game_name: str, title: str) -> dict:
    """The Share dialog for the page at `address`: {"choices": one link a choice of Session.share_choices, each
    with its words (a warning marked) and a Copy button, "embed": the iframe to paste into a web page, "bgg":
    a forum post's link to the first choice}."""
    address = address.split("#")[0].split("?")[0]
    links = [f"{address}#g={choice['code']}" for choice in choices]
    rows = []
    for index, (choice, link) in enumerate(zip(choices, links)):
        field = "share-link" if index == 0 else f"share-link-{index}"
        warning = ' class="warning"' if choice["text"].startswith("Warning") else ""
        rows.append(f'<h3><label for="{field}">{escape(choice["label"])}</label></h3>'
                    f'<p{warning}><small>{escape(choice["text"])}</small></p>'
                    f'<textarea id="{field}" rows="3" readonly>{escape(link)}</textarea>'
                    f'<p><button type="button" data-command="copy-share:{field}">Copy this link</button></p>')
    base = address.rsplit("/", 1)[0]
    return {"choices": "".join(rows),
            "embed": (f'<iframe src="{base}/embed/{game_name}.html" title="{title} on Blitzbox" '
                      f'style="width:100%;aspect-ratio:3/2;border:0" loading="lazy" allow="fullscreen"></iframe>'),
            "bgg": (f"[url={links[0]}]{title}: play or replay this game on Blitzbox[/url]\n"
                    "(attach the board picture downloaded below)")}
