"""Judge exercises of lecture 08: misère Nim (反尼姆博弈) and a misère take-and-break game.

Each solver reads a judge's input as one string and returns the output the
judge expects.  Both apply misère Nim's rule (:func:`gamelab.misere.sj_outcome`)
to numbers: in HDU 1907 to the heaps, in HDU 2509 to the row lengths.

In HDU 2509 the SJ theorem does *not* apply to a row as a component: a row
of 5 reaches the pair of rows (2, 2), of value 0 with moves left but no
option of value 1.  The rule holds for another reason: count every row as a
heap, including the rows a split creates.  A row of ``n`` can be shortened to
any single row below ``n``; whatever a move leaves of it, rows ``a`` and
``b``, has ``a ^ b <= a + b < n``, so the nim-sum changes; a row of 1 can
only vanish.  These are the facts the misère Nim proof uses, so it goes
through on the multiset of rows.  The tests check both solvers against plain
misère search.

The exercises are registered for :func:`gamelab.exercises.check.check`
under their judge ids, with these solvers as the reference.

References
----------
.. [1] HDU 1907 "John"; HDU 2509 "Be the Winner".
.. [2] 贾志豪, 《组合游戏略述——浅谈SG游戏的若干拓展及变形》 (2009).
"""
from __future__ import annotations

import itertools

from ..judge_input import counted as _counted
from ..judge_input import numbers as _numbers
from ..check import register
from ...heaps import HeapGame
from ...misere import sj_outcome

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

    The first player wins exactly when misère Nim's rule holds for the row
    lengths.  Not by the SJ theorem (a row of 5 breaks its condition, see
    the module's notes) but by the misère Nim proof run on the rows, each row
    a heap, including the rows a split creates.

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


# ---------------------------------------------------------------------------
# Registered exercises (see gamelab.exercises.check): the official sample
# first, then these generated cases, answered by the solvers above.

def _hdu1907_cases(rng):
    """Every test of up to three heaps of 1..4, heaps of ones, then random big tests."""
    small = [p for k in range(1, 4) for p in _tuples(range(1, 5), k)]
    ones = [(1,) * k for k in range(1, 8)]
    out = [_counted_text(small), _counted_text(ones)]
    for _ in range(12):
        tests = []
        for _ in range(rng.randint(1, 6)):
            n = rng.randint(1, 47)
            top = rng.choice([1, 2, 4747])
            heaps = [rng.randint(1, top) for _ in range(n)]
            if rng.random() < 0.3 and n > 1:          # make some nim-sums 0
                x = 0
                for h in heaps[:-1]:
                    x ^= h
                if x:
                    heaps[-1] = x
            tests.append(heaps)
        out.append(_counted_text(tests))
    return out


def _hdu2509_cases(rng):
    """Rows of up to 6 apples (a row of 5 reaches (2, 2)), ones, then random tests."""
    small = [p for k in range(1, 4) for p in _tuples(range(1, 7), k)]
    out = [_eof_text(small), _eof_text([(1,) * k for k in range(1, 8)], blank=False)]
    for _ in range(12):
        tests = []
        for _ in range(rng.randint(1, 6)):
            n = rng.randint(1, 100)
            top = rng.choice([1, 5, 100])
            rows = [rng.randint(1, top) for _ in range(n)]
            if rng.random() < 0.3 and n > 1:
                x = 0
                for r in rows[:-1]:
                    x ^= r
                if 0 < x <= 100:
                    rows[-1] = x
            tests.append(rows)
        out.append(_eof_text(tests, blank=rng.random() < 0.5))
    return out


def _tuples(values, k):
    return list(itertools.product(values, repeat=k))


def _counted_text(tests):
    return f"{len(tests)}\n" + "".join(f"{len(t)}\n{' '.join(map(str, t))}\n" for t in tests)


def _eof_text(tests, blank=True):
    sep = "\n" if blank else ""
    return sep.join(f"{len(t)}\n{' '.join(map(str, t))}\n" for t in tests)


register("hdu1907", kind="judge", reference=hdu1907, cases=_hdu1907_cases)
register("hdu2509", kind="judge", reference=hdu2509, cases=_hdu2509_cases)
