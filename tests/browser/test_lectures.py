"""Every lecture in a real browser: run it in JupyterLab, move the sliders, play.

Each notebook in ``notebooks/`` is opened once in JupyterLab (headless
Chromium), its outputs cleared and *Run ▸ Run All Cells* used; every check of
the lecture, here and in ``test_lecture_hall.py``, ``test_loopy_play.py`` and
``test_screenshots.py``, then works on that one page (the ``lecture`` fixture
of ``conftest.py``, which also fixes the order of the checks).  Here:

* :func:`test_explorers_and_plays_match_gamelab`: move at least one slider of
  every explorer with the keyboard (or by typing into its readout) and check
  that the ``.gamelab-table`` shown in the page equals what gamelab computes,
  in this test process, for the settings the page shows (by plain search
  wherever the positions are few enough) — and that exactly the P-positions
  are highlighted; on every play widget, make moves and check that gamelab's
  reply is a winning move whenever one exists;
* :func:`test_lecture_hygiene`, after every other check of the lecture but the
  screenshot: no cell printed an error, the page logged no JavaScript error,
  and the page asked nothing of any host but 127.0.0.1.

What to move and how to compute the expected table is the notebook's *spec*
in :data:`SPECS`.  A notebook without a spec fails :func:`test_every_notebook_has_a_spec`
(that test needs no browser), so a new lecture cannot slip through untested.
"""
from __future__ import annotations

import ast
import dataclasses
import functools
import html.parser
import json
import math
import operator
import re
import time
import urllib.parse
from typing import Any, Callable

import pytest

import gamelab as gl
from gamelab.display import P_COLOUR, move_words
from gamelab.games.hackenbush import random_graph, random_tree

from .conftest import LECTURES, NOTEBOOK_DIR, UI_BACKSTOP, rgb

# Every lecture; course_map.ipynb is an overview with no explorer or play widget.
NOTEBOOKS = [NOTEBOOK_DIR / f"{stem}.ipynb" for stem in LECTURES]
TABLE_TIMEOUT = 30.0  # seconds for a table to catch up with a slider (generous: 2 shared cores)


# -- specs ---------------------------------------------------------------------------

@dataclasses.dataclass
class Explorer:
    """How to test one slider explorer.

    cell : str
        A piece of the source of the code cell that displays the explorer.
    moves : list of (description, key)
        Sliders to move, by their description, and the key to press on the
        handle (``"ArrowRight"``, ``"End"``, ...) or ``"=VALUE"`` to type
        ``VALUE`` into the slider's readout; ``(text, "click")`` clicks the
        toggle button showing ``text``; ``(description, "select:OPTION")``
        chooses ``OPTION`` in a drop-down; ``(description, "type:TEXT")``
        types ``TEXT`` into a text box and presses Enter.  ``"heap#3"`` is the third slider
        described ``heap``.  The table is checked after each move.
    expected : callable
        ``expected(controls) -> dict``: the table the page must show, computed
        with gamelab from ``controls`` (``{description: value}`` as the page
        shows them); keys as :func:`read_table` returns them.
    kind : str
        ``"sequence"`` (rows of ``n`` / value pairs), ``"grid"``, or ``"table"``:
        then ``expected`` returns a :class:`gamelab.display.Table`, or
        ``(rows of cell texts, rows of highlight flags)``, and the page must
        show the same cells with the same cells highlighted.  ``"text"``: the
        ``.gamelab-table`` is not a ``<table>``; ``expected`` returns ``(lines,
        highlighted texts)`` and the page must show those lines of text, with
        exactly those parts highlighted as P-positions.  ``"images"``
        (for an explorer that shows pictures and no table): ``expected``
        returns HTML and the page must show the same ``<img>`` pictures.  ``"words"``
        (for an explorer whose view is sentences and a board): ``expected`` returns
        the lines of the view's text, and the page must show each of them.
    table : int
        Which ``.gamelab-table`` of the explorer (0 = the first).
    is_p : callable
        ``is_p(value)``: the cells that must be highlighted as P-positions.
    screenshot : list of (description, key)
        Moves made before the screenshot of the lecture's main explorer.
    """

    cell: str
    moves: list
    expected: Callable[[dict], dict]
    kind: str = "sequence"
    table: int = 0
    is_p: Callable[[Any], bool] = lambda v: v == 0
    screenshot: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Play:
    """How to test one play widget: the cell, the game and where it starts.

    gamelab's reply is recognised by the moves the widget offers next (and,
    where two replies leave positions with the same options, by the reply's
    label, ``label(position, option)``, by default the game's ``move_label``).
    """

    cell: str
    game: Callable[[], Any]
    start: Any
    misere: bool = False
    rounds: int = 4
    label: Callable | None = None


@dataclasses.dataclass
class Lecture:
    """The browser spec of one notebook; ``explorers[0]`` is its main explorer."""

    explorers: list
    plays: list = dataclasses.field(default_factory=list)


def values(game, positions, value=gl.search_grundy):
    """``{position: value(game, position)}`` by plain search."""
    return {p: value(game, p) for p in positions}


def outcomes(game, positions, *, misere=False):
    """``{position: "P" or "N"}`` by plain search."""
    return {p: gl.search_outcome(game, p, misere=misere) for p in positions}


def is_p_label(value):
    return value == "P"


# 00: which moves are allowed (toggle buttons "take 1" .. "take 6") and the heap.
def _subtraction_pn(c):
    moves = [s for s in range(1, 7) if c.get(f"take {s}")]
    return outcomes(lambda n: [n - s for s in moves if s <= n], range(c["heap size"] + 1))


