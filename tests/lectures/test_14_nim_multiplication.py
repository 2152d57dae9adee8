"""Every claim of lecture 14 (nim multiplication, two-dimensional coin turning) as a test,
and the lecture's standalone judge programs on more cases than the notebook runs."""
from __future__ import annotations

import functools
import itertools
import random
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.exercises.references import nimber as ex
from gamelab.exercises.check import exercise as find_exercise
from gamelab.exercises.runner import run_source
from gamelab_testing import NOTEBOOKS, lecture_programs

NOTEBOOK = NOTEBOOKS / "14_nim_multiplication.ipynb"
CORNERS = gl.TartanGame.named("turning_corners")
FERGUSON = ("TTTTT", "TTTHT", "TTTTT", "TTHTT", "TTTTH")


def single_head(r, c, rows, cols):
    return tuple("".join("H" if (i, j) == (r, c) else "T" for j in range(1, cols + 1))
                 for i in range(1, rows + 1))


@functools.lru_cache(maxsize=None)
def mex_product(x, y):
    return gl.mex({mex_product(a, y) ^ mex_product(x, b) ^ mex_product(a, b)
                   for a in range(x) for b in range(y)})


def boards(m, n):
    for faces in itertools.product("TH", repeat=m * n):
        yield tuple("".join(faces[k * n:(k + 1) * n]) for k in range(m))


# -- the rules and the small board ---------------------------------------------------------

def test_the_small_board_of_the_rules():
    board = ("TTT", "TTH", "TTH")
    assert len(gl.game_options(CORNERS, board)) == 6
    assert gl.search_grundy(CORNERS, board) == 1
    assert sorted(gl.search_winning_moves(CORNERS, board)) == sorted(
        [("THH", "TTH", "THT"), ("TTT", "HTT", "HTT")])
    heads = [gl.search_grundy(CORNERS, single_head(r, 3, 3, 3)) for r in (2, 3)]
    assert heads == [2, 3]


def test_every_move_lowers_the_board_read_in_binary():
    def number(board):
        bits = "".join(board)
        return sum(1 << k for k, face in enumerate(bits) if face == "H")
    for board in boards(3, 3):
        for option in gl.game_options(CORNERS, board):
            assert number(option) < number(board)


# -- compute: search, the mex rule, Acrostic Twins -------------------------------------------

def test_single_heads_by_search_are_the_nim_products():
    for x, y in itertools.product(range(5), repeat=2):
        value = gl.search_grundy(CORNERS, single_head(x + 1, y + 1, 5, 5))
        assert value == mex_product(x, y) == gl.nim_mul(x, y)
    assert [gl.nim_mul(2, 2), gl.nim_mul(4, 4), gl.nim_mul(2, 4)] == [3, 6, 8]


def test_acrostic_twins_gives_the_nim_sum():
    g = gl.AcrosticTwins()
    for x, y in itertools.product(range(5), repeat=2):
        assert gl.search_grundy(g, single_head(x + 1, y + 1, 5, 5)) == x ^ y


def test_mex_rule_is_gamelabs_product():
    assert all(mex_product(x, y) == gl.nim_mul(x, y)
               for x, y in itertools.product(range(40), repeat=2))


@pytest.mark.slow
def test_the_search_of_a_six_by_six_corner_head_does_not_finish_in_the_budget(tenth_budget):
    """Refused, at a tenth of every budget (at the default it is refused the same way, only
    after minutes)."""
    with pytest.raises(ValueError, match="CPU time|positions|options"):
        gl.search_grundy(gl.TartanGame.named("turning_corners"), single_head(6, 6, 6, 6))


# -- what the table shows ----------------------------------------------------------------------

def test_the_conjectures_of_the_table():
    n = 64
    t = [[gl.nim_mul(x, y) for y in range(n)] for x in range(n)]
    assert all(t[0][y] == 0 and t[1][y] == y for y in range(n))
    assert all(t[x][y] == t[y][x] for x in range(n) for y in range(n))
    assert all(len(set(row)) == n for row in t[1:])                  # no repeats in a row
    assert all((t[x][y] == 0) == (x == 0 or y == 0) for x in range(n) for y in range(n))
    for F in (4, 16):
        assert all(max(t[x][:F]) < F and sorted(t[x][:F]) == list(range(F))
                   for x in range(1, F))
    assert max(max(row[:8]) for row in t[:8]) == 15 and t[2][4] == 8
    assert [gl.nim_mul(4, 3), gl.nim_mul(16, 5)] == [12, 80]


