"""Identical and near-identical answer code between the students of one lecture.

Answers are compared as the tokens of their code (:func:`normalise`), without
comments, layout or docstrings and with the names a student chose numbered,
so renamed variables or reworded comments do not hide a copy while another
algorithm still reads differently.  The lines of the template (the code the
students were given) are taken out of each answer first: only what students
wrote themselves is compared.  :func:`answer_sources` reads a submission's
answers, :func:`similar_pairs` pairs the students and :func:`similarity_csv`
writes ``similarity.csv``: a pair is a reason to read two notebooks side by
side, not a verdict.
"""
from __future__ import annotations

import ast
import builtins
import dataclasses
import io
import itertools
import keyword
import math
import pathlib
import tokenize
from difflib import SequenceMatcher

from .lectures import Lecture, checked_ids
from .report import write_csv

__all__ = ["KINDS", "WHOLE", "MAX_TOKENS", "HEADER", "Pair", "normalise", "similar_pairs",
           "answer_sources", "similarity_csv"]

#: Two answers with the same tokens, or a ratio of at least the threshold.
KINDS = ("identical", "near-identical")
#: The exercise of a whole submission (all its code cells).
WHOLE = "*"
#: The tokens of an answer compared at most (the rest of a longer one is not read).
MAX_TOKENS = 5000
#: The columns of ``similarity.csv``.
HEADER = ("lecture", "exercise", "student_a", "student_b", "similarity", "kind")

_KEPT = frozenset(keyword.kwlist) | frozenset(dir(builtins))
_LAYOUT = {tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}


@dataclasses.dataclass(frozen=True, order=True)
class Pair:
    """Two students (``student_a < student_b``) with alike code for an exercise
    of a lecture (``"*"``: their whole submissions)."""

    lecture: str
    exercise: str
    student_a: str
    student_b: str
    similarity: float
    kind: str

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")


def _tokens(source: str) -> list[tuple[int, bool, str]]:
    """``[(line, whether it is a name to number, text)]`` of the code's tokens."""
    try:
        raw = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return [(n, False, word) for n, line in enumerate(source.splitlines(), 1)
                for word in line.split()]
    out, statement, opens_block = [], [], True
    for tok in raw:
        if tok.type in _LAYOUT or (tok.type == tokenize.ERRORTOKEN and not tok.string.strip()):
            continue
        if tok.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
            statement.append(tok)
            continue
        if not statement:
            continue
        # a string standing alone first in the code or in a block is a docstring
        if not (opens_block and all(t.type == tokenize.STRING for t in statement)):
            out += [(t.start[0], t.type == tokenize.NAME and t.string not in _KEPT, t.string)
                    for t in statement]
        opens_block, statement = statement[-1].string == ":", []
    return out


def _numbered(tokens) -> tuple[str, ...]:
    names: dict[str, str] = {}
    return tuple(names.setdefault(text, f"v{len(names) + 1}") if rename else text
                 for _, rename, text in tokens)


def _lines(tokens) -> list[tuple[int, tuple[str, ...]]]:
    """``[(line, its tokens as written)]`` of the lines that hold code."""
    return [(n, tuple(text for _, _, text in group))
            for n, group in itertools.groupby(tokens, key=lambda t: t[0])]


def normalise(source: str) -> tuple[str, ...]:
    """The tokens of Python code as compared.

    Comments, blank lines, indentation, line ends and docstrings are dropped,
    string and number literals kept, and every name that is not a keyword or
    a builtin becomes ``v1``, ``v2``... in order of first appearance.  Code
    that does not tokenize gives its whitespace-split words.

    Parameters
    ----------
    source : str
        Python code (a cell's, or several cells joined).

    Examples
    --------
    >>> normalise("total = 0  # start\\nfor x in data:\\n    total += len(x)\\n")
    ('v1', '=', '0', 'for', 'v2', 'in', 'v3', ':', 'v1', '+=', 'len', '(', 'v2', ')')
    >>> normalise("def f(n):\\n    '''Twice n.'''\\n    return 2 * n") == normalise(
    ...     "def twice(k):\\n    return 2 * k  # doubled")
    True
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, got {type(source).__name__}")
    return _numbered(_tokens(source))


def _check_sources(value, name: str, depth: int) -> None:
    """``value`` is ``{str: str}`` (depth 1) or ``{str: {str: str}}`` (depth 2)."""
    if not isinstance(value, dict if depth else str):
        raise TypeError(f"{name} must be a {'dict' if depth else 'str'}, got {type(value).__name__}")
    for key, inner in value.items() if depth else ():
        if not isinstance(key, str):
            raise TypeError(f"{name}: every key must be a str, got {key!r}")
        _check_sources(inner, f"{name}[{key!r}]", depth - 1)


def _with_whole(sources: dict[str, str]) -> dict[str, str]:
    """``sources`` with a ``"*"``: its own, or its exercises' code joined."""
    if WHOLE in sources:
        return sources
    return {**sources, WHOLE: "\n\n".join(sources[e] for e in sorted(sources))}


