"""What the tests share: paths, reference data, judge samples, small positions,
plain references written without gamelab's shortcuts, and readers of tables.

Importable as ``gamelab_testing`` (pytest's ``pythonpath`` holds ``tests``);
``tests/conftest.py`` turns some of these into fixtures.  Helpers for the
static-site tests (book and slides) are in ``gamelab_testing.static_site``.
"""
from __future__ import annotations

import functools
import html
import json
import pathlib
import re
import subprocess
import sys
from collections import deque

import numpy as np
import pytest

import gamelab as gl
from gamelab.games import octal_kernel
from gamelab.games.octal_rules import Rules

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
#: The MIME type of a widget's view in a notebook's saved outputs.
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


@functools.lru_cache(maxsize=None)
def course_exercises():
    """The ids of the course's own exercises, as a fresh interpreter registers them (the
    teacher's references): never an exercise a test registered in this process."""
    done = subprocess.run([sys.executable, "-c", "import json\n"
                           "from gamelab.exercises.check import exercises\n"
                           "print(json.dumps(exercises()))"],
                          capture_output=True, text=True, check=True)
    return tuple(json.loads(done.stdout))


# -- published sequences and judge samples ------------------------------------------------

def read_sequence(name):
    """Values of a published sequence shipped with the package, with its offset.

    ``name`` is a file name of ``gamelab/data/sequences`` (its OEIS number is
    in it).  Returns ``(offset, values)`` where ``values[0]`` is a(offset).
    """
    found = gl.reference_sequence(re.search(r"A\d{6}", name).group(0))
    return found.offset, list(found.values)


def judge_sample(problem):
    """``(input_text, expected_output_text)`` of a judge problem's official sample,
    as shipped with the package (``gamelab/exercises/samples``)."""
    from gamelab.exercises.check import official_sample

    found = official_sample(problem)
    if found is None:
        raise FileNotFoundError(f"no official sample for {problem!r} in gamelab/exercises/samples")
    return found


def lecture_programs(notebook=None):
    """``(lecture, judge id, source)`` of every standalone program in the lectures'
    solution cells (a raw string ``PROGRAM`` checked by ``run_program(PROGRAM, id)``),
    or in the one ``notebook`` (a path) given."""
    found = []
    for path in [notebook] if notebook is not None else sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            src = "".join(cell["source"])
            run = re.search(r'run_program\(PROGRAM, "([^"]+)"', src)
            if cell["cell_type"] == "code" and run:
                body = re.search(r"PROGRAM = r('''|\"\"\")\n(.*?)\1", src, re.S).group(2)
                found.append((path.stem, run.group(1), body))
    return found


def same_tokens(got, expected):
    """Judges compare outputs token by token (white space differences ignored)."""
    return got.split() == expected.split()


# -- small positions ----------------------------------------------------------------------

def reachable_positions(game, *starts, limit=400):
    """The positions reachable from ``starts`` (themselves included), breadth first,
    at most ``limit`` of them: the small positions on which closed forms are
    checked against plain search."""
    seen = list(dict.fromkeys(starts))
    known = set(seen)
    i = 0
    while i < len(seen) and len(seen) < limit:
        for o in gl.game_options(game, seen[i]):
            if o not in known and len(seen) < limit:
                known.add(o)
                seen.append(o)
        i += 1
    return seen


# -- plain references: heap games and octal games -----------------------------------------

def plain_heap_game(game):
    """The same rules as a bare HeapGame: plain search, no fast path."""
    return gl.HeapGame(game._moves, validate_heap=game._validate_heap)


def plain_values(digits, n, unequal_split=False):
    """Values of heaps 0..n-1 by a plain loop over every option of every heap.

    ``digits`` are octal digits (d0, d1, ...); with ``unequal_split`` the game is
    Grundy's game instead (split a heap into two unequal heaps).  The values of a
    heap's options are marked in an array of flags (a value is below the next power of
    two above every value so far, and so is the XOR of two), and the mex is the first
    flag not set.
    """
    g = np.zeros(n, dtype=np.int64)
    bound = 1                                   # a power of two above every value so far
    for m in range(1, n):
        seen = np.zeros(2 * bound + 2, dtype=bool)
        if unequal_split:
            h = (m - 1) // 2
            seen[g[1:h + 1] ^ g[m - h:m][::-1]] = True
        for k, d in enumerate(digits):
            r = m - k
            if k > 0 and d & 1 and r == 0:
                seen[0] = True
            if k > 0 and d & 2 and r >= 1:
                seen[g[r]] = True
            if d & 4 and r >= 2:
                h = r // 2
                seen[g[1:h + 1] ^ g[r - h:r][::-1]] = True
        v = int(np.argmin(seen))                # the first value no option has
        g[m] = v
        while v >= bound:
            bound *= 2
    return g


def digits_of(code):
    """The octal digits of ``code`` (``"0.77"`` → ``(0, 7, 7)``)."""
    return Rules.from_code(code).digits


#: The backends of the octal kernel, as parameters: the compiled one is skipped
#: with the reason where numba is not installed.
KERNEL_BACKENDS = [
    pytest.param("numpy"),
    pytest.param("numba", marks=pytest.mark.skipif(
        "numba" not in octal_kernel.BACKENDS,
        reason="numba not installed (pip install 'gamelab[fast]')")),
]


# -- research-scale periods ----------------------------------------------------------------