# 00: kiki's game, (down, left) -> a step left, down or diagonally left-down.
def _kiki(position):
    down, left = position
    steps = [(down, left - 1), (down - 1, left), (down - 1, left - 1)]
    return [(d, l) for d, l in steps if d >= 0 and l >= 0]


# 01: the Bash game, values of heaps 0 .. n with at most m per move.
def _bash_values(c):
    return values(gl.Bash(c["most stones per move m"]), range(c["heap size n"] + 1))


# 09: a row of coins (toggle buttons, pressed = heads), the rule and the number of coins.
def _coin_rows(c):
    game = gl.CoinTurning(c["Rule:"])
    row = "".join("H" if pressed else "T" for _text, pressed in c["_toggles"])
    n = len(row)
    assert n == c["Coins:"], f"{n} coins shown, the slider says {c['Coins:']}"
    single = {i: gl.search_grundy(game, "T" * (i - 1) + "H") for i in range(1, n + 1) if row[i - 1] == "H"}
    rows = [["coin", *map(str, range(1, n + 1))], ["face", *row],
            ["head value", *(str(single.get(i, "·")) for i in range(1, n + 1))]]
    marks = [[False] * (n + 1)] * 3
    for k, o in enumerate(gl.search_winning_moves(game, row)[:8], 1):
        turned = [a != b for a, b in zip(row, o)]
        rows.append([f"move {k}", *("turn" if t else "" for t in turned), f"→ {o}"])
        marks.append([False] * (n + 2))  # turned coins are marked yellow, not as P-positions
    return rows, marks


# 11: a random tree or graph (kind, edges, seed) and the value left by cutting each edge.
def _cut_values(c):
    make = random_tree if c["Picture:"] == "tree" else random_graph
    game = gl.GreenHackenbush(0)
    edges = game.validate(make(c["Edges:"], c["Seed:"]))
    cuts = {}
    for e in edges:
        rest = list(edges)
        rest.remove(e)
        cuts[f"{e[0]}–{e[1]}"] = gl.search_grundy(game, tuple(rest))
    return cuts


# 02: a subtraction set switched on by toggle buttons "1" .. "12", heaps 0 .. n.
def _subtraction_values(c):
    moves = {s for s in range(1, 13) if c.get(str(s)) is True}
    return values(gl.Subtraction(moves), range(c["heaps 0 to"] + 1))


def _squares(n):
    return [n - k * k for k in range(1, math.isqrt(n) + 1)]


def _squares_values(c):
    return values(_squares, range(c["heaps 0 to"] + 1))


# 03: heaps in binary with the nim-sum (Nim) or the bit counts mod k + 1 (Moore's Nim-k).
def _heaps(c):
    return tuple(v for _d, v in c["_sliders"] if _d.startswith("heap "))[:c["number of heaps"]]


def _binary_rows(position, move, foot_label, foot):
    """Rows and highlight flags of the binary table (only an all-zero foot is a P mark)."""
    width = max([h.bit_length() for h in position] + [1])
    bits = range(width - 1, -1, -1)
    rows = [["heap", *(str(1 << b) for b in bits)]]
    for i, h in enumerate(position):
        changed = move is not None and move[i] != h
        rows.append([f"{h} → {move[i]}" if changed else str(h), *(str((h >> b) & 1) for b in bits)])
    rows.append([foot_label, *(str(foot(b)) for b in bits)])
    zero = all(foot(b) == 0 for b in bits)
    marks = [[False] * (width + 1) for _ in rows[:-1]] + [[False] + [zero] * width]
    return rows, marks


def _nim_rows(c):
    position = _heaps(c)
    x = functools.reduce(operator.xor, position, 0)
    wins = gl.winning_moves(gl.Nim(), position)
    assert (x == 0) == (not wins)
    return _binary_rows(position, wins[0] if wins else None, f"XOR = {x}", lambda b: (x >> b) & 1)


def _moore_rows(c):
    position, k = _heaps(c), c["k (heaps per move)"]
    wins = gl.search_winning_moves(gl.MooreNim(k), position)
    return _binary_rows(position, wins[0] if wins else None, f"mod {k + 1}",
                        lambda b: sum((h >> b) & 1 for h in position) % (k + 1))


# 04: up to four components, each a game from a menu and a heap.
_MENU = {
    "Nim heap (take any number)": lambda n: range(n),
    "Bash m=2 (take 1-2)": gl.Bash(2),
    "Bash m=3 (take 1-3)": gl.Bash(3),
    "Bash m=5 (take 1-5)": gl.Bash(5),
    "Bash m=7 (take 1-7)": gl.Bash(7),
    "take 1, 3 or 4": gl.Subtraction({1, 3, 4}),
    "take an odd number": gl.Subtraction(range(1, 100, 2)),
    "take a Fibonacci number": gl.Subtraction({1, 2, 3, 5, 8, 13, 21, 34, 55, 89}),
}


def _sum_rows(c):
    parts = [(name, h) for (_g, name), (_h, h) in zip(c["_dropdowns"], c["_sliders"])
             if name != "(no game)"]
    rows, marks, total = [["", "game", "heap", "value"]], [[False] * 4], 0
    for i, (name, h) in enumerate(parts, 1):
        v = gl.search_grundy(_MENU[name], h)
        total ^= v
        rows.append([f"component {i}", name, str(h), str(v)])
        marks.append([False, False, False, v == 0])
    rows.append(["sum (XOR)", "", "", str(total)])
    marks.append([False, False, False, total == 0])
    return rows, marks


