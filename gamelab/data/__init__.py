"""Published sequences (OEIS) that the lectures and the tests compare against.

The files ship with the package (``gamelab/data/sequences``), so a lecture
that checks Kayles against A002186 runs wherever gamelab is installed, a
clone or not.

Examples
--------
>>> import gamelab as gl
>>> kayles = gl.reference_sequence("A002186")
>>> kayles.title
'Kayles (octal .77 and .771)'
>>> kayles.offset, kayles.values[:8]
(0, (0, 1, 2, 3, 1, 4, 3, 2))
>>> kayles[5]            # a(5), indexed from the offset
4
"""
from __future__ import annotations

import functools
import re
from importlib import resources
from dataclasses import dataclass

__all__ = ["ReferenceSequence", "reference_sequence", "REFERENCE_SEQUENCES"]

_SOURCE = re.compile(r"#\s*Source:\s*OEIS\s+(A\d{6})\s*\((.*)\)\.?\s*$")
_OFFSET = re.compile(r"a\((\d+)\)")


@dataclass(frozen=True)
class ReferenceSequence:
    """A published sequence: its OEIS number, title, offset and values.

    ``seq[n]`` is a(n) (``values[n - offset]``), ``IndexError`` outside;
    ``len(seq)`` is the number of values given.
    """

    anumber: str
    title: str
    offset: int
    values: tuple[int, ...]

    def __getitem__(self, n: int) -> int:
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"n must be an int, got {n!r}")
        k = n - self.offset
        if 0 <= k < len(self.values):
            return self.values[k]
        raise IndexError(f"{self.anumber} is given for n = {self.offset} .. "
                         f"{self.offset + len(self.values) - 1}, got n = {n}")

    def __len__(self) -> int:
        return len(self.values)


def _files():
    return {p.name: p for p in resources.files(__name__).joinpath("sequences").iterdir()
            if p.name.endswith(".txt")}


@functools.cache
def _read(name):
    anumber = title = None
    offset, values = 0, []
    for line in _files()[name].read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            source = _SOURCE.match(line)
            if source:
                anumber, title = source.groups()
            elif "offset" in line and _OFFSET.search(line):
                offset = int(_OFFSET.search(line).group(1))
        elif line.strip():
            values.append(int(line))
    return ReferenceSequence(anumber, title, offset, tuple(values))


@functools.cache
def _by_anumber():
    return {_read(name).anumber: name for name in sorted(_files())}


def reference_sequence(anumber: str) -> ReferenceSequence:
    """The published sequence ``anumber`` (say ``"A002186"``), as shipped with gamelab.

    Parameters
    ----------
    anumber : str
        An OEIS number among :data:`REFERENCE_SEQUENCES`.

    Raises
    ------
    TypeError
        If ``anumber`` is not a string.
    ValueError
        If gamelab ships no such sequence (the message lists those it has).
    """
    if not isinstance(anumber, str):
        raise TypeError(f"anumber must be an OEIS number such as 'A002186', got {anumber!r}")
    names = _by_anumber()
    if anumber not in names:
        raise ValueError(f"anumber must be one of {', '.join(sorted(names))}, got {anumber!r}")
    return _read(names[anumber])


#: The OEIS numbers of the sequences shipped with gamelab.
REFERENCE_SEQUENCES = tuple(sorted(_by_anumber()))
