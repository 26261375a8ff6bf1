"""The Saves and Share dialogs as the page shows them (game_core/dialogs.py), and what Import says (the words
of game_core/shelf.py): web/glue/dialogs.py only reads the storage and the address and writes these."""

import pytest

from game_core import limits
from game_core.dialogs import NO_SAVES, remote_rows, save_row, saves_html, share
from game_core.engine import SaveError
from game_core.session import Session
from game_core.shelf import import_words, not_loaded, taken_words

SLOT = "blitzbox:bitskrieg:slot:"


def test_a_row_names_what_is_saved_and_gives_each_button_its_key_and_an_accessible_name():
    assert save_row('Mine & "yours"', "k:<1>", (("slot-load", "Load"), ("save-delete", "Delete"))) == (
        '<li>Mine &amp; &quot;yours&quot; '
        '<button type="button" data-command="slot-load:k:&lt;1&gt;" aria-label="Load Mine &amp; &quot;yours&quot;">'
        'Load</button> '
        '<button type="button" data-command="save-delete:k:&lt;1&gt;" aria-label="Delete Mine &amp; &quot;yours&quot;">'
        "Delete</button></li>")


def test_an_empty_list_says_there_are_no_saved_games():
    assert saves_html(SLOT, [], [], [], "") == NO_SAVES == "<li><em>No saved games yet.</em></li>"


def test_named_saves_then_remote_games_then_copies_kept_aside_with_the_space_they_take():
    kept = [{"key": "blitzbox:bitskrieg:kept:2026", "kind": "game", "label": "Bitskrieg, kept 2026: 3 moves"},
            {"key": "blitzbox:bitskrieg:kept-setup:2026", "kind": "setup", "label": "Your choices, kept 2026"}]
    remotes = [("blitzbox:bitskrieg:remote:a", "Remote game against Red", False),
               ("blitzbox:bitskrieg:remote:b", "Remote game against Blue", True)]
    shown = saves_html(SLOT, [SLOT + "evening"], remotes, kept, "2 copies kept aside, using 1 KB.")
    assert shown == "".join([
        save_row("evening", SLOT + "evening", (("slot-load", "Load"), ("save-delete", "Delete"))),
        save_row("Remote game against Red", "blitzbox:bitskrieg:remote:a", (("remote-open", "Open"), ("save-delete", "Delete"))),
        save_row("Remote game against Blue (open now)", "blitzbox:bitskrieg:remote:b", (("remote-open", "Open"),)),
        save_row("Bitskrieg, kept 2026: 3 moves", "blitzbox:bitskrieg:kept:2026",
                 (("slot-load", "Open"), ("save-export", "Export"), ("save-delete", "Delete"))),
        save_row("Your choices, kept 2026", "blitzbox:bitskrieg:kept-setup:2026",
                 (("save-export", "Export"), ("save-delete", "Delete"))),
        '<li class="usage">2 copies kept aside, using 1 KB.</li>'])


def test_the_space_taken_shows_only_with_copies_kept_aside():
    assert saves_html(SLOT, [SLOT + "a"], [], [], "0 copies") == save_row(
        "a", SLOT + "a", (("slot-load", "Load"), ("save-delete", "Delete")))


CHOICES = [{"label": "Let someone watch", "text": "The game <so far>.", "code": "w1"},
           {"label": "Move this game", "text": "Warning: it holds everything.", "code": "s&2"}]


def test_each_share_choice_is_a_link_to_this_page_with_its_words_and_a_copy_button():
    shown = share("https://example.org/blitzbox/bitskrieg.html?seed=4&bot=easy#g=old", CHOICES, "bitskrieg", "Bitskrieg")
    assert shown["choices"] == (
        '<h3><label for="share-link">Let someone watch</label></h3>'
        "<p><small>The game &lt;so far&gt;.</small></p>"
        '<textarea id="share-link" rows="3" readonly>https://example.org/blitzbox/bitskrieg.html#g=w1</textarea>'
        '<p><button type="button" data-command="copy-share:share-link">Copy this link</button></p>'
        '<h3><label for="share-link-1">Move this game</label></h3>'
        '<p class="warning"><small>Warning: it holds everything.</small></p>'
        '<textarea id="share-link-1" rows="3" readonly>https://example.org/blitzbox/bitskrieg.html#g=s&amp;2</textarea>'
        '<p><button type="button" data-command="copy-share:share-link-1">Copy this link</button></p>')


