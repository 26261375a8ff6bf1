"""Saves: kept-aside copies get keys of their own; a save continues another only if it loses nothing of it."""

from game_core import saves
from game_core.session import Session


def played(moves, seed=3):
    session = Session("blitzkrieg", seed)
    for _ in range(moves):
        session.act(session.state.legal_actions()[0])
    return session


def test_kept_keys_are_never_reused():
    first = saves.kept_key("blitzbox:bitskrieg", "2026-12-01 10:00:00", [])
    assert first == "blitzbox:bitskrieg:kept:2026-12-01 10:00:00"
    second = saves.kept_key("blitzbox:bitskrieg", "2026-12-01 10:00:00", [first])
    third = saves.kept_key("blitzbox:bitskrieg", "2026-12-01 10:00:00", [first, second])
    assert len({first, second, third}) == 3 and all(k.startswith(saves.kept_prefix("blitzbox:bitskrieg"))
                                                    for k in (second, third))


def test_a_longer_game_continues_a_shorter_one_but_not_the_reverse_or_a_fork():
    short, long_ = played(2).to_save(), played(5).to_save()
    assert saves.continues(long_, short) and saves.continues(short, short)
    assert not saves.continues(short, long_)
    fork = played(2)
    fork.act(fork.state.legal_actions()[-1])
    assert not saves.continues(fork.to_save(), played(3).to_save())
    assert not saves.continues(played(5, seed=4).to_save(), short), "another seed is another game"
    assert not saves.continues(long_, "{damaged") and not saves.continues("[" * 9000, short)


def test_descriptions_count_moves_and_never_fail():
    assert saves.describe(played(1).to_save()) == "1 move"
    assert saves.describe(played(3).to_save()) == "3 moves"
    assert saves.describe('{"format": "blitzbox-session", "version": 9}') == "a save this page cannot read"
    assert saves.moves("[" * 100_000) is None
