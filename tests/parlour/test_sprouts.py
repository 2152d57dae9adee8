"""Sprouts: the position strings, the moves, the outcomes, against a plain search written
here on tuples of spot numbers (no canonical form, no reduction, no nim-sum) and against
the published values.

Published values (first player: "N" wins, "P" loses):

* normal play, n = 1..11: D. Applegate, G. Jacobson, D. Sleator, "Computer analysis of
  Sprouts", CMU-CS-91-144 (1991); the table of the Wikipedia article "Sprouts (game)",
  section "Normal version", citing it (Loss for 0, 1, 2, 6, 7, 8 spots, Win for 3, 4, 5,
  9, 10, 11); J. Lemoine, S. Viennot, "Computer analysis of Sprouts with nimbers",
  Games of No Chance 4 (2015), arXiv:1008.2320, abstract: the first player wins iff
  n mod 6 is 3, 4 or 5, for every n computed (to 32 and beyond).
* misère play, n = 1..12: OEIS A164950 ("1 if there is a winning strategy for misère
  Sprouts with n initial points"): 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, taken from
  Figure 1 of J. Lemoine, S. Viennot, "Analysis of misère Sprouts game with reduced
  canonical trees", arXiv:0908.4407 (2009).
"""
from __future__ import annotations

import functools
import itertools
import random
from string import ascii_lowercase, ascii_uppercase

import pytest

import gamelab as gl
from gamelab.parlour.sprouts import (MAX_SPOTS, Sprouts, sprouts_canonical, sprouts_lands,
                                   sprouts_outcome, sprouts_start)

NORMAL = dict(enumerate("PPNNNPPPNNN", start=1))
MISERE = dict(enumerate("NPPPNNPPPNNN", start=1))


# ---------------------------------------------------------------------------
# a plain search, on its own representation: a position is a tuple of regions, a region
# a tuple of boundaries, a boundary a tuple of spot numbers in walking order (dead spots
# kept), and the lives of spot k are lives[k]


def read(text):
    """A position string read into ``(regions, lives)`` for the plain search."""
    regions, lives = [], []
    for land in text.rstrip("!").split("]")[:-1]:
        names = {}
        for region in land.split("}")[:-1]:
            bounds = []
            for boundary in region.split(".")[:-1]:
                cycle = []
                for ch in boundary:
                    if ch in "012":
                        lives.append(3 - int(ch))
                        cycle.append(len(lives) - 1)
                    else:
                        if ch not in names:
                            lives.append(1)
                            names[ch] = len(lives) - 1
                        cycle.append(names[ch])
                bounds.append(tuple(cycle))
            regions.append(tuple(bounds))
    return tuple(regions), tuple(lives)


def successors(regions, lives):
    """Every position one line away."""
    new = len(lives)
    for r, region in enumerate(regions):
        kept = regions[:r] + regions[r + 1:]
        sites = [(b, i) for b, bd in enumerate(region) for i in range(len(bd))]
        for (b1, i), (b2, j) in itertools.combinations_with_replacement(sites, 2):
            x, y = region[b1][i], region[b2][j]
            if (b1, i) == (b2, j):
                if lives[x] < 2:
                    continue
            elif x == y or lives[x] < 1 or lives[y] < 1:
                continue
            after = list(lives) + [1]
            after[x] -= 1
            after[y] -= 1
            after = tuple(after)
            others = [bd for k, bd in enumerate(region) if k not in (b1, b2)]
            if b1 != b2:      # two boundaries become one, walked round both ends
                p, q = region[b1], region[b2]
                walk_p = p[i:] + p[:i] + ((x,) if len(p) > 1 else ())
                walk_q = q[j:] + q[:j] + ((y,) if len(q) > 1 else ())
                yield kept + (tuple(others) + (walk_p + (new,) + walk_q + (new,),),), after
                continue
            cyc = region[b1]  # one boundary: the region is cut in two
            inside = cyc[i:j + 1] + (new,)
            if len(cyc) == 1:
                outside = (x, new)
            elif i == j:
                outside = cyc[i:] + cyc[:i] + (x, new)
            else:
                outside = cyc[j:] + cyc[:i + 1] + (new,)
            for mask in range(2 ** len(others)):
                a = tuple(o for k, o in enumerate(others) if mask >> k & 1)
                c = tuple(o for k, o in enumerate(others) if not mask >> k & 1)
                yield kept + ((inside,) + a, (outside,) + c), after


def key(position):
    regions, lives = position
    turn = lambda c: min(c[i:] + c[:i] for i in range(len(c)))  # noqa: E731
    return frozenset(frozenset(turn(b) for b in r) for r in regions), lives


