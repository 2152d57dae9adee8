"""Judge exercises of lecture 07: staircase Nim (阶梯博弈) in disguise.

Each solver reads a judge's input as one string and returns the output the
judge expects.  Both problems are games of pieces that slide in one
direction and may not pass each other; the gaps between the pieces form a
staircase Nim position (:class:`gamelab.StaircaseNim`), and the solvers use
gamelab's closed form for it.  The tests check both against plain search on
the original games.

The exercises of lecture 07 are registered here
(:func:`gamelab.exercises.check.register`): ``"poj1704"``,
``"lanqiao_gaoseng"`` (whose checks start with the two official samples)
and ``"ex-07-1"``; the solvers are the reference solutions behind them.

References
----------
.. [1] POJ 1704 "Georgia and Bob".
.. [2] LanQiao (蓝桥杯) 2013 final, "高僧斗法" (Luogu P8606).
.. [3] Course notes "寻找必败态" and "妮姆博弈-阶梯博弈".
"""
from __future__ import annotations

from ..judge_input import counted as _counted
from ..judge_input import numbers as _numbers
from ... import engine
from ...games.staircase import PiecesOnStrip, StaircaseNim
from ..check import official_sample, register
from ...i18n import gettext_noop as N_
from ..helpers import monk_options, monks_position, monks_to_staircase

__all__ = ["poj1704", "lanqiao_gaoseng", "monk_options", "monks_to_staircase",
           "monk_winning_move", "staircase_winning_moves"]


def poj1704(input_text):
    """POJ 1704 "Georgia and Bob": who wins the pieces-on-a-strip game?

    Parameters
    ----------
    input_text : str
        ``T``, then for each test a line ``N`` and a line of ``N`` distinct
        cells (unsorted).

    Returns
    -------
    str
        One line per test, ``"Georgia will win"`` (first player) or
        ``"Bob will win"``.

    Examples
    --------
    >>> print(poj1704("2\\n3\\n1 2 3\\n8\\n1 5 6 7 9 12 14 17\\n"), end="")
    Bob will win
    Georgia will win

    References
    ----------
    .. [1] POJ 1704 "Georgia and Bob".
    """
    tests, nums = _counted(input_text)
    i = 1
    game = PiecesOnStrip()
    lines = []
    for t in range(tests):
        if i >= len(nums):
            raise ValueError(f"input_text ends before test {t + 1}")
        n = nums[i]
        if n < 0 or i + 1 + n > len(nums):
            raise ValueError(f"input_text: test {t + 1} announces {n} pieces that are not all there")
        cells = tuple(nums[i + 1:i + 1 + n])
        i += 1 + n
        first_wins = game.outcome(cells) == "N"
        lines.append("Georgia will win" if first_wins else "Bob will win")
    return "\n".join(lines) + ("\n" if lines else "")


def monk_winning_move(monks):
    """The winning move ``(A, B)`` with the smallest ``A``, or ``None``.

    >>> monk_winning_move((1, 5, 9)), monk_winning_move((1, 3, 5, 7))
    ((1, 4), None)
    """
    monks = monks_position(monks)
    stairs = monks_to_staircase(monks)
    for new in StaircaseNim().winning_moves(stairs):   # steps from the bottom up
        i = next(k for k, (a, b) in enumerate(zip(stairs, new)) if b < a)
        return monks[i], monks[i] + stairs[i] - new[i]
    return None


def lanqiao_gaoseng(input_text):
    """LanQiao "高僧斗法" (monks' duel): the winning move with the smallest A, or -1.

    Parameters
    ----------
    input_text : str
        One line: the monks' steps, strictly increasing; the last is the top.

    Returns
    -------
    str
        ``"A B"`` (move the monk on step A to step B) or ``"-1"``.

    Examples
    --------
    >>> lanqiao_gaoseng("1 5 9\\n"), lanqiao_gaoseng("1 5 8 10\\n")
    ('1 4\\n', '1 3\\n')

    References
    ----------
    .. [1] LanQiao (蓝桥杯) 2013 final, "高僧斗法"; Luogu P8606.
    """
    monks = tuple(_numbers(input_text))
    try:
        move = monk_winning_move(monks)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"input_text: {exc}") from None
    return ("-1" if move is None else f"{move[0]} {move[1]}") + "\n"


# ---------------------------------------------------------------------------
# registered exercises

def _poj1704_cases(rng):
    """Random boards: small ones (the tests compare them with search) and large ones."""
    texts = []
    for _ in range(10):
        boards = []
        for _ in range(rng.randint(1, 6)):
            width = rng.choice([8, 12, 10000])
            n = rng.randint(1, min(6, width))
            cells = rng.sample(range(1, width + 1), n)
            boards.append(cells)
        texts.append(f"{len(boards)}\n" + "".join(
            f"{len(b)}\n{' '.join(map(str, b))}\n" for b in boards))
    return texts


register("poj1704", kind="judge", reference=poj1704, cases=_poj1704_cases)


def _gaoseng_cases(rng):
    """The two official samples first, then random staircases (small and large)."""
    texts = [official_sample(f"lanqiao_gaoseng_{i}")[0] for i in (1, 2)]
    for _ in range(20):
        top = rng.choice([6, 10, 15, 100])
        lower = sorted(rng.sample(range(1, top), rng.randint(1, min(6, top - 1))))
        texts.append(" ".join(map(str, lower + [top])) + "\n")
    return texts


register("lanqiao_gaoseng", kind="judge", reference=lanqiao_gaoseng, cases=_gaoseng_cases)


def staircase_winning_moves(position=(5, 9, 3, 9, 6)):
    """Exercise 07-1: every winning move of staircase Nim from ``position``.

    By gamelab's closed form (:meth:`gamelab.StaircaseNim.winning_moves`),
    which the tests check against plain search on this very position: plain
    search walks its 194 656 positions, too slow for a check run in class.

    >>> staircase_winning_moves((1, 0, 2))
    {(1, 1, 1)}
    """
    return set(engine.winning_moves(StaircaseNim(), position))


register("ex-07-1", kind="value", reference=staircase_winning_moves,
         hint=N_("only the odd steps count; an empty set is a possible answer"),
         note=N_("but this value is one gamelab call away, and it is not the answer we mark: "
                 "your reasoning in the answer cell above is"))