# 06: Fibonacci Nim from a heap of n: Zeckendorf sum, outcome and winning first moves.
def _fibonacci_rows(c):
    n = c["heap n"]
    fib = [1, 2]
    while fib[-1] <= n:
        fib.append(fib[-1] + fib[-2])
    terms, rest = [], n
    for f in reversed(fib):
        if f <= rest:
            terms.append(f)
            rest -= f
    game, start = gl.FibonacciNim(), (n, n - 1)
    p = gl.search_outcome(game, start) == "P"
    wins = gl.search_winning_moves(game, start)
    rows = [["heap n", str(n)], ["Zeckendorf sum", " + ".join(map(str, terms))],
            ["smallest term z(n)", str(terms[-1])],
            ["first move may take", f"1 to {n - 1}" if n > 1 else "nothing (no move)"],
            ["outcome", f"P: the second player wins ({n} is a Fibonacci number)" if p
             else "N: the first player wins"],
            # each move in the words of gamelab's message (the Chinese site says them)
            ["winning first moves", ", ".join(gl.i18n.gettext("take {count}").format(count=n - h)
                                              for h, _ in wins) or "none"]]
    marks = [[False, False]] * 4 + [[False, p], [False, False]]
    return rows, marks


# 07: coins on each step; the odd-step nim-sum, the outcome and the winning moves.
def _staircase_rows(c):
    position = tuple(v for d, v in c["_sliders"] if d.startswith("coins on step "))
    odd = list(range(1, len(position) + 1, 2))
    x = functools.reduce(operator.xor, (position[i - 1] for i in odd), 0)
    game = gl.StaircaseNim()
    wins = gl.winning_moves(game, position)
    assert (x == 0) == (not wins)
    verdict = ("P-position: the player to move loses" if x == 0
               else "N-position: the player to move wins")
    sum_text = (" ^ ".join(str(position[i - 1]) for i in odd) or "0") + f" = {x}"
    rows = [[f"coins on steps 1..{len(position)}", " ".join(map(str, position))],
            [f"odd steps {', '.join(map(str, odd))}", sum_text],
            ["outcome", verdict],
            ["winning moves", "; ".join(game.move_label(position, m) for m in wins) or "none"]]
    marks = [[False, False], [False, False], [False, x == 0], [False, False]]
    return rows, marks


# 08: normal and misère Nim on the same heaps.
def _misere_rows(c):
    position = tuple(v for d, v in c["_sliders"] if d.startswith("heap "))
    nim = gl.Nim()
    rows = [["heaps " + " ".join(map(str, position)), "normal play", "misère play"]]
    outs = [gl.search_outcome(nim, position, misere=m) for m in (False, True)]
    moves = ["; ".join(nim.move_label(position, o)
                       for o in gl.search_winning_moves(nim, position, misere=m)) or "none"
             for m in (False, True)]
    rows += [["outcome", *outs], ["winning moves", *moves]]
    marks = [[False] * 3, [False, *(o == "P" for o in outs)], [False] * 3]
    return rows, marks


# 10: an octal code typed or picked, and the number of heaps (the table shows at most 100).
def _octal_values(c):
    game = gl.TakeAndBreak(c["octal code"]).without_shortcuts()
    return {n: game.grundy(n) for n in range(min(c["heaps 0 .. n-1, n ="], 100))}


# 05: no table, two pictures: the page must show the pictures gamelab draws for the size.
def _wythoff_p_positions(c):
    """The P-positions (a, b), a <= b, below the slider's size, found by search."""
    n = c["heaps below"]
    game = gl.Wythoff()
    pairs = [(a, b) for a in range(n) for b in range(a, n) if gl.search_outcome(game, (a, b)) == "P"]
    rows = [["k", *(str(k) for k in range(len(pairs)))],
            ["a_k", *(str(a) for a, _ in pairs)],
            ["b_k", *(str(b) for _, b in pairs)]]
    return rows, [[False] * len(rows[0]) for _ in rows]


# 13: loopy games.  Outcomes by a plain retrograde analysis written here; γ from gamelab.
def _pnd(options, starts):
    """``{position: "P"/"N"/"D"}`` for everything reachable from ``starts``."""
    kids, todo = {}, list(starts)
    for s in starts:
        kids[s] = None
    while todo:
        p = todo.pop()
        kids[p] = list(dict.fromkeys(options(p)))
        for o in kids[p]:
            if o not in kids:
                kids[o] = None
                todo.append(o)
    parents = {p: [] for p in kids}
    for p, ks in kids.items():
        for o in ks:
            parents[o].append(p)
    label = {p: "P" for p, ks in kids.items() if not ks}
    left = {p: len(ks) for p, ks in kids.items()}
    queue = list(label)
    while queue:
        v = queue.pop(0)
        for u in parents[v]:
            if u not in label:
                left[u] -= 1
                if label[v] == "P" or left[u] == 0:
                    label[u] = "N" if label[v] == "P" else "P"
                    queue.append(u)
    return {p: label.get(p, "D") for p in kids}


def _loopy_row(name, options, gamma, outcome, want):
    assert outcome == want, f"{name}: γ {gamma} gives {outcome}, retrograde analysis {want}"
    return [name, options, str(gamma), outcome], [False, False, want == "P", want == "P"]


def _digraph_rows(c):
    from gamelab.loopy import random_digraph

    game = random_digraph(c["positions"], c["density %"], c["seed"])
    want = _pnd(game.options, game.nodes)
    rows, marks = [["position", "options", "γ", "outcome"]], [[False] * 4]
    for u in game.nodes:
        gamma = gl.loopy_grundy(game, u)
        row, mark = _loopy_row(str(u), ", ".join(map(str, game.options(u))) or "—", gamma,
                               gl.loopy_outcome(game, u), want[u])
        rows.append(row)
        marks.append(mark)
    return rows, marks


