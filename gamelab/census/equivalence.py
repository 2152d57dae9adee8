"""Octal codes up to equivalence: first cousins, standard forms, and the classes
of every code with a given number of digits.

**First cousins.**  In an octal game whose first digit d₁ is even, a heap of
one token has no move at all (removing it whole is not allowed), so it is
worth 0 and behaves like no heap.  Read every heap as one token smaller and
the game becomes another octal game, its *first cousin* (Winning Ways [1]_):
``G(n + 1) = G'(n)`` for every n >= 0.  A move of the cousin that removes r
tokens is

* removing r + 1 tokens of the original and leaving nothing (bit 1 of
  dᵣ₊₁), which the cousin sees as "take the whole heap of r";
* removing r tokens and leaving one heap (bit 2 of dᵣ), which the cousin
  sees as leaving one heap, *or nothing* when that heap is a lone token;
* removing r − 1 tokens and leaving two heaps (bit 4 of dᵣ₋₁), which the
  cousin sees as leaving two heaps, one, or none, as the heaps are lone
  tokens or not;

so the cousin's digit is d′ᵣ = [dᵣ₊₁ has 1] · 1 | [dᵣ has 2] · 3 | [dᵣ₋₁ has 4] · 7
(d₋₁ = 0, and d₀ = 4 adds 7 to d′₁).  Dawson's Kayles 0.07 is the cousin of
0.4, and Dawson's chess 0.137 is the cousin of 0.07.

**Standard form.**  Taking first cousins while d₁ is even ends at a code with
d₁ odd: the *standard form* of the class (the one code of the chain that has
no first cousin).  Two codes with the same standard form have the same values
up to a shift: ``G(n + s) = G_std(n)``, where s is the number of steps
(:func:`cousin_steps`), and ``G(n) = 0`` for ``n < s``.  Codes with different
standard forms are different classes here, even when their values happen to
agree (0.2 and 4.0 are both 0, 0, 1, 0, 1, ...; the census compares
*sequences* only where a table does, see :mod:`gamelab.census.report`).

**Counting digits.**  A code ``0.d₁…d_k`` has k digits and ``4.d₁…d_k`` has
k + 1 (the 4 counts), as in the tables of Flammenkamp and Czajka [2]_ [3]_:
the codes with up to d digits are ``0.d₁…d_d`` and ``4.d₁…d_{d−1}``, without
the empty game 0.0.  :func:`codes` lists them fewest digits first (``0.``
before ``4.``, then by digits), and the *name* of a class is its first member
in that order, which is the same for every d that reaches the class.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("first cousins"; the game locator).
.. [2] A. Flammenkamp, "Octal games",
   https://wwwhomes.uni-bielefeld.de/achim/octal.html.
.. [3] T. Czajka, "Solving octal games", https://github.com/tczajka/octal-games
   (game lookup tables and corrections to [1] and [2]).
"""
from __future__ import annotations

import itertools
from typing import NamedTuple

from .._validate import check_int
from ..games.octal_rules import Rules

__all__ = ["CodeClass", "first_cousin", "standard_form", "cousin_steps", "codes", "classes",
           "code_digits", "name_key", "check_digits", "MAX_DIGITS"]

#: The most digits :func:`codes` and :func:`classes` enumerate (8**6 codes).
MAX_DIGITS = 6


def _digits(code, name="code"):
    """The canonical digits ``(d0, d1, ..., dt)`` of an octal code (a ``str``)."""
    if not isinstance(code, str):
        raise TypeError(f"{name} must be an octal code such as '0.07', got "
                        f"{type(code).__name__} {code!r}")
    try:
        rules = Rules.from_code(code)
    except ValueError as err:
        raise ValueError(f"{name}: {err}") from None
    if not rules.octal or rules.unequal:
        raise ValueError(f"{name}: {code!r} is a {rules.family} code; the census and its "
                         "equivalences are of octal codes (digits 0-7)")
    return rules.digits


def _text(digits):
    return f"{digits[0]}." + ("".join(map(str, digits[1:])) or "0")


def _has_cousin(digits):
    return digits != (0,) and (len(digits) == 1 or digits[1] % 2 == 0)


def _cousin(digits):
    d = digits + (0, 0)
    out = [0]
    for r in range(1, len(digits) + 1):
        out.append((d[r + 1] & 1) | (3 if d[r] & 2 else 0) | (7 if d[r - 1] & 4 else 0))
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return tuple(out)


def _standard(digits):
    steps = 0
    while _has_cousin(digits):
        digits = _cousin(digits)
        steps += 1
    return digits, steps


