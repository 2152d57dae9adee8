"""What a student edition must not show: the solution text of the teacher's notebooks.

Shared by the tests of the student book and of the handouts.  A *solution
line* is a line between the ``### BEGIN SOLUTION``/``### END SOLUTION``
markers or of a markdown cell tagged ``solution``, of five words or more,
that does not also occur in the student edition (a line of the lecture may
recur in a solution); lines are compared as their words, lower-cased.
"""
from __future__ import annotations

import html
import re

import nbformat

from gamelab_testing import ROOT
from gamelab_testing.static_site import load_tool

STUDENT = load_tool("student_tool", ROOT / "tools" / "student.py")


def words(text):
    """The words of ``text``, lower-cased, one space apart."""
    return " ".join(re.findall(r"\w+", text.lower()))


def html_words(text):
    """The words of an HTML page's text (scripts and styles left out)."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
    return words(html.unescape(re.sub(r"<[^>]+>", " ", text)))


def student_edition(nb_path):
    """The student edition of the notebook at ``nb_path``."""
    return STUDENT.student_notebook(nbformat.read(nb_path, as_version=4), notebook=nb_path.name)


def solution_lines(nb_path, student):
    """The solution lines of the teacher's notebook ``nb_path`` (as words), leaving out
    those in ``student``, the words of the student edition."""
    teacher = nbformat.read(nb_path, as_version=4)
    student = f" {student} "
    lines = []
    for cell in teacher.cells:
        if STUDENT.is_solution_cell(cell):
            lines += cell.source.splitlines()
        elif cell.cell_type == "code":
            source = cell.source.splitlines()
            for begin, end, _ in STUDENT.solution_regions(cell.source):
                lines += source[begin + 1:end]
    found = {words(line) for line in lines}
    return sorted(w for w in found if len(w.split()) >= 5 and f" {w} " not in student)