def _token_sum_rows(c):
    from gamelab.loopy import GALLERY

    tokens = tuple(v for _d, v in c["_dropdowns"] if v != "(no token)")
    rows, marks = [["", "position", "γ", "outcome"]], [[False] * 4]
    for i, t in enumerate(tokens, 1):
        row, mark = _loopy_row(f"token {i}", t, gl.loopy_grundy(GALLERY, t),
                               gl.loopy_outcome(GALLERY, t), _pnd(GALLERY.options, [t])[t])
        rows.append(row)
        marks.append(mark)

    def options(pos):
        for i, p in enumerate(pos):
            for o in GALLERY.options(p):
                yield pos[:i] + (o,) + pos[i + 1:]

    game = gl.Sum(*[GALLERY] * len(tokens))
    row, mark = _loopy_row("sum", ", ".join(tokens), gl.loopy_grundy(game, tokens),
                           gl.loopy_outcome(game, tokens), _pnd(options, [tokens])[tokens])
    return rows + [row], marks + [mark]


SPECS: dict[str, Lecture] = {
    "00_impartial_games": Lecture(
        explorers=[Explorer(
            cell="PNExplorer(", expected=_subtraction_pn, is_p=is_p_label,
            moves=[("heap size", "ArrowRight"), ("take 4", "click"), ("heap size", "End"),
                   ("take 1", "click"), ("heap size", "=17")],
            screenshot=[("take 3", "click"), ("take 4", "click"), ("heap size", "=20")])],
        plays=[Play(cell="PlayWidget(kiki, (5, 6)", game=lambda: _kiki, start=(5, 6))],
    ),
    "01_bash": Lecture(
        explorers=[Explorer(
            cell="BashExplorer(", expected=_bash_values,
            moves=[("most stones per move m", "ArrowRight"), ("heap size n", "ArrowLeft"),
                   ("heap size n", "=57"), ("most stones per move m", "End"),
                   ("most stones per move m", "Home")],
            screenshot=[("most stones per move m", "ArrowRight"), ("heap size n", "=39")])],
        plays=[Play(cell="PlayWidget(gl.Bash(3), 21)", game=lambda: gl.Bash(3), start=21)],
    ),
    "02_subtraction_games": Lecture(
        explorers=[
            Explorer(cell="SubtractionSetExplorer({1, 3, 4}", expected=_subtraction_values,
                     moves=[("heaps 0 to", "ArrowRight"), ("2", "click"), ("heaps 0 to", "=100"),
                            ("4", "click"), ("heaps 0 to", "End")],
                     screenshot=[("2", "click"), ("heaps 0 to", "=39")]),
            Explorer(cell="explore(squares", expected=_squares_values,
                     moves=[("heaps 0 to", "ArrowLeft"), ("heaps 0 to", "=150")]),
        ],
        plays=[Play(cell="PlayWidget(take134, 20)", game=lambda: gl.Subtraction({1, 3, 4}), start=20),
               Play(cell="explore(squares", game=lambda: _squares, start=20)],
    ),
    "03_nim": Lecture(
        explorers=[
            Explorer(cell="NimExplorer((3, 4, 5))", kind="table", expected=_nim_rows,
                     moves=[("heap 3", "ArrowRight"), ("number of heaps", "ArrowRight"),
                            ("heap 4", "=7"), ("heap 1", "Home"), ("heap 2", "=3")],
                     screenshot=[("heap 3", "ArrowRight")]),
            Explorer(cell="MooreNimExplorer((1, 2, 3, 4), k=2)", kind="table", expected=_moore_rows,
                     moves=[("k (heaps per move)", "ArrowLeft"), ("heap 2", "ArrowRight"),
                            ("k (heaps per move)", "End"), ("number of heaps", "ArrowRight")]),
        ],
        plays=[Play(cell="PlayWidget(nim, (3, 4, 5))", game=gl.Nim, start=(3, 4, 5))],
    ),
    "04_sprague_grundy": Lecture(
        explorers=[Explorer(cell="SumExplorer()", kind="table", expected=_sum_rows,
                            moves=[("heap 3", "ArrowLeft"), ("heap 1", "=20"),
                                   ("game 4", "select:Nim heap (take any number)"), ("heap 4", "=5"),
                                   ("game 2", "select:take a Fibonacci number")],
                            screenshot=[("game 4", "select:take 1, 3 or 4"), ("heap 4", "=6")])],
        plays=[Play(cell="PlayWidget(bash_sum, (9, 10, 14))",
                    game=lambda: gl.Sum(gl.Bash(3), gl.Bash(5), gl.Bash(7)), start=(9, 10, 14))],
    ),
    "05_wythoff": Lecture(
        explorers=[Explorer(cell="WythoffExplorer(30)", kind="table", expected=_wythoff_p_positions,
                            moves=[("heaps below", "ArrowRight"), ("heaps below", "=12")],
                            screenshot=[("heaps below", "=20")])],
        plays=[Play(cell="PlayWidget(wythoff, (6, 9))", game=gl.Wythoff, start=(6, 9))],
    ),
    "06_fibonacci_nim": Lecture(
        explorers=[Explorer(cell="FibonacciExplorer(100)", kind="table", expected=_fibonacci_rows,
                            moves=[("heap n", "ArrowRight"), ("heap n", "=89"), ("heap n", "ArrowLeft"),
                                   ("heap n", "Home")],
                            screenshot=[("heap n", "=89")])],
        plays=[Play(cell="fibonacci_play(20)", game=gl.FibonacciNim, start=(20, 19))],
    ),
    "07_staircase_nim": Lecture(
        explorers=[Explorer(cell="StaircaseExplorer((3, 1, 4, 1, 5))", kind="table",
                            expected=_staircase_rows,
                            moves=[("coins on step 1", "ArrowRight"), ("coins on step 5", "ArrowLeft"),
                                   ("coins on step 2", "=7"), ("coins on step 3", "End"),
                                   ("coins on step 1", "Home")],
                            screenshot=[("coins on step 5", "ArrowRight"), ("coins on step 5", "ArrowRight")])],
        plays=[Play(cell="PlayWidget(stairs, (2, 3, 1, 4))", game=gl.StaircaseNim, start=(2, 3, 1, 4))],
    ),
    "08_misere": Lecture(
        explorers=[Explorer(cell="MisereNimExplorer((1, 1, 2))", kind="table", expected=_misere_rows,
                            moves=[("heap 3", "ArrowLeft"), ("heap 1", "ArrowLeft"), ("heap 2", "=5"),
                                   ("heap 3", "End")],
                            screenshot=[("heap 3", "ArrowLeft")])],
        plays=[Play(cell="PlayWidget(nim, (1, 1, 2), misere=True)", game=gl.Nim, start=(1, 1, 2),
                    misere=True)],
    ),
    "09_coin_turning": Lecture(
        explorers=[Explorer(
            cell='CoinExplorer("mock_turtles"', kind="table", expected=_coin_rows,
            moves=[("Coins:", "ArrowLeft"), ("coin 1", "click"), ("Coins:", "ArrowRight"),
                   ("coin 12", "click"), ("coin 3", "click")],
            screenshot=[("coin 1", "click")])],
        plays=[Play(cell='coin_play("one_or_two"', game=lambda: gl.CoinTurning("one_or_two"),
                    start="THHTHTTH")],
    ),
    "10_take_and_break": Lecture(
        explorers=[Explorer(cell='OctalExplorer("0.77", 120)', expected=_octal_values, table=1,
                            moves=[("heaps 0 .. n-1, n =", "ArrowLeft"), ("heaps 0 .. n-1, n =", "=50"),
                                   ("octal code", "type:0.137"), ("or", "select:Dawson's Kayles 0.07"),
                                   ("heaps 0 .. n-1, n =", "Home")],
                            screenshot=[("heaps 0 .. n-1, n =", "=80")])],
        plays=[Play(cell="PlayWidget(gl.Kayles(), 9)", game=gl.Kayles, start=9,
                    label=lambda p, o: move_words(gl.Kayles(), p, o))],
    ),
    "11_periodicity": Lecture(
        explorers=[Explorer(cell='OctalExplorer("0.77", 200)', expected=_octal_values, table=1,
                            moves=[("heaps 0 .. n-1, n =", "ArrowLeft"), ("octal code", "type:0.04"),
                                   ("heaps 0 .. n-1, n =", "=60"), ("or", "select:Dawson's Kayles 0.07")],
                            screenshot=[("octal code", "type:0.04")])],
    ),
    "12_green_hackenbush": Lecture(
        explorers=[Explorer(
            cell='HackenbushExplorer(kind="graph"', expected=_cut_values,
            moves=[("Edges:", "ArrowLeft"), ("Seed:", "ArrowRight"), ("tree", "click"),
                   ("Edges:", "=14"), ("Seed:", "Home")],
            screenshot=[("Seed:", "ArrowRight")])],
        plays=[Play(cell="hackenbush_play(gl.random_tree(8, seed=4))", game=lambda: gl.GreenHackenbush(0),
                    start=random_tree(8, seed=4))],
    ),
    "13_loopy_games": Lecture(
        explorers=[
            Explorer(cell="DigraphExplorer(n=10", kind="table", expected=_digraph_rows,
                     moves=[("positions", "ArrowRight"), ("seed", "=7"), ("density %", "ArrowLeft"),
                            ("positions", "=14"), ("seed", "Home")],
                     screenshot=[("seed", "=3")]),
            Explorer(cell='TokenSumExplorer(tokens=("k", "y"))', kind="table",
                     expected=_token_sum_rows,
                     moves=[("token 2", "select:x"), ("token 3", "select:m"),
                            ("token 1", "select:(no token)"), ("token 2", "select:l")]),
        ],
        # the play widget may end in a draw: tests/browser/test_loopy_play.py plays it
    ),
    "14_nim_multiplication": Lecture(
        explorers=[Explorer(
            cell="NimProductExplorer(16)", kind="grid",
            expected=lambda c: {(x, y): gl.nim_mul(x, y) for x in range(c["x, y below"])
                                for y in range(c["x, y below"])},
            moves=[("x, y below", "ArrowRight"), ("colour by value", "click"),
                   ("mark products equal to", "=1"), ("x, y below", "=32"),
                   ("x, y below", "Home")],
            screenshot=[("mark products equal to", "=1")])],
        plays=[Play(cell='tartan_play("turning_corners", ferguson)',
                    game=lambda: gl.TartanGame.named("turning_corners"),
                    start=("TTTTT", "TTTHT", "TTTTT", "TTHTT", "TTTTH"),
                    label=lambda p, o: gl.display.corner_words(p, o))],
    ),
    "15_misere_quotients": Lecture(
        explorers=[Explorer(
            cell='QuotientExplorer("0.07", 12)', kind="table", table=1,
            # the second table of the view: the multiplication table of the quotient
            expected=lambda c: re.findall(r"<table.*?</table>", gl.display.quotient_table(
                c["code"].split()[0], c["heaps up to"]).html, re.S)[1],
            moves=[("heaps up to", "ArrowRight"), ("code", "select:0.77 Kayles"),
                   ("heaps up to", "ArrowLeft"), ("code", "select:0.137 Dawson's chess")],
            screenshot=[("heaps up to", "ArrowRight")])],
        plays=[Play(cell="PlayWidget(quotient_play",
                    game=lambda: gl.misere_quotient(gl.DawsonsKayles(), 20).play_game(),
                    start=gl.DawsonsKayles().heaps(4, 6, 10), misere=True,
                    label=lambda p, o: move_words(gl.DawsonsKayles(), p, o))],
    ),
    "16_games_people_play": Lecture(
        explorers=[Explorer(
            cell="ChompExplorer(3, 5)", kind="words",
            expected=lambda c: gl.display.chomp_view(c["rows"], c["columns"]).text.splitlines(),
            moves=[("columns", "ArrowRight"), ("rows", "ArrowLeft"), ("columns", "=9"),
                   ("rows", "=6"), ("columns", "Home")],
            screenshot=[("columns", "ArrowRight")])],
        plays=[Play(cell="chomp_play((5, 5, 5))", game=gl.Chomp, start=(5, 5, 5),
                    label=lambda p, o: move_words(gl.Chomp(), p, o))],
    ),
}


