"""The census as a document: a Markdown table of the solved, trivial and open
classes, and a picture of the periods found and of the rare heaps of the open
games.

Both are pure functions of the rows (:func:`markdown`, :func:`figure`);
:func:`report` reads a database and writes them beside it.  The figure is
drawn with matplotlib's object API (no pyplot), so it needs no display and
leaves a notebook's figures alone.

References
----------
.. [1] A. Flammenkamp, "Octal games",
   https://wwwhomes.uni-bielefeld.de/achim/octal.html (the same columns:
   preperiod, period, largest value, rare values, last rare heap).
"""
from __future__ import annotations

import os
from collections.abc import Iterable

from ..fonts import plot_text
from ..i18n import gettext_noop as N_
from .equivalence import code_digits
from .solve import STATUSES, TRIVIAL
from .store import CensusRow, check_db, read
from .runner import summary

__all__ = ["report", "markdown", "figure"]


def _rows(rows):
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
        raise TypeError(f"rows must be a list of CensusRow, got {type(rows).__name__}")
    rows = list(rows)
    if not all(isinstance(r, CensusRow) for r in rows):
        raise TypeError("rows must be a list of CensusRow (gamelab.census.read or table)")
    return rows


def _num(value):
    return "–" if value is None else f"{value:,}"


def _mask(row):
    if row.rare_mask is None:
        return "–"
    return f"{row.rare_mask:x}" + ("+pos" if row.rare_alpha else "")


def _members(row):
    if len(row.members) <= 3:
        return " ".join(row.members)
    return f"{' '.join(row.members[:3])} … ({len(row.members)})"


def _table(head, lines):
    out = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(map(str, line)) + " |" for line in lines]
    return "\n".join(out)


def _limits(rows):
    limits = sorted({r.value_limit for r in rows})
    times = sorted({r.time_limit for r in rows if r.time_limit is not None})
    text = "at most " + " or ".join(f"{v:,}" for v in limits) + " values per class"
    if times:
        text += ", " + " or ".join(f"{t:g}" for t in times) + " CPU seconds"
    return text


def markdown(rows: Iterable[CensusRow], title: str | None = None) -> str:
    """The census as Markdown: a summary, then the solved, trivial and open classes.

    >>> from gamelab.census import table
    >>> text = markdown(table(3))
    >>> text.splitlines()[0]
    '# A census of octal games: every code with up to 3 digits'
    >>> "| 0.16 |" in text and "| 0.6 |" in text
    True
    """
    rows = _rows(rows)
    digits = max((code_digits(c) for r in rows for c in r.members), default=0)
    by = {s: [r for r in rows if r.status == s] for s in STATUSES}
    parts = [f"# {title or f'A census of octal games: every code with up to {digits} digits'}",
             f"{summary(rows)}; {_limits(rows)}; gamelab "
             f"{', '.join(sorted({r.version for r in rows})) or '–'}.",
             "Codes are grouped into classes of first cousins (`gamelab.census.equivalence`); a "
             "class is named by its member with the fewest digits, and its values are those "
             f"of its standard form shifted by *shift* heaps. *Trivial*: the Guy–Smith "
             f"window of the name's period fits in its first {TRIVIAL:,} values; *solved*: "
             "proven from more values; *open*: no period proven within the limits. "
             "Preperiods are those of the name; the values computed, the largest value "
             "and the rare heaps (of the sparse space in use at the end) are counted on "
             "the standard form.",
             f"## Solved ({len(by['solved'])})",
             _table(["code", "standard form", "members", "preperiod", "period", "values",
                     "largest", "rare mask", "rare heaps", "last rare"],
                    [(r.code, r.standard_form, _members(r), _num(r.preperiod), _num(r.period),
                      _num(r.computed), _num(r.largest), _mask(r), _num(r.rare_count),
                      _num(r.last_rare))
                     for r in sorted(by["solved"], key=lambda r: r.preperiod)]),
             f"## Open at the limit ({len(by['open'])})",
             _table(["code", "standard form", "members", "values", "largest", "at heap",
                     "rare mask", "rare heaps", "last rare"],
                    [(r.code, r.standard_form, _members(r), _num(r.computed), _num(r.largest),
                      _num(r.largest_heap), _mask(r), _num(r.rare_count), _num(r.last_rare))
                     for r in by["open"]]),
             f"## Trivial ({len(by['trivial'])})",
             _table(["code", "standard form", "members", "preperiod", "period"],
                    [(r.code, r.standard_form, _members(r), r.preperiod, r.period)
                     for r in by["trivial"]])]
    return "\n\n".join(parts) + "\n"


