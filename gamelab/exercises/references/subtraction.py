"""Judge exercises on subtraction games (lecture 02).

Each solver reads the judge's input as one string and returns the output.

* :func:`hdu1536` / :func:`hdu1944` — S-Nim: sums of subtraction games with
  one subtraction set S.
* :func:`hdu1848` — "Fibonacci again and again": three heaps, the moves are
  the Fibonacci numbers.

References
----------
.. [1] HDU 1536 / HDU 1944 "S-Nim"; HDU 1848 "Fibonacci again and again"
   (acm.hdu.edu.cn).
.. [2] Course notes "博弈论 SG函数" (SG values by table and by memoised search).
"""
from __future__ import annotations

from ... import engine
from ..._validate import check_int
from ...games.subtraction import Subtraction, check_subtraction_set as _check_subtraction_set
from ..check import register
from ...i18n import gettext_noop as N_
from ..judge_input import JudgeInput

__all__ = ["hdu1536", "hdu1944", "hdu1848", "fibonacci_moves", "sg_table", "sg_memo",
           "grundy_1_4", "grundy_2_3"]


def sg_table(subtraction_set, n):
    """SG values of heaps ``0 .. n`` computed bottom-up (the "table" method).

    >>> sg_table([1, 3, 4], 8)
    [0, 1, 0, 1, 2, 3, 2, 0, 1]
    """
    S = _check_subtraction_set(subtraction_set)
    n = check_int(n, "n")
    sg = [0] * (n + 1)
    for x in range(1, n + 1):
        seen = {sg[x - s] for s in S if s <= x}
        g = 0
        while g in seen:
            g += 1
        sg[x] = g
    return sg


def sg_memo(subtraction_set, n):
    """SG values of heaps ``0 .. n`` by memoised depth-first search (the "DFS" method).

    The search is written with an explicit stack, so deep heaps need no
    recursion.

    >>> sg_memo([1, 3, 4], 8)
    [0, 1, 0, 1, 2, 3, 2, 0, 1]
    """
    S = _check_subtraction_set(subtraction_set)
    n = check_int(n, "n")
    memo = {}
    for root in range(n + 1):  # asking for every heap in turn; each is found once
        stack = [root]
        while stack:
            x = stack[-1]
            if x in memo:
                stack.pop()
                continue
            missing = [x - s for s in S if s <= x and x - s not in memo]
            if missing:
                stack.extend(missing)
                continue
            seen = {memo[x - s] for s in S if s <= x}
            g = 0
            while g in seen:
                g += 1
            memo[x] = g
            stack.pop()
    return [memo[x] for x in range(n + 1)]


def hdu1536(input_text):
    """HDU 1536 "S-Nim": for each position of heaps, ``W`` (mover wins) or ``L``.

    >>> print(hdu1536("2 2 5\\n3\\n2 5 12\\n3 2 4 7\\n4 2 3 7 12\\n0\\n"), end="")
    LWW
    """
    r = JudgeInput(input_text)
    out = []
    while r.more():
        k = r.int("k")
        if k == 0:
            break
        S = [r.int("s_i") for _ in range(k)]
        m = r.int("m")
        positions = []
        for _ in range(m):
            l = r.int("l")
            positions.append([r.int("h_i") for _ in range(l)])
        game = Subtraction(S)
        top = max((h for p in positions for h in p), default=0)
        values = game.grundy_sequence(top + 1).tolist()
        line = []
        for p in positions:
            x = 0
            for h in p:
                x ^= values[h]
            line.append("W" if x else "L")
        out.append("".join(line))
    return "\n".join(out) + ("\n" if out else "")


def hdu1944(input_text):
    """HDU 1944 is HDU 1536 under another number."""
    return hdu1536(input_text)


def fibonacci_moves(limit):
    """The distinct Fibonacci numbers ``1, 2, 3, 5, 8, ...`` up to ``limit``.

    >>> fibonacci_moves(20)
    [1, 2, 3, 5, 8, 13]
    """
    limit = check_int(limit, "limit", minimum=1)
    out = [1, 2]
    while out[-1] + out[-2] <= limit:
        out.append(out[-1] + out[-2])
    return [f for f in out if f <= limit]


