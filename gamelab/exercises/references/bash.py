"""Judge exercises of lectures 00 and 01: P/N positions and the Bash game (巴什博弈).

Each ``hduNNNN(input_text)`` reads a judge's input as one string and returns
the output the judge expects (one answer per line).  The solvers use gamelab:
the Bash game's closed form ``n % (m + 1)`` (through ``gl.outcome`` on
:class:`gamelab.Bash`), and, for kiki's game, the parity pattern that a search
over small boards reveals.  The tests check every solver against plain search.

References
----------
.. [1] HDU Online Judge, problems 1846 ("Brave Game"), 2147 ("kiki's game"),
   2149 ("Public Sale") and 2188.
.. [2] C. L. Bouton, "Nim, a game with a complete mathematical theory",
   Annals of Mathematics 3 (1901) — the P/N method used throughout.
"""
from __future__ import annotations

from ..judge_input import counted as _counted
from ..judge_input import numbers as _numbers
from ... import engine
from ..._validate import check_int, check_int_tuple
from ...games.subtraction import Bash, Subtraction
from ..check import register
from ...i18n import gettext_noop as N_

__all__ = [
    "hdu1846", "hdu2188", "hdu2149", "hdu2147",
    "kiki_options", "kiki_first_player_wins", "public_sale_bids",
    "take124_p_positions", "rook_kiki_options", "rook_kiki_loses", "misere_bash_loses",
]


def _counted_pairs(input_text):
    """A count C followed by C pairs ``a b``."""
    count, nums = _counted(input_text)
    if len(nums) - 1 < 2 * count:
        raise ValueError(
            f"input_text announces {count} tests but holds only {(len(nums) - 1) // 2} pairs")
    return [(nums[1 + 2 * i], nums[2 + 2 * i]) for i in range(count)]


def _positive(value, what):
    if value < 1:
        raise ValueError(f"input_text: {what} must be >= 1, got {value}")
    return value


# ---------------------------------------------------------------------------
# HDU 1846 and HDU 2188: the Bash game itself

def hdu1846(input_text):
    """HDU 1846 "Brave Game": one heap of n, take 1..m; does the first player win?

    Parameters
    ----------
    input_text : str
        ``C`` then ``C`` lines ``n m``.

    Returns
    -------
    str
        One line per test, ``first`` or ``second``.

    Examples
    --------
    >>> print(hdu1846("2\\n23 2\\n4 3\\n"), end="")
    first
    second

    References
    ----------
    .. [1] HDU Online Judge, problem 1846.
    """
    lines = []
    for n, m in _counted_pairs(input_text):
        n, m = _positive(n, "n"), _positive(m, "m")
        lines.append("first" if engine.outcome(Bash(m), n) == "N" else "second")
    return "\n".join(lines) + ("\n" if lines else "")


def hdu2188(input_text):
    """HDU 2188: players alternately add 1..m to a total; whoever reaches n wins.

    The game from total ``t`` is the Bash game on a heap of ``n - t``: adding
    k to the total is taking k stones from what is still missing.  So the
    first player wins unless ``n`` is a multiple of ``m + 1``.

    Parameters
    ----------
    input_text : str
        ``C`` then ``C`` lines ``n m``.

    Returns
    -------
    str
        One line per test, ``Grass`` if the first player wins, else ``Rabbit``.

    Examples
    --------
    >>> print(hdu2188("3\\n8 10\\n11 10\\n12 5\\n"), end="")
    Grass
    Rabbit
    Rabbit

    References
    ----------
    .. [1] HDU Online Judge, problem 2188.
    """
    lines = []
    for n, m in _counted_pairs(input_text):
        n, m = _positive(n, "n"), _positive(m, "m")
        lines.append("Grass" if engine.outcome(Bash(m), n) == "N" else "Rabbit")
    return "\n".join(lines) + ("\n" if lines else "")


# ---------------------------------------------------------------------------
# HDU 2149: every winning first bid

def public_sale_bids(price, max_raise):
    """Every first bid that wins the auction of HDU 2149, in increasing order.

    The price starts at 0; a bid raises it by 1..``max_raise``; the bid that
    brings it to ``price`` or beyond wins.  With ``r`` still missing, a bid of
    k leaves ``max(r - k, 0)`` missing: that is the Bash game with
    ``m = max_raise`` on a heap of ``r``, except that a bid may overshoot.
    A bid wins exactly when what it leaves is a P-position of that game.

    Parameters
    ----------
    price : int
        The price that wins the land (``M`` in the problem), at least 1.
    max_raise : int
        The largest raise allowed (``N``), at least 1.

    Returns
    -------
    list of int
        Empty when the first bidder loses.

    Examples
    --------
    >>> public_sale_bids(4, 2), public_sale_bids(3, 2), public_sale_bids(3, 5)
    ([1], [], [3, 4, 5])

    References
    ----------
    .. [1] HDU Online Judge, problem 2149.
    """
    price = check_int(price, "price", minimum=1)
    max_raise = check_int(max_raise, "max_raise", minimum=1)
    game = Bash(max_raise)
    return [k for k in range(1, max_raise + 1)
            if engine.outcome(game, max(price - k, 0)) == "P"]


