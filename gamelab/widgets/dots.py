"""Dots-and-Boxes: an explorer of small positions, and a board to play against gamelab.

:class:`DotsAndBoxesExplorer` shows :func:`gamelab.display.dots_and_boxes_view`:
a board with some edges drawn at random, its exact value, best moves and
chains.  :class:`DotsAndBoxesPlay` is a real board of clickable edges; gamelab
plays a best move of the exact solution (:mod:`gamelab.parlour.dots_and_boxes`)
and says after each turn what it expects and how the long chains stand.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from .._validate import check_bool, check_int
from ..display.dots import chain_words, explorer_columns, dots_and_boxes_view
from ..display.tables import N_COLOUR, P_COLOUR
from ..i18n import gettext as _, gettext_noop as N_
from ..parlour.dots_and_boxes import (MAX_EDGES, dots_and_boxes_best_move,
                                      dots_and_boxes_box_edges, dots_and_boxes_chains,
                                      dots_and_boxes_edge, dots_and_boxes_edge_boxes,
                                      dots_and_boxes_edge_count,
                                      dots_and_boxes_edge_name, dots_and_boxes_moves,
                                      dots_and_boxes_play, dots_and_boxes_value)
from ._kit import Explorer, int_slider
from ._style import Shown, history_box, show_pressed
from .play import GAMELAB, YOU

__all__ = ["DotsAndBoxesExplorer", "DotsAndBoxesPlay", "EDGE_PX"]

#: The long side of an edge's button, and the short one.
EDGE_PX, _THIN = 46, 14
_DRAWN, _UNDRAWN = "#333333", "#e4e4e4"
_FILLS = {"you": P_COLOUR, "gamelab": N_COLOUR}


class DotsAndBoxesExplorer(Explorer):
    """Sliders ``rows``, ``columns`` (at most 20 edges in all), ``lines`` drawn and the
    ``seed`` that draws them.

    Examples
    --------
    >>> e = DotsAndBoxesExplorer(2, 2, lines=5)
    >>> e.result.text.splitlines()[0][:40]
    'With best play on both sides, the player'
    >>> e.controls["rows"].value = 3
    >>> e.controls["columns"].max, e.controls["lines"].max
    (2, 17)
    """

    fallback = N_("sliders for the rows and columns of a Dots-and-Boxes board, the number "
                  "of edges drawn at random and the seed that draws them; the explorer shows "
                  "the exact value, the best moves and the chains, beside the same position "
                  "as Strings-and-Coins.")

    def __init__(self, rows=2, columns=2, *, lines=4, seed=0):
        row_slider = int_slider("rows", rows, 1, 3, _("rows"), continuous_update=False)
        column_slider = int_slider("columns", columns, 1, explorer_columns(row_slider.value),
                                   _("columns"), maximum_name=f"explorer_columns({rows})",
                                   continuous_update=False)
        edges = dots_and_boxes_edge_count(row_slider.value, column_slider.value)
        line_slider = int_slider("lines", lines, 0, edges, _("edges drawn"),
                                 maximum_name=f"{edges} edges", continuous_update=False)
        seed_slider = int_slider("seed", seed, 0, 99, _("seed"), continuous_update=False)
        self._rows, self._columns, self._lines = row_slider, column_slider, line_slider
        # these run before the view's observers, so the view is only asked for a board
        # and a number of edges it allows (a lower right end pulls the value down)
        row_slider.observe(self._bound_rows, names="value")
        column_slider.observe(self._bound_lines, names="value")
        super().__init__({"rows": row_slider, "columns": column_slider, "lines": line_slider,
                          "seed": seed_slider}, dots_and_boxes_view)

    def _bound_rows(self, change):
        self._columns.max = explorer_columns(change["new"])
        self._bound_lines(None)

    def _bound_lines(self, _change):
        self._lines.max = dots_and_boxes_edge_count(self._rows.value, self._columns.value)


class DotsAndBoxesPlay(Shown):
    """Dots-and-Boxes against gamelab on a board of clickable edges.

    Parameters
    ----------
    rows, columns : int
        The board, in boxes (at most :data:`gamelab.parlour.MAX_EDGES` edges: 3 × 3 is
        solved in a few seconds the first time).
    computer_first : bool
        Whether gamelab draws the first edge.

    The state is plain Python: ``drawn`` (the mask), ``owners`` (``{(row, column):
    "you" or "gamelab"}``), ``score``, ``history`` (``(edge, who, boxes)``), ``notes``
    and ``winner`` (``"you"``, ``"gamelab"``, ``"draw"`` or ``None``); :meth:`play`
    draws an edge for the student, and gamelab answers at once.

    Examples
    --------
    >>> w = DotsAndBoxesPlay(1, 1)
    >>> w.play(0)                          # one edge; gamelab draws the lowest best one
    >>> [(e, str(who)) for e, who, _ in w.history]
    [(0, 'you'), (1, 'gamelab')]
    >>> w.play(2); w.score, w.winner     # the third side: gamelab takes the box
    ({'you': 0, 'gamelab': 1}, 'gamelab')
    """

    fallback_prefix = N_("Run the notebook to play against gamelab: ")
    fallback = N_("a Dots-and-Boxes board whose edges you click; gamelab plays a best move of "
                  "the exact solution and says how the long chains stand.")

    def __init__(self, rows=2, columns=2, *, computer_first=False):
        self.rows = check_int(rows, "rows", minimum=1)
        self.columns = check_int(columns, "columns", minimum=1)
        self.edges = dots_and_boxes_edge_count(self.rows, self.columns)
        if self.edges > MAX_EDGES:
            raise ValueError(f"rows × columns = {rows} × {columns} has {self.edges} edges, more "
                             f"than MAX_EDGES = {MAX_EDGES}; play a smaller board")
        self.computer_first = check_bool(computer_first, "computer_first")
        self.status = widgets.HTML()
        self.buttons = {}
        self.boxes = {}
        self.board = widgets.GridBox(self._cells(), layout=widgets.Layout(
            grid_template_columns=" ".join([f"{_THIN}px {EDGE_PX}px"] * self.columns
                                           + [f"{_THIN}px"]),
            grid_template_rows=" ".join([f"{_THIN}px {EDGE_PX}px"] * self.rows + [f"{_THIN}px"]),
            width="max-content"))
        self.hint = show_pressed(widgets.ToggleButton(
            value=False, description=_("Hint: best edges"),
            tooltip=_("Colour the edges a perfect player would draw now"),
            layout=widgets.Layout(width="auto")))
        self.new_game = widgets.Button(description=_("New game"), button_style="info",
                                       layout=widgets.Layout(width="auto"))
        self.hint.observe(lambda change: self.update(), names="value")
        self.new_game.on_click(lambda _b: self.reset())
        self.widget = widgets.VBox([self.board, self.status,
                                    widgets.HBox([self.hint, self.new_game])])
        self.reset()

    # -- the board --------------------------------------------------------------
    def _cells(self):
        cells = []
        for i in range(2 * self.rows + 1):
            for j in range(2 * self.columns + 1):
                if i % 2 == 0 and j % 2 == 0:
                    cells.append(widgets.HTML("<div style='width:10px;height:10px;margin:2px;"
                                              "border-radius:5px;background:#333'></div>"))
                elif i % 2 == 1 and j % 2 == 1:
                    box = ((i - 1) // 2, (j - 1) // 2)
                    self.boxes[box] = widgets.HTML(layout=widgets.Layout(
                        width=f"{EDGE_PX}px", height=f"{EDGE_PX}px"))
                    cells.append(self.boxes[box])
                else:
                    kind, r, c = ("h", i // 2, (j - 1) // 2) if i % 2 == 0 else \
                        ("v", (i - 1) // 2, j // 2)
                    edge = dots_and_boxes_edge(self.rows, self.columns, kind, r, c)
                    wide, tall = (EDGE_PX, _THIN) if kind == "h" else (_THIN, EDGE_PX)
                    button = widgets.Button(
                        description="", tooltip=f"{edge}: " + dots_and_boxes_edge_name(
                            self.rows, self.columns, edge),
                        layout=widgets.Layout(width=f"{wide}px", height=f"{tall}px",
                                              padding="0", margin="0"))
                    button.on_click(lambda _b, e=edge: self._clicked(e))
                    self.buttons[edge] = button
                    cells.append(button)
        return cells

    def _clicked(self, edge):
        if self.winner is None and not self.drawn >> edge & 1:
            self.play(edge)

    # -- state ------------------------------------------------------------------
    def reset(self):
        """A new game on the empty board."""
        self.drawn = 0
        self.owners = {}
        self.score = {"you": 0, "gamelab": 0}
        self.history = []
        self.notes = {}
        self.winner = None
        self.to_move = GAMELAB if self.computer_first else YOU
        if self.computer_first:
            self._computer_turn()
        self.update()

    def legal_moves(self):
        """The undrawn edges."""
        return [e for e in range(self.edges) if not self.drawn >> e & 1]

    def best_moves(self):
        """The edges a perfect player draws now, with the net score each keeps."""
        return dots_and_boxes_moves(self.rows, self.columns, self.drawn)

    def play(self, edge):
        """The student draws ``edge``; when the turn passes, gamelab plays its turn."""
        if self.winner is not None:
            raise ValueError("the game is over; call reset() to play again")
        edge = check_int(edge, "edge", minimum=0, maximum=self.edges - 1)
        if self.drawn >> edge & 1:
            raise ValueError(f"edge {edge} is already drawn")
        if self.to_move != YOU:
            raise ValueError("it is gamelab's turn")
        if not self._draw(edge, YOU):
            self._computer_turn()
        self.update()

    def _draw(self, edge, who):
        """Draw ``edge`` for ``who``; whether ``who`` moves again (a box was taken)."""
        key = "you" if who == YOU else "gamelab"
        self.drawn, gained = dots_and_boxes_play(self.rows, self.columns, self.drawn, edge)
        # the boxes beside the edge were open until now; those it closes are taken
        for box in dots_and_boxes_edge_boxes(self.rows, self.columns, edge):
            r, c = divmod(box, self.columns)
            if all(self.drawn >> e & 1
                   for e in dots_and_boxes_box_edges(self.rows, self.columns, r, c)):
                self.owners[(r, c)] = key
        self.score[key] += gained
        self.history.append((edge, who, gained))
        if self.drawn == (1 << self.edges) - 1:
            you, them = self.score["you"], self.score["gamelab"]
            self.winner = "you" if you > them else "gamelab" if them > you else "draw"
            return False
        if not gained:
            self.to_move = GAMELAB if who == YOU else YOU
        return bool(gained)

    def _computer_turn(self):
        start = len(self.history)
        value = dots_and_boxes_value(self.rows, self.columns, self.drawn)
        while self.winner is None and self.to_move == GAMELAB:
            self._draw(dots_and_boxes_best_move(self.rows, self.columns, self.drawn), GAMELAB)
        if len(self.history) > start:
            note = _("gamelab expected to end {value:+d} on the boxes left when its turn "
                     "began.").format(value=value)
            if self.winner is None:
                note += " " + chain_words(dots_and_boxes_chains(self.rows, self.columns,
                                                                self.drawn))
            self.notes[len(self.history) - 1] = note

    # -- drawing ------------------------------------------------------------------
    def update(self):
        best = {e for e, _v in self.best_moves()} if self.hint.value and not self.winner else set()
        for edge, button in self.buttons.items():
            drawn = bool(self.drawn >> edge & 1)
            button.style.button_color = (_DRAWN if drawn else P_COLOUR if edge in best
                                         else _UNDRAWN)
            button.disabled = drawn or self.winner is not None
        for box, cell in self.boxes.items():
            who = self.owners.get(box)
            cell.value = "" if who is None else (
                f"<div style='width:{EDGE_PX}px;height:{EDGE_PX}px;background:{_FILLS[who]};"
                f"display:flex;align-items:center;justify-content:center;font-size:12px'>"
                f"{html.escape(_(who) if who == 'you' else who)}</div>")
        self.status.value = self.history_html() + self._end_html()

    def history_html(self):
        """The edges drawn so far, with what gamelab said after each of its turns."""
        lines = []
        for edge, who, gained in self.history:
            line = _("{who}: {move}").format(who=str(who), move=dots_and_boxes_edge_name(
                self.rows, self.columns, edge))
            lines.append(line + (" — " + _("takes {count}").format(count=gained)
                                 if gained else ""))
        return history_box(lines, self.notes)

    def _end_html(self):
        score = _("Boxes: you {you}, gamelab {gamelab}.").format(**self.score)
        if self.winner is None:
            return f"<div>{score} " + _("Your move: click an edge.") + "</div>"
        verdict = {"you": _("You win!"), "gamelab": _("gamelab wins."),
                   "draw": _("A draw.")}[self.winner]
        return (f"<div><b>{verdict}</b> {score} "
                + _("Press <i>New game</i> to play again.") + "</div>")
