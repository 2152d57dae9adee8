"""The nim multiplication explorer, and Turning Corners played by clicking coins.

:class:`NimProductExplorer` shows :func:`gamelab.display.nim_product_table`
for a size chosen with a slider.  :class:`TartanPlayWidget` is a
:class:`~gamelab.widgets.PlayWidget` on a grid of coins in which a move is
made with two clicks: a head, the south-east corner of the move, and then
the coin at the opposite (north-west) corner — the four corners of the
rectangle are turned.  The move buttons of the play widget stay below the
grid, named by the same two corners (``corners (1, 1), (4, 3)``), in a box
that scrolls, so every move can also be chosen from the list.
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from ..i18n import gettext as _, gettext_noop as N_
from .._validate import check_int
from ..display.boards import HEADS_COLOUR, TAILS_COLOUR
from ..display.nimber import MAX_TABLE, corner_words, nim_product_table
from ..display.tables import MARK_COLOUR, P_COLOUR, P_INK
from ..games.coins2d import AcrosticTwins, TartanGame
from ._kit import Explorer, int_slider
from ._style import show_pressed
from .play import PlayWidget

__all__ = ["NimProductExplorer", "TartanPlayWidget", "tartan_play", "MAX_SIZE", "FERGUSON"]

#: The right end of the explorer's size slider.
MAX_SIZE = 64
#: Ferguson's position of §5.2, display (5): heads at (2, 4), (4, 3) and (5, 5).
FERGUSON = ("TTTTT", "TTTHT", "TTTTT", "TTHTT", "TTTTH")


class NimProductExplorer(Explorer):
    """The nim multiplication table ``x ⊗ y`` for ``x, y`` below a size.

    Controls ``size`` (a slider, 2 to :data:`MAX_SIZE`), ``colour`` (a toggle:
    colour the cells by value, else one grey per range of values) and
    ``mark`` (a slider: the value whose cells are marked, 0 for none).  The
    subfields of 4 and 16 elements show as the top-left blocks.

    Examples
    --------
    >>> e = NimProductExplorer(4)
    >>> e.controls["size"].value = 5
    >>> e.result.text.splitlines()[6].split()        # the row x = 4
    ['4', '|', '0', '4', '8', '12', '6']
    >>> e.controls["mark"].value = 6
    >>> e.result.text.splitlines()[6].split()[-1]
    '6*'
    """

    fallback = N_("a slider sets the size of the nim multiplication table x ⊗ y, a button colours "
                "it by value and a second slider marks one value; the subfields of 4 and 16 "
                "elements show as blocks.")

    def __init__(self, size=16, *, colour=True, mark=0):
        controls = {
            "size": int_slider("size", size, 2, MAX_SIZE, _("x, y below"), continuous_update=False,
                               tooltip=_("show x ⊗ y for every x and y below this number")),
            "colour": show_pressed(widgets.ToggleButton(
                value=bool(colour), description=_("colour by value"),
                tooltip=_("colour each cell by its value (else one grey per range of values)"),
                layout=widgets.Layout(width="auto"))),
            "mark": int_slider("mark", mark, 0, MAX_TABLE - 1, _("mark products equal to"),
                               continuous_update=False,
                               tooltip=_("mark the cells whose product is this number (0: none)")),
        }
        super().__init__(controls, nim_product_table,
                         layout=[widgets.HBox([controls["size"], controls["colour"]]),
                                 controls["mark"]])


def _turned(position, option):
    return [(r, c) for r, (a, b) in enumerate(zip(position, option), 1)
            for c, (x, y) in enumerate(zip(a, b), 1) if x != y]


def _corners(position, option):
    """The south-east and the north-west corner of the coins a move turns."""
    turned = _turned(position, option)
    rows, cols = [r for r, _ in turned], [c for _, c in turned]
    return (max(rows), max(cols)), (min(rows), min(cols))


class TartanPlayWidget(PlayWidget):
    """Play a grid of coins against gamelab, a move chosen by clicking two corners.

    A click on a head makes it the south-east corner of the move (it is
    marked yellow, and the coins that may be the opposite corner get a
    dashed frame); a click on one of those coins makes the move that turns
    the corners of that rectangle (in Turning Corners, its four corners).
    A click on another head chooses that head instead; a second click on the
    chosen head makes the move that turns it alone, where the rule has one,
    and otherwise lets it go.  With *Hint* pressed, the heads from which a
    move wins, and then the winning opposite corners, are shown in blue.

    Parameters
    ----------
    game : TartanGame, AcrosticTwins or str
        The game (default Turning Corners), or the name of a tartan game.
    position : tuple of str
        The rows of coins (default Ferguson's 5 × 5 position, :data:`FERGUSON`).
    misere, computer_first : bool
        As for :class:`~gamelab.widgets.PlayWidget`.

    Attributes
    ----------
    corner : tuple or None
        The head chosen as the south-east corner, ``(row, column)``.
    coins : list of list of ipywidgets.Button
        The coin buttons, ``coins[r - 1][c - 1]`` for coin ``(r, c)``.
    message : str
        What the last click did, shown above the history.

    Examples
    --------
    >>> w = TartanPlayWidget()
    >>> w.click(5, 5)              # the head at (5, 5) is the corner ...
    >>> w.corner
    (5, 5)
    >>> w.click(4, 4)              # ... and (4, 4) the opposite one: the winning move
    >>> w.history[0][2], w.history[0][1]
    ('you', ('TTTTT', 'TTTHT', 'TTTTT', 'TTHHH', 'TTTHT'))
    """

    fallback = N_("the coins stand in a grid; you click a head and then the coin at the opposite "
                "corner of a rectangle to turn its corners, gamelab answers with a winning move "
                "whenever there is one, and you may ask for a hint or start a new game.")

    def __init__(self, game="turning_corners", position=FERGUSON, *, misere=False,
                 computer_first=False):
        if isinstance(game, str):
            game = TartanGame.named(game)
        if not isinstance(game, (TartanGame, AcrosticTwins)):
            raise TypeError(f"game must be a TartanGame, AcrosticTwins or the name of a tartan "
                            f"game, got {type(game).__name__} {game!r}")
        position = game.validate(position)
        if not position or not position[0]:
            raise ValueError("position must have at least one coin")
        self.corner = None
        self.message = ""
        self._choices = []
        self._shape = None
        self.coins = []
        self.grid = widgets.VBox(layout=widgets.Layout(margin="0 0 4px 0"))
        super().__init__(game, position, misere=misere, computer_first=computer_first,
                         label=self._words, render=self._caption)
        # the list of moves scrolls in its own box: the grid stays the way to play
        self.moves_box.layout.max_height = "11em"
        self.moves_box.layout.overflow = "auto"
        self.widget.children = (self.grid, *self.widget.children)

    def _words(self, position, option):
        """A move by its corners (the two coins to click), else in the game's own words."""
        return corner_words(position, option) or self.game.move_label(position, option)

    # -- clicks -----------------------------------------------------------------------
    def moves_from(self, corner):
        """The options of the moves whose south-east corner is ``corner``."""
        return [o for o in self.legal_moves() if _corners(self.position, o)[0] == corner]

    def click(self, r, c):
        """A click on coin ``(r, c)`` (row and column from 1): choose a corner, or move."""
        r = check_int(r, "r", minimum=1, maximum=len(self.position))
        c = check_int(c, "c", minimum=1, maximum=len(self.position[0]))
        self._choices = []
        if self.winner is not None:
            self.message = _("The game is over: press New game to play again.")
        elif self.corner is not None and (r, c) in self._opposites():
            picked = [o for o in self.moves_from(self.corner)
                      if _corners(self.position, o)[1] == (r, c)]
            if len(picked) == 1:
                self.play(picked[0])
                return
            self._choices = picked
            self.message = _("{count} moves have these corners: choose one of the buttons "
                             "below.").format(count=len(picked))
        elif (r, c) == self.corner:
            self.corner = None
            self.message = _("Coin {coin} is no longer chosen: click a head.").format(coin=(r, c))
        elif self.moves_from((r, c)):
            self.corner = (r, c)
            self.message = _("Corner {coin} chosen: now click the coin at the opposite "
                             "corner (framed).").format(coin=(r, c))
        elif self.corner is not None:
            self.message = _("Coin {coin} is no opposite corner of {corner}: click a "
                             "framed coin, or another head.").format(coin=(r, c), corner=self.corner)
        elif self.position[r - 1][c - 1] == "H":
            self.message = _("The head at {coin} has no move (no coin lies above and left of "
                             "it).").format(coin=(r, c))
        else:
            self.message = _("Coin {coin} shows tails: a move starts from a head.").format(coin=(r, c))
        self.update()

    def _opposites(self):
        """The coins that may be the opposite corner of a move from the chosen head."""
        if self.corner is None:
            return set()
        return {_corners(self.position, o)[1] for o in self.moves_from(self.corner)}

    # -- the state, as PlayWidget keeps it ------------------------------------------------
    def reset(self, position=None):
        self.corner, self._choices, self.message = None, [], ""
        super().reset(position)

    def play(self, option):
        self.corner, self._choices, self.message = None, [], ""
        super().play(option)

    # -- drawing ------------------------------------------------------------------------
    def _caption(self, position):
        if self.winner is not None:
            text = _("The game is over.")
        elif self.message:
            text = self.message
        else:
            text = _("Click a head (the south-east corner of your move), then the coin at the "
                    "opposite corner: the corners of that rectangle are turned. Or choose a "
                    "move from the list below.")
        return f"<div style='font-size:15px;margin:2px 0'>{html.escape(text)}</div>"

    def _build_grid(self):
        rows, cols = len(self.position), len(self.position[0])
        self.coins = []
        lines = [widgets.HBox([widgets.Label("", layout=widgets.Layout(width="3.6em"))]
                              + [widgets.Label(str(c), layout=widgets.Layout(
                                  width="2.6em", margin="1px"), style={"text_color": "#444"})
                                 for c in range(1, cols + 1)])]
        for r in range(1, rows + 1):
            buttons = []
            for c in range(1, cols + 1):
                b = widgets.Button(tooltip=_("coin ({r}, {c})").format(r=r, c=c), layout=widgets.Layout(
                    width="2.6em", height="2.4em", margin="1px", padding="0"))
                b.on_click(lambda _b, r=r, c=c: self.click(r, c))
                buttons.append(b)
            self.coins.append(buttons)
            lines.append(widgets.HBox([widgets.Label(_("row {r}").format(r=r), layout=widgets.Layout(
                width="3.6em"))] + buttons))
        self.grid.children = lines
        self._shape = (rows, cols)

    def _paint(self):
        if self._shape != (len(self.position), len(self.position[0])):
            self._build_grid()
        playing = self.winner is None
        hint = playing and self.hint.value
        winning = set(self.winning()) if hint else set()
        good_heads = {_corners(self.position, o)[0] for o in winning}
        opposites = self._opposites() if playing else set()
        good_opposites = ({_corners(self.position, o)[1] for o in winning
                           if _corners(self.position, o)[0] == self.corner}
                          if self.corner is not None else set())
        for r, row in enumerate(self.position, 1):
            for c, face in enumerate(row, 1):
                b = self.coins[r - 1][c - 1]
                b.description = face
                colour = HEADS_COLOUR if face == "H" else TAILS_COLOUR
                border = "1px solid #999"
                if (r, c) == self.corner:
                    colour = MARK_COLOUR
                    border = f"3px solid {P_INK}"
                elif (r, c) in opposites:
                    border = f"2px dashed {P_INK}"
                    if (r, c) in good_opposites:
                        colour = P_COLOUR
                elif self.corner is None and (r, c) in good_heads:
                    border = f"3px solid {P_COLOUR}"
                b.style.button_color = colour
                b.style.font_weight = "bold" if face == "H" else "normal"
                b.layout.border = border
                b.disabled = not playing

    def update(self):
        """Redraw the grid, the caption, the history and the move buttons."""
        super().update()
        if self._choices and self.winner is None:
            buttons = []
            for o in self._choices:
                b = widgets.Button(description=self._label(self.position, o),
                                   tooltip=_("move to {option}").format(option=repr(o)),
                                   layout=widgets.Layout(width="auto"))
                b.on_click(lambda _b, o=o: self.play(o))
                buttons.append(b)
            self.moves_box.children = buttons
        self._paint()


def tartan_play(game="turning_corners", position=FERGUSON, **kwargs):
    """A :class:`TartanPlayWidget`: a grid of coins of ``game`` to play by clicking corners."""
    return TartanPlayWidget(game, position, **kwargs)