def test_the_embed_snippet_and_the_forum_post_point_at_this_site_and_the_first_link():
    shown = share("http://localhost:8000/site/blitzed.html#r=x?y", CHOICES[:1], "blitzed", "Blitzed!")
    assert shown["embed"] == ('<iframe src="http://localhost:8000/site/embed/blitzed.html" title="Blitzed! on Blitzbox" '
                              'style="width:100%;aspect-ratio:3/2;border:0" loading="lazy" allow="fullscreen"></iframe>')
    assert shown["bgg"] == ("[url=http://localhost:8000/site/blitzed.html#g=w1]Blitzed!: play or replay this game on "
                            "Blitzbox[/url]\n(attach the board picture downloaded below)")


def test_a_real_games_choices_make_working_links():
    session = Session("bitskrieg", 3)
    shown = share("https://x.org/bitskrieg.html", session.share_choices(), "bitskrieg", "Bitskrieg")
    codes = [choice["code"] for choice in session.share_choices()]
    assert [f"#g={code}<" in shown["choices"] for code in codes] == [True, True]
    assert shown["choices"].count('class="warning"') == 1 and f"#g={codes[0]}]" in shown["bgg"]


def test_import_says_what_a_text_is_or_why_it_cannot_be_loaded_before_anything_changes():
    def plan(text):
        if text == "bad":
            raise SaveError("this is not a Blitzbox save")
        return {"what": f"It is {text}."}
    assert import_words("", plan) == ""
    assert import_words("a game", plan) == "It is a game."
    assert import_words("bad", plan) == "This cannot be loaded: this is not a Blitzbox save."
    assert not_loaded(SaveError("it is damaged")) == "That could not be loaded: it is damaged. Nothing was changed."


@pytest.mark.parametrize("done, kept, said", [
    ("Loaded the save file (a game)", "Import: your game was kept aside.",
     "Loaded the save file (a game). Import: your game was kept aside."),
    ("Opened the share link: a finished game", "", "Opened the share link: a finished game."),
    ("", "Shared game: kept.", "Shared game: kept."),
    ("", "", ""),
])
def test_once_taken_the_page_says_what_was_loaded_and_then_what_was_kept_aside(done, kept, said):
    assert taken_words({"done": done}, kept) == said


def test_a_setting_is_one_of_its_choices():
    assert limits.is_setting("theme", "dark") and limits.is_setting("speed", "instant")
    assert not limits.is_setting("theme", "fast") and not limits.is_setting("volume", "dark")
    assert not limits.is_setting("speed", None)


def test_saves_lists_the_open_remote_game_by_its_session_and_describes_each_other_stored_text_once():
    stored = {"r:a": "text A", "r:b": "text B", "r:c": "text A", "r:open": "text open"}
    described = []

    def describe(text):
        described.append(text)
        return f"about {text}"
    remotes, labels = remote_rows(["r:a", "r:b", "r:c", "r:open"], stored.get, "r:open", "the open game",
                                  {"text B": "kept label of B", "gone": "a side no longer stored"}, describe)
    assert remotes == [("r:a", "about text A", False), ("r:b", "kept label of B", False),
                       ("r:c", "about text A", False), ("r:open", "the open game", True)]
    assert described == ["text A"]  # B's label was kept from last time; A's text is described once
    assert labels == {"text A": "about text A", "text B": "kept label of B"}  # (what is no longer stored goes)
    assert remote_rows(["r:a"], stored.get, None, "", labels, describe)[0] == [("r:a", "about text A", False)]
    assert described == ["text A"]
