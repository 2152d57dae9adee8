"""The census runner: every class of octal codes a task on a Dask cluster, every
result a row of an SQLite database, written by the client as it arrives.

*Resumable.*  The client writes each result in its own transaction as soon as
it arrives, keyed by the class's standard form.  A census stopped at any
moment (Ctrl-C, a closed laptop, a killed client) keeps every finished class;
a rerun on the same database skips them and computes the rest.  A worker that
dies loses only the task it was running, which the scheduler gives to another
worker; nothing is written twice.

*Where it runs.*  By default on a ``LocalCluster`` of this machine (one
single-threaded worker process per core, bound to 127.0.0.1, no dashboard).
``scheduler="tcp://host:8786"`` (or the environment variable
``DASK_SCHEDULER_ADDRESS``) runs the same census on an existing Dask cluster,
whose workers need gamelab installed; ``scheduler="synchronous"`` computes in
this process, one class after another, without Dask.

References
----------
.. [1] Dask Development Team, "Dask: library for dynamic task scheduling",
   https://distributed.dask.org (``dask.distributed``).
"""
from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable

from .._validate import check_bool, check_int
from ..i18n import gettext as _
from .equivalence import MAX_DIGITS, CodeClass, check_digits, classes, name_key, standard_form
from .solve import STATUSES, check_seconds, solve
from .store import CensusRow, check_db, connect, needs_work, read, write

__all__ = ["run", "summary", "MAX_LIMIT", "SYNCHRONOUS"]

#: The most values one class may compute (one byte each, per worker).
MAX_LIMIT = 2**32

#: ``scheduler=SYNCHRONOUS`` computes in this process, without Dask.
SYNCHRONOUS = "synchronous"

#: The scheduler's HTTP server (health checks; no dashboard) on a free port of 127.0.0.1.
_QUIET_HTTP = {"dashboard": False, "dashboard_address": "127.0.0.1:0"}

_ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx|inproc)://)?[\w.\-\[\]:]+:\d+/?")


def _check_scheduler(scheduler):
    if scheduler is None:
        return os.environ.get("DASK_SCHEDULER_ADDRESS") or None
    if not isinstance(scheduler, str):
        raise TypeError(f"scheduler must be None, {SYNCHRONOUS!r}, 'local' or an address "
                        f"such as 'tcp://127.0.0.1:8786', got {type(scheduler).__name__} "
                        f"{scheduler!r}")
    if scheduler in (SYNCHRONOUS, "local"):
        return scheduler
    if not _ADDRESS.fullmatch(scheduler.strip()):
        raise ValueError(f"scheduler must be {SYNCHRONOUS!r}, 'local' or the address of a "
                         f"Dask scheduler such as 'tcp://127.0.0.1:8786', got {scheduler!r}")
    return scheduler.strip()


def _check_codes(codes):
    if isinstance(codes, str) or not isinstance(codes, Iterable):
        raise TypeError(f"codes must be a list of octal codes, got {type(codes).__name__} "
                        f"{codes!r}")
    found = {}
    for i, code in enumerate(codes):
        try:
            std = standard_form(code)
        except (TypeError, ValueError) as err:
            raise type(err)(f"codes[{i}]: {err}") from None
        head, _, tail = code.strip().partition(".")
        size = len(tail.strip()) + (1 if head.strip("0 ") else 0)   # as codes(digits) counts
        if size > MAX_DIGITS:
            raise ValueError(f"codes[{i}] must have at most {MAX_DIGITS} digits, as codes("
                             f"{MAX_DIGITS}) does (4. counts as one), got {code[:40]!r}")
        found.setdefault(std, set()).add(code)
    if not found:
        raise ValueError("codes must name at least one octal code, got none")
    out = []
    for std, members in found.items():
        members = sorted(members, key=name_key)
        out.append(CodeClass(std, members[0], tuple(members)))
    return sorted(out, key=lambda cls: name_key(cls.code))


def _merge(row, cls):
    """``cls`` with the members already counted in ``row`` (if any) added."""
    if row is None:
        return cls
    members = tuple(sorted(set(row.members) | set(cls.members), key=name_key))
    return CodeClass(cls.standard_form, members[0], members)


