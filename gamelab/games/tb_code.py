"""The take-and-break notation, digit by digit: :class:`Digit` and :func:`read_code`.

A take-and-break code ``d0.d1d2...`` gives, for each number k of tokens a
move removes, a *digit* saying into how many non-empty heaps the rest may be
left.  In the usual digits the bit 2**c of ``dk`` allows leaving exactly c
heaps: 1 no heap, 2 one heap, 4 two heaps (the octal digits 0-7), 8 three
heaps (the hexadecimal digits 8-F), and so on (``G``-``V`` are 16-31, ``&n;``
any number).  This is the notation of CGSuite's ``TakeAndBreak`` [1]_, read
here in full:

* ``0.8`` -- remove one token and leave three heaps (a *hexadecimal* game);
* ``0.[3]`` -- the digits in brackets repeat forever: remove any number (Nim);
  ``0.300303330[3]`` -- remove any number but 2, 3, 5 and 9 (an *all-but*
  subtraction game);
* ``4!.0`` -- a mark after a digit constrains its splits: ``!`` the heaps are
  pairwise unequal (this is Grundy's game), ``?`` they are not all equal,
  ``=`` they are all equal;
* ``0.{2,3}`` -- a digit written as its heap counts (here ``0.C``); ``{2+}``
  two or more heaps, ``*`` any number; a count may carry its own mark
  (``{0,2!,3}``);
* ``20.017`` -- digits left of the digit before the point are for *adding*
  tokens: 1, 2, ... tokens added, then the heap left as the digit says.

:func:`read_code` turns the text into digits in the normal form CGSuite
gives them (trailing zeros dropped, a mark that says nothing dropped);
:class:`gamelab.games.octal_rules.Rules` is built from them and is what every
engine reads.  One reading differs, on purpose: CGSuite's move generator
refuses a single heap of one token under ``?``; here the marks constrain
splits into two or more heaps only.

References
----------
.. [1] A. N. Siegel, CGSuite, ``game.heap.TakeAndBreak`` and its class
   ``TBCode`` (the notation, its normal form and its move order).
.. [2] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 (octal and hexadecimal codes).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["Digit", "Code", "read_code", "code_text", "MARKS", "BASE32", "MAX_HEAPS"]

#: The marks a digit or a heap count may carry ("" is none).
MARKS = ("", "!", "?", "=")
#: The one-character digits, 0-31.
BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
#: The most heaps a digit written with counts or ``&n;`` may name (as in CGSuite).
MAX_HEAPS = 63

_MARK_AT = re.compile(r"[!?=]")


@dataclass(frozen=True)
class Digit:
    """One digit of a take-and-break code: which numbers of heaps a move may leave.

    Parameters
    ----------
    marks : tuple
        ``marks[c]`` for c = 0, 1, 2, ... heaps: ``None`` (c heaps not allowed)
        or the mark of c heaps, ``""`` (any sizes), ``"!"`` (pairwise
        unequal), ``"?"`` (not all equal) or ``"="`` (all equal).  The last
        entry is not ``None``.
    more : bool
        Whether any number of heaps past the last entry is allowed too, with
        its mark.

    Make one with :meth:`of` (a number and a mark) or :func:`read_code`; the
    constructor takes the normal form only.

    Examples
    --------
    >>> Digit.of(7)
    Digit('7')
    >>> Digit.of(12).counts(10)
    (2, 3)
    >>> Digit.of(4, "!").text, Digit((None, None, "", None, ""), True).text
    ('4!', '{2,4+}')
    """

    marks: tuple
    more: bool = False

    def __post_init__(self):
        m = self.marks
        if (not isinstance(m, tuple) or not all(x is None or x in MARKS for x in m)
                or (m and m[-1] is None) or (self.more and not m)):
            raise ValueError(f"marks must be a tuple of None and marks {MARKS} ending in a mark, "
                             f"got {m!r}")
        if not isinstance(self.more, bool):
            raise TypeError(f"more must be a bool, got {self.more!r}")

    @classmethod
    def of(cls, number: int, mark: str = "") -> Digit:
        """The digit whose bit 2**c allows c heaps, every count with ``mark``."""
        if type(number) is not int or number < 0:
            raise ValueError(f"number must be a non-negative int, got {number!r}")
        if number.bit_length() > MAX_HEAPS + 1:
            raise ValueError(f"number {number} names more than {MAX_HEAPS} heaps")
        return _normal([mark if number >> c & 1 else None for c in range(number.bit_length())],
                       False)

    # -- what it allows ---------------------------------------------------------------
    @property
    def zero(self) -> bool:
        """No move at all."""
        return not self.marks

    @property
    def number(self) -> int:
        """The usual digit: the sum of 2**c over the listed counts c (``more`` aside)."""
        return sum(1 << c for c, x in enumerate(self.marks) if x is not None)

    @property
    def plain(self) -> bool:
        """Written as one number with no mark (an octal, hexadecimal, ... digit)."""
        return not self.more and all(x in (None, "") for x in self.marks)

    @property
    def most(self) -> int | None:
        """The most heaps a move may leave, or ``None`` (no bound)."""
        return None if self.more else len(self.marks) - 1

    def mark(self, c: int) -> str | None:
        """The mark of leaving ``c`` heaps, or ``None`` if that is not allowed."""
        if c < len(self.marks):
            return self.marks[c]
        return self.marks[-1] if self.more else None

    def counts(self, rest: int) -> tuple[int, ...]:
        """The numbers of heaps ``rest`` tokens may be left as (c <= rest; 0 only if rest is 0)."""
        top = rest if self.more else min(rest, len(self.marks) - 1)
        return tuple(c for c in range(top + 1) if self.mark(c) is not None and (c or not rest))

    def with_mark(self, mark: str) -> Digit:
        """This digit with every allowed count marked ``mark``."""
        return _normal([None if x is None else mark for x in self.marks], self.more)

    @property
    def text(self) -> str:
        """The digit as the code writes it, in normal form (``"7"``, ``"4!"``, ``"{0,2+}"``)."""
        m = self.marks
        if not m:
            return "0"
        last = m[-1]
        if all(x in (None, last) for x in m):
            if not self.more:
                n = self.number
                return (BASE32[n] if n < 32 else f"&{n};") + last
            if len(m) == 1:
                return "*" + last
            return "{" + ",".join(str(c) for c, x in enumerate(m) if x is not None) + "+}" + last
        return ("{" + ",".join(f"{c}{x}" for c, x in enumerate(m) if x is not None)
                + ("+" if self.more else "") + "}")

    def __repr__(self):
        return f"Digit({self.text!r})"


ZERO = Digit(())


def _normal(marks, more):
    """CGSuite's normal form of a digit: no trailing ``None``; a mark on one or no heap
    kept only when it is the one mark of the splits; a repeated tail of ``more`` cut."""
    marks = list(marks)
    while marks and marks[-1] is None:
        marks.pop()
    if more and len(marks) < 4:
        marks += [marks[-1]] * (4 - len(marks))
    splits = {x for x in marks[2:] if x is not None}
    if len(splits) == 1:
        (only,) = splits
        marks = [None if x is None else only for x in marks]
    else:
        marks = [x if x is None or c >= 2 else "" for c, x in enumerate(marks)]
    if more:
        last = marks[-1]
        keep = max((c for c, x in enumerate(marks) if x != last), default=-1) + 2
        marks = marks[:keep]
    return Digit(tuple(marks), more)


class Code(NamedTuple):
    """A code read by :func:`read_code`, in normal form.

    ``digits[k]`` is the digit for removing k tokens (k = 0, 1, ...), and the
    last ``repeat`` digits repeat forever; ``adds[j - 1]`` the digit for adding
    j tokens.
    """

    digits: tuple
    repeat: int
    adds: tuple


def _mark_after(text, i):
    """The mark at ``text[i]`` and how many characters it takes (0 or 1)."""
    return (text[i], 1) if i < len(text) and _MARK_AT.fullmatch(text[i]) else ("", 0)


def _count_list(code, inner, mark):
    """The digit of ``{...}``: heap counts, each maybe marked, maybe ending ``+``."""
    more = inner.endswith("+")
    tokens = (inner[:-1] if more else inner).split(",")
    marks = {}
    for token in tokens:
        own, size = _mark_after(token, len(token) - 1)
        if own and mark:
            raise _malformed(code, f"a count in {{{inner}}} carries a mark of its own and "
                                   f"the braces carry {mark!r}")
        number = token[:len(token) - size]
        if not number.isascii() or not number.isdigit():
            raise _malformed(code, f"{{{inner}}} must list heap counts such as {{1,2}} or {{2+}}")
        c = int(number)
        if c > MAX_HEAPS:
            raise _malformed(code, f"{{{inner}}} names {c} heaps, more than {MAX_HEAPS}")
        marks[c] = own or mark
    return _normal([marks.get(c) for c in range(max(marks) + 1)], more)


def _malformed(code, why):
    return ValueError(f"code {code!r} is not a take-and-break code: {why} (codes such as "
                      "'0.77', '4.7', '0.8', '0.[3]', '4!.0', '0.{2+}')")


def read_code(code: str) -> Code:
    """Read a take-and-break code into its digits, in normal form.

    Parameters
    ----------
    code : str
        The code, as described in this module; spaces around it do not matter.

    Returns
    -------
    Code
        ``(digits, repeat, adds)``.

    Raises
    ------
    TypeError
        If ``code`` is not a string.
    ValueError
        If ``code`` is not a take-and-break code (the message says where).

    Examples
    --------
    >>> read_code("0.77")
    Code(digits=(Digit('0'), Digit('7'), Digit('7')), repeat=0, adds=())
    >>> read_code("04.00[30]").repeat, read_code("20.017").adds
    (2, (Digit('2'),))
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a str such as '0.77', got {type(code).__name__} {code!r}")
    text = code.strip()
    before, after, digits = [], None, None
    repeat_from = None
    i = 0
    while i < len(text):
        ch = text[i]
        digit = None
        if ch == ".":
            if digits is not None:
                raise _malformed(code, "it has two points")
            digits = []
        elif ch == "[":
            if digits is None or repeat_from is not None:
                raise _malformed(code, "'[' opens the repeating digits after the point, once")
            repeat_from = len(digits)
        elif ch == "]":
            if repeat_from is None or i != len(text) - 1:
                raise _malformed(code, "']' closes the repeating digits at the end of the code")
            after = True
        elif ch == "*":
            mark, size = _mark_after(text, i + 1)
            digit = _normal([mark], True)
            i += size
        elif ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise _malformed(code, "'{' has no '}'")
            mark, size = _mark_after(text, end + 1)
            digit = _count_list(code, text[i + 1:end], mark)
            i = end + size
        elif ch == "&":
            end = text.find(";", i)
            number = text[i + 1:end] if end > 0 else ""
            if not number.isascii() or not number.isdigit():
                raise _malformed(code, "'&' must be followed by a number and ';', as in '&40;'")
            mark, size = _mark_after(text, end + 1)
            if int(number).bit_length() > MAX_HEAPS + 1:
                raise _malformed(code, f"&{number}; names more than {MAX_HEAPS} heaps")
            digit = Digit.of(int(number), mark)
            i = end + size
        else:
            value = BASE32.find(ch.upper()) if ch.isascii() and ch.isalnum() else -1
            if value < 0:
                raise _malformed(code, f"{ch!r} is not a digit (0-9, A-V), a mark (! ? =) or "
                                       "one of . [ ] * { } &n;")
            mark, size = _mark_after(text, i + 1)
            digit = Digit.of(value, mark)
            i += size
        if digit is not None:
            (before if digits is None else digits).append(digit)
        i += 1
    if digits is None or (repeat_from is not None and after is None):
        raise _malformed(code, "it needs a point and, after '[', a ']'")
    if not before and not digits:
        raise _malformed(code, "it needs a digit")
    before = before or [ZERO]          # ".137" is "0.137"
    repeat = 0 if repeat_from is None else len(digits) - repeat_from
    return _normalise(code, [before[-1], *digits], repeat, before[-2::-1])


def _normalise(code, digits, repeat, adds):
    if repeat and all(d.zero for d in digits[-repeat:]):
        digits, repeat = digits[:-repeat], 0
    if not repeat:
        while digits and digits[-1].zero:
            digits.pop()
    if repeat and len(digits) - repeat < 1:
        raise _malformed(code, "the repeating digits start after the point")
    while adds and adds[-1].zero:
        adds.pop()
    return Code(tuple(digits) or (ZERO,), repeat, tuple(adds))


def code_text(digits, repeat, adds) -> str:
    """The code of these digits, in normal form (the inverse of :func:`read_code`).

    >>> code_text(*read_code("04.00[30]")), code_text(*read_code("0.{1,2!}"))
    ('4.00[30]', '0.6!')
    """
    head = "".join(d.text for d in reversed(adds)) + digits[0].text
    fixed = len(digits) - repeat
    middle = "".join(d.text for d in digits[1:fixed])
    tail = "".join(d.text for d in digits[fixed:])
    if not middle and not tail:
        return f"{head}.0"
    return f"{head}.{middle}" + (f"[{tail}]" if tail else "")
