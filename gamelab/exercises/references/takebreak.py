"""Judge exercises of the take-and-break lecture.

Each function reads a judge problem's whole input as text and returns the
whole output text.

* :func:`hiho1173` — hihoCoder 1173 "Nim III": Lasker's Nim.
* :func:`poi2000_pas` — POI 2000 "PAS" (stripes): a placement game, the octal
  game with the digit 7 at each stripe length.
* :func:`poj2311` — POJ 2311 "Cutting Game": heaps are rectangles.
* :func:`poj3537` — POJ 3537 "Crosses and Crosses": Treblecross, octal 0.007.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 4.
"""
from __future__ import annotations

from ... import engine
from ..._validate import check_int
from ...games.lasker import LaskersNim
from ...games.octal import AllBut, DawsonsKayles, TakeAndBreak
from ...games.strips import CuttingGame, Treblecross, placement_game
from ...periodicity import guy_smith_period
from ..check import register
from ...i18n import gettext_noop as N_
from ..judge_input import numbers

__all__ = ["hiho1173", "poi2000_pas", "poj2311", "poj3537"]


def hiho1173(input_text):
    """hihoCoder 1173: Lasker's Nim with N heaps; ``"Alice"`` if the first player wins.

    Each heap's value follows the pattern ``G(4k+1)=4k+1, G(4k+2)=4k+2,
    G(4k+3)=4k+4, G(4k+4)=4k+3``; the position is lost for the mover exactly
    when the XOR of the values is 0.

    Examples
    --------
    >>> print(hiho1173("3\\n2 5 7\\n"), end="")
    Alice
    >>> print(hiho1173("2\\n3 4\\n"), end="")
    Alice
    >>> print(hiho1173("2\\n3 3\\n"), end="")
    Bob
    """
    toks = numbers(input_text, "a heap size")
    if not toks:
        raise ValueError("input_text: empty input, expected N and N heap sizes")
    n = check_int(toks[0], "N")
    heaps = toks[1:1 + n]
    if len(heaps) != n:
        raise ValueError(f"input_text: expected {n} heap sizes, got {len(heaps)}")
    game = LaskersNim()
    x = 0
    for h in heaps:
        x ^= game.grundy(check_int(h, "heap"))
    return ("Alice" if x else "Bob") + "\n"


def poi2000_pas(input_text):
    """POI 2000 "PAS": "1" if the first player wins on each board, else "2".

    The stripes of lengths c, z and n make the octal game with the digit 7 at
    positions c, z and n (:func:`gamelab.games.strips.placement_game`).

    Examples
    --------
    >>> print(poi2000_pas("1 5 1\\n3\\n1\\n5\\n6\\n"), end="")
    1
    1
    2
    """
    toks = numbers(input_text, "a length")
    if len(toks) < 4:
        raise ValueError("input_text: expected 'c z n', then m and m board lengths")
    lengths = [check_int(v, "stripe length", minimum=1) for v in toks[:3]]
    m = check_int(toks[3], "m")
    boards = [check_int(p, "board length") for p in toks[4:4 + m]]
    if len(boards) != m:
        raise ValueError(f"input_text: expected {m} board lengths, got {len(boards)}")
    game = placement_game(lengths)
    values = game.grundy_sequence(max(boards, default=0) + 1)
    return "".join(("1" if values[p] else "2") + "\n" for p in boards)


def poj2311(input_text):
    """POJ 2311 "Cutting Game": "WIN" or "LOSE" for each ``W H`` line.

    Examples
    --------
    >>> print(poj2311("2 2\\n3 2\\n4 2\\n"), end="")
    LOSE
    LOSE
    WIN
    """
    toks = numbers(input_text, "a side")
    if len(toks) % 2:
        raise ValueError("input_text: expected pairs 'W H'")
    pairs = [(check_int(toks[i], "W", minimum=1), check_int(toks[i + 1], "H", minimum=1))
             for i in range(0, len(toks), 2)]
    if not pairs:
        return ""
    game = CuttingGame()
    game.grundy_table(max(max(p) for p in pairs))
    return "".join(("WIN" if game.grundy(p) else "LOSE") + "\n" for p in pairs)


def poj3537(input_text):
    """POJ 3537 "Crosses and Crosses": "1" if the first player wins on a 1 x n strip, else "2".

    Examples
    --------
    >>> print(poj3537("3\\n"), end="")
    1
    >>> print(poj3537("6\\n"), end="")
    2
    """
    toks = numbers(input_text, "n")
    if len(toks) != 1:
        raise ValueError(f"input_text: expected exactly one integer n, got {len(toks)} tokens")
    n = check_int(toks[0], "n", minimum=1)
    return ("1" if Treblecross().grundy(n) else "2") + "\n"


# ---------------------------------------------------------------------------
# registered exercises (lectures 10 and 11); the solvers above are the references


def _hiho1173_cases(rng):
    texts = []
    for size in (3, 10, 60, 20000):
        for _ in range(4):
            heaps = [rng.randint(1, size) for _ in range(rng.randint(1, 6))]
            if rng.random() < 0.5:              # a P-position now and then: pair every heap
                heaps = heaps + heaps
            texts.append(f"{len(heaps)}\n{' '.join(map(str, heaps))}\n")
    return texts


