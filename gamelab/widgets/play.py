"""Play against gamelab: buttons for the legal moves, and a computer that plays
perfectly — a winning move whenever one exists, else the move hardest to answer.

Works for any game gamelab can search (objects with ``options`` or plain
callables), in normal or misère play.  The board and the words on the move
buttons come from :mod:`gamelab.display.boards`: the game's ``board`` and
``move_label`` hooks (stones, rows of pins, labelled components of a sum, a
numbered Hackenbush drawing, ...), else the position as text.  The whole
history stays in view (it scrolls), gamelab says in it what it is playing
for, the hint colours the winning moves with a legend beside it, and a misère
game says its rule above the board.  When it is losing gamelab chooses its
move with :func:`gamelab.hardest_move`.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._style import Mark, Shown, history_box, legend_html, mark_button, show_pressed

from .. import engine, strategy
from ..i18n import Word, gettext as _, gettext_noop as N_
from .._validate import check_bool
from ..display.boards import board_html, move_words
from ..display.tables import P_COLOUR
from ..walk import LoopyGameError

__all__ = ["PlayWidget", "YOU", "GAMELAB", "MAX_BUTTONS", "PLAN_POSITIONS", "WIN_MARK"]


#: The student, in :attr:`PlayWidget.history` and :attr:`PlayWidget.winner`.
YOU = Word(N_("you"))
#: gamelab itself (its name, the same in every language).
GAMELAB = Word("gamelab")

#: More legal moves than this are offered in a drop-down instead of buttons.
MAX_BUTTONS = 40
#: The most positions gamelab searches to rank its moves when it is losing
#: (:func:`gamelab.hardest_move`); from a bigger game it plays its first legal move.
PLAN_POSITIONS = 20_000
#: A winning move under the hint: Okabe–Ito sky blue, black bold text.
WIN_MARK = Mark(P_COLOUR, "#000000", N_("blue"), N_("wins"), "★")
#: The rule a misère game states above its board.
MISERE_RULE = N_("<div style='font-size:15px;margin:4px 0'><b>Misère play:</b> the player "
               "who makes the last move <b>loses</b> (whoever takes the last stone "
               "loses).</div>")


class PlayWidget(Shown):
    """A game between a student and gamelab.

    Parameters
    ----------
    game : game object or callable
    position : hashable
        The starting position.
    misere : bool
        Misère play (the player who cannot move wins).
    computer_first : bool
        Whether gamelab makes the first move.
    label : callable, optional
        ``label(position, option) -> str``: the text on a move's button.
    render : callable, optional
        ``render(position) -> str`` (HTML) showing the position.

    The state is plain Python (``position``, ``history``, ``winner``), and
    :meth:`play` and :meth:`computer_move` are ordinary methods, so the widget
    can be driven and tested without a browser.  Who moved and who won are
    :data:`YOU` and :data:`GAMELAB`: equal to ``"you"`` and ``"gamelab"``,
    and printed in the language of the moment (:class:`gamelab.i18n.Word`).

    Examples
    --------
    >>> import gamelab as gl
    >>> w = PlayWidget(gl.Bash(3), 10)
    >>> w.play(8)          # we take 2 and leave 8, a P-position
    >>> w.history          # gamelab cannot win from 8; every move is as hard to answer
    [(10, 8, 'you'), (8, 7, 'gamelab')]
    >>> w.notes            # what it said, after its move (index 1 of the history)
    {1: 'gamelab is losing: it plays the move that leaves you the fewest winning replies (and, among those, the longest game).'}
    >>> w.position
    7
    """

    fallback_prefix = N_("Run the notebook to play against gamelab: ")
    fallback = N_(
        "you choose your moves with buttons, gamelab answers with a winning move whenever"
        " there is one, and you may ask for a hint or start a new game."
    )
    #: The hint's toggle, and how it marks moves (see :meth:`marked`).
    hint_text = N_("Hint: winning moves")
    hint_tooltip = N_("Colour the moves that win: they leave a P-position")
    marks = (WIN_MARK,)
    #: What gamelab says in the move log when its plan changes (see :meth:`computer_move`).
    plans = {
        "win": N_("gamelab can win from here: it moves to a P-position."),
        "lose": N_("gamelab is losing: it plays the move that leaves you the fewest winning "
                   "replies (and, among those, the longest game)."),
        "quick": N_("gamelab is losing, and this game is too big to rank every move: it "
                    "plays its first legal move."),
    }

    def __init__(self, game, position, *, misere=False, computer_first=False,
                 label=None, render=None):
        self.game = engine.check_game(game)
        self.misere = check_bool(misere, "misere")
        self.computer_first = check_bool(computer_first, "computer_first")
        if label is not None and not callable(label):
            raise TypeError(f"label must be a callable (position, option) -> str, got {label!r}")
        if render is not None and not callable(render):
            raise TypeError(f"render must be a callable position -> HTML, got {render!r}")
        self._label = label or (lambda p, o: move_words(game, p, o) or str(o))
        self._render = render or (lambda p: board_html(game, p)
                                  or f"<code>{html.escape(repr(p))}</code>")
        self.start = position
        self.plan = None
        self.status = widgets.HTML()
        self.board = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.moves_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hint = show_pressed(widgets.ToggleButton(
            value=False, description=_(self.hint_text), tooltip=_(self.hint_tooltip),
            layout=widgets.Layout(width="auto")))
        self.legend = widgets.HTML()
        self.new_game = widgets.Button(description=_("New game"), button_style="info",
                                       layout=widgets.Layout(width="auto"))
        self.hint.observe(lambda change: self.update(), names="value")
        self.new_game.on_click(lambda _b: self.reset())
        self.widget = widgets.VBox([
            self.board, self.status, self.moves_box,
            widgets.HBox([self.hint, self.new_game, self.legend],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap"))])
        self.reset()

    # -- state ------------------------------------------------------------------
    def reset(self, position=None):
        """Start again from ``position`` (default: the starting position)."""
        if position is not None:
            self.start = position
        self.position = self.start = engine.checked_position(self.game, self.start)  # the game's own form
        engine.game_options(self.game, self.position)  # checks its options
        self._new_log()
        self.winner = None
        if self.computer_first:
            self._computer_turn()
        else:
            self._check_end(YOU)
        self.update()

    def legal_moves(self):
        """The options of the current position."""
        return engine.game_options(self.game, self.position)

    def winning(self):
        """The winning moves from the current position (empty at a P-position)."""
        return engine.winning_moves(self.game, self.position, misere=self.misere)

    def play(self, option):
        """The student moves to ``option``; gamelab answers."""
        if self.winner is not None:
            raise ValueError("the game is over; call reset() to play again")
        moves = self.legal_moves()
        if option not in moves:
            raise ValueError(f"option {option!r} is not a legal move from {self.position!r}")
        self._move(moves[moves.index(option)], YOU)  # the game's own form of the option
        if self.winner is None:
            self._computer_turn()
        self.update()

    def computer_move(self):
        """The move gamelab makes now (``None`` when it cannot move); sets :attr:`plan`.

        When it can win, the first winning move (the game's own, so a closed form
        or a misère quotient decides: ``plan == "win"``).  When it is losing,
        :func:`gamelab.hardest_move`: the move that leaves the fewest winning
        replies, then the longest game (``plan == "lose"``); if the play from
        here reaches more than :data:`PLAN_POSITIONS` positions, the first legal
        move (``plan == "quick"``).
        """
        moves = self.legal_moves()
        if not moves:
            return None
        winning = self.winning()
        if winning:
            self.plan = "win"
            return winning[0]
        try:
            move = strategy.hardest_move(self.game, self.position, misere=self.misere,
                                         max_positions=PLAN_POSITIONS)
        except LoopyGameError:
            raise
        except ValueError:                  # too big to search to the end: play at once
            self.plan = "quick"
            return moves[0]
        self.plan = "lose"
        return move

    def marked(self):
        """The moves the hint marks now, each with its mark (colour and meaning)."""
        return {o: WIN_MARK for o in self.winning()}

    # -- internals --------------------------------------------------------------
    def _new_log(self):
        self.history = []
        self.notes = {}          # history index -> what gamelab said after that move
        self.plan = None
        self._said = None

    def _move(self, option, who):
        self.history.append((self.position, option, who))
        self.position = option
        self._check_end(GAMELAB if who == YOU else YOU)

    def _computer_turn(self):
        option = self.computer_move()
        if option is None:
            return
        self._move(option, GAMELAB)
        if self.plan != self._said and self.plan in self.plans:
            self.notes[len(self.history) - 1] = _(self.plans[self.plan])
            self._said = self.plan

    def _check_end(self, to_move):
        if self.legal_moves():
            return
        other = GAMELAB if to_move == YOU else YOU
        self.winner = to_move if self.misere else other

    def history_html(self):
        """Every move so far, oldest first, with what gamelab said about its plan, in a box
        that scrolls (newest in view)."""
        return history_box([_("{who}: {move}").format(who=str(Word(who)),
                                                      move=self._label(before, after))
                            for before, after, who in self.history], self.notes)

    def _end_html(self):
        """The line under the history: whose move it is, or how the game ended."""
        if self.winner is None:
            return "<div>" + _("Your move.") + "</div>"
        verdict = _("You win!") if self.winner == "you" else _("gamelab wins.")
        if self.history:
            you = self.history[-1][2] == "you"
            if self.misere:
                why = _("You made the last move and lose.") if you else _(
                    "gamelab made the last move and loses.")
            else:
                why = _("You made the last move.") if you else _("gamelab made the last move.")
        else:
            why = _("There is no move at all.")
        again = _("Press <i>New game</i> to play again.")
        return f"<div><b>{verdict}</b> {why} {again}</div>"

    def _board_html(self):
        return (_(MISERE_RULE) if self.misere else "") + self._render(self.position)

    def update(self):
        """Redraw the board, the history and the move buttons for the current state."""
        self.board.value = self._board_html()
        self.status.value = ("<div style='font-size:15px'>" + self.history_html()
                             + self._end_html() + "</div>")
        hinting = self.winner is None and self.hint.value
        self.legend.value = legend_html(self.marks) if hinting else ""
        buttons = []
        if self.winner is None:
            marked = self.marked() if hinting else {}
            moves = self.legal_moves()
            if len(moves) <= MAX_BUTTONS:
                for o in moves:
                    b = widgets.Button(description=self._label(self.position, o),
                                       tooltip=_("move to {option}").format(option=repr(o)),
                                       layout=widgets.Layout(width="auto"))
                    if o in marked:
                        mark_button(b, marked[o])
                    b.on_click(lambda _b, o=o: self.play(o))
                    buttons.append(b)
            else:
                pick = widgets.Dropdown(options=[(self._label(self.position, o)
                                                  + (f"  {marked[o].symbol}" if o in marked
                                                     else ""), o)
                                                 for o in moves],
                                        description=_("Move:"))
                go = widgets.Button(description=_("Play"), button_style="primary")
                go.on_click(lambda _b: self.play(pick.value))
                buttons = [pick, go]
        self.moves_box.children = buttons