# -- reading the page ----------------------------------------------------------------

def read_table(rows, kind):
    """The cells of a parsed ``.gamelab-table`` as ``({key: value}, [(value, highlighted)])``.

    ``sequence``: keys are the positions of the header rows; ``grid``: keys are
    ``(row header, column header)``.  Header texts and values become ints when
    they are integers.
    """
    from .conftest import parse_value

    blue = rgb(P_COLOUR)
    table, marks = {}, []
    if kind == "sequence":
        assert len(rows) % 2 == 0, f"a sequence table has header/value row pairs, got {len(rows)} rows"
        for head, body in zip(rows[::2], rows[1::2]):
            assert all(c["head"] for c in head), "sequence table: expected a header row"
            assert len(head) == len(body), "sequence table: header and value rows differ in length"
            for h, c in zip(head[1:], body[1:]):
                v = parse_value(c["text"])
                table[parse_value(h["text"])] = v
                marks.append((v, c["bg"] == blue and c["bold"]))
    elif kind == "grid":
        cols = [parse_value(c["text"]) for c in rows[0][1:]]
        for row in rows[1:]:
            r = parse_value(row[0]["text"])
            assert len(row) == len(cols) + 1, "grid table: ragged row"
            for col, c in zip(cols, row[1:]):
                v = parse_value(c["text"])
                table[(r, col)] = v
                marks.append((v, c["bg"] == blue and c["bold"]))
    elif kind == "table":
        table = [[c["text"] for c in row] for row in rows]
        marks = [[c["bg"] == blue and c["bold"] for c in row] for row in rows]
    else:  # pragma: no cover - spec error
        raise ValueError(f"unknown table kind {kind!r}")
    return table, marks


