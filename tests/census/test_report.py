"""gamelab.census.report and the command line: a database written by one run is read by
the report (Markdown and a PNG), and ``python -m gamelab.census`` runs, resumes and
refuses bad arguments."""
from __future__ import annotations

import subprocess
import sys

import pytest

from gamelab.census import figure, markdown, read, report, run, table
from gamelab.census.__main__ import main, parse_count


@pytest.fixture(scope="module")
def census_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("census") / "census2.sqlite"
    run(2, limit=2**12, db=db, scheduler="synchronous", progress=False)
    return db


def test_a_database_written_by_one_run_is_read_by_the_report(census_db):
    text = report(census_db)
    md, png = census_db.with_suffix(".md"), census_db.with_suffix(".png")
    assert md.read_text() == text and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = read(census_db)
    assert text.startswith("# A census of octal games: every code with up to 2 digits")
    assert f"{len(rows)} classes: " in text and "![the census](census2.png)" in text
    for row in rows:
        assert f"| {row.code} |" in text, row.code
    kayles = next(r for r in rows if r.code == "0.77")
    assert "| 0.77 | 0.77 | 0.77 4.4 4.6 | 71 | 12 |" in text and kayles.status == "trivial"
    assert "## Open at the limit (" in text and "| 0.6 | 0.37 |" in text


def test_the_report_of_the_shipped_table(tmp_path):
    rows = table(3)
    text = markdown(rows)
    assert "## Solved (13)" in text and "| 0.354 |" in text and "10,061,916" in text
    fig = figure(rows)
    assert len(fig.axes) == 2
    assert [a.get_xscale() for a in fig.axes] == ["log", "log"]


def test_the_report_refuses_what_is_not_a_census(tmp_path):
    with pytest.raises(ValueError, match="db"):
        report(tmp_path / "missing.sqlite")
    empty = tmp_path / "empty.sqlite"
    run(codes=["0.77"], limit=100, db=empty, scheduler="synchronous", progress=False)
    with pytest.raises(ValueError, match="directory"):
        report(empty, tmp_path / "no such directory")
    with pytest.raises(TypeError, match="rows"):
        markdown("0.77")
    with pytest.raises(TypeError, match="rows"):
        figure([("0.77",)])


def test_the_command_line_runs_resumes_and_reports(tmp_path, capsys):
    db = tmp_path / "cli.sqlite"
    argv = ["--codes", "0.77", "0.07", "--limit", "2**10", "--db", str(db),
            "--scheduler", "synchronous", "--quiet", "--report"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert first.startswith("2 classes: 2 trivial, 0 solved, 0 open")
    assert (tmp_path / "cli.md").exists() and (tmp_path / "cli.png").exists()
    assert main(argv) == 0 and capsys.readouterr().out == first      # nothing recomputed
    assert [r.code for r in read(db)] == ["0.07", "0.77"]


@pytest.mark.parametrize("argv, word", [
    (["--digits", "0"], "digits"),
    (["--digits", "2", "--limit", "-5"], "limit"),
    (["--digits", "2", "--scheduler", "nowhere"], "scheduler"),
    (["--codes", "0.9"], "codes"),
])
def test_the_command_line_names_the_bad_argument(argv, word, tmp_path, capsys):
    assert main(argv + ["--db", str(tmp_path / "x.sqlite"), "--quiet"]) == 2
    assert word in capsys.readouterr().err


def test_counts_are_read_without_evaluating_code():
    assert parse_count("2**20") == 2**20 and parse_count("1_000") == 1000
    for bad in ["2**100", "__import__('os')", "2 * 3", ""]:
        with pytest.raises(Exception, match="count|exponent"):
            parse_count(bad)


def test_python_m_gamelab_census_runs(tmp_path):
    out = subprocess.run([sys.executable, "-m", "gamelab.census", "--codes", "0.77",
                          "--limit", "1000", "--db", str(tmp_path / "m.sqlite"),
                          "--scheduler", "synchronous", "--quiet"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("1 classes: 1 trivial")