def similar_pairs(answers: dict[str, dict[str, str]], *, lecture: str,
                  template: dict[str, str] | None = None, threshold: float = 0.9,
                  least_tokens: int = 20) -> list[Pair]:
    """The pairs of students whose code for an exercise is identical or near-identical.

    Parameters
    ----------
    answers : dict
        ``{student: {exercise: code}}`` (see :func:`answer_sources`).  The whole
        submissions are compared as the exercise ``"*"``: a student's own
        ``"*"``, or their answers joined.
    lecture : str
        The lecture's name, written in every pair.
    template : dict, optional
        ``{exercise: code every student was given}`` (it may join several
        versions, the teacher's and the student edition's).  A line of an
        answer that is a line of the template (comments and layout aside) is
        not compared; an answer that normalises like the template is skipped.
        Without one the lecture's own code dominates every answer.
    threshold : float
        The least ``SequenceMatcher(None, a, b, autojunk=False).ratio()`` of
        two normalised answers that counts as near-identical, in (0, 1].
    least_tokens : int
        Answers with fewer tokens (the template's lines taken out) are not compared.

    Returns
    -------
    list of Pair
        Sorted by lecture, exercise and students; ``similarity`` rounded to 2 places.

    Raises
    ------
    TypeError, ValueError
        For an argument of the wrong type or out of range, named in the message.

    Notes
    -----
    Each distinct answer meets each other once, the upper bounds
    ``real_quick_ratio`` and ``quick_ratio`` sparing most pairs the full ratio;
    only an answer's first :data:`MAX_TOKENS` tokens are compared.
    """
    _check_sources(answers, "answers", 2)
    _check_sources({} if template is None else template, "template", 1)
    if not isinstance(lecture, str):
        raise TypeError(f"lecture must be a str, got {type(lecture).__name__}")
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)):
        raise TypeError(f"threshold must be a number, got {type(threshold).__name__}")
    if not (math.isfinite(threshold) and 0 < threshold <= 1):
        raise ValueError(f"threshold must be in (0, 1], got {threshold!r}")
    if isinstance(least_tokens, bool) or not isinstance(least_tokens, int):
        raise TypeError(f"least_tokens must be an int, got {type(least_tokens).__name__}")
    if least_tokens < 0:
        raise ValueError(f"least_tokens must be >= 0, got {least_tokens}")
    answers = {student: _with_whole(mine) for student, mine in answers.items()}
    template = _with_whole(template) if template else {}
    pairs = []
    for exercise in sorted({e for mine in answers.values() for e in mine}):
        given = template.get(exercise)
        given_tokens = normalise(given) if given is not None else None
        handed = frozenset(line for _, line in _lines(_tokens(given or "")))
        own, whole = {}, {}
        for student in sorted(answers):
            if exercise not in answers[student]:
                continue
            tokens = _tokens(answers[student][exercise])
            if _numbered(tokens) == given_tokens:
                continue                       # as handed out
            shared = {n for n, line in _lines(tokens) if line in handed}
            mine = _numbered([t for t in tokens if t[0] not in shared])[:MAX_TOKENS]
            if mine and len(mine) >= least_tokens:
                own[student] = mine
                # the names numbered over the whole answer before the lines handed out are
                # dropped: a copy that renames a name of a line handed out still matches
                whole[student] = tuple(text for (n, _, _), text in zip(tokens, _numbered(tokens))
                                       if n not in shared)[:MAX_TOKENS]
        best: dict[tuple, Pair] = {}
        for pair in _alike(lecture, exercise, own, threshold) + _alike(
                lecture, exercise, whole, threshold):
            key = (pair.student_a, pair.student_b)
            if key not in best or pair.similarity > best[key].similarity:
                best[key] = pair
        pairs += best.values()
    return sorted(pairs)