class _PlainBar:
    """A progress line on stderr where tqdm is not installed."""

    def __init__(self, total):
        self.total, self.n, self.text = total, 0, ""

    def update(self, n=1):
        self.n += n
        print(f"\rcensus: {self.n}/{self.total} classes {self.text}", end="",
              file=sys.stderr, flush=True)

    def set_postfix_str(self, text, refresh=False):
        self.text = text

    def close(self):
        print(file=sys.stderr)


class _NoBar(_PlainBar):
    def update(self, n=1):
        self.n += n

    def close(self):
        pass


def _bar(total, enabled):
    if not enabled:
        return _NoBar(total)
    try:
        from tqdm import tqdm
    except ImportError:
        return _PlainBar(total)
    return tqdm(total=total, unit="class", desc="census", file=sys.stderr)


def _dask():
    try:
        from dask import distributed
    except ImportError:
        raise ValueError("scheduler: a census on Dask needs dask.distributed "
                         "(pip install 'gamelab[census]'), or pass scheduler='synchronous'"
                         ) from None
    return distributed


@contextlib.contextmanager
def _client(address, workers, timeout):
    distributed = _dask()
    with contextlib.ExitStack() as stack:
        if address in (None, "local"):
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR,
                scheduler_kwargs=_QUIET_HTTP))
            client = stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = stack.enter_context(distributed.Client(address, timeout=timeout))
            except (OSError, TimeoutError) as err:
                raise ValueError(f"scheduler: no Dask scheduler answered at {address!r} within "
                                 f"{timeout:g} s ({type(err).__name__}: {err})") from None
            try:
                client.wait_for_workers(1, timeout=timeout)
            except (OSError, TimeoutError):
                raise ValueError(f"scheduler: the Dask cluster at {address!r} has no worker "
                                 f"(waited {timeout:g} s)") from None
        yield client


def _on_dask(todo, limit, seconds, address, workers, timeout, handle):
    with _client(address, workers, timeout) as client:
        distributed = _dask()
        futures = [client.submit(solve, tuple(cls), limit, seconds, pure=False,
                                 key=f"census-{cls.standard_form}-{limit}-{seconds}")
                   for cls in todo]
        try:
            for future in distributed.as_completed(futures):
                handle(future.result())
                future.release()
        finally:
            client.cancel(futures)


def summary(rows: Iterable[CensusRow]) -> str:
    """One line: how many classes are trivial, solved and open, and the work done,
    in the language of the moment.

    >>> from gamelab.census import table
    >>> summary(table(3))[:44]
    '323 classes: 216 trivial, 13 solved, 94 open'
    >>> import gamelab as gl
    >>> gl.set_language("zh_CN"); summary(table(3))
    '323 个类：平凡 216 个，已解决 13 个，未解决 94 个；共计算 569,708,726 个值'
    >>> gl.set_language("en")
    """
    rows = list(rows)
    counts = Counter(r.status for r in rows)
    text = _("{total} classes: {trivial} trivial, {solved} solved, {open} open").format(
        total=len(rows), **{s: counts[s] for s in STATUSES})
    computed = sum(r.computed for r in rows)
    text += _("; {computed} values computed").format(computed=f"{computed:,}")
    if rows and all(r.seconds is not None for r in rows):
        text += _(" in {seconds} CPU seconds").format(
            seconds=f"{sum(r.seconds for r in rows):,.0f}")
    return text


