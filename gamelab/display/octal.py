"""The table that explains an octal code, digit by digit."""
from __future__ import annotations

import html

from ..games.octal_rules import Rules
from .tables import MARK_COLOUR, Table, table_cell

__all__ = ["octal_table"]


def octal_table(code):
    """A table explaining each digit of an octal code.

    Parameters
    ----------
    code : str or Rules
        An octal code (read by :meth:`Rules.from_code
        <gamelab.games.octal_rules.Rules.from_code>`), or its rules.

    Returns
    -------
    gamelab.display.Table
        One row per digit: how many tokens a move removes, and whether it may
        leave no heap, one heap or two heaps (allowed moves highlighted).

    Examples
    --------
    >>> print(octal_table("0.137"))
    octal code 0.137
    remove k | digit | leave no heap | leave one heap | leave two heaps
           1 |     1 |           yes |              - |               -
           2 |     3 |           yes |            yes |               -
           3 |     7 |           yes |            yes |             yes
    """
    rules = code if isinstance(code, Rules) else Rules.from_code(code)
    if rules.code is None:
        raise ValueError(f"code: {rules!r} has no octal code (its splits must be unequal)")
    digits = rules.digits
    ks = [k for k in range(len(digits)) if k > 0 or digits[0]]
    head = ["remove k", "digit", "leave no heap", "leave one heap", "leave two heaps"]
    rows = []
    for k in ks:
        rows.append([str(k), str(digits[k])] + ["yes" if f else "-" for f in rules.leaves(k)])
    widths = [max(len(head[j]), *(len(r[j]) for r in rows)) if rows else len(head[j])
              for j in range(len(head))]
    title = f"octal code {rules.code}"
    text = [title, " | ".join(h.rjust(w) for h, w in zip(head, widths))]
    text += [" | ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]
    html_rows = ["<tr>" + "".join(table_cell(h, head=True) for h in head) + "</tr>"]
    for r in rows:
        html_rows.append("<tr>" + table_cell(r[0], head=True) + table_cell(r[1])
                         + "".join(table_cell(c, MARK_COLOUR if c == "yes" else None, bold=c == "yes")
                                   for c in r[2:]) + "</tr>")
    caption = f"<caption style='caption-side:top;text-align:left'>{html.escape(title)}</caption>"
    html_text = ('<table class="gamelab-table" style="border-collapse:collapse;'
                 f'font-family:monospace;font-size:14px">{caption}{"".join(html_rows)}</table>')
    return Table(html_text, "\n".join(text))
