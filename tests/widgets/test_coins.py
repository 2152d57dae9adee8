"""gamelab.widgets.coins: the coin-row explorer and play widget, driven headlessly
(no browser, no kernel)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from gamelab.display import coin_table  # noqa: E402
from gamelab.widgets import CoinExplorer, coin_play  # noqa: E402


def test_coin_explorer_toggles():
    e = CoinExplorer("one_or_two", "TTTT")
    coins = e.controls["position"].coins
    assert "no heads" in e.output.value
    coins[2].value = True
    assert e.kwargs["position"] == "TTHT"
    assert coins[2].description == "H"
    assert "XOR of the head values = 3: an N-position" in e.output.value
    coins[1].value = True
    coins[0].value = True          # heads 1, 2, 3: 1 ^ 2 ^ 3 = 0
    assert e.kwargs["position"] == "HHHT"
    assert "P-position" in e.result.text
    assert e.result == coin_table("one_or_two", "HHHT") and e.result.html in e.output.value


def test_coin_explorer_rule_and_size():
    e = CoinExplorer("one_or_two", "HTHH")
    row = e.controls["position"]
    e.controls["rule"].value = "ruler"
    assert "rule ruler" in e.result.text
    assert e.result == coin_table("ruler", "HTHH")
    row.count.value = 6
    assert e.kwargs["position"] == "HTHHTT" and len(row.row.children) == 6
    row.coins[5].value = True
    assert e.kwargs["position"] == "HTHHTH"
    row.count.value = 2
    assert e.kwargs["position"] == "HT"
    assert e.result == coin_table("ruler", "HT") and e.result.html in e.output.value


def test_coin_explorer_rejects_bad_arguments():
    with pytest.raises(ValueError, match="unknown coin rule"):
        CoinExplorer("nope")
    with pytest.raises(ValueError, match="position"):
        CoinExplorer("ruler", "HXT")
    with pytest.raises(ValueError, match="named rules"):
        CoinExplorer(lambda i: [()])


def test_coin_explorer_empty_row():
    e = CoinExplorer("ruler", "")
    assert e.kwargs["position"] == "T" and e.controls["position"].count.value == 1


def test_coin_play_widget():
    w = coin_play("one_or_two", "THH")          # 2 ^ 3 = 1: the student can win
    assert w.winning() == ["TTT"]
    w.play("TTT")
    assert w.winner == "you"
    w.reset()
    assert w.position == "THH"
    labels = [b.description for b in w.moves_box.children]
    assert "turn coins 2, 3" in labels


@pytest.mark.parametrize("call, exc", [
    (lambda: coin_play("ruler", "HTZ"), ValueError),
    (lambda: CoinExplorer("ruler", 5), TypeError),
    (lambda: CoinExplorer("ruler", "H" * 25), ValueError),
])
def test_bad_arguments_raise(call, exc):
    with pytest.raises(exc):
        call()
