"""Judge exercises on coin-turning games.

References
----------
.. [1] hihoCoder 1172, "博弈游戏·Nim游戏·二" (Nim II: coin turning).
.. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, vol. 3, ch. 14
   (Turning Turtles).
"""
from __future__ import annotations

from ..games.coins import CoinTurning

__all__ = ["hiho1172"]

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
    if not isinstance(input_text, str):
        raise TypeError(f"input_text must be a str, got {type(input_text).__name__}")
    tokens = input_text.split()
    if len(tokens) < 2:
        raise ValueError("input_text must hold N and a string of N coins")
    try:
        n = int(tokens[0])
    except ValueError:
        raise ValueError(f"input_text must start with N, got {tokens[0]!r}") from None
    coins = tokens[1]
    if len(coins) != n:
        raise ValueError(f"input_text: expected {n} coins, got {len(coins)}")
    return "Alice" if _TURTLES.grundy(coins) else "Bob"
