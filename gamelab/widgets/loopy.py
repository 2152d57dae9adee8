"""Loopy games: a random directed graph coloured P/N/D, sums of tokens, a game that may draw.

* :class:`DigraphExplorer` — sliders for the number of positions, the
  density of arrows and the seed of a random directed graph; the picture
  colours every position P, N or D and writes its γ, and a table lists the
  same (:func:`gamelab.display.digraph_view` is the plain computation).
* :class:`TokenSumExplorer` — up to three tokens on one graph (a sum of
  games): each token's γ, the γ of the sum by the sum rule and its outcome
  (:func:`gamelab.display.token_sum_table`).
* :class:`LoopyPlayWidget` — play against gamelab, which wins when it can,
  holds the draw when it cannot win, makes its loss as hard as it can when
  it is lost, says which, and declares a draw when a position comes back with
  the same player to move (or after a move cap).  It looks like
  :class:`~gamelab.widgets.PlayWidget` (the same board, scrolling history,
  hint and legend), with one more mark: the moves that keep a draw.

References
----------
.. [1] C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966).
.. [2] A. S. Fraenkel and Y. Yesha, on the generalised Sprague–Grundy
   function, Discrete Appl. Math. 15 (1986).
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ..i18n import Word, gettext as _, gettext_noop as N_
from .. import engine, loopy
from .._validate import check_int
from ..display.loopy import (D_COLOUR, DRAW_MOVE_COLOUR, DRAW_MOVE_INK, check_tokens,
                             digraph_view, token_sum_view)
from ..display.tables import N_COLOUR, P_COLOUR
from ._kit import Explorer, int_slider
from ._style import Mark
from .play import GAMELAB, WIN_MARK, YOU, PlayWidget

__all__ = ["DigraphExplorer", "TokenSumExplorer", "LoopyPlayWidget", "NO_TOKEN", "COLOURS",
           "DRAW_MARK", "DRAW", "NO_MOVE", "REPETITION", "MOVE_CAP"]

NO_TOKEN = N_("(no token)")


class DigraphExplorer(Explorer):
    """Sliders for a random directed graph; every position coloured P, N or D with its γ.

    The view is :func:`gamelab.display.digraph_view`.

    Examples
    --------
    >>> e = DigraphExplorer(n=4, density=40, seed=1)
    >>> e.result.text.splitlines()[0]
    'random graph: 4 positions, density 40%, seed 1 — 1 P, 1 N, 2 D'
    >>> e.controls["seed"].value = 2
    >>> e.result.text.splitlines()[0]
    'random graph: 4 positions, density 40%, seed 2 — 3 P, 1 N, 0 D'
    """

    fallback = N_("sliders draw a random directed graph and colour every position P, N or D "
                "(a draw), with its generalised Sprague–Grundy value.")

    def __init__(self, n=10, density=20, seed=0):
        controls = {
            "n": int_slider("n", n, 1, 16, _("positions"), continuous_update=False),
            "density": int_slider("density", density, 0, 60, _("density %"), step=5,
                                  continuous_update=False),
            "seed": int_slider("seed", seed, 0, 99, _("seed"), continuous_update=False),
        }
        super().__init__(controls, digraph_view, layout=[widgets.HBox(list(controls.values()))])


class TokenSumExplorer(Explorer):
    """Up to three tokens on one graph: a sum of loopy games, added by the sum rule.

    The controls ``token1``, ``token2``, ... are drop-downs of the graph's
    nodes; the view is :func:`gamelab.display.token_sum_view`.

    Examples
    --------
    >>> e = TokenSumExplorer()
    >>> e.controls["token2"].value = "x"
    >>> print(e.result.text.splitlines()[-2])
        sum |     k, x ∞{3}       D
    """

    fallback = N_("drop-downs put up to three tokens on the graph and add their generalised "
                "Sprague–Grundy values by the sum rule.")

    def __init__(self, tokens=("k", "y"), game=loopy.GALLERY, *, slots=3):
        self.game = game
        slots = check_int(slots, "slots", minimum=1, maximum=4)
        tokens = check_tokens(game, tokens)
        if len(tokens) > slots:
            raise ValueError(f"tokens: at most {slots}, got {len(tokens)}")
        self._node = {str(u): u for u in game.nodes}
        tokens = [str(t) for t in tokens] + [NO_TOKEN] * (slots - len(tokens))
        controls = {f"token{i}": widgets.Dropdown(options=[(_(NO_TOKEN), NO_TOKEN)]
                                                  + [(node, node) for node in self._node],
                                                  value=t, description=_("token {i}").format(i=i))
                    for i, t in enumerate(tokens, 1)}
        super().__init__(controls, self._view, layout=[widgets.HBox(list(controls.values()))])

    def _view(self, **tokens):
        return token_sum_view([self._node[t] for t in tokens.values() if t != NO_TOKEN],
                              self.game)


# -- playing a game that may draw ------------------------------------------------------

#: A move that keeps the draw under the hint: dark grey, white bold text.
DRAW_MARK = Mark(DRAW_MOVE_COLOUR, DRAW_MOVE_INK, N_("grey"), N_("keeps the draw"), "=")
#: :attr:`LoopyPlayWidget.winner` of a drawn game, and the :attr:`~LoopyPlayWidget.reason`
#: a game ended for: the player to move had no move, a position came back, the move cap.
#: Each is the English word, shown in the language of the moment (:class:`gamelab.i18n.Word`).
DRAW = Word(N_("draw"))
NO_MOVE, REPETITION, MOVE_CAP = Word(N_("no move")), Word(N_("repetition")), Word(N_("move cap"))


class LoopyPlayWidget(PlayWidget):
    """Play a loopy game against gamelab: it wins when it can and holds the draw otherwise.

    gamelab moves to a P-position of least remoteness when it can win (so its
    win comes in a bounded number of moves); from a D-position it moves to a
    D-position (the draw is kept); when it is lost it plays as
    :func:`gamelab.hardest_move` does: the move that leaves the fewest winning
    replies, then the one of greatest remoteness (the longest loss), then the
    first.  It says in the move log which of the three it is doing.  A play
    ends when a player cannot move (that player loses), when a position comes
    back with the same player to move (a draw by repetition), or after
    ``max_moves`` moves (a draw).

    The layout is :class:`~gamelab.widgets.PlayWidget`'s; the hint
    ("Hint: winning and drawing moves") colours winning moves blue and moves
    that keep the draw grey, with the legend beside it.

    Parameters
    ----------
    game : game object or callable
        Finitely many positions must be reachable from ``position``.  By
        default the lecture's nine-node graph :data:`gamelab.loopy.GALLERY`.
    position : hashable
        By default ``"k"``, a draw.
    computer_first : bool
    max_moves : int
        The move cap, 2 to 10000.
    label, render : callable, optional
        As for :class:`PlayWidget`.

    Examples
    --------
    >>> from gamelab.loopy import GALLERY
    >>> w = LoopyPlayWidget(GALLERY, "k")
    >>> w.play("k")            # we pass on the loop; gamelab cannot win, and passes too
    >>> w.history, w.winner, w.reason
    ([('k', 'k', 'you'), ('k', 'k', 'gamelab')], 'draw', 'repetition')
    >>> w.reset("m")
    >>> w.play("m")            # a mistake: gamelab moves to the sink and wins
    >>> w.history, w.winner
    ([('m', 'm', 'you'), ('m', 'z', 'gamelab')], 'gamelab')
    """

    fallback_prefix = N_("Run the notebook to play against gamelab: ")
    fallback = N_("you choose your moves with buttons; gamelab wins when it can, holds the draw "
                "when it cannot, and a position that comes back ends the game in a draw.")
    hint_text = N_("Hint: winning and drawing moves")
    hint_tooltip = N_("Colour the moves that win (they leave a P-position) and, from a draw, "
                      "the moves that keep the draw")
    marks = (WIN_MARK, DRAW_MARK)
    plans = {
        "win": N_("gamelab can force a win from here, and plays for it."),
        "draw": N_("gamelab cannot force a win, but it holds the draw."),
        "lose": N_("gamelab is losing: it plays the move that leaves you the fewest winning "
                   "replies (and, among those, the longest game)."),
    }

    def __init__(self, game=loopy.GALLERY, position="k", *, computer_first=False,
                 max_moves=100, label=None, render=None):
        self.max_moves = check_int(max_moves, "max_moves", minimum=2, maximum=10_000)
        super().__init__(game, position, computer_first=computer_first, label=label,
                         render=render)

    # -- state ------------------------------------------------------------------
    def reset(self, position=None):
        """Start again from ``position`` (default: the starting position)."""
        if position is not None:
            self.start = position
        self.position = self.start = engine.checked_position(self.game, self.start)  # the game's own form
        engine.game_options(self.game, self.position)  # checks its options
        self._outcome, self._remote = loopy.retrograde(self.game, self.start)
        self._new_log()
        self.winner = None
        self.reason = None
        to_move = GAMELAB if self.computer_first else YOU
        self._seen = {(self.position, to_move)}
        if not self.legal_moves():
            self._finish_stuck(to_move)
        elif self.computer_first:
            self._computer_turn()
        self.update()

    def winning(self):
        """The moves to P-positions from the current position."""
        return loopy.loopy_winning_moves(self.game, self.position)

    def drawing(self):
        """From a D-position, the moves that keep the draw."""
        return loopy.loopy_drawing_moves(self.game, self.position)

    def outcome(self):
        """``"P"``, ``"N"`` or ``"D"`` for the current position (for the player to move)."""
        return self._outcome[self.position]

    def marked(self):
        """The winning moves (blue) and the moves that keep the draw (grey)."""
        marks = {o: DRAW_MARK for o in self.drawing()}
        marks.update({o: WIN_MARK for o in self.winning()})
        return marks

    def replies(self, option):
        """How many winning replies the player to move at ``option`` has."""
        return sum(1 for k in engine.game_options(self.game, option)
                   if self._outcome[k] == "P")

    def computer_move(self):
        """The move gamelab makes now (``None`` when it cannot move); sets :attr:`plan`.

        Win: a P-option of least remoteness.  Draw: the first D-option.
        Lost: the option leaving the fewest winning replies, then of greatest
        remoteness, then the first.
        """
        moves = self.legal_moves()
        if not moves:
            return None
        out, far = self._outcome, self._remote
        wins = [o for o in moves if out[o] == "P"]
        if wins:
            self.plan = "win"
            return min(wins, key=lambda o: far[o])
        draws = [o for o in moves if out[o] == "D"]
        if draws:
            self.plan = "draw"
            return draws[0]
        self.plan = "lose"
        return min(moves, key=lambda o: (self.replies(o), -far[o]))

    # -- internals --------------------------------------------------------------
    def _finish_stuck(self, to_move):
        self.winner = GAMELAB if to_move == YOU else YOU
        self.reason = NO_MOVE

    def _move(self, option, who):
        self.history.append((self.position, option, who))
        self.position = option
        to_move = GAMELAB if who == YOU else YOU
        if not self.legal_moves():
            self._finish_stuck(to_move)
        elif (option, to_move) in self._seen:
            self.winner, self.reason = DRAW, REPETITION
        elif len(self.history) >= self.max_moves:
            self.winner, self.reason = DRAW, MOVE_CAP
        else:
            self._seen.add((option, to_move))

    def _end_html(self):
        if self.winner is None:
            return "<div>" + _("Your move.") + "</div>"
        if self.winner == "draw":
            if self.reason == "repetition":
                verdict = _("<b>Draw:</b> position {position} came back with the same player "
                            "to move, so play could go round for ever.").format(
                                position=html.escape(repr(self.position)))
            else:
                verdict = _("<b>Draw:</b> {moves} moves and nobody has won.").format(
                    moves=self.max_moves)
        else:
            verdict = "<b>" + (_("You win!") if self.winner == "you" else _("gamelab wins.")) + "</b>"
        return f"<div>{verdict} " + _("Press <i>New game</i> to play again.") + "</div>"


#: The colours used, for the legend of a lecture.
COLOURS = {"P": P_COLOUR, "N": N_COLOUR, "D": D_COLOUR}
