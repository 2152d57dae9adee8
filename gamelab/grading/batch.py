"""Grading a folder of submissions: :func:`grade`.

For each submission: read it (a file that is not a notebook is
"unreadable"), find the cell that checks each of the lecture's exercises
(one whose check cell is gone is checked after the last cell that binds
its answer's name, and "not attempted" when there is none), draw the hidden
cases of each exercise (:mod:`gamelab.grading.hidden`), run the notebook in
its sandbox (:mod:`gamelab.grading.execute`), where the answers are called
on the cases, and judge what they returned here, in the grader's process
(:mod:`gamelab.grading.verdict`): one gradebook row per exercise.  The
answer cells are read from the file as handed in.  The submissions run
``jobs`` at a time; nothing one of them does stops the others.

Read from the files as well, for the lecturer to look at: what of gamelab
each answer calls beyond the teacher's solution (:func:`gamelab_use`, a
gradebook column), the pairs of students whose answer code is alike
(:func:`alike`, ``similarity.csv``) and, with a deadline, how late each
submission was (:mod:`gamelab.grading.late`).
"""
from __future__ import annotations

import concurrent.futures
import dataclasses
import datetime
import hashlib
import pathlib
import secrets
import threading
from collections.abc import Callable

import nbformat

from gamelab.exercises.check import EDITION, exercise
from gamelab.exercises.keyformat import case_text

from . import hidden as hidden_cases
from . import late as lateness
from .execute import Limits, Runner
from .lectures import (Lecture, answer_cells, bound_names, checked_ids, course_lectures,
                       find_lecture, gamelab_names, is_placeholder)
from .report import HandRow, Row, SubmissionSummary, write_reports
from .similarity import answer_sources, similar_pairs, similarity_csv
from .submissions import Submission, Unreadable, find_submissions, read_submission
from .verdict import judge_result

__all__ = ["Graded", "Outcome", "grade", "grade_rows", "hand_rows", "check_cells", "classify",
           "alike", "gamelab_use", "teacher_use"]