def plain_wins(position, misere, memo):
    """Whether the player to move wins, by plain search."""
    k = key(position)
    if k not in memo:
        moved, found = False, False
        for option in successors(*position):
            moved = True
            if not plain_wins(option, misere, memo):
                found = True
                break
        memo[k] = found if moved else misere
    return memo[k]


def plain_grundy(position, memo):
    k = key(position)
    if k not in memo:
        values = {plain_grundy(o, memo) for o in successors(*position)}
        memo[k] = next(v for v in itertools.count() if v not in values)
    return memo[k]


def lives(position):
    """The lives left in a position string."""
    return sum(3 - int(c) if c in "012" else 0.5 if c.isalpha() else 0 for c in position)


def played(seed, n, moves, most_lives=None):
    """The position after ``moves`` random moves from ``n`` spots (or the end), played on
    until at most ``most_lives`` lives are left if that is given."""
    rng, game, position = random.Random(seed), Sprouts(), sprouts_start(n)
    done = 0
    while done < moves or most_lives is not None and lives(position) > most_lives:
        options = game.options(position)
        if not options:
            break
        position = rng.choice(options)
        done += 1
    return position


def scrambled(position, rng):
    """``position`` written another way: lands, regions and boundaries reordered, each
    boundary started elsewhere, letters renamed, each land mirrored or not."""
    lands = position[:-1].split("]")[:-1]
    rng.shuffle(lands)
    out = []
    for land in lands:
        low = sorted({c for c in land if c.islower()})
        up = sorted({c for c in land if c.isupper()})
        names = dict(zip(low, rng.sample(ascii_lowercase, len(low))))
        names.update(zip(up, rng.sample(ascii_uppercase, len(up))))
        mirror = rng.random() < 0.5
        regions = land.split("}")[:-1]
        rng.shuffle(regions)
        written = []
        for region in regions:
            bounds = region.split(".")[:-1]
            rng.shuffle(bounds)
            cycles = []
            for b in bounds:
                b = "".join(names.get(c, c) for c in b)[::-1 if mirror else 1]
                k = rng.randrange(len(b))
                cycles.append(b[k:] + b[:k] + ".")
            written.append("".join(cycles) + "}")
        out.append("".join(written) + "]")
    return "".join(out) + "!"


# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_start_outcomes_are_the_plain_searchs(n):
    start = read(sprouts_start(n))
    for misere in (False, True):
        expected = "N" if plain_wins(start, misere, {}) else "P"
        assert sprouts_outcome(n, misere=misere) == expected, (n, misere)
        assert gl.outcome(Sprouts(), sprouts_start(n), misere=misere) == expected


@pytest.mark.parametrize("seed", range(12))
def test_positions_of_play_are_the_plain_searchs(seed):
    position = played(seed, 4 + seed % 4, 1, most_lives=7 + seed % 2)
    game = Sprouts()
    assert gl.grundy(game, position) == plain_grundy(read(position), {}), position
    for misere in (False, True):
        expected = "N" if plain_wins(read(position), misere, {}) else "P"
        assert gl.outcome(game, position, misere=misere) == expected, (position, misere)


@pytest.mark.parametrize("seed", range(6))
def test_the_nim_sum_of_lands_is_the_plain_grundy_value(seed):
    game = Sprouts()
    extra = ["0.}]", "2a2a.}]", "22.}]", "AB.}AB.}]", "12.}]", "1a2a.}]"][seed]
    position = played(seed, 3 + seed % 2, 1, most_lives=4)[:-1] + extra + "!"
    assert len(sprouts_lands(position)) >= 2
    assert gl.grundy(game, position) == plain_grundy(read(position), {})
    assert gl.grundy(game, position) == gl.engine.search_grundy(Sprouts(), position)


@pytest.mark.parametrize("n", range(1, 5))
def test_the_normal_table_is_the_published_one(n):
    assert sprouts_outcome(n) == NORMAL[n]
    assert NORMAL[n] == ("P" if n % 6 in (0, 1, 2) else "N")


@pytest.mark.slow
@pytest.mark.parametrize("n", [5])
def test_the_normal_table_is_the_published_one_further(n):
    assert Sprouts().outcome(sprouts_start(n)) == NORMAL[n]


@pytest.mark.parametrize("n", range(1, 6))
def test_the_misere_table_is_the_published_one(n):
    assert sprouts_outcome(n, misere=True) == MISERE[n]


