"""gamelab.census.run on Dask: the two-digit census on a LocalCluster of two workers,
a census stopped by its client and resumed, a worker killed in the middle of a task,
an existing cluster reached by its address, and bad input refused at once.

Every cluster here is a LocalCluster bound to 127.0.0.1, closed by its fixture.
The published periods are those of Flammenkamp's table of octal games (0.16 and
0.56 by Gangolli and Plambeck, 1989); every two-digit class is also compared
with the shipped three-digit table, which tests/census/test_store.py compares
with T. Czajka's published tables.
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import sqlite3
import threading

import pytest

distributed = pytest.importorskip("distributed")

from gamelab.census import (classes, cousin_steps, member_period, read, run,  # noqa: E402
                            standard_form, table)


def local_cluster(quiet=logging.ERROR):
    """Two single-threaded worker processes; every server on 127.0.0.1, no dashboard."""
    return distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                    host="127.0.0.1", dashboard_address=None,
                                    scheduler_kwargs={"dashboard": False,
                                                      "dashboard_address": "127.0.0.1:0"},
                                    silence_logs=quiet)


@pytest.fixture(scope="module")
def cluster():
    with local_cluster() as c:
        yield c


@pytest.mark.slow
def test_the_two_digit_census_on_a_local_cluster_of_two_workers(tmp_path):
    db = tmp_path / "two.sqlite"
    rows = run(2, limit=2**20, seconds=1.5, db=db, workers=2, progress=False)
    assert len(rows) == len(classes(2)) == 45 and read(db) == rows
    by_name = {r.code: r for r in rows}
    # the published periods, each read from the row of its class
    for code, (e, p) in [("0.77", (71, 12)), ("0.07", (53, 34)), ("0.16", (105351, 149459)),
                         ("0.56", (326640, 144))]:
        row = next(r for r in rows if r.standard_form == standard_form(code))
        assert (row.standard_preperiod + cousin_steps(code), row.period) == (e, p), code
    # OEIS A071435: 0.177 has period 20, its last exception at heap 496
    assert member_period(by_name["0.45"], "0.177") == (497, 20)
    # every class as in the shipped table (its census allowed more: 2**25 values, 20 s)
    shipped = {r.standard_form: r for r in table(3)}
    for row in rows:
        ref = shipped[row.standard_form]
        assert (row.code, row.status, row.preperiod, row.period) == (
            ref.code, ref.status, ref.preperiod, ref.period), row.code
    assert sum(r.status == "open" for r in rows) == 8 and by_name["0.6"].status == "open"


def test_a_census_stopped_by_its_client_resumes_without_recomputing(tmp_path, cluster):
    db = tmp_path / "stopped.sqlite"
    wanted = ["0.77", "0.07", "0.137", "0.51", "0.15", "0.35", "0.53", "0.71"]

    seen = []

    def stop_after_three(row):
        seen.append(row)
        if len(seen) == 3:
            raise KeyboardInterrupt                      # Ctrl-C in the client
    with pytest.raises(KeyboardInterrupt):
        run(codes=wanted, limit=4096, db=db, scheduler=cluster.scheduler_address,
            progress=False, on_result=stop_after_three)
    first = read(db)
    assert len(first) == 3
    again = []
    rows = run(codes=wanted, limit=4096, db=db, scheduler=cluster.scheduler_address,
               progress=False, on_result=again.append)
    assert len(rows) == 7                                 # 0.07 and 0.137: one class
    assert {r.standard_form for r in again}.isdisjoint(r.standard_form for r in first)
    assert len(again) == 4
    assert set(first) <= set(read(db))                   # the first rows, unchanged
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*), COUNT(DISTINCT standard_form) FROM census"
                            ).fetchone() == (7, 7)
    assert run(codes=wanted, limit=4096, db=db, scheduler=cluster.scheduler_address,
               progress=False, on_result=again.append) == rows and len(again) == 4


@pytest.mark.slow
def test_a_worker_killed_in_the_middle_of_a_task_loses_nothing(tmp_path):
    db = tmp_path / "killed.sqlite"
    slow = "0.04"                # no sparse space: 2**17 values take a few seconds
    wanted = [slow, "0.77", "0.07", "0.51"]
    key = f"census-{standard_form(slow)}-{2**17}-None"
    with local_cluster(logging.CRITICAL) as cluster, distributed.Client(cluster) as client:
        result = {}
        census = threading.Thread(target=lambda: result.update(rows=run(
            codes=wanted, limit=2**17, db=db, scheduler=cluster.scheduler_address,
            progress=False)))
        census.start()
        worker = None
        for _ in range(6000):                             # wait for the task to start
            busy = [w for w, keys in client.processing().items() if key in keys]
            if busy:
                worker = busy[0]
                break
            threading.Event().wait(0.01)
        assert worker is not None, "the slow task never started"
        pid = client.run(os.getpid, workers=[worker])[worker]
        os.kill(pid, signal.SIGKILL)
        census.join(timeout=600)
        assert not census.is_alive()
        story = client.run_on_scheduler(
            lambda dask_scheduler: [t[2] for t in dask_scheduler.story(key)])
    assert story.count("processing") >= 2                 # it ran again after the kill
    rows = result["rows"]
    assert [r.code for r in rows] == ["0.04", "0.07", "0.51", "0.77"]
    slow_row = next(r for r in rows if r.code == slow)
    assert slow_row.status == "open" and slow_row.computed == 2**17
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*), COUNT(DISTINCT standard_form) FROM census"
                            ).fetchone() == (4, 4)
    assert read(db) == rows


def test_dask_scheduler_address_from_the_environment(tmp_path, cluster, monkeypatch):
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", cluster.scheduler_address)
    rows = run(codes=["0.77"], limit=1000, db=tmp_path / "env.sqlite", progress=False)
    with distributed.Client(cluster.scheduler_address) as client:
        story = client.run_on_scheduler(
            lambda dask_scheduler: len(dask_scheduler.story("census-0.77-1000-None")))
    assert story > 0 and [(r.code, r.preperiod, r.period) for r in rows] == [("0.77", 71, 12)]


def closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("kwargs, exc, word", [
    (dict(digits=0), ValueError, "digits"),
    (dict(digits="3"), TypeError, "digits"),
    (dict(digits=2.0), TypeError, "digits"),
    (dict(digits=True), TypeError, "digits"),
    (dict(digits=7), ValueError, "digits"),
    (dict(), TypeError, "digits"),
    (dict(digits=2, codes=["0.77"]), TypeError, "codes"),
    (dict(codes="0.77"), TypeError, "codes"),
    (dict(codes=["0.77", "0.9"]), ValueError, r"codes\[1\]"),
    (dict(codes=[]), ValueError, "codes"),
    (dict(digits=2, limit=-1), ValueError, "limit"),
    (dict(digits=2, limit=0), ValueError, "limit"),
    (dict(digits=2, limit="2**20"), TypeError, "limit"),
    (dict(digits=2, limit=2**40), ValueError, "limit"),
    (dict(digits=2, db=None), TypeError, "db"),
    (dict(digits=2, db=3), TypeError, "db"),
    (dict(digits=2, scheduler=8786), TypeError, "scheduler"),
    (dict(digits=2, scheduler="not an address"), ValueError, "scheduler"),
    (dict(digits=2, workers=0), ValueError, "workers"),
    (dict(digits=2, workers="2"), TypeError, "workers"),
    (dict(digits=2, workers=2, scheduler="tcp://127.0.0.1:8786"), ValueError, "workers"),
    (dict(digits=2, seconds=-1), ValueError, "seconds"),
    (dict(digits=2, seconds=float("inf")), ValueError, "seconds"),
    (dict(digits=2, progress="yes"), TypeError, "progress"),
    (dict(digits=2, on_result=5), TypeError, "on_result"),
    (dict(digits=2, timeout=0), ValueError, "timeout"),
])
def test_bad_input_is_refused_before_anything_runs(kwargs, exc, word, tmp_path):
    kwargs.setdefault("db", tmp_path / "bad.sqlite")
    with pytest.raises(exc, match=word):
        run(**kwargs)
    assert not (tmp_path / "bad.sqlite").exists()


def test_no_scheduler_at_the_address_is_a_clear_error_not_a_hang(tmp_path):
    address = f"tcp://127.0.0.1:{closed_port()}"
    with pytest.raises(ValueError, match="scheduler: no Dask scheduler answered"):
        run(codes=["0.77"], db=tmp_path / "none.sqlite", scheduler=address, timeout=1,
            progress=False)


def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(ValueError, match="db"):
        run(codes=["0.77"], db=junk, scheduler="synchronous", progress=False)
