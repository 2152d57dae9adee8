"""Lecture 13 (loopy games): the put-back games' labels, as tests."""
from __future__ import annotations

import gamelab as gl


# -- the put-back games --------------------------------------------------------------------

def putback(n, cap):
    return [n - s for s in (1, 3, 4) if s <= n] + ([n + 1] if 1 <= n < cap else [])


def test_putback_subtraction_labels_for_every_cap_from_8():
    for cap in range(8, 41):
        labels = [gl.loopy_outcome(lambda n, cap=cap: putback(n, cap), n) for n in range(cap + 1)]
        assert "".join(labels[:7]) == "PNPNNNN" and set(labels[7:]) == {"D"}


def test_putback_subtraction_cap_7_and_the_takes_from_8_and_11():
    cap7 = [gl.loopy_outcome(lambda n: putback(n, 7), n) for n in range(8)]
    assert "".join(cap7) == "PNPNNNNP"
    label = lambda n: gl.loopy_outcome(lambda m: putback(m, 15), n)
    first_draw = next(n for n in range(7, 16) if any(label(n - s) == "D" for s in (1, 3, 4)))
    first_all = next(n for n in range(7, 16) if all(label(n - s) == "D" for s in (1, 3, 4)))
    assert (first_draw, first_all) == (8, 11)
    assert not any(label(n - s) == "P" for n in range(7, 16) for s in (1, 3, 4))


def test_exercise_13_4_putback_nim_two_nonempty_heaps_draw_from_cap_2():
    for cap in range(1, 6):
        heap = lambda n, cap=cap: list(range(n)) + ([n + 1] if 1 <= n < cap else [])

        def pair(p):
            a, b = p
            return [(x, b) for x in heap(a)] + [(a, y) for y in heap(b)]

        outcomes = {(a, b): gl.loopy_outcome(pair, (a, b))
                    for a in range(1, cap + 3) for b in range(1, cap + 3)}
        if cap == 1:
            assert all((o == "P") == (a == b) for (a, b), o in outcomes.items())
        else:
            assert set(outcomes.values()) == {"D"}
