"""Finding the submissions in a folder and matching each to its lecture.

Two layouts, which may be mixed:

* a folder per student, as nbgrader collects them (``submitted/<student>/``),
  with the notebooks directly in it or in assignment folders below it:
  ``dir/alice/05_wythoff.ipynb``, ``dir/alice/week3/05_wythoff.ipynb``;
* notebooks directly in ``dir``: ``dir/alice__05_wythoff.ipynb``, or
  ``dir/alice.ipynb`` when the lecture is given (``--lecture``).

A notebook is matched to its lecture by its file name, which must be the
teacher's (``05_wythoff.ipynb``).  Hidden files and folders and
``.ipynb_checkpoints`` are ignored; a notebook that matches no lecture is
skipped with a note.
"""
from __future__ import annotations

import dataclasses
import json
import pathlib

import nbformat

__all__ = ["Submission", "Found", "find_submissions", "read_submission", "Unreadable"]

#: Separates the student from the lecture in a flat file name: ``alice__05_wythoff.ipynb``.
SEPARATOR = "__"


@dataclasses.dataclass(frozen=True)
class Submission:
    """One student's notebook for one lecture (``paths`` holds more than one
    when the student handed in the same lecture twice; none when nothing was handed in)."""

    student: str
    lecture: str
    paths: tuple[pathlib.Path, ...]

    @property
    def path(self) -> pathlib.Path | None:
        return self.paths[0] if len(self.paths) == 1 else None


@dataclasses.dataclass(frozen=True)
class Found:
    """What a folder holds: the submissions (every student times every lecture
    graded, sorted) and the notes on the files that were skipped."""

    submissions: tuple[Submission, ...]
    skipped: tuple[str, ...]

    @property
    def students(self) -> list[str]:
        return sorted({s.student for s in self.submissions})

    @property
    def lectures(self) -> list[str]:
        return sorted({s.lecture for s in self.submissions})


class Unreadable(ValueError):
    """A submission that is not a notebook (not JSON, or not in the notebook format)."""


def _visible(path: pathlib.Path, top: pathlib.Path) -> bool:
    return not any(part.startswith(".") for part in path.relative_to(top).parts)


def find_submissions(folder, lectures, *, lecture: str | None = None, ignore=()) -> Found:
    """The submissions in ``folder`` for the lectures named in ``lectures``.

    ``lecture``, a name in ``lectures``, limits the grading to that lecture
    and names the lecture of the flat files ``<student>.ipynb``.  Every
    student found gets a submission (possibly with no path) for every lecture
    graded: the lectures handed in by anyone, or ``lecture``.  The folders in
    ``ignore`` (the reports' own, say) are no student's.

    Raises
    ------
    ValueError
        If ``folder`` is not a folder, or ``lecture`` is not in ``lectures``.
    """
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise ValueError(f"submissions: {str(folder)!r} is not a folder")
    names = set(lectures)
    if lecture is not None and lecture not in names:
        raise ValueError(f"lecture: {lecture!r} is not one of the lectures given")
    handed: dict[tuple[str, str], list[pathlib.Path]] = {}
    students: set[str] = set()
    skipped: list[str] = []

    def take(student: str, name: str, path: pathlib.Path) -> None:
        if lecture is not None and name != lecture:
            return                      # another lecture's: not graded this time
        handed.setdefault((student, name), []).append(path)

    ignored = {pathlib.Path(p).resolve() for p in ignore}
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(".") or entry.resolve() in ignored:
            continue
        if entry.is_dir():
            students.add(entry.name)
            for path in sorted(entry.rglob("*.ipynb")):
                dangling = path.is_symlink() and not path.exists()   # graded as unreadable
                if not (_visible(path, folder) and (path.is_file() or dangling)):
                    continue
                if path.stem in names:
                    take(entry.name, path.stem, path)
                else:
                    skipped.append(f"{path}: its name is not a lecture's file name")
        elif entry.suffix == ".ipynb" and (entry.is_file() or entry.is_symlink()):
            student, sep, name = entry.stem.rpartition(SEPARATOR)
            if sep and student and name in names:
                students.add(student)
                take(student, name, entry)
            elif lecture is not None:
                students.add(entry.stem)
                take(entry.stem, lecture, entry)
            else:
                skipped.append(f"{entry}: name it <student>{SEPARATOR}<lecture>.ipynb, "
                               "or give the lecture (--lecture)")
    graded = {lecture} if lecture is not None else {name for _, name in handed}
    submissions = [Submission(student, name, tuple(handed.get((student, name), ())))
                   for student in sorted(students) for name in sorted(graded)]
    return Found(tuple(submissions), tuple(skipped))


def read_submission(path) -> nbformat.NotebookNode:
    """The notebook at ``path`` (format 4).

    Raises
    ------
    Unreadable
        If the file is not JSON, or not a notebook.
    """
    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise Unreadable(f"cannot be read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Unreadable(f"is not valid JSON ({exc})") from None
    version = data.get("nbformat") if isinstance(data, dict) else None
    if version == 3 and isinstance(data.get("worksheets"), list):
        pass                                  # nbformat 3: converted to 4 below
    elif isinstance(version, int) and version < 4:
        raise Unreadable(f"is an nbformat {version} notebook: open it in Jupyter and save it "
                         "to upgrade it to nbformat 4")
    elif not (isinstance(data, dict) and isinstance(data.get("cells"), list)
              and isinstance(version, int)):
        raise Unreadable("is JSON but not a notebook (no nbformat and cells)")
    try:
        nb = nbformat.reads(text, as_version=4)
    except Exception as exc:  # nbformat's conversions raise many kinds
        raise Unreadable(f"is not a notebook nbformat can read ({exc})") from None
    for index, cell in enumerate(nb.cells):
        if not (isinstance(cell, dict) and cell.get("cell_type") in ("code", "markdown", "raw")
                and isinstance(cell.get("source"), str)):
            raise Unreadable(f"cell {index + 1} is not a notebook cell")
    return nb
