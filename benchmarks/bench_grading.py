"""Marking a class: ``gamelab-grade`` on many honest submissions of one lecture.

The submissions are the teacher's notebook of the lecture (every exercise
answered), one per student folder.  Two figures, measured side by side in
the same run:

* gamelab: :func:`gamelab.grading.grade`, sandboxed, ``jobs`` at a time —
  each notebook in its own bubblewrap sandbox with a fresh kernel, every
  answer called on its usual and hidden cases and judged in the grader;
* baseline: the same notebooks executed with nbclient alone, ``jobs`` at a
  time (no sandbox, no cases, no judging): the least any marking that runs
  the notebooks costs.

The ratio is the grader's overhead.  The wall time of a class of
``--count`` submissions is what a lecturer waits for (the README's figure
is ``--count 120 --jobs 2`` on a 2-core machine).

Run alone: ``.venv/bin/python benchmarks/bench_grading.py --count 120 --lecture 01 --jobs 2``
(``--baseline 0`` leaves the baseline out).
"""
from __future__ import annotations

import argparse
import concurrent.futures
import pathlib
import shutil
import sys
import tempfile
import time

import nbformat
from nbclient import NotebookClient

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOKS = ROOT / "notebooks"


def _lecture_path(lecture: str) -> pathlib.Path:
    found = sorted(NOTEBOOKS.glob(f"{lecture}*.ipynb"))
    if len(found) != 1:
        raise ValueError(f"lecture: {lecture!r} names {len(found)} notebooks in {NOTEBOOKS}")
    return found[0]


def _class(folder: pathlib.Path, source: pathlib.Path, count: int) -> pathlib.Path:
    subs = folder / "submitted"
    for k in range(count):
        (subs / f"student{k:03d}").mkdir(parents=True)
        shutil.copy(source, subs / f"student{k:03d}" / source.name)
    return subs


def _execute(path: pathlib.Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()


def time_class(lecture: str = "01", count: int = 12, jobs: int = 2,
               baseline: int | None = None) -> tuple[float, float | None, str]:
    """``(grading seconds, baseline seconds or None, note)`` for ``count`` submissions.

    The baseline executes ``baseline`` of the notebooks (default: all of them)
    and is scaled to ``count``.
    """
    from gamelab.grading import grade

    source = _lecture_path(lecture)
    baseline = count if baseline is None else baseline
    with tempfile.TemporaryDirectory(prefix="gamelab-bench-grading-") as tmp:
        folder = pathlib.Path(tmp)
        subs = _class(folder, source, count)
        start = time.perf_counter()
        graded = grade(subs, notebooks=NOTEBOOKS, out=folder / "grades", lecture=source.stem,
                       jobs=jobs, echo=None)
        seconds = time.perf_counter() - start
        right = sum(r.status == "right" for r in graded.rows)
        base = None
        if baseline:
            paths = sorted(subs.glob("*/*.ipynb"))[:baseline]
            start = time.perf_counter()
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                list(pool.map(_execute, paths))
            base = (time.perf_counter() - start) * count / len(paths)
    note = (f"{count} submissions of {source.stem}, {jobs} at a time: {seconds / 60:.1f} min, "
            f"{seconds / count:.1f} s a submission; {right} of {len(graded.rows)} exercises "
            f"right (all should be)")
    return seconds, base, note


def run(quick: bool = False):
    count = 2 if quick else 8
    seconds, base, note = time_class("01", count=count, jobs=2)
    return [(f"mark {count} submissions of lecture 01, sandboxed (2 jobs)", seconds, base, None,
             note)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lecture", default="01")
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baseline", type=int, default=None,
                        help="notebooks the baseline executes (scaled to --count; 0: none)")
    args = parser.parse_args(argv)
    if args.count < 1 or args.jobs < 1:
        parser.error("--count and --jobs must be at least 1")
    seconds, base, note = time_class(args.lecture, args.count, args.jobs, args.baseline)
    print(note)
    if base:
        print(f"baseline (nbclient alone, {args.jobs} at a time, scaled to {args.count}): "
              f"{base / 60:.1f} min; the grader takes {seconds / base:.2f}x as long")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