#: What a run that stopped means for the exercises it did not reach.
_STOPPED = {"timed out": "timed out", "crashed": "crashed", "error": "error",
            "unreadable": "unreadable", "done": "error"}


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How one submission went: ``status`` (done | timed out | crashed | error |
    unreadable | missing), a message, the cells that raised, and the checks'
    results by exercise id (see :mod:`gamelab.grading.worker`)."""

    status: str
    message: str = ""
    results: dict = dataclasses.field(default_factory=dict)
    cell_errors: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Graded:
    """Everything :func:`grade` found, and the files it wrote."""

    rows: tuple[Row, ...]
    summaries: tuple[SubmissionSummary, ...]
    hand_rows: tuple[HandRow, ...]
    skipped: tuple[str, ...]
    paths: dict


def classify(ok: bool, message: str) -> str:
    """The gradebook status of a check's ``(ok, message)``.

    >>> classify(False, "✗ ex-00-1: not answered yet.")
    'not answered'
    >>> classify(False, "✗ ex-00-1: [0, 3] is not right.")
    'wrong'
    """
    if ok:
        return "right"
    return "not answered" if message.rstrip().endswith(": not answered yet.") else "wrong"


def check_cells(nb, lecture: Lecture) -> dict[str, int]:
    """``{exercise id: index of the code cell of nb after which it is checked}``.

    That is the first cell that checks the exercise; when the student
    deleted it, the last cell that binds the name checked (``solve``,
    ``answer``) between the checks of the exercises before and after it, so
    that an answer is not lost with its check cell.  An exercise with
    neither is not in the dict ("not attempted").
    """
    wanted = {e.id for e in lecture.exercises}
    found: dict[str, int] = {}
    code = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    for index, cell in code:
        for eid in checked_ids(cell.source):
            if eid in wanted:
                found.setdefault(eid, index)
    checked = dict(found)
    order = list(lecture.exercises)
    for k, e in enumerate(order):
        if e.id in checked or not e.expression.isidentifier():
            continue
        after = max((checked[o.id] for o in order[:k] if o.id in checked), default=-1)
        before = min((checked[o.id] for o in order[k + 1:] if o.id in checked),
                     default=len(nb.cells))
        binding = [i for i, c in code if after < i < before and e.expression in bound_names(c.source)]
        # when the next exercise's answer has the same name (``solve``), the last cell binding
        # it before that exercise's check is that exercise's answer: this one's is the first
        shared = k + 1 < len(order) and order[k + 1].expression == e.expression
        if binding:
            found[e.id] = binding[0] if shared and len(binding) > 1 else binding[-1]
    return found


def _row_of(student, lecture, eid, result, outcome, attempted) -> Row:
    if outcome.status == "missing":
        return Row(student, lecture, eid, "not attempted", outcome.message)
    if outcome.status in ("unreadable", "error") and not outcome.results:
        return Row(student, lecture, eid, _STOPPED[outcome.status], outcome.message)
    if eid not in attempted:
        return Row(student, lecture, eid, "not attempted",
                   f"the submission has no check cell for {eid}")
    if result is None:
        return Row(student, lecture, eid, _STOPPED.get(outcome.status, "error"),
                   outcome.message or "not checked")
    if "status" in result:
        return Row(student, lecture, eid, result["status"], result["message"])
    if "error" in result:
        first = f" (the notebook's first error: {outcome.cell_errors[0]})" if outcome.cell_errors else ""
        return Row(student, lecture, eid, "error", result["error"] + first)
    return Row(student, lecture, eid, classify(result["ok"], result["message"]), result["message"])


def grade_rows(student: str, lecture: Lecture, outcome: Outcome, attempted) -> list[Row]:
    """The gradebook rows of one submission, in the lecture's order of exercises."""
    return [_row_of(student, lecture.name, e.id, outcome.results.get(e.id), outcome, attempted)
            for e in lecture.exercises]


def hand_rows(student: str, lecture: Lecture, nb, status: str | None = None) -> list[HandRow]:
    """The by-hand rows of one submission: every answer cell's text, by exercise.

    The teacher's answer exercises come first, in order: "answered",
    "unanswered" (still the placeholder, or empty) or "missing" (the cell is
    gone); then answer cells for other exercises.  Without a notebook
    (``nb`` is None) each teacher's exercise gets ``status``.
    """
    if nb is None:
        return [HandRow(student, lecture.name, label, status or "no submission", "")
                for label in lecture.by_hand]
    texts: dict[str, list[str]] = {}
    for label, text in answer_cells(nb):
        texts.setdefault(label, []).append(text.strip())
    out = []
    for label in list(lecture.by_hand) + [t for t in texts if t not in lecture.by_hand]:
        if label not in texts:
            out.append(HandRow(student, lecture.name, label, "missing", ""))
            continue
        written = [t for t in texts[label] if t and not is_placeholder(t)]
        out.append(HandRow(student, lecture.name, label,
                           "answered" if written else "unanswered", "\n\n".join(written)))
    return out


