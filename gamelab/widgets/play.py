"""Play against gamelab: buttons for the legal moves, and a computer that
answers with a winning move whenever one exists.

Works for any game gamelab can search (objects with ``options`` or plain
callables), in normal or misère play.  The board and the words on the move
buttons come from :mod:`gamelab.display.boards`: the game's ``board`` and
``move_label`` hooks (stones, rows of pins, labelled components of a sum, a
numbered Hackenbush drawing, ...), else the position as text.  The whole
history stays in view (it scrolls), and a misère game says its rule above
the board.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._style import Shown, show_pressed

from .. import engine
from .._validate import check_bool
from ..display.boards import board_html, move_words
from ..display.tables import P_COLOUR

__all__ = ["PlayWidget"]

#: More legal moves than this are offered in a drop-down instead of buttons.
MAX_BUTTONS = 40
#: The rule a misère game states above its board.
MISERE_RULE = ("<div style='font-size:15px;margin:4px 0'><b>Misère play:</b> the player "
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
    can be driven and tested without a browser.

    Examples
    --------
    >>> import gamelab as gl
    >>> w = PlayWidget(gl.Bash(3), 10)
    >>> w.play(8)          # we take 2 and leave 8, a P-position
    >>> w.history          # gamelab could not win from 8, so it took 1 stone
    [(10, 8, 'you'), (8, 7, 'gamelab')]
    >>> w.position
    7
    """

    fallback_prefix = "Run the notebook to play against gamelab: "
    fallback = (
        "you choose your moves with buttons, gamelab answers with a winning move whenever"
        " there is one, and you may ask for a hint or start a new game."
    )

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
        self.status = widgets.HTML()
        self.board = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.moves_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hint = show_pressed(widgets.ToggleButton(
            value=False, description="Hint: winning moves",
            tooltip="Highlight the moves that leave a P-position",
            layout=widgets.Layout(width="auto")))
        self.new_game = widgets.Button(description="New game", button_style="info",
                                       layout=widgets.Layout(width="auto"))
        self.hint.observe(lambda change: self.update(), names="value")
        self.new_game.on_click(lambda _b: self.reset())
        self.widget = widgets.VBox([self.board, self.status, self.moves_box,
                                    widgets.HBox([self.hint, self.new_game])])
        self.reset()

    # -- state ------------------------------------------------------------------
    def reset(self, position=None):
        """Start again from ``position`` (default: the starting position)."""
        if position is not None:
            self.start = position
        self.position = self.start
        engine.game_options(self.game, self.position)  # validates the position
        self.history = []
        self.winner = None
        if self.computer_first:
            self._computer_turn()
        else:
            self._check_end("you")
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
        self._move(moves[moves.index(option)], "you")  # the game's own form of the option
        if self.winner is None:
            self._computer_turn()
        self.update()

    def computer_move(self):
        """The move gamelab makes now: the first winning move, else the first legal one."""
        winning = self.winning()
        if winning:
            return winning[0]
        moves = self.legal_moves()
        return moves[0] if moves else None

    # -- internals --------------------------------------------------------------
    def _move(self, option, who):
        self.history.append((self.position, option, who))
        self.position = option
        self._check_end("gamelab" if who == "you" else "you")

    def _computer_turn(self):
        option = self.computer_move()
        if option is not None:
            self._move(option, "gamelab")

    def _check_end(self, to_move):
        if self.legal_moves():
            return
        other = "gamelab" if to_move == "you" else "you"
        self.winner = to_move if self.misere else other

    def history_html(self):
        """Every move so far, oldest first, in a box that scrolls (newest in view)."""
        lines = [f"<div>{html.escape(who)}: {html.escape(self._label(before, after))}</div>"
                 for before, after, who in self.history]
        if not lines:
            return ""
        return ("<div class='gamelab-history' style='max-height:9em;overflow-y:auto;"
                "display:flex;flex-direction:column-reverse;border-left:3px solid #ddd;"
                f"padding-left:6px;margin:4px 0'><div>{''.join(lines)}</div></div>")

    def update(self):
        """Redraw the board, the history and the move buttons for the current state."""
        rule = MISERE_RULE if self.misere else ""
        self.board.value = rule + self._render(self.position)
        if self.winner is not None:
            verdict = "You win!" if self.winner == "you" else "gamelab wins."
            if self.history:
                you = self.history[-1][2] == "you"
                why = ("You" if you else "gamelab") + " made the last move" + (
                    (" and lose" if you else " and loses") if self.misere else "") + "."
            else:
                why = "There is no move at all."
            end = (f"<div><b>{verdict}</b> {why} Press <i>New game</i> "
                   "to play again.</div>")
        else:
            end = "<div>Your move.</div>"
        self.status.value = ("<div style='font-size:15px'>" + self.history_html() + end
                             + "</div>")
        buttons = []
        if self.winner is None:
            winning = set(self.winning()) if self.hint.value else set()
            moves = self.legal_moves()
            if len(moves) <= MAX_BUTTONS:
                for o in moves:
                    b = widgets.Button(description=self._label(self.position, o),
                                       tooltip=f"move to {o!r}",
                                       layout=widgets.Layout(width="auto"))
                    if o in winning:
                        b.style.button_color = P_COLOUR
                        b.style.font_weight = "bold"
                    b.on_click(lambda _b, o=o: self.play(o))
                    buttons.append(b)
            else:
                pick = widgets.Dropdown(options=[(self._label(self.position, o)
                                                  + ("  ★" if o in winning else ""), o)
                                                 for o in moves],
                                        description="Move:")
                go = widgets.Button(description="Play", button_style="primary")
                go.on_click(lambda _b: self.play(pick.value))
                buttons = [pick, go]
        self.moves_box.children = buttons
