"""Which sound a redraw plays and at what level (game_core/sound.py; web/glue/sound.py only reads the board's
marks and the stored choice, and plays the cue)."""

import pytest

from game_core.sound import LEVELS, MARKS, cue_for, key, level, toggled

EVERY_MARK = {selector for selector, _ in MARKS}


def test_the_end_outweighs_every_mark_even_its_last_score():
    assert cue_for(EVERY_MARK, moved=True, ended=True) == "end"
    assert cue_for(set(), moved=False, ended=True) == "end"


@pytest.mark.parametrize("shown, cue", [
    ({".cue[data-cue]", ".fire-line.last", ".die.fresh", ".last, [data-piece].arrived"}, "score"),
    ({".fire-line.last", ".thunder.fresh", ".last, [data-piece].arrived"}, "shot"),
    ({".thunder.fresh", ".die.fresh"}, "claim"),
    ({".die.fresh", ".last, [data-piece].arrived"}, "dice"),
    ({".last, [data-piece].arrived"}, "place"),
    (set(), None),
])
def test_after_a_move_the_first_mark_shown_chooses_the_cue(shown, cue):
    assert cue_for(shown, moved=True, ended=False) == cue


def test_with_no_move_logged_only_fresh_dice_and_claims_are_news():
    assert cue_for({".cue[data-cue]", ".fire-line.last", ".last, [data-piece].arrived"}, False, False) is None
    assert cue_for({".cue[data-cue]", ".die.fresh"}, moved=False, ended=False) == "dice"
    assert cue_for({".last, [data-piece].arrived", ".thunder.fresh", ".die.fresh"}, False, False) == "claim"


def test_the_level_is_the_stored_choice_else_quiet_on_the_site_and_off_in_an_embed():
    for chosen in LEVELS:
        assert level(chosen, embed=False) == level(chosen, embed=True) == chosen
    for damaged in (None, "", "LOUD", "0.2"):
        assert level(damaged, embed=False) == "quiet" and level(damaged, embed=True) == "off"
    assert LEVELS["off"] == 0 < LEVELS["quiet"] < LEVELS["loud"]


def test_the_switch_turns_any_sound_off_and_off_back_to_quiet():
    assert [toggled(chosen) for chosen in ("quiet", "loud", "off")] == ["off", "off", "quiet"]


def test_the_site_keeps_one_choice_for_every_game_and_an_embed_its_own():
    assert key("blitzbox:bitskrieg", embed=False) == key("blitzbox:blitzed", embed=False) == "blitzbox:sound"
    assert key("blitzbox:bitskrieg:embed", embed=True) == "blitzbox:bitskrieg:embed:sound"