def test_the_two_rules_of_the_fermat_2_powers():
    for n in range(11):
        F = 2 ** 2 ** n
        assert gl.nim_mul(F, F) == 3 * F // 2 == F ^ F // 2
        rng = random.Random(n)
        for x in [0, 1, F - 1] + [rng.randrange(F) for _ in range(20)]:
            assert gl.nim_mul(F, x) == F * x
    assert gl.nim_mul(8, 8) == 13 == gl.nim_mul(3, 6) == gl.nim_mul(3, 4) ^ gl.nim_mul(3, 2)
    assert gl.nim_mul(2, 4) == 8 and gl.nim_mul(3, 2) == 1


def test_the_carry_less_product_first_fails_at_2_times_2():
    def carryless(x, y):
        return gl.nim_sum([x << k for k in range(y.bit_length()) if y >> k & 1])
    first = next((x, y) for x in range(16) for y in range(16)
                 if carryless(x, y) != gl.nim_mul(x, y))
    assert first == (2, 2) and carryless(2, 2) == 4


# -- the field ---------------------------------------------------------------------------------

def test_field_laws_below_64_and_subfields():
    t = [[gl.nim_mul(x, y) for y in range(256)] for x in range(256)]
    for x, y, z in itertools.product(range(0, 64, 3), range(64), range(64)):
        assert t[x][y ^ z] == t[x][y] ^ t[x][z]
        assert t[t[x][y]][z] == t[x][t[y][z]]
    for F in (2, 4, 16, 256):
        assert all(max(t[x][:F]) < F for x in range(F))
        assert all(t[x][:F].count(1) == 1 for x in range(1, F))
    assert [max(max(row[:n]) for row in t[:n]) for n in (8, 32, 64, 128)] == [15, 255, 255, 255]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_field_laws_below_2_64(x, y, z):
    assert gl.nim_mul(x, y ^ z) == gl.nim_mul(x, y) ^ gl.nim_mul(x, z)
    assert gl.nim_mul(gl.nim_mul(x, y), z) == gl.nim_mul(x, gl.nim_mul(y, z))
    for F in (2**16, 2**32, 2**64):
        if x < F and y < F:
            assert gl.nim_mul(x, y) < F
    if y:
        assert gl.nim_mul(y, gl.nim_inv(y)) == 1 and gl.nim_inv(y) < gl.nim_field_size(y)


def test_inverses_in_the_field_of_16():
    assert [gl.nim_inv(x) for x in range(1, 16)] == [
        1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4]


# -- the Tartan theorem ------------------------------------------------------------------------

PRODUCTS = [("twins", "twins"), ("one_or_two", "one_or_two"), ("mock_turtles", "mock_turtles"),
            ("ruler", "ruler"), ("twins", "ruler"), ("ruler", "mock_turtles")]


def one_d(rule, i):
    return i - 1 if rule == "twins" else gl.CoinTurning(rule).head_value(i)


def by_theorem(rows, cols, board):
    return gl.nim_sum([gl.nim_mul(one_d(rows, r), one_d(cols, c))
                       for r, line in enumerate(board, 1)
                       for c, face in enumerate(line, 1) if face == "H"])


@pytest.mark.parametrize("rows, cols", PRODUCTS)
def test_tartan_theorem_on_every_board_of_at_most_8_coins(rows, cols):
    game = gl.TartanGame(rows, cols)
    for m, n in [(m, n) for m in range(1, 9) for n in range(1, 9) if m * n <= 8]:
        for b in boards(m, n):
            assert gl.search_grundy(game, b) == by_theorem(rows, cols, b), b


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRODUCTS), st.sampled_from([(3, 3), (2, 6), (6, 2), (3, 4), (4, 3)]),
       st.data())
def test_tartan_theorem_on_random_boards_up_to_12_coins(product, shape, data):
    (rows, cols), (m, n) = product, shape
    faces = data.draw(st.lists(st.sampled_from("HT"), min_size=m * n, max_size=m * n))
    board = tuple("".join(faces[k * n:(k + 1) * n]) for k in range(m))
    game = gl.TartanGame(rows, cols)
    assert gl.search_grundy(game, board) == by_theorem(rows, cols, board)


def test_the_option_of_a_move_is_the_product_formula():
    # (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) = (a ⊕ a′) ⊗ (b ⊕ b′) ⊕ a ⊗ b, and it is never a ⊗ b
    for a, b, a2, b2 in itertools.product(range(12), repeat=4):
        left = gl.nim_mul(a2, b) ^ gl.nim_mul(a, b2) ^ gl.nim_mul(a2, b2)
        assert left == gl.nim_mul(a ^ a2, b ^ b2) ^ gl.nim_mul(a, b)
        if a2 != a and b2 != b:
            assert left != gl.nim_mul(a, b)


def test_head_values_printed_in_the_lecture():
    assert gl.TartanGame("one_or_two").head_values(3, 6)[1] == [2, 3, 1, 8, 10, 11]
    assert gl.TartanGame("ruler").head_values(3, 6)[1] == [2, 3, 2, 8, 2, 3]
    assert gl.TartanGame("twins", "ruler").name == "Tartan game (Twins × Ruler)"


