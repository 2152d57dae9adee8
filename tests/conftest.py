"""Shared test helpers: paths, reference data and judge samples."""
from __future__ import annotations

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
SEQUENCES = DATA / "sequences"
NOTEBOOKS = ROOT / "notebooks"


def read_sequence(name):
    """Values of a reference sequence in tests/data/sequences, with its offset.

    Returns ``(offset, values)`` where ``values[0]`` is a(offset).
    """
    path = SEQUENCES / name
    offset = 0
    values = []
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            if "offset" in line and "a(" in line:
                offset = int(line.split("a(")[1].split(")")[0])
            continue
        if line.strip():
            values.append(int(line))
    return offset, values


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
    """``sequence(name)``: ``(offset, values)`` of a reference sequence in tests/data/sequences."""
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
