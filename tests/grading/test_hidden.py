"""gamelab.grading.hidden: the lecturer's secret and the seeds of the hidden cases."""
from __future__ import annotations

import stat

import pytest

from gamelab.exercises.check import exercise
from gamelab.grading.hidden import SECRET_BYTES, read_secret, scope, seed


def test_the_secret_is_made_on_first_use_for_its_owner_only(tmp_path):
    path = tmp_path / "private" / "grading.secret"
    first = read_secret(path)
    assert len(first) == SECRET_BYTES and path.is_file()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_secret(path) == first                  # the same secret the next time
    assert read_secret(None) != read_secret(None)       # without a file: one per run


def test_the_secret_is_refused_where_students_may_see_it(tmp_path):
    subs = tmp_path / "submitted"
    subs.mkdir()
    with pytest.raises(ValueError, match="secret: .* is inside .*submitted.* keep the secret"):
        read_secret(subs / "s.key", forbidden=[subs])
    assert not (subs / "s.key").exists()
    short = tmp_path / "short.key"
    short.write_bytes(b"abc")
    with pytest.raises(ValueError, match="holds 3 bytes"):
        read_secret(short)
    with pytest.raises(TypeError, match="secret must be a path"):
        read_secret(3)


def test_seeds_vary_with_the_secret_the_student_or_the_run():
    a, b = b"a" * 32, b"b" * 32
    alice, bob = scope("student", "alice", "r1"), scope("student", "bob", "r1")
    assert seed(a, "hdu1846", alice) == seed(a, "hdu1846", alice)
    assert len({seed(a, "hdu1846", alice), seed(a, "hdu1846", bob), seed(b, "hdu1846", alice),
                seed(a, "hdu2147", alice)}) == 4
    assert scope("run", "alice", "r1") == scope("run", "bob", "r1") != scope("run", "bob", "r2")
    # a file changed after its feedback meets new hidden cases; the same file, the same ones
    assert scope("student", "alice", "r1", "f1") == scope("student", "alice", "r2", "f1")
    assert scope("student", "alice", "r1", "f1") != scope("student", "alice", "r1", "f2")
    with pytest.raises(ValueError, match="vary must be one of"):
        scope("class", "alice", "r1")


def test_hidden_cases_from_a_secret_seed_are_new_cases_not_the_public_ones():
    ex = exercise("hdu1846")
    public = ex.hidden_cases()
    mine = ex.hidden_cases(seed(b"s" * 32, ex.id, scope("student", "alice", "")))
    theirs = ex.hidden_cases(seed(b"s" * 32, ex.id, scope("student", "bob", "")))
    assert mine and mine != public and mine != theirs
    assert not set(mine) & set(ex.all_cases())
    with pytest.raises(TypeError, match="seed must be a str or None"):
        ex.hidden_cases(5)