def test_rugs_wrong_guess():
    rugs = gl.TartanGame.named("rugs")
    assert gl.search_grundy(rugs, single_head(2, 2, 2, 2)) == 3 != 2 * 2
    for r, c in itertools.product(range(1, 5), repeat=2):
        if (r, c) < (2, 2):
            assert gl.search_grundy(rugs, single_head(r, c, r, c)) == (r & -r) * (c & -c)


# -- three dimensions --------------------------------------------------------------------------

def box_options(heads):
    out = []
    for x, y, z in heads:
        for a, b, c in itertools.product(range(x), range(y), range(z)):
            out.append(heads ^ set(itertools.product((a, x), (b, y), (c, z))))
    return out


def test_three_dimensions_by_search():
    for h in itertools.product(range(3), range(3), range(4)):
        want = gl.nim_mul(gl.nim_mul(h[0], h[1]), h[2])
        assert gl.search_grundy(box_options, frozenset({h})) == want
        assert gl.tartan_value(["twins"] * 3, [c + 1 for c in h]) == want
    pair = frozenset({(1, 2, 3), (2, 2, 2)})
    assert gl.search_grundy(box_options, pair) == 0


def test_the_order_of_the_three_factors_does_not_matter():
    for x, y, z in itertools.product(range(1, 9), repeat=3):
        values = {gl.tartan_value(["twins"] * 3, [c + 1 for c in p])
                  for p in itertools.permutations((x, y, z))}
        assert values == {gl.nim_mul(gl.nim_mul(x, y), z)}


# -- play: the winning move found with inverses ---------------------------------------------------

def test_the_winning_move_from_the_play_position():
    assert gl.grundy(CORNERS, FERGUSON) == gl.search_grundy(CORNERS, FERGUSON) == 4
    assert [CORNERS.head_value(*rc) for rc in ((2, 4), (4, 3), (5, 5))] == [3, 1, 6]
    assert gl.search_winning_moves(CORNERS, FERGUSON) == [
        ("TTTTT", "TTTHT", "TTTTT", "TTHHH", "TTTHT")]
    found = []
    for x2 in range(4):
        v = gl.nim_mul(4, gl.nim_inv(4 ^ x2))
        if 4 ^ v < 4:
            found.append((x2, 4 ^ v))
    assert found == [(3, 3)]
    # the four corners of any move are worth (x ⊕ x′) ⊗ (y ⊕ y′) together
    for x, y, x2, y2 in itertools.product(range(8), repeat=4):
        if x2 < x and y2 < y:
            four = (gl.nim_mul(x, y) ^ gl.nim_mul(x2, y) ^ gl.nim_mul(x, y2)
                    ^ gl.nim_mul(x2, y2))
            assert four == gl.nim_mul(x ^ x2, y ^ y2)


def test_the_play_position_fits_the_move_buttons():
    widgets = pytest.importorskip("gamelab.widgets.play")
    assert len(gl.game_options(CORNERS, FERGUSON)) <= widgets.MAX_BUTTONS


# -- the lecture's standalone programs ----------------------------------------------------------

PROGRAMS = {problem: source for _, problem, source in lecture_programs(NOTEBOOK)}


def test_the_lecture_has_a_program_for_each_judge_problem():
    assert set(PROGRAMS) == {"hdu3404", "lc_nim_product_64", "poj3533"}


def test_library_checker_program_on_the_official_sample_and_many_products(sample):
    src, out = sample("lc_nim_product_64")
    assert run_source(PROGRAMS["lc_nim_product_64"], src).output == out
    rng = random.Random(64)
    pairs = [(rng.getrandbits(rng.choice((8, 16, 32, 64))), rng.getrandbits(64))
             for _ in range(3000)] + [(2**64 - 1, 2**63), (2**32, 2**32), (0, 5)]
    text = f"{len(pairs)}\n" + "".join(f"{a} {b}\n" for a, b in pairs)
    run = run_source(PROGRAMS["lc_nim_product_64"], text)
    assert not run.failure
    assert run.output.split() == [str(gl.nim_mul(a, b)) for a, b in pairs]


@pytest.mark.parametrize("problem, solver", [("hdu3404", ex.hdu3404), ("poj3533", ex.poj3533)])
def test_light_programs_against_the_reference(problem, solver):
    exercise = find_exercise(problem)
    for text in exercise.cases(random.Random(f"lecture 14 {problem}")):
        run = run_source(PROGRAMS[problem], text)
        assert not run.failure
        assert run.output.split("\n")[:-1] == solver(text).split("\n")[:-1], text