@dataclasses.dataclass(frozen=True)
class _Marking:
    """What every submission of one run shares: the folder, the runner, the hidden cases' secret."""

    folder: pathlib.Path
    runner: Runner
    secret: bytes
    vary: str
    run: str
    source: str = "a secret drawn for this run only"
    deadline: datetime.datetime | None = None

    def where(self, path: pathlib.Path) -> tuple[pathlib.Path | None, str]:
        """The student's own folder holding ``path`` (``None`` for a file directly in
        the submissions folder) and the notebook's subfolder of it."""
        parts = path.relative_to(self.folder).parts
        if len(parts) < 2 or (self.folder / parts[0]).is_symlink():
            return None, "."
        return self.folder / parts[0], "/".join(parts[1:-1]) or "."

    def late(self, sub: Submission) -> str:
        """How the submission stands against the deadline (``""`` without one): the time
        in nbgrader's ``timestamp.txt`` in the student's own folder."""
        if self.deadline is None or sub.path is None:
            return ""               # nothing handed in, or two notebooks (an error row)
        folder, _ = self.where(sub.path)
        if folder is None:
            return "no timestamp (a notebook directly in the submissions folder)"
        # where nbgrader writes it: the assignment's folder (<student>/<assignment>/) or the
        # student's; never a folder below, which the student's own files could hold
        parts = sub.path.relative_to(folder).parts
        top = folder / parts[0] if len(parts) > 1 else folder
        stamp = lateness.submitted_at(top / sub.path.name, folder)
        if stamp.when is None:
            return f"no timestamp ({stamp.note})"
        return lateness.describe(lateness.lateness(stamp.when, self.deadline))

    def cases(self, student: str, eid: str, handed_in: str = ""):
        """``(kind, usual cases, hidden cases)`` of an exercise for a student's file
        (``handed_in``, its digest)."""
        ex = exercise(eid)
        if ex.kind == "value":
            return ex.kind, [], []
        where = hidden_cases.scope(self.vary, student, self.run, handed_in)
        return ex.kind, ex.all_cases(), ex.hidden_cases(hidden_cases.seed(self.secret, eid, where))


def _texts(items) -> list:
    return [str(x)[:300] for x in items][:1000] if isinstance(items, list) else []


def _outcome_of(sub: Submission, lecture: Lecture, marking: _Marking):
    """``(outcome, notebook or None, attempted ids)`` of one submission."""
    if not sub.paths:
        return Outcome("missing", f"no submission of {lecture.filename}"), None, set()
    if len(sub.paths) > 1:
        names = ", ".join(str(p) for p in sub.paths)
        return Outcome("error", f"{len(sub.paths)} notebooks for this lecture: {names}"), None, set()
    try:
        nb = read_submission(sub.path)
    except Unreadable as exc:
        return Outcome("unreadable", f"{sub.path.name} {exc}"), None, set()
    cells = check_cells(nb, lecture)
    handed_in = hashlib.sha256(nbformat.writes(nb).encode("utf-8")).hexdigest()
    todo, known, unknown = [], {}, {}
    for e in lecture.exercises:
        if e.id not in cells:
            continue
        try:
            kind, usual, more = marking.cases(sub.student, e.id, handed_in)
            texts = [case_text(c) for c in usual + more]
        except ValueError as exc:
            unknown[e.id] = {"status": "error", "message": f"the grader cannot check {e.id}: {exc}"}
            continue
        known[e.id] = (kind, more)
        todo.append((e.id, e.expression, cells[e.id], kind, texts))
    if not todo:
        return Outcome("done", results=unknown), nb, set(cells)
    folder, cwd = marking.where(sub.path)
    got = marking.runner.run(nb, folder, cwd, todo)
    raw = got.get("results", {})
    results = dict(unknown)
    for eid, (kind, more) in known.items():
        if eid in raw:
            results[eid] = judge_result(eid, kind, raw[eid], more)
    status = got["status"] if got["status"] in _STOPPED else "error"
    message = str(got.get("message", ""))[:500]
    return Outcome(status, message, results, tuple(_texts(got.get("cell_errors")))), nb, set(cells)


def _summary(sub: Submission, outcome: Outcome, rows: list[Row], late: str = "") -> SubmissionSummary:
    status = {"done": "graded", "missing": "missing"}.get(outcome.status, outcome.status)
    message = outcome.message
    if outcome.cell_errors:
        n = len(outcome.cell_errors)
        note = f"{n} cell{'s' * (n != 1)} raised an error (first: {outcome.cell_errors[0]})"
        message = f"{message}; {note}" if message else note
    return SubmissionSummary(sub.student, sub.lecture, sum(r.points for r in rows),
                             sum(r.max_points for r in rows), status, message, late)