def run(digits: int | None = None, *, codes: Iterable[str] | None = None, limit: int = 2**20,
        db: str | os.PathLike = "census.sqlite", scheduler: str | None = None,
        workers: int | None = None, seconds: float | None = None, progress: bool = True,
        on_result: Callable[[CensusRow], object] | None = None,
        timeout: float = 5) -> list[CensusRow]:
    """Run (or resume) the census of octal games and return its table.

    Parameters
    ----------
    digits : int or None
        Every class of codes with up to this many digits (1 to 6;
        :func:`gamelab.census.classes`).
    codes : iterable of str or None
        Instead of ``digits``: the classes of these codes only.
    limit : int
        The most values computed for one class (at most :data:`MAX_LIMIT`).
    db : path
        The SQLite database; created if missing, resumed if not.  A class
        already there is skipped, unless it is open and ``limit`` or
        ``seconds`` now allow more.
    scheduler : str or None
        ``None``: a ``LocalCluster`` (or the cluster at
        ``$DASK_SCHEDULER_ADDRESS``); ``"local"``: a ``LocalCluster``;
        ``"tcp://host:8786"``: an existing Dask cluster; ``"synchronous"``:
        this process, without Dask.
    workers : int or None
        Worker processes of the ``LocalCluster`` (default: one per core).
    seconds : float or None
        CPU seconds per class; ``None``: only ``limit`` stops a class.
    progress : bool
        A progress bar (tqdm, or a plain line) and the summary on stderr.
    on_result : callable or None
        Called with each new :class:`CensusRow` once it is written.
    timeout : float
        Seconds to wait for an existing scheduler and its first worker.

    Returns
    -------
    list of CensusRow
        One row per class, in the order of the classes' names.

    Raises
    ------
    TypeError, ValueError
        For bad arguments, naming the argument, before anything is computed;
        ``ValueError`` also when no scheduler answers at ``scheduler``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> db = pathlib.Path(tempfile.mkdtemp()) / "census.sqlite"
    >>> rows = run(1, limit=4096, db=db, scheduler="synchronous", progress=False)
    >>> [(r.code, r.status, r.preperiod, r.period) for r in rows][:3]
    [('0.1', 'trivial', 2, 1), ('0.2', 'trivial', 1, 2), ('0.4', 'trivial', 54, 34)]
    >>> len(run(1, limit=4096, db=db, scheduler="synchronous", progress=False,
    ...         on_result=print))       # resumed: nothing left to compute
    6
    """
    if (digits is None) == (codes is None):
        raise TypeError("run needs exactly one of digits (an int) and codes (a list of codes)")
    wanted = classes(check_digits(digits)) if codes is None else _check_codes(codes)
    limit = check_int(limit, "limit", minimum=1, maximum=MAX_LIMIT)
    path = check_db(db)
    address = _check_scheduler(scheduler)
    if workers is not None:
        workers = check_int(workers, "workers", minimum=1, maximum=1024)
        if address not in (None, "local"):
            raise ValueError(f"workers: only a LocalCluster is started with workers={workers}; "
                             f"the scheduler {address!r} has workers of its own")
    seconds = check_seconds(seconds)
    check_bool(progress, "progress")
    if on_result is not None and not callable(on_result):
        raise TypeError(f"on_result must be callable or None, got {type(on_result).__name__}")
    timeout = check_seconds(timeout, "timeout")

    conn = connect(path)
    try:
        done = {r.standard_form: r for r in read(path)}
        todo = []
        for cls in wanted:
            row = done.get(cls.standard_form)
            cls = _merge(row, cls)
            if needs_work(row, limit, seconds) or cls.code != row.code:
                todo.append(cls)          # new, open with more to do, or named anew
            elif cls.members != row.members:
                done[cls.standard_form] = write(conn, row._replace(members=cls.members))
        bar = _bar(len(todo), progress)
        counts = Counter()

        def handle(result):
            row = write(conn, result)
            done[row.standard_form] = row
            counts[row.status] += 1
            bar.set_postfix_str(", ".join(f"{counts[s]} {s}" for s in STATUSES), refresh=False)
            bar.update(1)
            if on_result is not None:
                on_result(row)

        try:
            if not todo:
                pass
            elif address == SYNCHRONOUS:
                for cls in todo:
                    handle(solve(tuple(cls), limit, seconds))
            else:
                _on_dask(todo, limit, seconds, address, workers, timeout, handle)
        finally:
            bar.close()
    finally:
        conn.close()
    rows = [done[cls.standard_form] for cls in wanted]
    if progress:
        print(summary(rows), file=sys.stderr)
    return rows