def first_cousin(code: str) -> str | None:
    """The first cousin of an octal code whose first digit d₁ is even, else ``None``.

    Parameters
    ----------
    code : str
        An octal code, ``"0.07"``, ``".4"``, ``"4.7"``, ...

    Returns
    -------
    str or None
        The canonical code of the cousin, whose value at n is the value of
        ``code`` at n + 1; ``None`` when d₁ is odd (a heap of one token has a
        move) or ``code`` is the empty game 0.0.

    Examples
    --------
    >>> first_cousin("0.4"), first_cousin("0.07"), first_cousin("0.137")
    ('0.07', '0.137', None)
    >>> first_cousin("4.0"), first_cousin("0.26"), first_cousin("0.27")
    ('0.7', '0.337', '0.337')

    References
    ----------
    Winning Ways, vol. 1, ch. 4 ("first cousins").
    """
    digits = _digits(code)
    return _text(_cousin(digits)) if _has_cousin(digits) else None


def standard_form(code: str) -> str:
    """The standard form of an octal code's class: first cousins until d₁ is odd.

    Examples
    --------
    >>> standard_form("0.4"), standard_form("0.07"), standard_form("0.77")
    ('0.137', '0.137', '0.77')
    >>> standard_form("0.04"), standard_form("4.4")
    ('0.11337', '0.77')
    """
    return _text(_standard(_digits(code))[0])


def cousin_steps(code: str) -> int:
    """How many first cousins lead from ``code`` to its standard form.

    With s steps, ``G(n + s) = G_std(n)`` for every n >= 0 and ``G(n) = 0``
    for n < s.

    >>> cousin_steps("0.4"), cousin_steps("0.07"), cousin_steps("0.137")
    (2, 1, 0)
    """
    return _standard(_digits(code))[1]


def code_digits(code: str) -> int:
    """The number of digits of a code: k for ``0.d₁…d_k``, k + 1 for ``4.d₁…d_k``.

    >>> code_digits("0.137"), code_digits("4.7"), code_digits("4.0")
    (3, 2, 1)
    """
    digits = _digits(code)
    return len(digits) - 1 if digits[0] == 0 else len(digits)


def name_key(code: str) -> tuple[int, str]:
    """The order of :func:`codes`: fewest digits first, then ``0.`` before ``4.``, then digits.

    >>> sorted(["4.0", "0.07", "0.4"], key=name_key)
    ['0.4', '4.0', '0.07']
    """
    return code_digits(code), code


def check_digits(digits):
    """``digits`` as an int from 1 to :data:`MAX_DIGITS` (``TypeError``/``ValueError`` else)."""
    if isinstance(digits, str):
        raise TypeError(f"digits must be an int from 1 to {MAX_DIGITS}, got str {digits!r}")
    return check_int(digits, "digits", minimum=1, maximum=MAX_DIGITS)


def codes(digits: int) -> list[str]:
    """Every octal code with at least one and at most ``digits`` digits, in order.

    ``0.d₁…d_k`` for k <= digits and ``4.d₁…d_k`` for k < digits, last digit
    not 0, without the empty game 0.0: 8**digits - 1 + 8**(digits - 1) codes,
    fewest digits first, ``0.`` before ``4.``, then by digits.

    >>> codes(1)
    ['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7', '4.0']
    >>> len(codes(3)), len(codes(4))
    (575, 4607)
    """
    digits = check_digits(digits)
    out = []
    for n in range(1, digits + 1):
        for head in itertools.product(range(8), repeat=n - 1):
            out += [_text((0, *head, last)) for last in range(1, 8)]
        if n == 1:
            out.append("4.0")
        else:
            for head in itertools.product(range(8), repeat=n - 2):
                out += [_text((4, *head, last)) for last in range(1, 8)]
    return out


class CodeClass(NamedTuple):
    """A class of octal codes under first cousins: its standard form, its name
    (the first member in the order of :func:`codes`) and the members counted."""

    standard_form: str
    code: str
    members: tuple[str, ...]

    @property
    def shift(self) -> int:
        """Steps from :attr:`code` to :attr:`standard_form` (:func:`cousin_steps`)."""
        return cousin_steps(self.code)


def classes(digits: int) -> list[CodeClass]:
    """The classes of the octal codes with up to ``digits`` digits, in the order of their names.

    Examples
    --------
    >>> cls = classes(3)
    >>> len(cls), len(classes(4))
    (323, 2435)
    >>> dawson = next(c for c in cls if c.standard_form == "0.137")
    >>> dawson.code, dawson.members[:4], dawson.shift
    ('0.4', ('0.4', '0.07', '0.42', '0.071'), 2)
    """
    found = {}
    for code in codes(digits):
        found.setdefault(_text(_standard(Rules.from_code(code).digits)[0]), []).append(code)
    return [CodeClass(std, members[0], tuple(members)) for std, members in found.items()]
