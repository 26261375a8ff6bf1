"""Bitskrieg by links only, counted (issue 47): two browsers play a whole game by opening the links their pages
show, each move clicked on the page, and the game takes exactly one link per turn and per reveal owed (at
most 60 for a game played straight to the flags: tests/test_remote_handoffs.py counts it over many games)."""

import json
import sys

from game_core.remote import Remote
from support import ROOT
from test_remote import blocked, invite, link_to_send, open_link, open_side, stored_side  # noqa: F401 (fixtures)

sys.path.insert(0, str(ROOT / "tests"))
from remote_table import forced, rush  # noqa: E402


STORED = "Object.keys(localStorage).filter(k => k.includes(':remote:')).map(k => localStorage[k])[0]"


def test_a_whole_bitskrieg_game_by_links_only_takes_one_link_per_turn(open_side, blocked):
    blue = open_side()
    invitation = invite(blue)
    red = open_side(invitation)  # joins as Red: one link passed
    links = [invitation]
    while not all(page.locator("#remote-verdict").is_visible() for page in (blue, red)):
        assert len(links) <= 60, "more than 60 links"
        for me, you in ((blue, red), (red, blue)):
            link = link_to_send(me)
            if link and link not in links:
                open_link(you, link)
                links.append(link)
                break
            if me.locator("[data-action]").count():
                stored = stored_side(me)[0]
                state = Remote.from_dict(json.loads(stored)).state
                wanted = rush(state, state.legal_actions())
                target = me.locator(f'#board [data-action="{wanted}"], #tray [data-action="{wanted}"]')
                if not target.count():  # the board shows one tank's steps: tap the tank first, as a player does
                    me.click(f'[data-command="ui:tank={wanted.split()[1]}"]')
                target.first.click()
                me.wait_for_function(f"(before) => ({STORED}) !== before", arg=stored)  # the page saved the move
                break
        else:
            raise AssertionError("neither browser can move nor has a link to send")
    for page in (blue, red):
        assert page.text_content("#remote-verdict").startswith("Verified: fair game (Blue won)")
    side = Remote.from_dict(json.loads(stored_side(blue)[0]))
    assert [link.split("#r=")[-1] for link in links] == side.log  # every message went by a link, once
    assert len(links) == forced(side) <= 60, len(links)  # one a turn, one a reveal owed: nothing more
    assert max(len(link) for link in links) < 2000
    assert blocked == [] and open_side.errors == []
