"""Judge exercises of lecture 08: misère Nim (反尼姆博弈) and a misère take-and-break game.

Each solver reads a judge's input as one string and returns the output the
judge expects.  Both use the SJ theorem (:func:`gamelab.misere.sj_outcome`):
in HDU 1907 the components are Nim heaps, in HDU 2509 they are rows whose
value equals their length.  The tests check both against plain misère search.

References
----------
.. [1] HDU 1907 "John"; HDU 2509 "Be the Winner".
.. [2] 贾志豪, 《组合游戏略述——浅谈SG游戏的若干拓展及变形》 (2009).
"""
from __future__ import annotations

from ._input import counted as _counted
from ._input import numbers as _numbers
from ..heaps import HeapGame
from ..misere import sj_outcome

__all__ = ["hdu1907", "hdu2509", "row_game"]


def _block(nums, i, what):
    n = nums[i]
    if n < 0 or i + 1 + n > len(nums):
        raise ValueError(f"input_text: {what} announces {n} heaps that are not all there")
    heaps = nums[i + 1:i + 1 + n]
    for h in heaps:
        if h < 0:
            raise ValueError(f"input_text: heap sizes must be >= 0, got {h}")
    return heaps, i + 1 + n


def hdu1907(input_text):
    """HDU 1907 "John": misère Nim, whoever eats the last candy loses.

    Parameters
    ----------
    input_text : str
        ``T``, then for each test a line ``N`` and a line of ``N`` heap sizes.

    Returns
    -------
    str
        One line per test: ``"John"`` (first player wins) or ``"Brother"``.

    Examples
    --------
    >>> print(hdu1907("2\\n3\\n3 5 1\\n1\\n1\\n"), end="")
    John
    Brother

    References
    ----------
    .. [1] HDU 1907 "John".
    """
    tests, nums = _counted(input_text)
    i = 1
    lines = []
    for t in range(tests):
        if i >= len(nums):
            raise ValueError(f"input_text ends before test {t + 1}")
        heaps, i = _block(nums, i, f"test {t + 1}")
        lines.append("John" if sj_outcome(heaps) == "N" else "Brother")
    return "\n".join(lines) + ("\n" if lines else "")


def _row_moves(n):
    """Remove a block of consecutive items from a row of ``n``: the parts left."""
    for length in range(1, n + 1):
        for left in range(0, n - length + 1):
            right = n - length - left
            yield tuple(x for x in (left, right) if x)


def row_game():
    """The rows of HDU 2509 as a :class:`gamelab.HeapGame`.

    A move removes one or more consecutive items from one row, which may
    split it in two.  The value of a row of ``n`` is ``n``: the parts left
    after removing a block are ``a`` and ``b`` with ``a + b < n``, so
    ``a ^ b <= a + b < n``, and ``n - k`` alone is reachable for every ``k``.

    >>> g = row_game()
    >>> [g.grundy(n) for n in range(8)]
    [0, 1, 2, 3, 4, 5, 6, 7]
    >>> g.outcome_of((2, 2), misere=True), g.outcome_of((1, 1, 1), misere=True)
    ('P', 'P')
    """
    return HeapGame(_row_moves, name="rows of items")


def hdu2509(input_text):
    """HDU 2509 "Be the Winner": misère rows, a move takes consecutive items.

    Parameters
    ----------
    input_text : str
        Tests until the end: a line ``n``, then ``n`` row lengths.

    Returns
    -------
    str
        One line per test: ``"Yes"`` if the first player wins, else ``"No"``.

    Examples
    --------
    >>> print(hdu2509("2\\n2 2\\n1\\n3\\n"), end="")
    No
    Yes

    References
    ----------
    .. [1] HDU 2509 "Be the Winner".
    """
    nums = _numbers(input_text)
    lines = []
    i = 0
    while i < len(nums):
        rows, i = _block(nums, i, f"test {len(lines) + 1}")
        lines.append("Yes" if sj_outcome(rows) == "N" else "No")
    return "\n".join(lines) + ("\n" if lines else "")