class _TableParser(html.parser.HTMLParser):
    """Rows of ``(text, highlighted)`` of the first table in an HTML string."""

    def __init__(self):
        super().__init__()
        self.rows, self._cell, self._depth = [], None, 0

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self._depth += 1
        elif tag == "tr" and self._depth == 1:
            self.rows.append([])
        elif tag in ("td", "th") and self._depth == 1:
            style = (dict(attrs).get("style") or "").replace(" ", "").lower()
            lit = f"background:{P_COLOUR.lower()}" in style and "font-weight:bold" in style
            self._cell = ["", lit]

    def handle_endtag(self, tag):
        if tag == "table":
            self._depth -= 1
        elif tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append((" ".join(self._cell[0].split()), self._cell[1]))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[0] += data


def table_cells(table):
    """A gamelab ``Table`` (or its HTML) as ``(rows of texts, rows of highlight flags)``."""
    parser = _TableParser()
    parser.feed(getattr(table, "html", table))
    return ([[t for t, _ in row] for row in parser.rows],
            [[lit for _, lit in row] for row in parser.rows])


def diff(got, want, limit=8):
    """A short description of how two tables differ."""
    keys = sorted(set(got) | set(want), key=repr)
    bad = [f"{k!r}: page {got.get(k, '—')!r}, gamelab {want.get(k, '—')!r}"
           for k in keys if got.get(k, object()) != want.get(k, object())]
    return f"{len(bad)} cells differ: " + "; ".join(bad[:limit])


def _expected(page, spec, controls):
    """What gamelab shows for ``controls``, in the page's language (``spec.expected``
    computed while gamelab speaks it)."""
    with page.speech.speaking():
        return spec.expected(controls)