def _regions(nb, cells: dict[str, int]) -> dict[str, list[str]]:
    """``{exercise id: the sources of its code cells}``: those after the cell of the
    exercise before it, up to its own (``cells``, :func:`check_cells`)."""
    ends = sorted(set(cells.values()))
    out = {}
    for eid, end in cells.items():
        start = max((i for i in ends if i < end), default=-1)
        out[eid] = [c.source for i, c in enumerate(nb.cells)
                    if c.cell_type == "code" and start < i <= end]
    return out


def teacher_use(lecture: Lecture) -> tuple[dict[str, set[str]], set[str]]:
    """What of gamelab the teacher's solutions use, ``{exercise id: names}`` (the
    cells holding a ``### BEGIN SOLUTION`` line), and the sources of the teacher's
    code cells, which a student's notebook has unchanged wherever it was not answered."""
    nb = nbformat.read(lecture.path, as_version=4)
    context = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    given = {eid: set().union(*[gamelab_names(src, context) for src in sources
                                if "### BEGIN SOLUTION" in src])
             for eid, sources in _regions(nb, check_cells(nb, lecture)).items()}
    return given, {c.source.strip() for c in nb.cells if c.cell_type == "code"}


def gamelab_use(nb, lecture: Lecture, teacher) -> dict[str, str]:
    """``{exercise id: "gl.outcome, gl.Bash"}``: what of gamelab the code a student
    wrote for each exercise (its cells that are not the teacher's, unchanged) uses
    beyond what the teacher's solution uses (``teacher``, :func:`teacher_use`)."""
    given, handed = teacher
    context = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    out = {}
    for eid, sources in _regions(nb, check_cells(nb, lecture)).items():
        names = set().union(*[gamelab_names(src, context) for src in sources
                              if src.strip() not in handed])
        out[eid] = ", ".join(sorted(names - given.get(eid, set())))
    return out


#: Gradebook statuses of an answer whose code is compared with the class's: one that ran
#: (not a stub, nor a notebook that crashed or stopped before it).
_ANSWERED = ("right", "wrong")
#: Tokens an answer needs to be compared: a shorter one is alike by nature.
LEAST_TOKENS = 40


def alike(lectures, done) -> list:
    """The pairs of students whose answer code is identical or near-identical
    (:mod:`gamelab.grading.similarity`), lecture by lecture, from ``done``:
    ``[(submission, notebook or None, rows)]``.  Only the function and judge
    answers that ran (right or wrong) and have :data:`LEAST_TOKENS` tokens of
    their own are compared, each without the lines of the teacher's notebook
    (the code every student was given, and the model answer)."""
    answers: dict[str, dict] = {}
    for sub, nb, rows in done:
        if nb is None:
            continue
        lecture = lectures[sub.lecture]
        answered = {r.exercise for r in rows if r.status in _ANSWERED
                    and exercise(r.exercise).kind != "value"}     # a value is a literal
        code = answer_sources(nb, lecture, cells=check_cells(nb, lecture))
        answers.setdefault(sub.lecture, {})[sub.student] = {
            eid: text for eid, text in code.items() if eid in answered}
    pairs = []
    for name, by_student in sorted(answers.items()):
        lecture = lectures[name]
        template = answer_sources(nbformat.read(lecture.path, as_version=4), lecture)
        pairs += similar_pairs(by_student, lecture=name, template=template,
                               least_tokens=LEAST_TOKENS)
    return pairs


