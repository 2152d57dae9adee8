"""Judge exercises on Wythoff's game (威佐夫博弈).

Each solver reads the judge's input as one string and returns the output
string the judge expects.

References
----------
.. [1] POJ 1067 "取石子游戏" (also HDU 1527): two heaps, Wythoff's game.
"""
from __future__ import annotations

from ..games.wythoff import is_wythoff_p_position

__all__ = ["poj1067"]


def _tokens(text, name="text"):
    if not isinstance(text, str):
        raise TypeError(f"{name} must be the judge input as a str, got {type(text).__name__}")
    return text.split()


def _int_token(token, what):
    try:
        value = int(token)
    except ValueError:
        raise ValueError(f"text: {what} must be an integer, got {token!r}") from None
    if value < 0:
        raise ValueError(f"text: {what} must be >= 0, got {value}")
    return value


def poj1067(text):
    """POJ 1067: for each line ``a b`` print 1 if the first player wins, else 0.

    The game is Wythoff's: ``(a, b)`` is lost for the player to move exactly
    when ``min(a, b) == floor(k * phi)`` with ``k = |a - b|``, decided here
    with integer arithmetic only (``math.isqrt``), so inputs near 10**9 (or
    far beyond) are judged exactly.

    Parameters
    ----------
    text : str
        Lines ``a b`` until the end of the input.

    Returns
    -------
    str
        One ``0``/``1`` per line.

    Examples
    --------
    >>> print(poj1067("2 1\\n8 4\\n4 7\\n"), end="")
    0
    1
    0
    >>> poj1067("165580140 267914295")
    '0\\n'

    References
    ----------
    .. [1] POJ 1067, http://poj.org/problem?id=1067
    """
    tokens = _tokens(text)
    if len(tokens) % 2:
        raise ValueError(f"text: expected pairs 'a b', got an odd number of numbers ({len(tokens)})")
    out = []
    for i in range(0, len(tokens), 2):
        a = _int_token(tokens[i], f"heap a on line {i // 2 + 1}")
        b = _int_token(tokens[i + 1], f"heap b on line {i // 2 + 1}")
        out.append("0" if is_wythoff_p_position((a, b)) else "1")
    return "\n".join(out) + ("\n" if out else "")
