"""Issue 37, fuzz round 3: each call answers promptly or is refused clearly (naming the argument).

The hang and memory cases run in a subprocess under a CPU-time limit and a 2 GiB
address-space cap (:func:`gamelab_testing.limits.run_limited`); none asserts on time.
"""
from __future__ import annotations

import itertools

import pytest

import gamelab as gl
from gamelab_testing import plain_misere_p, sums_of_heaps
from gamelab_testing.limits import run_limited


def answered(result):
    assert isinstance(result, dict), result
    assert "answer" in result, result
    assert result["right"], result


def answered_or_refused(result, naming):
    assert isinstance(result, dict), result
    if "answer" in result:
        assert result["right"], result
    else:
        assert "refused" in result, result
        assert naming in result["message"], result


# -- misère quotients: heaps whose options fall in the classes of a lighter heap's add nothing

@pytest.mark.parametrize("code", [
    """
    def call(): return gl.misere_quotient(gl.Subtraction([1, 2]), 2000).order
    def expected(): return gl.misere_quotient(gl.Subtraction([1, 2]), 40).order
    """,
    """
    def call():
        q = gl.misere_quotient(gl.TakeAndBreak("0.7"), 2000)
        return q.order, [q.outcome([h]) for h in range(1995, 2001)]
    def expected():
        q = gl.misere_quotient(gl.TakeAndBreak("0.7"), 60)
        return q.order, [q.outcome([h % 4 + 4 * 10]) for h in range(1995, 2001)]
    """,
], ids=["subtraction-12-2000", "octal-07-2000"])
def test_misere_quotient_of_many_heaps_answers(code):
    answered(run_limited(code))


@pytest.mark.parametrize("game,n", [("gl.Subtraction([1, 2])", 10**6),
                                    ("gl.TakeAndBreak('0.7')", 10**5)])
def test_misere_quotient_of_huge_heaps_answers_or_refuses(game, n):
    answered_or_refused(run_limited(f"""
        def call(): return gl.misere_quotient({game}, {n}).order
        def expected(): return gl.misere_quotient({game}, 60).order
        """), "max_heap")


@pytest.mark.parametrize("game,moves", [
    (gl.Subtraction([1, 2]), lambda h: [(h - s,) for s in (1, 2) if s <= h]),
    (gl.TakeAndBreak("0.7"), lambda h: [(a, h - 1 - a) for a in range((h - 1) // 2 + 1)]
     if h else []),
    (gl.TakeAndBreak("0.07"), lambda h: [(a, h - 2 - a) for a in range((h - 2) // 2 + 1)]
     if h >= 2 else []),
])
def test_misere_quotient_with_twin_heaps_agrees_with_search(game, moves):
    q = gl.misere_quotient(game, 14)
    is_p = plain_misere_p(moves)
    for heaps in sums_of_heaps(14, 22):
        assert q.outcome(list(heaps)) == ("P" if is_p(heaps) else "N"), heaps


def test_misere_quotient_says_a_heap_game_is_needed():
    with pytest.raises(TypeError, match="game must be a heap game"):
        gl.misere_quotient(gl.Nim(), 5)


@pytest.mark.parametrize("seconds,kind", [("5", TypeError), (float("nan"), ValueError),
                                          (0, ValueError), (float("inf"), ValueError)])
def test_misere_quotient_seconds(seconds, kind):
    with pytest.raises(kind, match="seconds"):
        gl.misere_quotient(gl.Subtraction([1]), 5, seconds=seconds)
