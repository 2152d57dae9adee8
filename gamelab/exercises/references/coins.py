"""Judge exercises on coin-turning games.

References
----------
.. [1] hihoCoder 1172, "博弈游戏·Nim游戏·二" (Nim II: coin turning).
.. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, vol. 2, ch. 14
   (Turning Turtles).
"""
from __future__ import annotations

from ... import engine
from ...games.coins import CoinTurning
from ..check import register
from ...i18n import gettext_noop as N_
from ..judge_input import JudgeInput

__all__ = ["hiho1172", "mock_turtles_winning_moves", "ruler_p_pairs"]

_TURTLES = CoinTurning("one_or_two")


def hiho1172(input_text: str) -> str:
    """hihoCoder 1172: a row of coins, a move turns a head to tails and may turn one coin left of it.

    Input: N, then a string of N characters ``H``/``T``.  Output ``Alice``
    if the first player wins, else ``Bob``.  This is the ``"one_or_two"``
    coin-turning game: a head at coin i is worth i, so the first player wins
    exactly when the XOR of the positions of the heads is not 0.

    Examples
    --------
    >>> hiho1172("8\\nHHTHTTHT\\n")
    'Bob'
    >>> hiho1172("3\\nTTH\\n")
    'Alice'
    """
    reader = JudgeInput(input_text)
    n = reader.int("N, the number of coins")
    coins = reader.word("a string of N coins")
    if len(coins) != n:
        raise ValueError(f"input_text: expected {n} coins, got {len(coins)}")
    return "Alice" if _TURTLES.grundy(coins) else "Bob"


def mock_turtles_winning_moves(row="HTTHHTHTH"):
    """Exercise 09-2: the rows every winning move of Mock Turtles leaves, by plain search.

    >>> sorted(mock_turtles_winning_moves("HH"))
    ['TT']
    """
    return set(engine.search_winning_moves(CoinTurning("mock_turtles"), row))


def ruler_p_pairs(n=8):
    """Exercise 09-3: the pairs of heads ``i < j <= n`` that are P-positions of Ruler, by search.

    >>> sorted(ruler_p_pairs(4))
    [(1, 3)]
    """
    ruler = CoinTurning("ruler")
    return {(i, j) for i in range(1, n + 1) for j in range(i + 1, n + 1)
            if engine.search_outcome(
                ruler, "".join("H" if k in (i, j) else "T" for k in range(1, n + 1))) == "P"}


# ---------------------------------------------------------------------------
# Registered exercises (see gamelab.exercises.check): the official sample
# first, then these generated cases, answered by the solvers above.

#: hihoCoder 1172 states 2 <= N <= 10000: every generated row has that many coins.
_FEWEST, _MOST = 2, 10_000


def _hiho1172_cases(rng):
    """Short rows (some with heads XOR-ing to 0), then rows of up to 10000 coins, N >= 2."""
    out = []
    for _ in range(16):
        n = rng.randint(_FEWEST, 12)
        row = [rng.choice("HT") for _ in range(n)]
        if rng.random() < 0.4:               # make the XOR of the heads 0 where we can
            x = 0
            for i, c in enumerate(row, 1):
                x ^= i if c == "H" else 0
            if 0 < x <= n:
                row[x - 1] = "T" if row[x - 1] == "H" else "H"
        out.append(f"{n}\n{''.join(row)}\n")
    for n in (_FEWEST, 3, _MOST):
        out.append(f"{n}\n{'H' * n}\n")
    for _ in range(4):
        n = rng.randint(1000, _MOST)
        out.append(f"{n}\n{''.join(rng.choice('HT') for _ in range(n))}\n")
    return out


register("hiho1172", kind="judge", reference=hiho1172, cases=_hiho1172_cases)
register("ex-09-2", kind="value", reference=mock_turtles_winning_moves,
         hint=N_("a winning move changes the XOR of the head values to 0; there may be several"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
register("ex-09-3", kind="value", reference=ruler_p_pairs,
         hint=N_("two heads cancel exactly when their single-head values are equal"))