def _check_int(name: str, value, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < least:
        raise ValueError(f"{name} must be >= {least}, got {value}")
    return value


def grade(submissions, *, notebooks="notebooks", out="build/grades", lecture: str | None = None,
          jobs: int = 1, limits: Limits | None = None,
          echo: Callable[[str], None] | None = print, sandboxed: bool = True,
          secret=None, vary: str = "student",
          deadline: datetime.datetime | None = None) -> Graded:
    """Grade every submission in the folder ``submissions``; write the reports to ``out``.

    Parameters
    ----------
    submissions : path
        ``dir/<student>/[<assignment>/]<lecture>.ipynb``, or
        ``dir/<student>__<lecture>.ipynb``, or ``dir/<student>.ipynb`` with ``lecture``.
    notebooks : path
        The folder of the teacher's notebooks (the exercises come from their checks).
    out : path
        Where ``gradebook.csv``, ``summary.csv``, ``summary.md`` and ``by_hand.csv`` go.
    lecture : str, optional
        Grade this lecture only (``"05_wythoff"``, ``"05"``).
    jobs : int
        Submissions run at the same time.
    limits : Limits
        Wall time per cell and per notebook, CPU time (default 60 s, 600 s, 600 s).
    echo : callable or None
        Receives one line per submission, and the paths at the end.
    sandboxed : bool
        Run each submission in a bubblewrap sandbox (:mod:`gamelab.grading.sandbox`).
        ``False`` runs them with the lecturer's rights, for trusted submissions
        only; the gradebook says so.
    secret : path, optional
        The lecturer's secret file (made on first use), from which the hidden
        cases are drawn; without one, a fresh secret for this run only.
    vary : {"student", "run"}
        Hidden cases per student (the same on every run) or per run (the
        same for the whole class in one run).
    deadline : datetime, optional
        With its time zone (:func:`gamelab.grading.late.parse_time`): each
        submission is "on time", "late by …" or has "no timestamp", from
        nbgrader's ``timestamp.txt`` in the student's folder.

    Raises
    ------
    ValueError, TypeError
        For a folder that does not exist, an unknown lecture, a folder with
        no submission, bad ``jobs`` / ``limits`` / ``vary``, a secret kept
        among the submissions or the reports, or the student edition of gamelab.
    NoSandbox
        If ``sandboxed`` and no sandbox can be made here (bubblewrap missing).
    """
    if not pathlib.Path(submissions).is_dir():
        raise ValueError(f"submissions: {str(submissions)!r} is not a folder")
    jobs = _check_int("jobs", jobs, 1)
    limits = Limits() if limits is None else limits
    if not isinstance(limits, Limits):
        raise TypeError(f"limits must be a Limits, got {type(limits).__name__}")
    if not isinstance(sandboxed, bool):
        raise TypeError(f"sandboxed must be a bool, got {type(sandboxed).__name__}")
    if vary not in hidden_cases.VARY:
        raise ValueError(f"vary must be one of {hidden_cases.VARY}, got {vary!r}")
    if deadline is not None and not isinstance(deadline, datetime.datetime):
        raise TypeError(f"deadline must be a datetime, got {type(deadline).__name__}")
    if deadline is not None and deadline.utcoffset() is None:
        raise ValueError(f"deadline must carry its time zone, got {deadline}")
    if EDITION != "teacher":
        raise ValueError("marking needs the teacher's edition of gamelab (with its references); "
                         "this is the student edition")
    key = hidden_cases.read_secret(secret, forbidden=[submissions, out])
    lectures = course_lectures(notebooks)
    name = find_lecture(lecture, lectures) if lecture is not None else None
    found = find_submissions(submissions, lectures, lecture=name, ignore=[out])
    if not found.submissions:
        raise ValueError(f"submissions: no submission found in {str(submissions)!r} (expected "
                         "dir/<student>/<lecture>.ipynb, dir/<student>__<lecture>.ipynb, "
                         "or dir/<student>.ipynb with a lecture)")
    _check_writable(out)
    say = echo or (lambda line: None)
    with Runner(limits, sandboxed=sandboxed, jobs=jobs) as runner:
        marking = _Marking(pathlib.Path(submissions), runner, key, vary, secrets.token_hex(8),
                           "a secret drawn for this run only" if secret is None else
                           "the lecturer's secret", deadline)
        return _grade_all(found, lectures, marking, jobs, out, say)


def _check_writable(out):
    """Write a file in the folder ``out`` before a class is graded, so that a folder that
    cannot be written raises ``OSError`` at once, not after the marking.  Folders made
    for the probe are removed again: a refusal later on leaves nothing behind."""
    folder = pathlib.Path(out).absolute()
    made = [p for p in (folder, *folder.parents) if not p.exists()]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".gamelab-grade-{secrets.token_hex(4)}"
        probe.write_bytes(b"")
        probe.unlink()
    finally:
        for path in made:                   # deepest first
            if path.is_dir():
                path.rmdir()


def _grade_all(found, lectures, marking: _Marking, jobs: int, out, say) -> Graded:
    for note in found.skipped:
        say(f"skipped {note}")
    lock = threading.Lock()
    width = max(len(s.student) for s in found.submissions)
    sandbox = "bubblewrap" if marking.runner.sandboxed else "none (--unsandboxed)"

    given = {name: teacher_use(lectures[name]) for name in {s.lecture for s in found.submissions}}

    def one(sub: Submission):
        lec = lectures[sub.lecture]
        outcome, nb, attempted = _outcome_of(sub, lec, marking)
        uses = {} if nb is None else gamelab_use(nb, lec, given[sub.lecture])
        rows = [dataclasses.replace(r, sandbox=sandbox, gamelab=uses.get(r.exercise, ""))
                for r in grade_rows(sub.student, lec, outcome, attempted)]
        hand_status = {"missing": "no submission"}.get(outcome.status, outcome.status)
        hand = hand_rows(sub.student, lec, nb, hand_status)
        summary = _summary(sub, outcome, rows, marking.late(sub))
        line = f"{sub.student:<{width}}  {sub.lecture}  {summary.score}/{summary.max_score}"
        if summary.status != "graded":
            line += f"  {summary.status}: {summary.message}"
        if summary.late.startswith("late"):
            line += f"  ({summary.late})"
        with lock:
            say(line)
        return rows, hand, summary, nb

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        done = list(pool.map(one, found.submissions))
    rows = tuple(r for rs, _, _, _ in done for r in rs)
    hands = tuple(h for _, hs, _, _ in done for h in hs)
    summaries = tuple(s for _, _, s, _ in done)
    pairs = alike(lectures, [(sub, nb, rs) for sub, (rs, _, _, nb) in zip(found.submissions, done)])
    notes = [("Sandbox: bubblewrap, one per submission (no network, a throwaway copy, the "
              "student edition of gamelab)." if marking.runner.sandboxed else
              "Sandbox: NONE. Marked with --unsandboxed: the notebooks ran with the "
              "lecturer's rights (trusted submissions only)."),
             f"Hidden cases: drawn from {marking.source}, per {marking.vary}"
             + (f" (run {marking.run})" if marking.vary == "run" else "") + "."]
    if marking.deadline is not None:
        notes.append(f"Deadline: {marking.deadline.isoformat()} (nbgrader's timestamp.txt).")
    shown = "; ".join(f"{p.student_a} and {p.student_b} on {p.lecture} "
                      + ("as a whole" if p.exercise == "*" else p.exercise) + f" ({p.kind})"
                      for p in pairs[:10])
    notes.append(f"Alike answer code (similarity.csv): {len(pairs)} pair"
                 f"{'s' * (len(pairs) != 1)}" + (f": {shown}" if pairs else "")
                 + ("; …" if len(pairs) > 10 else "") + ".")
    paths = write_reports(out, rows, summaries, hands, notes)
    paths["similarity.csv"] = pathlib.Path(out) / "similarity.csv"
    similarity_csv(paths["similarity.csv"], pairs)
    for label, path in paths.items():
        say(f"{label}: {path}")
    return Graded(rows, summaries, hands, found.skipped, paths)
