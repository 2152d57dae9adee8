"""Every claim of lecture 10 (take-and-break games) as a test; periods are in
test_11_periodicity.py."""
from __future__ import annotations

import gamelab as gl


def lasker_claim(n):
    if n == 0:
        return 0
    return {1: n, 2: n, 3: n + 1, 0: n - 1}[n % 4]


def test_lasker_pattern_against_search():
    plain = gl.LaskersNim().without_shortcuts()
    assert [plain.grundy(n) for n in range(200)] == [lasker_claim(n) for n in range(200)]


def test_lasker_small_position_and_wrong_guess():
    g = gl.LaskersNim().without_shortcuts()
    assert g.moves(3) == [(2,), (1,), (), (1, 2)]
    assert g.grundy(3) == 4
    wrong = lambda n: n if n < 3 else (n + 1 if n % 2 else n - 1)
    assert next(n for n in range(1, 100) if wrong(n) != g.grundy(n)) == 5


def test_lasker_three_heaps_from_the_seed():
    g = gl.LaskersNim()
    assert [g.grundy(n) for n in (2, 5, 7)] == [2, 5, 8]
    assert gl.winning_moves(gl.Sum(g, g, g), (2, 5, 7)) == [(2, 5, (1, 6)), (2, 5, (2, 5)), (2, 5, (3, 4))]


def test_lasker_residue_table_of_the_proof():
    # the last two bits of f(a) ^ f(b) for a + b = n, as the proof's table says
    never = {1: 1, 2: 2, 3: 0, 0: 3}     # n mod 4 -> residue no split reaches
    for n in range(2, 400):
        for a in range(1, n // 2 + 1):
            assert (lasker_claim(a) ^ lasker_claim(n - a)) % 4 != never[n % 4]


def test_kayles_first_player_wins_by_symmetry():
    """The first player takes the middle pin (n odd) or the middle two (n even) and
    leaves two equal rows, of value 0: every row of 1 to 2999 pins is an N-position.

    The middle move is found among the listed moves of every row up to 300 pins; for
    every row up to 2999 it is read from the rule itself (the number of pins it takes
    may leave two rows), without listing the row's n moves (the listing follows the
    rule for every code and heap: tests/games/test_octal_rules.py)."""
    k = gl.Kayles()
    for n in range(1, 3000):
        half = (n - 1) // 2 if n % 2 else (n - 2) // 2
        middle = (half, half) if half else ()
        taken = n - 2 * half                      # 1 or 2 pins, adjacent, in the middle
        assert gl.outcome(k, n) == "N"
        assert k.value_of(middle) == 0
        none, _, two = k.rules.leaves(taken)
        assert (two and half >= 1) or (none and not middle), n
        if n <= 300:
            assert middle in k.moves(n)


def test_dawsons_kayles_p_positions():
    assert [n for n in range(100) if gl.outcome(gl.DawsonsKayles(), n) == "P"] == [
        0, 1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59, 63, 73, 77, 89, 93, 97]


def test_treblecross_losing_strips():
    # Winning Ways: the first player loses 1 x n Treblecross exactly for these n below 60
    assert [n for n in range(3, 60) if gl.outcome(gl.Treblecross(), n) == "P"] == [6, 12, 22, 30, 32, 44, 54]


WON = "three in a row"


def treblecross_original(strip):
    if strip == WON:
        return []
    out = []
    for i, c in enumerate(strip):
        if not c:
            after = strip[:i] + (1,) + strip[i + 1:]
            out.append(WON if any(after[j:j + 3] == (1, 1, 1) for j in range(len(after) - 2))
                       else after)
    return out


def test_treblecross_plus_two_and_gaps():
    # the lecture's "+2": a gap of k empty cells between two X's is the heap k - 2 of 0.007,
    # and the empty strip of n cells is a gap of n + 4 (an imagined X two cells beyond each end)
    octal = gl.TakeAndBreak("0.007")
    for n in range(3, 13):
        assert (gl.search_outcome(treblecross_original, (0,) * n) == "P") == (octal.grundy(n + 2) == 0)
    for k in range(2, 12):
        gap = (1,) + (0,) * k + (1,)
        assert (gl.search_outcome(treblecross_original, gap) == "P") == (octal.grundy(k - 2) == 0)
    assert [gl.Treblecross().grundy(n) for n in range(1, 200)] == [octal.grundy(n + 2) for n in range(1, 200)]


def pas_code(lengths):
    digits = ["0"] * max(lengths)
    for L in lengths:
        digits[L - 1] = "7"
    return "0." + "".join(digits)


def test_pas_code_derivation_equals_the_package():
    import random
    rng = random.Random(10)
    for _ in range(200):
        lengths = [rng.randint(1, 12) for _ in range(rng.randint(1, 4))]
        assert pas_code(lengths) == gl.placement_game(lengths).code
    assert pas_code([1, 5, 1]) == "0.70007"


def test_cutting_game_small_values():
    c = gl.CuttingGame()
    assert [c.grundy((2, h)) for h in range(2, 13)] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    assert [c.grundy((w, 4)) for w in range(2, 13)] == [1] * 11


def test_cutting_game_thin_rectangles_are_dawsons_kayles():
    # a cut of a 2 x h (or 3 x h) rectangle can only be across it: G(2, h) = G_0.07(h - 2)
    c = gl.CuttingGame()
    d = gl.DawsonsKayles()
    for h in range(2, 201):
        assert c.grundy((2, h)) == c.grundy((3, h)) == c.grundy((h, 2)) == d.grundy(h - 2)


# ---------------------------------------------------------------------------
# the corrections and the proof exercise of lecture 10

def test_lasker_residues_hold_for_positive_heaps_only():
    assert lasker_claim(0) == 0                      # 0 -> 0, not 0 -> 3
    image = {1: 1, 2: 2, 3: 0, 0: 3}
    assert all(lasker_claim(m) % 4 == image[m % 4] for m in range(1, 400))


def test_lasker_three_heaps_only_the_third_heap_can_win():
    plain = gl.LaskersNim().without_shortcuts()
    worth = {n: {plain.value_of(m) for m in plain.moves(n)} for n in (2, 5)}
    assert max(worth[2]) == 1 and max(worth[5]) == 6
    assert 2 ^ 15 not in worth[2] and 5 ^ 15 not in worth[5]
    assert lasker_claim(7) ^ 15 == 7


def test_odd_lengths_alternate_exactly_when_1_is_among_them():
    import itertools
    sets = [s for r in (1, 2, 3) for s in itertools.combinations((1, 3, 5, 7, 9, 11), r)]
    for lengths in sets:
        values = gl.TakeAndBreak(pas_code(lengths)).grundy_sequence(80).tolist()
        assert (values == [n % 2 for n in range(80)]) == (1 in lengths), lengths
    assert gl.TakeAndBreak(pas_code([3, 5])).grundy_sequence(5).tolist() == [0, 0, 0, 1, 1]


def test_exercise_10_5_first_player_wins_every_odd_treblecross_strip():
    assert all(gl.outcome(gl.Treblecross(), n) == "N" for n in range(1, 4001, 2))
