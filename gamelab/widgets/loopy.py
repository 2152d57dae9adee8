"""Loopy games: a random directed graph coloured P/N/D, sums of tokens, a game that may draw.

* :class:`DigraphExplorer` — sliders for the number of positions, the
  density of arrows and the seed of a random directed graph; the picture
  colours every position P, N or D and writes its γ, and a table lists the
  same (:func:`digraph_view` is the plain computation).
* :class:`TokenSumExplorer` — up to three tokens on one graph (a sum of
  games): each token's γ, the γ of the sum by the sum rule and its outcome
  (:func:`token_sum_table`).
* :class:`LoopyPlayWidget` — play against gamelab, which wins when it can,
  holds the draw when it cannot win, says which, and declares a draw when a
  position comes back with the same player to move (or after a move cap).

References
----------
.. [1] C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966).
.. [2] A. S. Fraenkel and Y. Yesha, on the generalised Sprague–Grundy
   function, Discrete Appl. Math. 15 (1986).
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from .. import engine, loopy
from .._validate import check_int
from ..display.loopy import D_COLOUR, loopy_graph_svg, loopy_table, outcome_colour
from ..display.tables import N_COLOUR, P_COLOUR, Table, table_cell
from ..heaps import Sum
from ._style import Shown
from .play import MAX_BUTTONS, PlayWidget

__all__ = ["digraph_view", "DigraphExplorer", "token_sum_table", "TokenSumExplorer",
           "LoopyPlayWidget", "NO_TOKEN"]

NO_TOKEN = "(no token)"


# -- a random directed graph -----------------------------------------------------------

def digraph_view(n, density, seed, *, picture=True):
    """Picture and table of ``random_digraph(n, density, seed)``, as one :class:`Table`.

    ``html`` holds the drawing (inline SVG, unless ``picture=False``) and the table
    of every position's options, γ and outcome; ``text`` is the table's text.

    Examples
    --------
    >>> print(digraph_view(4, 40, 1, picture=False))
    random graph: 4 positions, density 40%, seed 1 — 1 P, 1 N, 2 D
    position | options G(x) outcome
           0 |       —    0       P
           1 |    2, 3  ∞{}       D
           2 |       2  ∞{}       D
           3 |    0, 3 ∞{0}       N
    """
    game = loopy.random_digraph(n, density, seed)
    outs = [loopy.loopy_outcome(game, u) for u in game.nodes]
    title = (f"random graph: {n} positions, density {density}%, seed {seed} — "
             + ", ".join(f"{outs.count(o)} {o}" for o in "PND"))
    table = loopy_table(game, game.nodes, title=title)
    if not picture:
        return table
    return Table(loopy_graph_svg(game) + table.html, table.text)


class DigraphExplorer(Shown):
    """Sliders for a random directed graph; every position coloured P, N or D with its γ.

    Attributes
    ----------
    n, density, seed : ipywidgets.IntSlider
    output : ipywidgets.HTML

    Examples
    --------
    >>> e = DigraphExplorer(n=4, density=40, seed=1)
    >>> e.view().text.splitlines()[0]
    'random graph: 4 positions, density 40%, seed 1 — 1 P, 1 N, 2 D'
    >>> e.seed.value = 2
    >>> e.view().text.splitlines()[0]
    'random graph: 4 positions, density 40%, seed 2 — 3 P, 1 N, 0 D'
    """

    fallback = ("sliders draw a random directed graph and colour every position P, N or D "
                "(a draw), with its generalised Sprague–Grundy value.")

    def __init__(self, n=10, density=20, seed=0):
        n = check_int(n, "n", minimum=1, maximum=16)
        density = check_int(density, "density", maximum=60)
        seed = check_int(seed, "seed", maximum=99)
        self.n = widgets.IntSlider(value=n, min=1, max=16, description="positions",
                                   continuous_update=False)
        self.density = widgets.IntSlider(value=density, min=0, max=60, step=5,
                                         description="density %", continuous_update=False)
        self.seed = widgets.IntSlider(value=seed, min=0, max=99, description="seed",
                                      continuous_update=False)
        self.output = widgets.HTML()
        for w in (self.n, self.density, self.seed):
            w.observe(lambda _change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.n, self.density, self.seed]),
                                    self.output])
        self.update()

    @property
    def game(self):
        """The :class:`gamelab.loopy.Digraph` shown."""
        return loopy.random_digraph(self.n.value, self.density.value, self.seed.value)

    def view(self, *, picture=False):
        """The table (and with ``picture=True`` the drawing) for the current sliders."""
        return digraph_view(self.n.value, self.density.value, self.seed.value, picture=picture)

    def update(self):
        """Recompute for the current sliders; returns the :class:`Table` shown."""
        t = self.view(picture=True)
        self.output.value = t.html
        return t


# -- sums: several tokens on one graph -------------------------------------------------

def _check_tokens(game, tokens):
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, (list, tuple)):
        raise TypeError(f"tokens must be a list of nodes, got {tokens!r}")
    if not tokens:
        raise ValueError("tokens must name at least one node")
    return [game.validate(t) for t in tokens]


def token_sum_table(tokens, game=loopy.GALLERY):
    """One row per token (its node, γ and outcome) and a row for the sum.

    The sum's γ comes from the sum rule: the XOR of finite values; one ∞_K
    among finite values XOR-ing to a gives ∞_{K ⊕ a}; two ∞ give ∞{} (a draw).

    Examples
    --------
    >>> print(token_sum_table(["k", "y"]))
            | position G(x) outcome
    token 1 |        k ∞{1}       D
    token 2 |        y    1       N
        sum |     k, y ∞{0}       N
    """
    tokens = _check_tokens(game, tokens)
    values = [loopy.loopy_grundy(game, t) for t in tokens]
    total = loopy.loopy_grundy(Sum(*([game] * len(tokens))), tuple(tokens))
    rows = [(f"token {i}", str(t), str(v), loopy.value_outcome(v))
            for i, (t, v) in enumerate(zip(tokens, values), 1)]
    rows.append(("sum", ", ".join(map(str, tokens)), str(total), loopy.value_outcome(total)))
    cols = ["", "position", "G(x)", "outcome"]
    widths = [max([len(c)] + [len(r[i]) for r in rows]) for i, c in enumerate(cols)]

    def line(r):
        return r[0].rjust(widths[0]) + " | " + " ".join(c.rjust(w) for c, w in zip(r[1:], widths[1:]))

    text = [line(cols)] + [line(r) for r in rows]
    body = ["<tr>" + "".join(table_cell(c, head=True) for c in cols) + "</tr>"]
    for r in rows:
        colour, bold = outcome_colour(r[3]), r[3] == "P"
        body.append("<tr>" + table_cell(r[0], head=True) + table_cell(r[1])
                    + table_cell(r[2], colour, bold) + table_cell(r[3], colour, bold) + "</tr>")
    html_text = ('<table class="gamelab-table" style="border-collapse:collapse;'
                 f'font-family:monospace;font-size:14px">{"".join(body)}</table>')
    return Table(html_text, "\n".join(text))


def _sum_rule_words(tokens, game):
    values = [loopy.loopy_grundy(game, t) for t in tokens]
    infinite = [v for v in values if isinstance(v, loopy.Infinity)]
    a = 0
    for v in values:
        if not isinstance(v, loopy.Infinity):
            a ^= v
    if not infinite:
        return (f"Every value is finite: the sum's value is their XOR, {a}"
                + (" — a P-position." if a == 0 else " — an N-position."))
    if len(infinite) > 1:
        return ("Two or more tokens have value ∞: the sum is ∞{} — a draw. Whoever "
                "settles one loopy token leaves the other to the opponent.")
    k = sorted(infinite[0].finite_options)
    shifted = sorted(x ^ a for x in k)
    verdict = ("0 is among them: an N-position (move the loopy token to the option of "
               f"value {a})." if a in k else "0 is not among them: a draw.")
    return (f"One token has value ∞ with finite options K = {{{', '.join(map(str, k))}}}; "
            f"the others XOR to a = {a}, so the sum is ∞ with K ⊕ a = "
            f"{{{', '.join(map(str, shifted))}}}: {verdict}")


class TokenSumExplorer(Shown):
    """Up to three tokens on one graph: a sum of loopy games, added by the sum rule.

    Examples
    --------
    >>> e = TokenSumExplorer()
    >>> e.tokens()
    ['k', 'y']
    >>> e.menus[1].value = "x"
    >>> e.tokens(), str(e.total())
    (['k', 'x'], '∞{3}')
    """

    fallback = ("drop-downs put up to three tokens on the graph and add their generalised "
                "Sprague–Grundy values by the sum rule.")

    def __init__(self, tokens=("k", "y"), game=loopy.GALLERY, *, slots=3):
        self.game = game
        self.slots = check_int(slots, "slots", minimum=1, maximum=4)
        if isinstance(tokens, (str, bytes)) or not isinstance(tokens, (list, tuple)):
            raise TypeError(f"tokens must be a list of nodes, got {tokens!r}")
        tokens = _check_tokens(game, list(tokens))
        if len(tokens) > self.slots:
            raise ValueError(f"tokens: at most {self.slots}, got {len(tokens)}")
        tokens = tokens + [NO_TOKEN] * (self.slots - len(tokens))
        self.menus = [widgets.Dropdown(options=[NO_TOKEN] + [str(u) for u in game.nodes],
                                       value=str(t), description=f"token {i}")
                      for i, t in enumerate(tokens, 1)]
        self._node = {str(u): u for u in game.nodes}
        self.output = widgets.HTML()
        for m in self.menus:
            m.observe(lambda _change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HBox(self.menus), self.output])
        self.update()

    def tokens(self):
        """The nodes of the tokens switched on."""
        return [self._node[m.value] for m in self.menus if m.value != NO_TOKEN]

    def total(self):
        """γ of the sum."""
        tokens = self.tokens()
        return loopy.loopy_grundy(Sum(*([self.game] * len(tokens))), tuple(tokens))

    def update(self):
        """Recompute for the current menus; returns the HTML shown."""
        tokens = self.tokens()
        if not tokens:
            self.output.value = "<p>Put at least one token on the graph.</p>"
        else:
            words = html.escape(_sum_rule_words(tokens, self.game))
            self.output.value = token_sum_table(tokens, self.game).html + f"<p>{words}</p>"
        return self.output.value


# -- playing a game that may draw ------------------------------------------------------

class LoopyPlayWidget(PlayWidget):
    """Play a loopy game against gamelab: it wins when it can and holds the draw otherwise.

    gamelab moves to a P-position of least remoteness when it can win (so its
    win comes in a bounded number of moves); from a D-position it moves to a
    D-position (the draw is kept); when it is lost it delays.  It says which
    of the three it is doing.  A play ends when a player cannot move (that
    player loses), when a position comes back with the same player to move
    (a draw by repetition), or after ``max_moves`` moves (a draw).

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

    fallback_prefix = "Run the notebook to play against gamelab: "
    fallback = ("you choose your moves with buttons; gamelab wins when it can, holds the draw "
                "when it cannot, and a position that comes back ends the game in a draw.")

    def __init__(self, game=loopy.GALLERY, position="k", *, computer_first=False,
                 max_moves=100, label=None, render=None):
        self.max_moves = check_int(max_moves, "max_moves", minimum=2, maximum=10_000)
        self.plan = None
        super().__init__(game, position, computer_first=computer_first, label=label,
                         render=render)
        self.hint.description = "Show winning and drawing moves"
        self.hint.tooltip = "Highlight moves to P-positions (blue) and, from a draw, moves that keep it (grey)"

    # -- state ------------------------------------------------------------------
    def reset(self, position=None):
        """Start again from ``position`` (default: the starting position)."""
        if position is not None:
            self.start = position
        self.position = self.start
        engine.game_options(self.game, self.position)  # validates the position
        self._outcome, self._remote = loopy.retrograde(self.game, self.start)
        self.history = []
        self.winner = None
        self.reason = None
        self.plan = None
        to_move = "gamelab" if self.computer_first else "you"
        self._seen = {(self.position, to_move)}
        if not self.legal_moves():
            self._finish_stuck(to_move)
        elif self.computer_first:
            self._computer_turn()
        self._redraw()

    def winning(self):
        """The moves to P-positions from the current position."""
        return loopy.loopy_winning_moves(self.game, self.position)

    def drawing(self):
        """From a D-position, the moves that keep the draw."""
        return loopy.loopy_drawing_moves(self.game, self.position)

    def outcome(self):
        """``"P"``, ``"N"`` or ``"D"`` for the current position (for the player to move)."""
        return self._outcome[self.position]

    def computer_move(self):
        """The move gamelab makes now (``None`` when it cannot move).

        Win: a P-option of least remoteness.  Draw: the first D-option.
        Lost: the option of greatest remoteness.
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
        return max(moves, key=lambda o: far[o])

    # -- internals --------------------------------------------------------------
    def _finish_stuck(self, to_move):
        self.winner = "gamelab" if to_move == "you" else "you"
        self.reason = "no move"

    def _move(self, option, who):
        self.history.append((self.position, option, who))
        self.position = option
        to_move = "gamelab" if who == "you" else "you"
        if not self.legal_moves():
            self._finish_stuck(to_move)
        elif (option, to_move) in self._seen:
            self.winner, self.reason = "draw", "repetition"
        elif len(self.history) >= self.max_moves:
            self.winner, self.reason = "draw", "move cap"
        else:
            self._seen.add((option, to_move))

    def _verdict(self):
        if self.winner == "draw":
            if self.reason == "repetition":
                return (f"<b>Draw:</b> position {html.escape(repr(self.position))} came back "
                        "with the same player to move, so play could go round for ever.")
            return f"<b>Draw:</b> {self.max_moves} moves and nobody has won."
        return "<b>You win!</b>" if self.winner == "you" else "<b>gamelab wins.</b>"

    def _plan_words(self):
        return {"win": "gamelab can force a win from here, and plays for it.",
                "draw": "gamelab cannot force a win, but it holds the draw.",
                "lose": "gamelab is lost against best play; it delays."}.get(self.plan, "")

    def _redraw(self):
        self.board.value = self._render(self.position)
        lines = []
        for before, after, who in self.history[-6:]:
            lines.append(f"{html.escape(who)}: {html.escape(self._label(before, after))}")
        if self.plan and self.history and self.history[-1][2] == "gamelab":
            lines.append(f"<i>{self._plan_words()}</i>")
        if self.winner is not None:
            lines.append(self._verdict() + " Press <i>New game</i> to play again.")
        else:
            lines.append("Your move.")
        self.status.value = "<br>".join(lines)
        buttons = []
        if self.winner is None:
            moves = self.legal_moves()
            winning = set(self.winning()) if self.hint.value else set()
            drawing = set(self.drawing()) if self.hint.value else set()
            for o in moves[:MAX_BUTTONS]:
                b = widgets.Button(description=self._label(self.position, o),
                                   tooltip=f"move to {o!r}", layout=widgets.Layout(width="auto"))
                if o in winning:
                    b.style.button_color = P_COLOUR
                    b.style.font_weight = "bold"
                elif o in drawing:
                    b.style.button_color = D_COLOUR
                b.on_click(lambda _b, o=o: self.play(o))
                buttons.append(b)
        self.moves_box.children = buttons


#: The colours used, for the legend of a lecture.
COLOURS = {"P": P_COLOUR, "N": N_COLOUR, "D": D_COLOUR}