def test_the_options_counted_by_hand():
    game = Sprouts()
    # one spot: only a loop, the spot and its new spot seen inside and outside
    assert game.options(sprouts_start(1)) == ["AB.}AB.}]!"]
    # two spots: a loop (the other spot inside is the same as outside), or a line
    assert game.options(sprouts_start(2)) == ["0.AB.}AB.}]!", "1a1a.}]!"]
    # n spots: loops with 0, 1, ..., (n - 1) // 2 spots on the smaller side, and a line
    for n in range(1, 8):
        assert len(game.options(sprouts_start(n))) == (n - 1) // 2 + 1 + (n > 1)
    # 1a1a: a loop at either 1 (one up to symmetry), 1 to a (two sites, one up to
    # symmetry), 1 to 1 (splits the region)
    assert sorted(game.options("1a1a.}]!")) == ["1AB.}AB.}]!", "1a2a.}]!", "ABCD.}ADCB.}]!"]
    # after the loop of one spot, the last move joins the two spots: nothing is left
    assert game.options("AB.}AB.}]!") == ["!"]
    assert game.options("!") == []
    # two lands: the options of each, the other unchanged
    assert len(game.options("0.}]0.}]!")) == 1
    assert len(game.options("0.0.}]0.}]!")) == 3


@pytest.mark.parametrize("seed", range(40))
def test_the_canonical_form_is_the_same_written_any_way(seed):
    rng = random.Random(seed)
    position = played(seed, 3 + seed % 5, seed % 9)
    assert sprouts_canonical(position) == position
    for _ in range(4):
        other = scrambled(position, rng)
        assert sprouts_canonical(other) == position, other


def test_the_canonical_form_by_hand():
    assert sprouts_canonical("0.DC.}0.CD.}]!") == "0.AB.}0.AB.}]!"
    assert sprouts_canonical("1b1b.}]!") == "1a1a.}]!"
    # a region without a move is dropped, its letter left alone is 2
    assert sprouts_canonical("2.}]0.A.}A.}]!") == "0.2.}]!"
    # two consecutive sites of one spot are one
    assert sprouts_canonical("1aa.}]!") == "12.}]!"
    # dead regions only: the end of the game
    assert sprouts_canonical("2.}]!") == "!"
    assert sprouts_lands("0.}]0.0.}]!") == ["0.0.}]", "0.}]"]


def test_the_protocol():
    game = Sprouts()
    assert game.always_ends and game.start(3) == "0.0.0.}]!"
    assert gl.outcome(game, game.start(3)) == "N"
    assert gl.grundy(game, "0.}]0.}]!") == 0
    assert gl.winning_moves(game, "0.0.}]0.}]!") == []
    assert gl.outcome(game, "0.0.0.}]0.0.}]!") == "N"


@pytest.mark.parametrize("bad, error", [
    ("3", TypeError), (3.0, TypeError), (True, TypeError), (None, TypeError),
    (0, ValueError), (-1, ValueError), (MAX_SPOTS + 1, ValueError),
])
def test_bad_n(bad, error):
    with pytest.raises(error, match="n must"):
        sprouts_outcome(bad)
    with pytest.raises(error, match="n must"):
        Sprouts().start(bad)


def test_bad_misere():
    with pytest.raises(TypeError, match="misere"):
        sprouts_outcome(3, misere=1)


@pytest.mark.parametrize("bad", [
    "", "0.", "0.}", "00.}]!", "0.}]0.}", "a.}]!", "aa a.}]!", "1a1a1a.}]!", "3.}]!",
    "a.}a.}]!", "1A1A.}]!", "1a.1a.}]!", ".}]!", "0.}]!!", "0.}]x!", "A.}]A.}]!",
    "0." * 40 + "}]!",
])
def test_bad_positions(bad):
    with pytest.raises(ValueError, match="position"):
        sprouts_canonical(bad)
    with pytest.raises(ValueError, match="position"):
        gl.outcome(Sprouts(), bad)


@pytest.mark.parametrize("bad", [5, None, ["0.}]!"], b"0.}]!"])
def test_positions_that_are_not_strings(bad):
    with pytest.raises(TypeError, match="position"):
        sprouts_canonical(bad)
    with pytest.raises(TypeError, match="position"):
        gl.outcome(Sprouts(), bad)


def test_a_search_past_the_budget_is_refused(monkeypatch):
    monkeypatch.setattr(gl.engine, "SEARCH_WORK", 2000)
    with pytest.raises(ValueError, match="Sprouts search"):
        gl.outcome(Sprouts(), sprouts_start(5))
