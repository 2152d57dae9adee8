"""A one-heap game at a glance: its values, their table and plot, and their period.

The view of :func:`gamelab.widgets.explore` (any game whose positions are
the heaps 0, 1, 2, ...) and of the subtraction-set explorer.  The period is
the one the game proves (its ``period`` hook), one given by the theory, or
only the period *seen* in the values computed, labelled as such.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 4
   (subtraction games and their periods).
.. [2] Course notes "博弈论 SG函数": computing SG values by table and by memoised search.
"""
from __future__ import annotations

from .. import engine
from .._validate import check_int
from ..games.subtraction import Subtraction
from ..i18n import gettext as _
from ..periodicity import apparent_period
from .svg import sequence_svg
from .tables import picture, sentence, sequence_table

__all__ = ["game_title", "check_period", "grundy_values", "period_info", "period_text",
           "one_heap_view", "subtraction_set_name", "subtraction_set_view", "PROOF_HEAPS"]

#: How many heaps an explorer lets a game's own ``period`` hook use to prove a period
#: (a subtraction game's, a take-and-break game's): one figure for every explorer.
PROOF_HEAPS = 3000


def game_title(game, name=None):
    """``name`` if given, else the game's own ``name`` (its ``repr`` when it has none;
    a function: its ``__name__``).

    >>> import gamelab as gl
    >>> game_title(gl.Bash(3)), game_title(lambda n: []), game_title(gl.Bash(3), "mine")
    ('Bash, take 1..3', '<lambda>', 'mine')
    """
    if name is not None:
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, got {name!r}")
        return name
    if isinstance(game, engine.Game):
        return game.name if game.name != engine.Game.name else repr(game)
    return getattr(game, "__name__", type(game).__name__)


def check_period(period):
    """``"auto"``, ``None`` or a checked ``(preperiod, period)`` tuple."""
    if period == "auto" or period is None:
        return period
    if not (isinstance(period, tuple) and len(period) == 2):
        raise ValueError(f"period must be 'auto', None or a (preperiod, period) tuple, got {period!r}")
    return (check_int(period[0], "period[0]"), check_int(period[1], "period[1]", minimum=1))


def grundy_values(game, n_max):
    """Sprague–Grundy values of heaps ``0 .. n_max``.

    >>> grundy_values(lambda n: [n - s for s in (1, 2) if s <= n], 6)
    [0, 1, 2, 0, 1, 2, 0]
    """
    n_max = check_int(n_max, "n_max")
    return [engine.grundy(game, n) for n in range(n_max + 1)]


def period_info(game, n_max, *, period="auto", limit=PROOF_HEAPS):
    """``(kind, (preperiod, period))`` with kind ``"proven"``, ``"given"`` or ``"seen"``.

    ``period="auto"``: the game's own proven period (its ``period(limit)``
    hook), else the period seen among heaps ``0 .. n_max``; a tuple is
    given by the theory; ``None`` asks for none.  ``(None, None)`` when no
    period is known or seen.

    >>> import gamelab as gl
    >>> period_info(gl.Subtraction({1, 3, 4}), 13)
    ('proven', (0, 7))
    >>> period_info(lambda n: [n - s for s in (2, 3) if s <= n], 40)
    ('seen', (0, 5))
    """
    n_max = check_int(n_max, "n_max")
    period = check_period(period)
    limit = check_int(limit, "limit", minimum=1)
    if period is None:
        return (None, None)
    if isinstance(period, tuple):
        return ("given", period)
    if isinstance(game, engine.Game):
        proven = game.period(limit)
        if proven is not None:
            return ("proven", tuple(proven))
    seen = apparent_period(grundy_values(game, n_max))
    if seen is not None:
        return ("seen", seen)
    return (None, None)


def period_text(game, n_max, *, period="auto", limit=PROOF_HEAPS):
    """The period in words (plain text): proven, given, or only seen (not proven)."""
    kind, pe = period_info(game, n_max, period=period, limit=limit)
    if kind is None:
        return _("No period seen among heaps 0 to {n_max}.").format(n_max=n_max)
    e, p = pe
    if kind == "proven":
        return _("Period proven: G(n + {p}) = G(n) for every n \u2265 {e} (preperiod {e}, "
                 "period {p}).").format(p=p, e=e)
    if kind == "given":
        return _("Period (from the theory): preperiod {e}, period {p}.").format(p=p, e=e)
    return _("Apparent period (seen, not proven): among heaps 0 to {n_max}, G(n + {p}) = G(n) "
             "for n \u2265 {e} (preperiod {e}, period {p}).").format(n_max=n_max, p=p, e=e)


def one_heap_view(game, n_max, *, name=None, period="auto", limit=PROOF_HEAPS, per_row=20):
    """The game's name, its period, the table of values of heaps ``0 .. n_max`` and their plot.

    Examples
    --------
    >>> import gamelab as gl
    >>> print(one_heap_view(gl.Bash(2), 6, name="take 1 or 2"))
    take 1 or 2
    Period proven: G(n + 3) = G(n) for every n ≥ 0 (preperiod 0, period 3).
    take 1 or 2
       n | 0 1 2 3 4 5 6
    G(n) | 0 1 2 0 1 2 0
    """
    name = game_title(game, name)
    per_row = check_int(per_row, "per_row", minimum=1)
    values = grundy_values(game, n_max)
    return (sentence(name, bold=True)
            + sentence(period_text(game, n_max, period=period, limit=limit))
            + sequence_table(values, per_row=per_row, title=name).scrolled(max_height=320)
            + picture(sequence_svg(values, title=name)))


def subtraction_set_name(moves):
    """``"subtraction set {1, 3, 4}"``."""
    return _("subtraction set {moves}").format(moves="{" + ", ".join(map(str, moves)) + "}")


def subtraction_set_view(moves, n_max):
    """:func:`one_heap_view` of the subtraction game with these moves (at least one).

    >>> print(subtraction_set_view((), 10).text.split(".")[0])
    Switch on at least one move
    """
    if not moves:
        return sentence(_("Switch on at least one move. With no move allowed nobody can ever "
                          "move: every heap is a P-position, and there is no table, period or "
                          "game to show."), bold=True)
    return one_heap_view(Subtraction(moves), n_max, name=subtraction_set_name(moves))