def _poi2000_pas_cases(rng):
    texts = []
    for _ in range(12):
        lengths = [rng.randint(1, 9) for _ in range(3)]
        boards = [rng.randint(1, 80) for _ in range(rng.randint(1, 8))]
        texts.append(f"{' '.join(map(str, lengths))}\n{len(boards)}\n"
                     + "".join(f"{p}\n" for p in boards))
    return texts


def _poj2311_cases(rng):
    return ["".join(f"{rng.randint(2, top)} {rng.randint(2, top)}\n" for _ in range(5))
            for top in (5, 9, 16, 30, 45) for _ in range(2)]


def _poj3537_cases(rng):
    ns = list(range(3, 25)) + [rng.randint(25, 2000) for _ in range(8)] + [2000]
    return [f"{n}\n" for n in ns]


register("hiho1173", kind="judge", reference=hiho1173, cases=_hiho1173_cases)
register("poi2000_pas", kind="judge", reference=poi2000_pas, cases=_poi2000_pas_cases)
register("poj2311", kind="judge", reference=poj2311, cases=_poj2311_cases)
register("poj3537", kind="judge", reference=poj3537, cases=_poj3537_cases)


def dawson_first_player_loses(n):
    """Exercise 11-1: is a row of ``n`` pins of Dawson's Kayles lost for the player to move?

    >>> [n for n in range(30) if dawson_first_player_loses(n)]
    [0, 1, 5, 9, 15, 21, 25, 29]
    """
    n = check_int(n, "n")
    return engine.outcome(DawsonsKayles(), n) == "P"


def _dawson_cases(rng):
    return ([(n,) for n in range(0, 200)] + [(rng.randint(200, 10**6),) for _ in range(20)]
            + [(rng.randint(10**17, 10**18),) for _ in range(20)])


register("ex-11-1", kind="function", reference=dawson_first_player_loses, cases=_dawson_cases)


def dawsons_chess_period():
    """Exercise 11-2: the least ``(preperiod, period)`` of Dawson's Chess, 0.137.

    >>> dawsons_chess_period()
    (52, 34)
    """
    return tuple(TakeAndBreak("0.137").period(1000))


register("ex-11-2", kind="value", reference=dawsons_chess_period,
         hint=N_("compare its values with those of Dawson's Kayles, 0.07, one heap later"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))


def proven_period(values, t):
    """Exercise 11-3: the least ``(preperiod, period)`` the Guy–Smith theorem proves, or None.

    The reference is :func:`gamelab.periodicity.guy_smith_period` (the window
    ``e <= n < 2 * max(e, 1) + p + t``).

    >>> proven_period([0, 0, 0, 0, 1, 1, 1, 2], 2) is None     # 0.04: no e = 0 proof
    True
    """
    return guy_smith_period(values, t)


def _proven_period_cases(rng):
    cases = []
    for code in ("0.04", "0.77", "0.07", "0.137", "0.3", "0.03", "0.7", "4.7", "0.15",
                 "0.33", "0.6"):
        game = TakeAndBreak(code)
        seq = game.grundy_sequence(400).tolist()
        for length in (5, 8, 12, 20, rng.randint(20, 120), rng.randint(120, 400)):
            cases.append((seq[:length], game.t))
    for _ in range(20):                          # noise, then a repeating block
        block = [rng.randint(0, 3) for _ in range(rng.randint(1, 5))]
        head = [rng.randint(0, 3) for _ in range(rng.randint(0, 6))]
        values = (head + block * 40)[:rng.randint(4, 60)]
        cases.append((values, rng.randint(0, 3)))
    return cases


register("ex-11-3", kind="function", reference=proven_period, cases=_proven_period_cases)


def all_but_one_value(n):
    """Exercise 11-5: the value of a heap of ``n`` in the all-but-{1} game (never take
    exactly one token), for any n.

    >>> [all_but_one_value(n) for n in range(8)]
    [0, 0, 1, 1, 2, 2, 3, 3]
    """
    n = check_int(n, "n")
    return engine.grundy(AllBut({1}), n)


def _huge_heaps(rng):
    return ([(n,) for n in range(0, 120)] + [(rng.randint(120, 10**6),) for _ in range(20)]
            + [(rng.randint(10**17, 10**18),) for _ in range(20)])


register("ex-11-5", kind="function", reference=all_but_one_value, cases=_huge_heaps)


def hexadecimal_0b_loses(n):
    """Exercise 11-6: is a heap of ``n`` tokens of the hexadecimal game 0.B (remove one token
    and leave no heap, one heap or three heaps) lost for the player to move?

    >>> [n for n in range(10) if hexadecimal_0b_loses(n)]
    [0, 2, 4, 6, 8]
    """
    n = check_int(n, "n")
    return engine.outcome(TakeAndBreak("0.B"), n) == "P"


register("ex-11-6", kind="function", reference=hexadecimal_0b_loses, cases=_huge_heaps)