def hdu2149(input_text):
    """HDU 2149 "Public Sale": lines ``M N`` until the end of the input.

    Returns one line per test: the winning first bids separated by spaces,
    or ``none``.

    Examples
    --------
    >>> print(hdu2149("4 2\\n3 2\\n3 5\\n"), end="")
    1
    none
    3 4 5

    References
    ----------
    .. [1] HDU Online Judge, problem 2149.
    """
    nums = _numbers(input_text)
    if len(nums) % 2:
        raise ValueError("input_text must hold pairs 'M N', got an odd number of integers")
    lines = []
    for i in range(0, len(nums), 2):
        price, max_raise = _positive(nums[i], "M"), _positive(nums[i + 1], "N")
        bids = public_sale_bids(price, max_raise)
        lines.append(" ".join(map(str, bids)) if bids else "none")
    return "\n".join(lines) + ("\n" if lines else "")


# ---------------------------------------------------------------------------
# HDU 2147: kiki's game on an n x m board

def kiki_options(position):
    """Options in kiki's game: the token steps left, down, or diagonally left-down.

    A position is ``(down, left)``: how many rows the token can still go
    down and how many columns it can still go left.  On an n x m board the
    token starts in the top-right corner, at ``(n - 1, m - 1)``; at
    ``(0, 0)`` (the bottom-left corner) no move is left.

    Examples
    --------
    >>> kiki_options((2, 1))
    [(2, 0), (1, 1), (1, 0)]
    >>> kiki_options((0, 0))
    []
    """
    down, left = check_int_tuple(position, "position", length=2)
    out = []
    if left:
        out.append((down, left - 1))
    if down:
        out.append((down - 1, left))
    if down and left:
        out.append((down - 1, left - 1))
    return out


def kiki_first_player_wins(n, m):
    """Whether the first player wins kiki's game on an ``n`` x ``m`` board.

    A search over small boards shows the P-positions ``(down, left)`` are
    exactly those with both coordinates even; the start is
    ``(n - 1, m - 1)``, so the first player loses exactly when n and m are
    both odd.

    Examples
    --------
    >>> kiki_first_player_wins(5, 3), kiki_first_player_wins(5, 4)
    (False, True)
    """
    n = check_int(n, "n", minimum=1)
    m = check_int(m, "m", minimum=1)
    return not (n % 2 == 1 and m % 2 == 1)


def hdu2147(input_text):
    """HDU 2147 "kiki's game": lines ``n m`` ended by ``0 0``.

    Returns one line per board: ``Wonderful!`` if kiki (moving first) wins,
    ``What a pity!`` otherwise.

    Examples
    --------
    >>> print(hdu2147("5 3\\n5 4\\n6 6\\n0 0\\n"), end="")
    What a pity!
    Wonderful!
    Wonderful!

    References
    ----------
    .. [1] HDU Online Judge, problem 2147.
    """
    nums = _numbers(input_text)
    lines = []
    for i in range(0, len(nums) - 1, 2):
        n, m = nums[i], nums[i + 1]
        if n == 0 and m == 0:
            break
        n, m = _positive(n, "n"), _positive(m, "m")
        lines.append("Wonderful!" if kiki_first_player_wins(n, m) else "What a pity!")
    else:
        raise ValueError("input_text must end with the line '0 0'")
    return "\n".join(lines) + ("\n" if lines else "")


# ---------------------------------------------------------------------------
# Lecture exercises beside the judge problems

def take124_p_positions(top=21):
    """The P-positions ``0 .. top`` of the stone game with moves 1, 2 and 4, by search.

    >>> take124_p_positions(10)
    [0, 3, 6, 9]
    """
    top = check_int(top, "top")
    game = Subtraction({1, 2, 4})
    return [n for n in range(top + 1) if engine.search_outcome(game, n) == "P"]


def rook_kiki_options(position):
    """kiki's game without the diagonal step: the token steps left or down.

    >>> rook_kiki_options((2, 1)), rook_kiki_options((0, 0))
    ([(2, 0), (1, 1)], [])
    """
    return [p for p in kiki_options(position) if sum(p) == sum(position) - 1]


