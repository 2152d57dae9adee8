"""The table that explains an octal code, digit by digit."""
from __future__ import annotations

from ..games.octal_rules import Rules
from ..i18n import gettext as _, gettext_noop as N_
from .tables import MARK_COLOUR, Cell, Table

__all__ = ["octal_table"]

#: The rows of the table after the digits: what a move that removes k tokens may leave.
_LEAVES = (N_("leave no heap"), N_("leave one heap"), N_("leave two heaps"))


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
        One column per digit: how many tokens a move removes (k), the digit,
        and whether that move may leave no heap, one heap or two heaps (the
        allowed moves marked "yes", highlighted and bold).

    Raises
    ------
    ValueError
        If ``code`` is not an octal code, or its rules have none (Grundy's game).

    Examples
    --------
    >>> print(octal_table("0.137"))
    octal code 0.137
           remove k |   1   2   3
              digit |   1   3   7
      leave no heap | yes yes yes
     leave one heap |   - yes yes
    leave two heaps |   -   - yes
    """
    rules = code if isinstance(code, Rules) else Rules.from_code(code)
    if rules.code is None:
        raise ValueError(f"code: {rules!r} has no octal code (its splits must be unequal)")
    digits = rules.digits
    ks = [k for k in range(len(digits)) if k > 0 or digits[0]]
    leaves = [rules.leaves(k) for k in ks]
    rows = [[_("remove k"), *ks], [_("digit"), *(digits[k] for k in ks)]]
    for j, label in enumerate(_LEAVES):
        rows.append([_(label), *(Cell(_("yes"), MARK_COLOUR, bold=True) if allowed[j] else "-"
                              for allowed in leaves)])
    return Table.from_rows(rows, title=_("octal code {code}").format(code=rules.code), min_width=3)
