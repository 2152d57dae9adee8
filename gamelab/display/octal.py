"""The table that explains an octal code, digit by digit."""
from __future__ import annotations

from ..games.octal_rules import Rules
from ..i18n import gettext as _, gettext_noop as N_
from .tables import MARK_COLOUR, Cell, Table

__all__ = ["octal_table"]

#: The rows of the table after the digits: what a move that removes k tokens may leave.
_LEAVES = (N_("leave no heap"), N_("leave one heap"), N_("leave two heaps"),
           N_("leave three heaps"))


def octal_table(code):
    """A table explaining each digit of an octal or hexadecimal code.

    Parameters
    ----------
    code : str or Rules
        An octal or hexadecimal code (read by :meth:`Rules.from_code
        <gamelab.games.octal_rules.Rules.from_code>`), or its rules.

    Returns
    -------
    gamelab.display.Table
        One column per digit: how many tokens a move removes (k), the digit,
        and whether that move may leave no heap, one heap, two heaps or (a
        hexadecimal code) three heaps (the allowed moves marked "yes",
        highlighted and bold).

    Raises
    ------
    ValueError
        If ``code`` is not a take-and-break code, or not one of plain octal or
        hexadecimal digits (Grundy's game ``4!.0``, repeating digits, marks).

    Examples
    --------
    >>> print(octal_table("0.137"))
    octal code 0.137
           remove k |   1   2   3
              digit |   1   3   7
      leave no heap | yes yes yes
     leave one heap |   - yes yes
    leave two heaps |   -   - yes
    >>> print(octal_table("0.8"))
    hexadecimal code 0.8
             remove k |   1
                digit |   8
        leave no heap |   -
       leave one heap |   -
      leave two heaps |   -
    leave three heaps | yes
    """
    rules = code if isinstance(code, Rules) else Rules.from_code(code)
    if rules.family == "take-and-break":
        raise ValueError(f"code {rules.code!r}: the digit table shows octal and hexadecimal "
                         "codes (digits 0-F, no marks, none repeating or adding)")
    digits = rules.digits
    ks = [k for k in range(len(digits)) if k > 0 or digits[0]]
    counts = range(4 if rules.family == "hexadecimal" else 3)
    rows = [[_("remove k"), *ks], [_("digit"), *(rules.digit(k).text for k in ks)]]
    for c in counts:
        rows.append([_(_LEAVES[c]), *(Cell(_("yes"), MARK_COLOUR, bold=True)
                                       if rules.digit(k).mark(c) is not None else "-"
                                       for k in ks)])
    title = (_("octal code {code}") if rules.family == "octal"
             else _("hexadecimal code {code}")).format(code=rules.code)
    return Table.from_rows(rows, title=title, min_width=3)