#: The limit lecture 11 states for its research-scale periods (``gl.prove_period(rules, 10**8)``).
RESEARCH_LIMIT = 10**8
#: Groups the tests that share :func:`research_proof` on one worker of a parallel run.
RESEARCH_GROUP = pytest.mark.xdist_group("research-scale-periods")


@functools.lru_cache(maxsize=None)
def research_proof(code):
    """``(found, state)``: ``gl.prove_period`` of the octal game ``code`` up to
    :data:`RESEARCH_LIMIT` heaps, at gamelab's default budget, and the values it computed.

    Made once per process (some ten seconds of CPU each): the tests of lecture 11's table
    and of the proofs read the same computation.  The heaps it computes do not depend on
    the limit while the proof needs fewer (every length it aims at is below the limit), so
    ``state.length <= limit`` shows that ``prove_period(rules, limit)`` gives the same."""
    from gamelab_testing.limits import assert_default_budget

    assert_default_budget()
    state = gl.SequenceState()
    return gl.prove_period(gl.TakeAndBreak(code).rules, RESEARCH_LIMIT, state=state), state


# -- Dawson's Kayles' misère quotients -----------------------------------------------------

#: Groups the tests that share :func:`dawsons_kayles_quotient` on one worker of a parallel run.
DAWSON_GROUP = pytest.mark.xdist_group("dawsons-kayles-quotients")


@functools.lru_cache(maxsize=None)
def dawsons_kayles_quotient(row):
    """``gl.misere_quotient(gl.DawsonsKayles(), row)`` at gamelab's default budget, made once
    per process (row 30 takes some twenty seconds of CPU): lecture 15's figure and the check
    of its outcomes by plain search read the same quotient."""
    from gamelab_testing.limits import assert_default_budget

    assert_default_budget()
    return gl.misere_quotient(gl.DawsonsKayles(), row)


# -- plain references: loopy games --------------------------------------------------------

def option_graph(options, start):
    """``{position: list of options}`` for every position reachable from ``start``."""
    graph = {start: None}
    todo = [start]
    while todo:
        p = todo.pop()
        graph[p] = list(dict.fromkeys(options(p)))
        for o in graph[p]:
            if o not in graph:
                graph[o] = None
                todo.append(o)
    return graph


def plain_outcomes(graph):
    """Retrograde analysis: P if every option is N, N if some option is P, else D."""
    preds = {p: [] for p in graph}
    for p, kids in graph.items():
        for o in kids:
            preds[o].append(p)
    result = {}
    left = {p: len(kids) for p, kids in graph.items()}
    todo = deque(p for p, kids in graph.items() if not kids)
    for p in todo:
        result[p] = "P"
    while todo:
        v = todo.popleft()
        for u in preds[v]:
            if u in result:
                continue
            if result[v] == "P":
                result[u] = "N"
                todo.append(u)
            else:
                left[u] -= 1
                if left[u] == 0:
                    result[u] = "P"
                    todo.append(u)
    return {p: result.get(p, "D") for p in graph}


def product_graph(graphs, start):
    """The sum of plain games as one game: a move changes one component."""
    def options(pos):
        for i, (g, p) in enumerate(zip(graphs, pos)):
            for o in g(p):
                yield pos[:i] + (o,) + pos[i + 1:]
    return option_graph(options, start)


# -- reading tables -----------------------------------------------------------------------

def last_row(table):
    """The cells of the last text row of a table, after the row's label."""
    return table.text.splitlines()[-1].split("|")[1].split()


def row_cells(table, label):
    """The cells after the label of the HTML row ``label`` of a table."""
    for row in re.findall(r"<tr>(.*?)</tr>", table.html):
        texts = [html.unescape(t) for t in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)]
        if texts and texts[0] == label:
            return texts[1:]
    raise AssertionError(f"no row {label!r}")


def row_value(table, label):
    """The value of row ``label`` of a two-column table."""
    line = next(ln for ln in table.text.splitlines() if ln.startswith(label))
    return line.split(" | ", 1)[1]


def loopy_rows(table):
    """The body rows of a loopy table's text: ``[(position, options, γ, outcome)]``."""
    lines = table.text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("position")) + 1
    out = []
    for ln in lines[start:]:
        head, _, rest = ln.partition(" | ")
        *options, gamma, outcome = re.split(r"\s+(?=\S+\s+[PND]$)|\s+(?=[PND]$)", rest.strip())
        out.append((head.strip(), " ".join(options).strip(), gamma, outcome))
    return out


# -- plain references: misère play of sums of heaps ----------------------------------------

def sums_of_heaps(max_heap, total):
    """Every multiset of heaps 1..max_heap with sizes adding up to at most ``total``."""
    out = []

    def grow(start, room, heaps):
        out.append(tuple(heaps))
        for h in range(start, min(max_heap, room) + 1):
            grow(h, room - h, heaps + [h])

    grow(1, total, [])
    return out


def plain_misere_p(heap_moves):
    """``is_p(heaps)``: whether a sum of heaps is a misère P-position, by plain search.

    ``heap_moves(h)`` lists the moves of one heap as tuples of heaps (zeros allowed).
    """
    moves = {}

    @functools.lru_cache(maxsize=None)
    def is_p(heaps):
        options = []
        for i, h in enumerate(heaps):
            if h not in moves:
                moves[h] = [tuple(k for k in m if k) for m in heap_moves(h)]
            rest = heaps[:i] + heaps[i + 1:]
            options.extend(tuple(sorted(rest + m)) for m in moves[h])
        return bool(options) and not any(is_p(o) for o in options)

    return lambda heaps: is_p(tuple(sorted(h for h in heaps if h)))