def hdu1848(input_text):
    """HDU 1848 "Fibonacci again and again": ``Fibo`` if the first player wins, else ``Nacci``.

    >>> print(hdu1848("1 1 1\\n1 4 1\\n0 0 0\\n"), end="")
    Fibo
    Nacci
    """
    r = JudgeInput(input_text)
    tests = []
    while r.more():
        m, n, p = r.int("m"), r.int("n"), r.int("p")
        if m == n == p == 0:
            break
        tests.append((m, n, p))
    top = max((max(t) for t in tests), default=1)
    game = Subtraction(fibonacci_moves(max(top, 2)))
    values = game.grundy_sequence(top + 1).tolist()
    out = ["Fibo" if values[m] ^ values[n] ^ values[p] else "Nacci" for m, n, p in tests]
    return "\n".join(out) + ("\n" if out else "")


# ---------------------------------------------------------------------------
# Lecture exercises beside the judge problems, and the registered checks

def grundy_1_4(count=12):
    """G(0), ..., G(count - 1) of the subtraction game S = {1, 4}, by plain search.

    >>> grundy_1_4(7)
    [0, 1, 0, 1, 2, 0, 1]
    """
    count = check_int(count, "count")
    game = Subtraction({1, 4})
    return [engine.search_grundy(game, n) for n in range(count)]


_TAKE_2_3 = Subtraction({2, 3})


def grundy_2_3(n):
    """G(n) of the subtraction game S = {2, 3} (period 5: 0 0 1 1 2), for any heap.

    gamelab proves the period from a repeated window and extends it.

    >>> [grundy_2_3(n) for n in range(10)], grundy_2_3(10**18 + 4)
    ([0, 0, 1, 1, 2, 0, 0, 1, 1, 2], 2)
    """
    n = check_int(n, "n")
    return _TAKE_2_3.grundy(n)


def _s_nim_cases(rng):
    out = []
    for _ in range(10):
        lines = []
        for _ in range(rng.randint(1, 3)):
            moves = rng.sample(range(1, 21), rng.randint(1, 5))
            lines.append(" ".join(map(str, [len(moves), *moves])))
            positions = rng.randint(1, 6)
            lines.append(str(positions))
            for _ in range(positions):
                heaps = [rng.randint(0, 80) for _ in range(rng.randint(1, 5))]
                lines.append(" ".join(map(str, [len(heaps), *heaps])))
        out.append("\n".join(lines + ["0"]) + "\n")
    out.append("3 10000 7 3\n2\n2 10000 9999\n1 0\n0\n")
    return out


def _fibonacci_cases(rng):
    out = ["".join(f"{m} {n} {p}\n" for m in (1, 2, 4) for n in (1, 3, 4, 10)
                   for p in (1, 4, 7)) + "0 0 0\n"]
    for _ in range(10):
        tests = [(rng.randint(1, 1000), rng.randint(1, 1000), rng.randint(1, 1000))
                 for _ in range(rng.randint(1, 6))]
        out.append("".join(f"{m} {n} {p}\n" for m, n, p in tests) + "0 0 0\n")
    return out


def _big_heaps(rng):
    return list(range(12)) + [rng.randint(0, 10**18) for _ in range(20)]


register("ex-02-1", kind="value", reference=grundy_1_4,
         hint=N_("G(n) is the mex of G(n - 1) and, when n >= 4, G(n - 4)"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
register("ex-02-2", kind="function", reference=grundy_2_3, cases=_big_heaps)
register("hdu1536", kind="judge", reference=hdu1536, cases=_s_nim_cases)
register("hdu1944", kind="judge", reference=hdu1944, cases=_s_nim_cases)
register("hdu1848", kind="judge", reference=hdu1848, cases=_fibonacci_cases)