def check_table(page, root, spec, what):
    """Wait until the explorer's table equals gamelab's for the settings shown."""
    deadline = time.monotonic() + TABLE_TIMEOUT
    while True:
        controls = page.controls(root)
        tables = page.tables(root)
        problem = None
        if spec.kind == "images":
            got = root.locator("img").evaluate_all("imgs => imgs.map(i => i.getAttribute('src'))")
            want = re.findall(r'<img[^>]*\bsrc="([^"]*)"', _expected(page, spec, controls))
            if not got:
                problem = "the explorer shows no picture"
            elif got != want:
                problem = (f"the page shows {len(got)} pictures, gamelab draws {len(want)}; "
                           f"{sum(a != b for a, b in zip(got, want))} differ")
        elif spec.kind == "words":
            got = [" ".join(line.split()) for line in root.inner_text().split("\n")]
            missing = [line for line in _expected(page, spec, controls)
                       if " ".join(line.split()) not in got]
            if missing:
                problem = f"the page does not say {missing[0]!r}"
        elif spec.kind == "text":
            texts = page.texts(root, rgb(P_COLOUR))
            if len(texts) <= spec.table:
                problem = f"only {len(texts)} .gamelab-table in the explorer"
            else:
                try:
                    want_lines, want_lit = _expected(page, spec, controls)
                except (AssertionError, ValueError) as error:  # between two states
                    want_lines, want_lit, problem = None, None, f"{type(error).__name__}: {error}"
                got = texts[spec.table]
                if problem:
                    pass
                elif got["lines"] != want_lines:
                    problem = f"page shows {got['lines']}, gamelab computes {want_lines}"
                elif sorted(got["lit"]) != sorted(want_lit):
                    problem = f"highlighted as P: page {got['lit']}, gamelab {want_lit}"
        elif len(tables) <= spec.table:
            problem = f"only {len(tables)} .gamelab-table in the explorer"
        else:
            try:
                got, marks = read_table(tables[spec.table], spec.kind)
                want = _expected(page, spec, controls)
            # the page may be between two states: a new choice shown before the kernel
            # has clamped a slider to it, which gamelab refuses (ValueError) meanwhile
            except (AssertionError, ValueError) as error:
                problem = f"{type(error).__name__}: {error}"
            if problem:
                pass
            elif spec.kind == "table":
                want, want_marks = want if isinstance(want, tuple) else table_cells(want)
                want = [[page.speech.say(text) for text in row] for row in want]
                if got != want:
                    problem = f"page shows {got}, gamelab computes {want}"
                elif marks != want_marks:
                    problem = f"P-position highlighting differs: page {marks}, gamelab {want_marks}"
            elif got != want:
                problem = diff(got, want)
            else:
                wrong = [v for v, lit in marks if lit != spec.is_p(v)]
                if wrong:
                    problem = f"P-position highlighting wrong for values {wrong[:8]}"
        if problem is None:
            return controls
        if time.monotonic() > deadline:
            raise AssertionError(f"{page.name}, {spec.cell!r} {what} (controls {controls}): {problem}")
        time.sleep(0.2)


def move(page, root, description, key):
    """Move one slider (or click a toggle button); returns ``(before, after)``."""
    if key == "click":
        return page.click_toggle(root, description)
    if key.startswith("select:"):
        return page.select(root, description, key[len("select:"):])
    if key.startswith("type:"):
        return page.type_text(root, description, key[len("type:"):])
    if key.startswith("="):
        before = page.controls(root).get(description)
        after = page.type_slider(root, description, key[1:])
        return before, after
    after, before = page.press_slider(root, description, key)
    return before, after


def timed_move(page, spec):
    """Seconds from the explorer's first move until its table shows the new settings
    (from the gesture that moved it, where a page tries several: ``page.moved_at``)."""
    root = page.widget_root(spec.cell)
    check_table(page, root, spec, "as first shown")
    description, key = spec.moves[0]
    page.moved_at = time.monotonic()
    before, after = move(page, root, description, key)
    assert after != before, f"{page.name}: {key} on {description!r} did not change it"
    check_table(page, root, spec, f"after {key} on {description!r}")
    return time.monotonic() - page.moved_at


def check_explorer(page, spec):
    """Every move of the spec, each checked against gamelab; returns the seconds of each
    move until the table showed the new settings."""
    root = page.widget_root(spec.cell)
    check_table(page, root, spec, "as first shown")
    seconds = []
    for description, key in spec.moves:
        tick = time.monotonic()
        before, after = move(page, root, description, key)
        assert after != before, (f"{page.name}: {key} on {description!r} "
                                 f"did not change it (still {before!r})")
        check_table(page, root, spec, f"after {key} on {description!r} ({before} -> {after})")
        seconds.append(time.monotonic() - tick)
    return seconds


# -- the play widget -----------------------------------------------------------------

def _play_box(page, root):
    """The play widget inside ``root`` (opening a folded "Play" panel first)."""
    new_game = page.speech.say("New game")
    header = root.locator(".jupyter-widget-Collapse-header",
                          has_text=page.speech.say("Play against gamelab"))
    # folded or unfolded as a reader (or an earlier check) left it: unfold it if folded
    if header.count() and not header.first.evaluate(
            "h => h.parentElement.classList.contains('jupyter-widget-Collapse-open')"):
        header.first.click()
        root.locator("button", has_text=new_game).first.wait_for(state="visible",
                                                                 timeout=UI_BACKSTOP * 1000)
    inner = root.locator(".widget-vbox").filter(has=page.page.locator("button", has_text=new_game))
    return inner.last if inner.count() else root


def _move_to(page):
    """What a move button's tooltip says before the position it moves to."""
    return page.speech.prefix("move to {option}")


def move_buttons(page, root):
    """The move buttons under ``root``: those with a ``move to ...`` tooltip, in order."""
    return root.locator(f"button[title^={json.dumps(_move_to(page), ensure_ascii=False)}]")


def history_line(page, who):
    """How a line of the game's history starts when ``who`` ("you", "gamelab") moved."""
    return page.speech.say_template("{who}: {move}").format(who=page.speech.say(who), move="")


def _offered(page, root):
    """The options offered as buttons (from their ``move to ...`` tooltips), in order."""
    titles = move_buttons(page, root).evaluate_all("bs => bs.map(b => b.title)")
    return [ast.literal_eval(t[len(_move_to(page)):]) for t in titles]


def _status(root):
    return root.locator(".widget-html-content").nth(1).inner_text()