def _alike(lecture: str, exercise: str, own: dict[str, tuple], threshold: float) -> list[Pair]:
    """The pairs among ``{student: tokens}``, each distinct answer compared once."""
    groups: dict[tuple, list[str]] = {}
    for student in sorted(own):
        groups.setdefault(own[student], []).append(student)
    found = [Pair(lecture, exercise, a, b, 1.0, "identical")
             for members in groups.values() for a, b in itertools.combinations(members, 2)]
    distinct = sorted(groups, key=len)
    matcher = SequenceMatcher(None, autojunk=False)
    for j, longer in enumerate(distinct):
        matcher.set_seq2(longer)
        for shorter in reversed(distinct[:j]):
            matcher.set_seq1(shorter)
            if matcher.real_quick_ratio() < threshold:
                break                          # the rest are shorter: further below
            if matcher.quick_ratio() >= threshold and (ratio := matcher.ratio()) >= threshold:
                found += [Pair(lecture, exercise, *sorted((a, b)), round(ratio, 2), "near-identical")
                          for a in groups[shorter] for b in groups[longer]]
    return found


def _only_checks(source: str) -> bool:
    """Whether a code cell does nothing but call ``check(...)``."""
    try:
        body = ast.parse(source).body
    except (SyntaxError, ValueError):
        return False
    return bool(body) and all(isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
                              and isinstance(s.value.func, ast.Name) and s.value.func.id == "check"
                              for s in body)


def answer_sources(nb, lecture: Lecture, *, cells: dict[str, int] | None = None) -> dict[str, str]:
    """``{exercise id: the student's code for it}`` of a read submission, and
    under ``"*"`` all its code cells joined.

    An exercise's code is that of the code cells after the previous exercise's
    cell up to its own, less the cells that do nothing but check (its own cell
    counts when it holds code of its own).  An exercise's cell is the first
    that checks it, or the one ``cells`` gives: ``{exercise id: cell index}``,
    the grader's ``check_cells(nb, lecture)``.  An exercise without one has no entry.
    """
    if not isinstance(lecture, Lecture):
        raise TypeError(f"lecture must be a Lecture, got {type(lecture).__name__}")
    code = [(index, cell.get("source", "")) for index, cell in enumerate(nb.cells)
            if cell.get("cell_type") == "code"]
    if cells is None:
        wanted, cells = {e.id for e in lecture.exercises}, {}
        for index, source in code:
            for eid in wanted.intersection(checked_ids(source)):
                cells.setdefault(eid, index)
    elif not (isinstance(cells, dict) and all(isinstance(k, str) and type(v) is int
                                              for k, v in cells.items())):
        raise TypeError("cells must be a dict {exercise id: cell index}")
    ends = sorted(set(cells.values()))
    out = {}
    for e in lecture.exercises:
        if e.id in cells:
            end = cells[e.id]
            start = max((i for i in ends if i < end), default=-1)
            out[e.id] = "\n\n".join(source for index, source in code
                                    if start < index <= end and not _only_checks(source))
    out[WHOLE] = "\n\n".join(source for _, source in code)
    return out


def similarity_csv(path, pairs) -> None:
    """Write ``pairs`` (:func:`similar_pairs`) to the CSV file ``path``, in the columns
    of :data:`HEADER` (the similarity with 2 decimals)."""
    pairs = list(pairs)
    if not all(isinstance(p, Pair) for p in pairs):
        raise TypeError("pairs must hold Pair (from similar_pairs)")
    write_csv(pathlib.Path(path), HEADER,
              [(p.lecture, p.exercise, p.student_a, p.student_b, f"{p.similarity:.2f}", p.kind)
               for p in pairs])
