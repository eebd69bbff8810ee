"""The page's address, read and written as URLSearchParams does (ui/address.py)."""

from __future__ import annotations

from ui.address import first_values, query_pairs, url_params, with_param


def test_the_query_keeps_only_pairs_of_texts():
    assert query_pairs([["game", "12"], ["x"], [1, "a"], "lang=en", ["lang", "en"]]) == [("game", "12"), ("lang", "en")]
    assert query_pairs(None) == [] and query_pairs({"game": "1"}) == []


def test_the_first_value_of_a_name_counts_and_set_keeps_its_place():
    pairs = [("a", "1"), ("game", "5"), ("b", "2"), ("game", "6")]
    assert first_values(pairs) == {"a": "1", "game": "5", "b": "2"}
    assert with_param(pairs, "game", "7") == [("a", "1"), ("game", "7"), ("b", "2")]
    assert with_param([("a", "1")], "game", "7") == [("a", "1"), ("game", "7")]


def test_what_the_game_reads_in_the_address():
    assert url_params([("game", "42"), ("fast", "1"), ("lang", "en")]) == (42, True, "en")
    for odd in ("0", "-3", "1e3", "²", "1000000", "", " 5"):
        assert url_params([("game", odd)])[0] is None, odd
    assert url_params([]) == (None, False, None)