def check_play(page, spec):
    """Play ``spec.rounds`` moves against the widget, checking each reply of gamelab;
    returns ``(replies checked, whether the game reached its end)``."""
    root = _play_box(page, page.widget_root(spec.cell))
    game = spec.game()
    label = spec.label or getattr(game, "move_label", None)
    position = spec.start
    offered = _offered(page, root)
    said = history_line(page, "gamelab")
    speak = page.speech.speaking
    if label is not None:
        english_label = label
        def label(position, option):
            with speak():
                return english_label(position, option)
    assert offered == gl.game_options(game, position), (
        f"{page.name}: the play widget offers {offered}, gamelab's options of {position!r} are "
        f"{gl.game_options(game, position)}")
    replies, ended = 0, False
    for _round in range(spec.rounds):
        options = gl.game_options(game, position)
        if not options:
            ended = True
            break
        # Leave an N-position when we can, so that gamelab has a winning reply.
        mine = next((o for o in options
                     if gl.search_outcome(game, o, misere=spec.misere) == "N"), options[0])
        before = _status(root)
        move_buttons(page, root).nth(options.index(mine)).click()
        deadline = time.monotonic() + TABLE_TIMEOUT
        while _status(root) == before and time.monotonic() < deadline:
            time.sleep(0.1)
        status = _status(root)
        assert status != before, f"{page.name}: the play widget did not answer a move"
        reply_lines = [ln for ln in status.splitlines() if ln.startswith(said)]
        if not gl.game_options(game, mine):  # we made the last move
            ended = True
            break
        assert reply_lines, f"{page.name}: gamelab did not reply to our move ({status!r})"
        shown = reply_lines[-1][len(said):].strip()
        # The status and the move buttons are updated by separate messages: wait
        # until the buttons are those of a position gamelab's reply can lead to.
        while True:
            now = set(_offered(page, root))
            candidates = [c for c in gl.game_options(game, mine) if set(gl.game_options(game, c)) == now]
            if len(candidates) > 1 and label is not None:  # the move's label tells them apart
                candidates = [c for c in candidates if label(mine, c).strip() == shown]
            if candidates or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert candidates, (f"{page.name}: gamelab's reply {shown!r} from {mine!r} is not a legal "
                            f"move to a position with options {sorted(now, key=repr)}")
        if label is not None:
            assert any(label(mine, c).strip() == shown for c in candidates), (
                f"{page.name}: gamelab's reply is labelled {shown!r}, expected one of "
                f"{[label(mine, c) for c in candidates]}")
        winning = gl.search_winning_moves(game, mine, misere=spec.misere)
        if winning:
            assert all(c in winning for c in candidates), (
                f"{page.name}: from {mine!r} gamelab answered {shown!r} ({candidates}) "
                f"but the winning moves are {winning}")
        replies += 1
        if len(candidates) != 1:
            break
        position = candidates[0]
    assert replies >= 1, f"{page.name}: no reply of gamelab was checked"
    return replies, ended


# -- hygiene -------------------------------------------------------------------------

#: Console errors we accept, as (substring, why).  Empty: none has been needed.
BENIGN_CONSOLE = []


def check_hygiene(page):
    errors = page.error_outputs()
    assert not errors, f"{page.name}: error output in the page: {errors[0][:500]}"
    assert not page.page_errors, f"{page.name}: JavaScript errors: {page.page_errors}"
    console = [m for m in page.console_errors if not any(s in m for s, _why in BENIGN_CONSOLE)]
    assert not console, f"{page.name}: console errors: {console}"
    foreign = []
    for url in page.requests:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            continue
        if parts.scheme not in ("http", "https", "ws", "wss") or parts.hostname != "127.0.0.1":
            foreign.append(url)
    assert not foreign, f"{page.name}: requests to other hosts: {foreign}"


def spec_of(lecture):
    """The browser spec of an open lecture (fails the test where it has none)."""
    spec = SPECS.get(lecture.stem)
    if spec is None:
        pytest.fail(f"no browser spec for notebook {lecture.name}: add one to SPECS in {__file__}")
    return spec


# -- tests ---------------------------------------------------------------------------

def test_every_notebook_has_a_spec():
    missing = [nb.name for nb in NOTEBOOKS if nb.stem not in SPECS]
    assert not missing, "no browser spec for notebook " + ", ".join(missing)
    stale = sorted(set(SPECS) - {nb.stem for nb in NOTEBOOKS})
    assert not stale, f"browser specs for notebooks that do not exist: {stale}"


@pytest.mark.browser
def test_explorers_and_plays_match_gamelab(lecture, timings):
    """Every explorer's table, move after move, and every reply of gamelab in play."""
    spec = spec_of(lecture)
    page = lecture.run()
    record = {"kernel_ready_s": round(page.kernel_ready_s, 1),
              "first_output_s": round(page.first_output_s, 1),
              "run_all_s": round(lecture.run_all_s, 1)}
    assert spec.explorers, f"{lecture.name}: the spec lists no explorer"
    for explorer in spec.explorers:
        seconds = check_explorer(page, explorer)
        record.setdefault("slider_s", round(seconds[0], 2))
    for play in spec.plays:
        tick = time.monotonic()
        replies, _ended = check_play(page, play)
        record.setdefault("reply_s", round((time.monotonic() - tick) / replies, 2))
    timings[f"lab/{lecture.stem}"] = record


@pytest.mark.browser
def test_lecture_hygiene(lecture):
    """No error output, no JavaScript error, no request beyond 127.0.0.1, over every
    check of the lecture run before this one on its page."""
    check_hygiene(lecture.run(moves=False))
