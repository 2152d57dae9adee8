"""Shared test helpers: paths, reference data and judge samples."""
from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def read_sequence(name):
    """Values of a published sequence shipped with the package, with its offset.

    ``name`` is a file name of ``gamelab/data/sequences`` (its OEIS number is
    in it).  Returns ``(offset, values)`` where ``values[0]`` is a(offset).
    """
    from gamelab.data import reference_sequence

    found = reference_sequence(re.search(r"A\d{6}", name).group(0))
    return found.offset, list(found.values)


def judge_sample(problem):
    """``(input_text, expected_output_text)`` of a judge problem's official sample,
    as shipped with the package (``gamelab/exercises/samples``)."""
    from gamelab.exercises.check import official_sample

    found = official_sample(problem)
    if found is None:
        raise FileNotFoundError(f"no official sample for {problem!r} in gamelab/exercises/samples")
    return found


def same_tokens(got, expected):
    """Judges compare outputs token by token (white space differences ignored)."""
    return got.split() == expected.split()


@pytest.fixture
def sample():
    return judge_sample


@pytest.fixture
def sequence():
    """``sequence(name)``: ``(offset, values)`` of a published sequence shipped with gamelab."""
    return read_sequence


def reachable_positions(game, *starts, limit=400):
    """The positions reachable from ``starts`` (themselves included), breadth first,
    at most ``limit`` of them: the small positions on which closed forms are
    checked against plain search."""
    import gamelab as gl

    seen = list(dict.fromkeys(starts))
    known = set(seen)
    i = 0
    while i < len(seen) and len(seen) < limit:
        for o in gl.game_options(game, seen[i]):
            if o not in known and len(seen) < limit:
                known.add(o)
                seen.append(o)
        i += 1
    return seen


@pytest.fixture
def small_positions():
    """``small_positions(game, *starts, limit=400)``: the shared generator of small
    positions (everything reachable from ``starts``, breadth first)."""
    return reachable_positions