def rook_kiki_loses(n, m):
    """Whether the first player loses :func:`rook_kiki_options` on an ``n`` x ``m`` board.

    Every move lowers ``down + left`` by one and the game ends at 0, so the
    start ``(n - 1, m - 1)`` is a P-position exactly when ``n + m`` is even.

    >>> rook_kiki_loses(3, 5), rook_kiki_loses(2, 5)
    (True, False)
    """
    n = check_int(n, "n", minimum=1)
    m = check_int(m, "m", minimum=1)
    return (n + m) % 2 == 0


def misere_bash_loses(n, m):
    """Misère Bash game (who takes the last stone loses): does the mover lose a heap of n?

    The mover loses exactly when ``n % (m + 1) == 1``: the heap 1 plays the
    part that 0 plays in normal play.

    >>> [n for n in range(12) if misere_bash_loses(n, 3)]
    [1, 5, 9]
    """
    n = check_int(n, "n")
    m = check_int(m, "m", minimum=1)
    return n % (m + 1) == 1


# ---------------------------------------------------------------------------
# Registered exercises (see gamelab.exercises.check): the official sample
# first, then these generated cases, answered by the solvers above.

def _counted_text(pairs):
    return f"{len(pairs)}\n" + "".join(f"{a} {b}\n" for a, b in pairs)


def _hdu1846_cases(rng):
    out = [_counted_text([(n, m) for m in (1, 2, 3) for n in range(1, 9)])]
    for _ in range(12):
        pairs = []
        for _ in range(rng.randint(1, 6)):
            m = rng.randint(1, 1000)
            n = rng.choice([rng.randint(1, 1000), (m + 1) * rng.randint(1, 1000 // (m + 1) or 1)])
            pairs.append((min(n, 1000), m))
        out.append(_counted_text(pairs))
    return out


def _hdu2188_cases(rng):
    out = [_counted_text([(8, 10), (11, 10), (12, 5)]),
           _counted_text([(n, m) for m in (1, 2, 3) for n in range(1, 9)])]
    for _ in range(12):
        pairs = []
        for _ in range(rng.randint(1, 6)):
            m = rng.randint(1, 10)
            n = rng.choice([rng.randint(1, 9999), (m + 1) * rng.randint(1, 9999 // (m + 1))])
            pairs.append((n, m))
        out.append(_counted_text(pairs))
    return out


def _hdu2149_cases(rng):
    out = ["".join(f"{price} {step}\n" for price in range(1, 8) for step in (1, 2, 3, 6))]
    for _ in range(12):
        lines = []
        for _ in range(rng.randint(1, 5)):
            step = rng.randint(1, 1099)
            price = rng.choice([rng.randint(1, 1099), rng.randint(1, step),
                                (step + 1) * rng.randint(1, 1099 // (step + 1) or 1)])
            lines.append(f"{min(price, 1099)} {step}\n")
        out.append("".join(lines))
    return out


def _hdu2147_cases(rng):
    out = ["".join(f"{n} {m}\n" for n in range(1, 6) for m in range(1, 6)) + "0 0\n"]
    for _ in range(12):
        boards = [(rng.randint(1, 2000), rng.randint(1, 2000)) for _ in range(rng.randint(1, 6))]
        out.append("".join(f"{n} {m}\n" for n, m in boards) + "0 0\n")
    return out


def _board_cases(rng):
    small = [(n, m) for n in range(1, 5) for m in range(1, 5)]
    return small + [(rng.randint(1, 10**9), rng.randint(1, 10**9)) for _ in range(16)]


def _misere_bash_cases(rng):
    small = [(n, m) for m in (1, 2, 3) for n in range(0, 10)]
    return small + [(rng.randint(0, 10**12), rng.randint(1, 50)) for _ in range(20)]


register("ex-00-1", kind="value", reference=take124_p_positions,
         hint=N_("a heap is P when every move from it leads to an N-position"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
register("hdu2147", kind="judge", reference=hdu2147, cases=_hdu2147_cases)
register("ex-00-3", kind="function", reference=rook_kiki_loses, cases=_board_cases)
register("hdu1846", kind="judge", reference=hdu1846, cases=_hdu1846_cases)
register("hdu2188", kind="judge", reference=hdu2188, cases=_hdu2188_cases)
register("hdu2149", kind="judge", reference=hdu2149, cases=_hdu2149_cases)
register("ex-01-4", kind="function", reference=misere_bash_loses, cases=_misere_bash_cases)
