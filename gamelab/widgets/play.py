"""Play against gamelab: buttons for the legal moves, and a computer that
answers with a winning move whenever one exists.

Works for any game gamelab can search (objects with ``options`` or plain
callables), in normal or misère play.  Game objects may offer
``move_label(position, option)`` (the text on a move's button) and
``render_html(position)`` (a picture of the position).
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ._style import Shown

from .. import engine
from .._validate import check_bool
from ..display.tables import P_COLOUR

__all__ = ["PlayWidget"]

#: More legal moves than this are offered in a drop-down instead of buttons.
MAX_BUTTONS = 40


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
        self.game = engine._check_game(game)
        self.misere = check_bool(misere, "misere")
        self.computer_first = check_bool(computer_first, "computer_first")
        self._label = label or getattr(game, "move_label", None) or (lambda p, o: str(o))
        self._render = render or getattr(game, "render_html", None) or (
            lambda p: f"<code>{html.escape(repr(p))}</code>")
        self.start = position
        self.status = widgets.HTML()
        self.board = widgets.HTML()
        self.moves_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hint = widgets.ToggleButton(value=False, description="Show winning moves",
                                         tooltip="Highlight the moves that leave a P-position")
        self.new_game = widgets.Button(description="New game", button_style="info")
        self.hint.observe(lambda change: self._redraw(), names="value")
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
        self._redraw()

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
        if option not in self.legal_moves():
            raise ValueError(f"option {option!r} is not a legal move from {self.position!r}")
        self._move(option, "you")
        if self.winner is None:
            self._computer_turn()
        self._redraw()

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

    def _redraw(self):
        self.board.value = self._render(self.position)
        lines = []
        for before, after, who in self.history[-6:]:
            lines.append(f"{html.escape(who)}: {html.escape(self._label(before, after))}")
        if self.winner is not None:
            verdict = "You win!" if self.winner == "you" else "gamelab wins."
            lines.append(f"<b>{verdict}</b> Press <i>New game</i> to play again.")
        else:
            lines.append("Your move.")
        self.status.value = "<br>".join(lines)
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