def figure(rows: Iterable[CensusRow], fig=None):
    """A matplotlib ``Figure``: the proven (preperiod, period) pairs on log axes,
    and the open classes by their rare heaps (how many, and the last).

    Drawn into ``fig`` if given (``plt.figure(...)`` in a notebook), else into
    a new ``matplotlib.figure.Figure`` that no pyplot window shows.  Its words
    are in the language of the moment where a font can draw them
    (:func:`gamelab.display.plot_text`).
    """
    from matplotlib.figure import Figure

    rows = _rows(rows)
    if fig is None:
        fig = Figure(figsize=(11, 4.2), layout="constrained")
    elif not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure or None, got {type(fig).__name__}")
    left, right = fig.subplots(1, 2)
    for status, marker, words in (("trivial", "o", N_("trivial ({count})")),
                                  ("solved", "s", N_("solved ({count})"))):
        chosen = [r for r in rows if r.status == status]
        left.scatter([r.preperiod + 1 for r in chosen], [r.period for r in chosen],
                     marker=marker, alpha=0.6, label=plot_text(words).format(count=len(chosen)))
    solved = [r for r in rows if r.status == "solved"]
    for r in solved if len(solved) <= 40 else []:
        left.annotate(r.code, (r.preperiod + 1, r.period), fontsize=7,
                      xytext=(3, 3), textcoords="offset points")
    left.set(xlabel=plot_text(N_("preperiod + 1")), ylabel=plot_text(N_("period")),
             title=plot_text(N_("Proven periods")))
    if any(r.status != "open" for r in rows):
        left.set(xscale="log", yscale="log")
        left.legend(loc="upper left")
    sparse = [r for r in rows if r.status == "open" and r.rare_count and r.last_rare]
    dense = sum(r.status == "open" for r in rows) - len(sparse)
    right.scatter([r.last_rare for r in sparse], [r.rare_count for r in sparse],
                  c=[r.largest for r in sparse], cmap="viridis", alpha=0.8)
    if len(sparse) <= 60:
        for r in sparse:
            right.annotate(r.code, (r.last_rare, r.rare_count), fontsize=7,
                           xytext=(3, 3), textcoords="offset points")
    right.set(xlabel=plot_text(N_("last rare heap")), ylabel=plot_text(N_("rare heaps")),
              title=plot_text(N_("Open: {sparse} with a sparse space, {dense} without\n"
                                 "(colour: the largest value)")).format(sparse=len(sparse),
                                                                       dense=dense))
    if sparse:
        right.set(xscale="log", yscale="log")
    return fig


def report(db: str | os.PathLike, directory: str | os.PathLike | None = None) -> str:
    """Write ``<name>.md`` and ``<name>.png`` of the census database ``db`` and return the Markdown.

    Parameters
    ----------
    db : path
        A database written by :func:`gamelab.census.run`.
    directory : path or None
        Where to write (default: beside ``db``); the files are named after it.
    """
    if directory is not None and not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"directory must be a path (str or os.PathLike), got "
                        f"{type(directory).__name__} {directory!r:.80}")
    path = check_db(db)
    rows = read(path)
    if not rows:
        raise ValueError(f"db: the census database {path!r} holds no class yet")
    out = os.path.dirname(os.path.abspath(path)) if directory is None \
        else check_db(directory, "directory")
    if not os.path.isdir(out):
        raise ValueError(f"directory: {out!r} is not a directory")
    stem = os.path.join(out, os.path.splitext(os.path.basename(path))[0])
    text = markdown(rows)
    text = text.replace("\n\n## Solved", f"\n\n![the census]({os.path.basename(stem)}.png)"
                        "\n\n## Solved", 1)
    with open(stem + ".md", "w", encoding="utf-8") as f:
        f.write(text)
    figure(rows).savefig(stem + ".png", dpi=110)
    return text
