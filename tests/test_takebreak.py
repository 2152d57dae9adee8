"""Take-and-break games: the octal-code parser, the fast sequences against plain
search, the published sequences, proven periods, and bad input."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelab as gl
from gamelab.games.takebreak import (
    CuttingGame,
    Treblecross,
    octal_table,
    parse_octal,
    placement_game,
)
from conftest import read_sequence


def plain(game):
    """The same rules as a bare HeapGame: plain search, no fast path."""
    return gl.HeapGame(game._moves, validate_heap=game._validate_heap)


# ---------------------------------------------------------------------------
# octal codes

@pytest.mark.parametrize("code, digits, canonical", [
    ("0.77", (0, 7, 7), "0.77"),
    ("0.07", (0, 0, 7), "0.07"),
    ("0.137", (0, 1, 3, 7), "0.137"),
    (".137", (0, 1, 3, 7), "0.137"),
    ("4.7", (4, 7), "4.7"),
    ("0.70007", (0, 7, 0, 0, 0, 7), "0.70007"),
    ("0.0700", (0, 0, 7), "0.07"),
    (" 0.6 ", (0, 6), "0.6"),
    ("4.", (4,), "4.0"),
    ("0.", (0,), "0.0"),
])
def test_parse_octal(code, digits, canonical):
    assert parse_octal(code) == digits
    assert gl.TakeAndBreak(code).code == canonical
    assert gl.TakeAndBreak(code).digits == digits


@pytest.mark.parametrize("code", ["0.8", "", "0.x7", "1.2.3", ".", "077", "0,77", "0.7 7",
                                  "1.7", "2.7", "3.0", "7.7", "-0.7", "0.7e1", "٠.٧"])
def test_malformed_codes_raise_value_error_naming_code(code):
    with pytest.raises(ValueError, match="code"):
        gl.TakeAndBreak(code)
    with pytest.raises(ValueError, match="code"):
        parse_octal(code)


@pytest.mark.parametrize("code", [None, 0.77, 77, b"0.77", ["0.77"], True])
def test_non_string_codes_raise_type_error_naming_code(code):
    with pytest.raises(TypeError, match="code"):
        gl.TakeAndBreak(code)


def test_octal_table_explains_each_digit():
    t = octal_table("4.137")
    lines = t.text.splitlines()
    assert lines[0] == "octal code 4.137"
    rows = [[c.strip() for c in line.split("|")] for line in lines[2:]]
    assert rows == [["0", "4", "-", "-", "yes"], ["1", "1", "yes", "-", "-"],
                    ["2", "3", "yes", "yes", "-"], ["3", "7", "yes", "yes", "yes"]]
    assert 'class="gamelab-table"' in t.html and "font-weight:bold" in t.html
    assert gl.Kayles().table() == octal_table("0.77")


def test_octal_moves_follow_the_digits():
    g = gl.TakeAndBreak("0.137")
    assert g.moves(1) == [()]
    assert g.moves(2) == [()]
    assert g.moves(3) == [(1,), ()]
    assert g.moves(5) == [(3,), (2,), (1, 1)]
    assert gl.Kayles().moves(4) == [(3,), (1, 2), (2,), (1, 1)]
    assert gl.TakeAndBreak("4.0").moves(5) == [(1, 4), (2, 3)]
    assert gl.TakeAndBreak("0.").moves(7) == []


# ---------------------------------------------------------------------------
# published sequences (OEIS)

def test_kayles_is_a002186():
    offset, values = read_sequence("kayles_A002186.txt")
    assert offset == 0
    assert gl.Kayles().grundy_sequence(len(values)).tolist() == values
    assert [gl.grundy(gl.Kayles(), n) for n in range(len(values))] == values


def test_dawsons_kayles_is_a002187_shifted():
    offset, values = read_sequence("dawsons_chess_A002187.txt")
    seq = gl.DawsonsKayles().grundy_sequence(len(values) + 1).tolist()
    assert seq[0] == 0
    assert seq[1:] == values  # G_0.07(n) = A002187(n - 1)
    assert gl.TakeAndBreak("0.137").grundy_sequence(len(values)).tolist() == values


def test_grundys_game_is_a002188():
    offset, values = read_sequence("grundys_game_A002188.txt")
    assert gl.GrundysGame().grundy_sequence(len(values)).tolist() == values


# ---------------------------------------------------------------------------
# fast sequences against plain search

NAMED = [gl.Kayles, gl.DawsonsKayles, gl.GrundysGame, gl.LaskersNim, Treblecross]


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
def test_named_games_agree_with_plain_heap_search(make):
    game = make()
    ref = plain(game)
    seq = game.grundy_sequence(90)
    assert isinstance(seq, np.ndarray) and seq.ndim == 1
    assert np.issubdtype(seq.dtype, np.integer)
    assert seq.tolist() == [ref.grundy(n) for n in range(90)]
    assert [game.grundy(n) for n in range(90)] == seq.tolist()


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
def test_named_games_agree_with_engine_search_over_collections(make):
    game = make()
    for n in range(13):
        assert gl.search_grundy(game, n) == gl.grundy(game, n)
        assert gl.search_winning_moves(game, n) == gl.winning_moves(game, n)
        assert gl.search_outcome(game, n, misere=True) == gl.outcome(game, n, misere=True)


octal_digit = st.integers(0, 7)


@st.composite
def octal_codes(draw):
    d0 = draw(st.sampled_from(["", "0", "4"]))
    rest = draw(st.lists(octal_digit, min_size=0 if d0 else 1, max_size=4))
    return d0 + "." + "".join(map(str, rest))


@settings(max_examples=60, deadline=None)
@given(octal_codes())
def test_fast_sequence_of_any_code_agrees_with_plain_search(code):
    game = gl.TakeAndBreak(code)
    ref = plain(game)
    seq = game.grundy_sequence(70).tolist()
    assert seq == [ref.grundy(n) for n in range(70)]
    for n in (0, 1, 5, 9):
        assert gl.search_grundy(game, n) == seq[n]


@settings(max_examples=25, deadline=None)
@given(octal_codes(), st.lists(st.integers(0, 30), min_size=1, max_size=4))
def test_values_of_collections_are_xors(code, heaps):
    game = gl.TakeAndBreak(code)
    position = tuple(heaps)
    x = 0
    for h in heaps:
        x ^= game.grundy(h)
    assert gl.grundy(game, position) == x
    assert gl.grundy(gl.Sum(*[game] * len(heaps)), position) == x
    assert gl.outcome(game, position) == ("P" if x == 0 else "N")


def test_values_above_127_switch_to_a_wider_dtype():
    code = "0." + "7" * 300      # a row of pins; knock down up to 300 adjacent ones
    game = gl.TakeAndBreak(code)
    seq = game.grundy_sequence(300)
    vals = [0]
    for n in range(1, 300):      # a separate, slow implementation of the same rules
        opts = set()
        for k in range(1, n + 1):
            for a in range(0, (n - k) // 2 + 1):
                opts.add(vals[a] ^ vals[n - k - a])
        m = 0
        while m in opts:
            m += 1
        vals.append(m)
    assert max(vals) > 255
    assert seq.tolist() == vals
    assert seq.dtype == np.uint16


def test_grundy_sequence_pieces_agree():
    k = gl.Kayles()
    long = k.grundy_sequence(3000)
    assert gl.Kayles().grundy_sequence(10).tolist() == long[:10].tolist()
    assert k.grundy_sequence(5).tolist() == long[:5].tolist()
    assert k.grundy_sequence(0).tolist() == []


# ---------------------------------------------------------------------------
# periods

def _check_periodic(seq, e, p):
    seq = np.asarray(seq)
    assert np.array_equal(seq[e + p:], seq[e:len(seq) - p])
    if e:
        assert seq[e - 1 + p] != seq[e - 1]


@pytest.mark.parametrize("make, expected", [
    (gl.Kayles, (71, 12)),
    (gl.DawsonsKayles, (53, 34)),
    (lambda: gl.TakeAndBreak("0.137"), (52, 34)),
    (lambda: gl.TakeAndBreak("0.4"), (54, 34)),
    (lambda: gl.TakeAndBreak("4.7"), (1, 2)),
    (lambda: gl.TakeAndBreak("0.3"), (0, 2)),
    (lambda: gl.TakeAndBreak("0.31"), (3, 2)),     # 0, 1, 2, then 0, 1, 0, 1, ...
])
def test_proven_periods(make, expected):
    game = make()
    assert game.period(5000) == expected
    e, p = expected
    _check_periodic(game.grundy_sequence(3000), e, p)
    # the least period: no proper divisor works from e on
    seq = game.grundy_sequence(3000)
    for d in range(1, p):
        if p % d == 0:
            assert not np.array_equal(seq[e + d:], seq[e:len(seq) - d])


def test_period_needs_the_guy_smith_window():
    from gamelab.periodicity import needed_length
    for make, (e, p) in [(gl.Kayles, (71, 12)), (gl.DawsonsKayles, (53, 34))]:
        need = needed_length(e, p, 2)
        assert make().period(need - 1) is None
        assert make().period(need) == (e, p)
        g = make()
        assert g.period(10_000) == (e, p)
        assert g.period(need - 1) is None     # the answer does not depend on history
        assert g.period(need) == (e, p)


def test_huge_heaps_use_the_proven_period():
    k = gl.Kayles()
    seq = k.grundy_sequence(71 + 12)
    for n in (10**6, 10**18 + 5, 3**100):
        assert k.grundy(n) == seq[71 + (n - 71) % 12]
    assert gl.outcome(k, 10**18) == "N"
    d = gl.DawsonsKayles()
    big = d.grundy_sequence(5000)
    assert d.grundy(10**9 + 4999 - 10**9) == big[4999]
    assert d.grundy(53 + 34 * 10**12) == big[53]
    tiled = d.grundy_sequence(10**6)
    assert tiled.shape == (10**6,) and tiled[: 5000].tolist() == big.tolist()
    _check_periodic(tiled, 53, 34)


def test_unproven_or_aperiodic_games_have_no_period():
    assert gl.GrundysGame().period(2000) is None
    assert gl.LaskersNim().period(2000) is None
    assert gl.TakeAndBreak("0.6").period(300) is None       # an open problem
    assert gl.TakeAndBreak("0.007").period(300) is None


def test_huge_heap_without_a_period_is_refused(monkeypatch):
    import gamelab.games.octal_sequence as engine
    monkeypatch.setattr(engine, "MAX_SEQUENCE", 500)
    with pytest.raises(ValueError, match="heap 10000 is too large"):
        gl.GrundysGame().grundy(10_000)
    with pytest.raises(ValueError, match="too large"):
        gl.GrundysGame().grundy_sequence(10_000)
    assert gl.Kayles().grundy(10**20) == gl.Kayles().grundy(71 + (10**20 - 71) % 12)


# ---------------------------------------------------------------------------
# Lasker's Nim: the closed form

def test_lasker_closed_form_agrees_with_search():
    g = gl.LaskersNim()
    ref = plain(g)
    for n in range(120):
        assert g.grundy(n) == ref.grundy(n)
    assert g.grundy_sequence(120).tolist() == [ref.grundy(n) for n in range(120)]
    for n in range(10):
        assert gl.search_grundy(g, n) == g.grundy(n)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=3))
def test_lasker_winning_moves_agree_with_search(heaps):
    g = gl.LaskersNim()
    ref = plain(g)
    position = tuple(heaps) if len(heaps) > 1 else heaps[0]
    assert g.winning_moves(position) == ref.winning_moves(position)
    assert gl.outcome(g, position) == ref.outcome(position)


def test_lasker_seed_example():
    g = gl.LaskersNim()
    assert [g.grundy(n) for n in (2, 5, 7)] == [2, 5, 8]
    moves = gl.winning_moves(gl.Sum(g, g, g), (2, 5, 7))
    assert (2, 5, (1, 6)) in moves
    assert g.grundy(10**30 + 3) == 10**30 + 4


# ---------------------------------------------------------------------------
# misère play and winning moves of the fast games

@pytest.mark.parametrize("make", [gl.Kayles, gl.DawsonsKayles, gl.GrundysGame],
                         ids=lambda m: m.__name__)
def test_winning_moves_and_misere_agree_with_search(make):
    game = make()
    ref = plain(game)
    for n in range(25):
        assert gl.winning_moves(game, n) == ref.winning_moves(n)
    for n in range(14):
        assert gl.outcome(game, n, misere=True) == gl.search_outcome(ref, n, misere=True)
        assert gl.winning_moves(game, n, misere=True) == gl.search_winning_moves(ref, n, misere=True)


# ---------------------------------------------------------------------------
# placement games, the cutting game, Treblecross

def test_placement_game_is_the_octal_game_with_sevens():
    g = placement_game([5, 1, 1])
    assert g.code == "0.70007"
    assert placement_game(range(1, 4)).code == "0.777"


def test_cutting_game_table_agrees_with_search():
    c = CuttingGame()
    ref = plain(c)
    for w in range(1, 22):
        for h in range(1, 22):
            assert c.grundy((w, h)) == ref.grundy((w, h)), (w, h)
    t = c.grundy_table(30)
    assert t.shape == (31, 31)
    assert (t[1:, 1:] == t[1:, 1:].T).all()


def test_treblecross_is_shifted_0007():
    t = Treblecross()
    ref = plain(t)
    o = gl.TakeAndBreak("0.007")
    for n in range(60):
        assert t.grundy(n) == ref.grundy(n)
        if n:
            assert t.grundy(n) == o.grundy(n + 2)
    assert t.grundy_sequence(60).tolist() == [ref.grundy(n) for n in range(60)]


# ---------------------------------------------------------------------------
# bad input

BAD_HEAPS = [(-1, ValueError), (1.5, TypeError), (True, TypeError), (None, TypeError),
             ("3", TypeError), ([3], TypeError), ({3}, TypeError)]


@pytest.mark.parametrize("make", NAMED + [lambda: gl.TakeAndBreak("0.137")],
                         ids=["Kayles", "Dawson", "Grundy", "Lasker", "Treble", "0.137"])
@pytest.mark.parametrize("heap, exc", BAD_HEAPS)
def test_bad_heaps(make, heap, exc):
    game = make()
    with pytest.raises(exc, match="heap"):
        game.grundy(heap)
    with pytest.raises(exc, match="heap"):
        gl.grundy(game, heap)
    with pytest.raises(exc, match="heap"):
        gl.winning_moves(game, heap)


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
@pytest.mark.parametrize("value, exc", [(-1, ValueError), (2.0, TypeError), (False, TypeError),
                                        (None, TypeError), ("10", TypeError)])
def test_bad_sequence_length_and_limit(make, value, exc):
    game = make()
    with pytest.raises(exc, match="n"):
        game.grundy_sequence(value)
    if value is None:              # period(limit=None): the game's default limit
        assert game.period(None) == game.period()
    else:
        with pytest.raises(exc, match="limit"):
            game.period(value)


@pytest.mark.parametrize("misere", [1, 0, None, "yes"])
def test_misere_must_be_bool(misere):
    with pytest.raises(TypeError, match="misere"):
        gl.outcome(gl.Kayles(), 4, misere=misere)
    with pytest.raises(TypeError, match="misere"):
        gl.winning_moves(gl.Kayles(), 4, misere=misere)


@pytest.mark.parametrize("heap, exc", [((1,), TypeError), ((0, 3), ValueError), ([2, 3], TypeError),
                                       ((2, 3, 4), TypeError), ((2, -3), ValueError),
                                       ((2.5, 3), TypeError), (5, TypeError), (None, TypeError)])
def test_cutting_game_bad_rectangles(heap, exc):
    with pytest.raises(exc, match="heap"):
        CuttingGame().grundy(heap)


@pytest.mark.parametrize("size, exc", [(0, ValueError), (10**6, ValueError), (2.0, TypeError),
                                       (None, TypeError)])
def test_cutting_game_bad_table_size(size, exc):
    with pytest.raises(exc, match="size"):
        CuttingGame().grundy_table(size)


@pytest.mark.parametrize("lengths, exc", [([], ValueError), ([0], ValueError), ([-2], ValueError),
                                          ("15", TypeError), (None, TypeError), ([1.5], TypeError),
                                          ([True], TypeError), (5, TypeError)])
def test_placement_game_bad_lengths(lengths, exc):
    with pytest.raises(exc, match="lengths"):
        placement_game(lengths)


@pytest.mark.parametrize("make", NAMED, ids=lambda m: m.__name__)
def test_named_games_take_no_arguments(make):
    with pytest.raises(TypeError):
        make("0.77")


@pytest.mark.parametrize("code, exc", [("0.8", ValueError), (None, TypeError), (0.77, TypeError)])
def test_octal_table_bad_code(code, exc):
    with pytest.raises(exc, match="code"):
        octal_table(code)


@pytest.mark.parametrize("tile", [1, None, "no"])
def test_tile_must_be_bool(tile):
    with pytest.raises(TypeError, match="tile"):
        gl.Kayles().grundy_sequence(10, tile=tile)


@pytest.mark.parametrize("position, exc", [((1, -2), ValueError), ((1, 2.5), TypeError),
                                           ((1, (2,)), TypeError), ((1, None), TypeError),
                                           ((1, [2]), TypeError)])
def test_bad_collections_of_heaps(position, exc):
    for game in (gl.Kayles(), gl.LaskersNim(), gl.Kayles().without_shortcuts()):
        with pytest.raises(exc, match="heap"):
            gl.grundy(game, position)
        with pytest.raises(exc, match="heap"):
            gl.search_grundy(game, position)


def test_collections_are_canonical_and_searchable():
    k = gl.Kayles()
    assert k.validate((4, 1, 3)) == (1, 3, 4)
    assert gl.game_options(k, (2, 1)) == gl.game_options(k, (1, 2))
    assert gl.search_grundy(k, (3, 5, 6)) == k.grundy(3) ^ k.grundy(5) ^ k.grundy(6)
    assert gl.search_grundy(k, ()) == 0
    assert gl.grundy(k.without_shortcuts(), (3, 5)) == k.grundy(3) ^ k.grundy(5)
