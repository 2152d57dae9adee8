"""gamelab.grading.execute: the copy of a student's folder a sandbox gets, and the limits."""
from __future__ import annotations

import pytest

from gamelab.grading import execute
from gamelab.grading.execute import Limits


def test_the_copy_follows_no_link_and_leaves_out_huge_files(tmp_path, monkeypatch):
    student, secret = tmp_path / "alice", tmp_path / "teacher" / "references.py"
    (student / "week1" / ".ipynb_checkpoints").mkdir(parents=True)
    secret.parent.mkdir()
    secret.write_text("the answer")
    (student / "week1" / "data.txt").write_text("42")
    (student / "week1" / "big.bin").write_bytes(b"x" * 2048)
    (student / "link.py").symlink_to(secret)
    monkeypatch.setattr(execute, "COPY_LIMIT", 1024)
    copy = tmp_path / "copy"
    execute._copy_folder(student, copy)
    assert sorted(str(p.relative_to(copy)) for p in copy.rglob("*")) == [
        "link.py", "week1", "week1/data.txt"]
    assert (copy / "link.py").is_symlink()          # a link, as handed in: not its target
    execute._copy_folder(None, tmp_path / "empty")
    assert list((tmp_path / "empty").iterdir()) == []


def test_the_copy_stops_at_its_total(tmp_path, monkeypatch):
    for k in range(5):
        (tmp_path / "bob").mkdir(exist_ok=True)
        (tmp_path / "bob" / f"{k}.txt").write_bytes(b"x" * 100)
    monkeypatch.setattr(execute, "COPY_TOTAL", 250)
    execute._copy_folder(tmp_path / "bob", tmp_path / "copy")
    assert len(list((tmp_path / "copy").iterdir())) == 2


def test_limits_are_checked():
    assert Limits().cpu_seconds == 600 and Limits(cpu=5).cpu_seconds == 5
    with pytest.raises(ValueError, match="notebook limit must be a number of seconds > 0"):
        Limits(notebook=float("inf"))
    with pytest.raises(ValueError, match="file_size limit must be at least"):
        Limits(file_size=10)
