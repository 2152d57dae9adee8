"""Periods with a saltus, and the theorem that proves them for games that split into
three heaps or more: :class:`Period`, :func:`least_preperiod`, :func:`prove_saltus`.

A sequence is *arithmetic periodic* with preperiod e, period p and saltus s when
``G(n + p) = G(n) + s`` for every n >= e.  The values of a finite octal game
never do this with s > 0 (Horrocks and Nowakowski [2]_); a move that leaves
three heaps, as in the hexadecimal game 0.8, lets them climb.

**The theorem.**  Let every move remove k <= t tokens (k = 0 only when it
splits) and leave c heaps of any sizes, as the digits allow (plain digits: no
marks, no repeating digits, no added tokens).  Let s = 2**m, p >= 1, e >= 1
with ``G(n) < s`` for every n < e + p.  Put every heap a in a *block*: a heap
below e is its own *base* in block 0; a heap a >= e has base
``ρ = e + (a - e) % p`` and block ``B = (a - e) // p``.  The claim to prove is

    (*)  ``G(a) = s·B + G(ρ)``  for every heap a,

which is ``G(n + p) = G(n) + s`` for n >= e.  A *move type* is k, c and the
bases ρ1 <= ... <= ρc of the heaps left; the heap it is played on has base
ρ ≡ k + Σρi (mod p) in [e, e + p), and the type's *drop* is
``D = (k + Σρi - ρ) / p``; its *free* heaps are those with base >= e (a heap
below e is only itself), f of them, and its *rest* is ``L = ⊕ G(ρi)`` (< s).
Let D+ and D- be the largest and least drops, ``K`` the bit length of
``⌊(D+ - D-)/2⌋`` and ``B* = max(D+, 0) + 1``.  If

1. for every base ρ in [e, e + p) and each parity π, the rests L of the types
   on ρ with f >= 3 free heaps and D ≡ π (mod 2) are every number 0 .. s - 1,
   and
2. ``G(n + p) = G(n) + s`` for ``e <= n < e + p·(B* + 2**K - 1)``,

then ``G(n + p) = G(n) + s`` for every n >= e.

*Proof.*  By induction on n, (*) holding below n; condition 2 gives it for
n < e + p·(B* + 2**K), so let n have base ρ and block B >= B* + 2**K.  A move
of type τ leaves free heaps in blocks B1, ..., Bf summing to B - D (the
heaps' sizes sum to n - k), and by (*) below n its value is
``s·H + L`` with ``H = B1 ⊕ ... ⊕ Bf``: the rests are below s = 2**m, so the
XOR of the blocks and that of the rests do not mix.  Which H a type reaches
is plain arithmetic of sums and XORs of f numbers adding to S = B - D:
exactly S for f = 1; the v <= S with (S - v)/2 an integer w and
``v & w = 0`` for f = 2 (x + y = (x ⊕ y) + 2(x & y)); every v <= S of the
parity of S for f >= 3 (v, w, w, 0, ... reaches v); and 0 for f = 0, S = 0.
Now G(n) = s·H* + mex of the rests at H*, H* the least H whose rests are
not all of 0 .. s - 1 (a value s·H + L with larger H is larger).  Write
H = B - j.  For j > D+ the types with f >= 3 and D ≡ j (mod 2) reach H, so
by condition 1 its rests are full.  No type reaches j < 0: one with a free
heap has k + Σρi >= e > ρ - p, so D >= 0 and H <= B - D <= B; and as
S = B - D > 0, f = 0 reaches nothing.  For 0 <= j <= D+ a type reaches
B - j or not by D, f, and for f = 2 by ``w & (B - j) = 0`` with
w <= (D+ - D-)/2 < 2**K: by B mod 2**K.  So
G(n) - s·B depends on ρ and B mod 2**K only, and equals it at the heap
n' = n - p·2**K·i of the same base whose block lies in [B*, B* + 2**K),
where it is G(ρ) by condition 2.  So (*) holds at n.  ∎

Condition 1 is where three heaps matter: two free heaps reach only the v
with ``v & w = 0``, and a finite octal game never meets it.  Howse and
Nowakowski's arithmetic-periodicity test for hexadecimal games [1]_ is a
test of the same kind; the statement and proof here are this module's.

References
----------
.. [1] S. Howse and R. J. Nowakowski, "Periodicity and arithmetic-periodicity
   in hexadecimal games", Theoret. Comput. Sci. 313 (2004), 463–472.
.. [2] D. G. Horrocks and R. J. Nowakowski, "Regularity in the G-sequences of
   octal games with a pass", Integers 3 (2003), G1.
"""
from __future__ import annotations

import itertools
from math import comb
from typing import NamedTuple

__all__ = ["Period", "least_preperiod", "least_period", "SaltusProof", "saltus_proof",
           "prove_saltus", "MAX_TYPES", "THEOREMS"]

#: The theorems that prove periods: Guy and Smith's with h heaps, the relative state of
#: a one-heap game (all-but games), and this module's with three heaps or more.
THEOREMS = ("Guy–Smith", "relative state", "three heaps")

#: The most move types (k, c and the bases of the heaps left) a proof lists; past it
#: the period is not tried (the block of a long period has too many bases).
MAX_TYPES = 500_000


class Period(tuple):
    """A proven period: ``(preperiod, period)``, and its :attr:`saltus`.

    ``G(n + period) == G(n) + saltus`` for every ``n >= preperiod``; a saltus of
    0 is ordinary periodicity.  It is the pair ``(preperiod, period)`` (so
    ``e, p = game.period()`` reads it) with the saltus as an attribute; an
    ordinary period shows as the pair.

    ``read`` is how many values the proof compared and ``theorem`` which theorem
    proved it (:data:`THEOREMS`), ``None`` when not said; ``proof`` is the
    :class:`SaltusProof` of a period proven with three heaps (of the period it
    was derived from, which may be a multiple of this one), else ``None``.

    >>> Period(3, 2, 1), Period(71, 12), Period(71, 12) == (71, 12), Period(3, 2, 1).saltus
    (Period(preperiod=3, period=2, saltus=1), (71, 12), True, 1)
    """

    def __new__(cls, preperiod, period, saltus=0, *, read=None, theorem=None, proof=None):
        if theorem is not None and theorem not in THEOREMS:
            raise ValueError(f"theorem must be one of {THEOREMS} or None, got {theorem!r}")
        self = super().__new__(cls, (preperiod, period))
        self.saltus = saltus
        self.read = read
        self.theorem = theorem
        self.proof = proof
        return self

    @property
    def preperiod(self) -> int:
        return self[0]

    @property
    def period(self) -> int:
        return self[1]

    def __repr__(self):
        if not self.saltus:
            return repr(tuple(self))
        return f"Period(preperiod={self[0]}, period={self[1]}, saltus={self.saltus})"


def least_preperiod(values, p, start, stop):
    """The least e >= start' such that ``values[n + p] - values[n]`` is one constant s
    for every e <= n < stop; ``(e, s)`` (the constant read at ``stop - 1``).

    >>> least_preperiod([0, 5, 1, 2, 3, 4], 1, 0, 5)
    (2, 1)
    """
    s = values[stop - 1 + p] - values[stop - 1]
    e = stop - 1
    while e > start and values[e - 1 + p] - values[e - 1] == s:
        e -= 1
    return e, s


class SaltusProof(NamedTuple):
    """What the theorem of this module reads to prove ``G(n + period) = G(n) + saltus``
    for n >= preperiod: the drops' extremes, the bit length K, the first block B*
    past every drop, and the values the proof compares (``read``)."""

    preperiod: int
    period: int
    saltus: int
    drops: tuple[int, int]
    bits: int
    first_block: int
    read: int


def _moves(rules):
    """``(k, c)`` for every move: remove k tokens, leave c >= 0 heaps (c >= 2 when k = 0)."""
    out = []
    for k in range(rules.t + 1):
        digit = rules.digit(k)
        out += [(k, c) for c in range(digit.most + 1)
                if digit.mark(c) is not None and (k or c >= 2)]
    return out


def saltus_proof(rules, values, preperiod, period, saltus):
    """Check the theorem's conditions for ``(preperiod, period, saltus)`` on ``values``.

    Returns
    -------
    SaltusProof or None
        The proof, when both conditions hold and ``values`` (``G(0) ..``) are
        long enough for condition 2; ``None`` when a hypothesis fails or cannot
        be read (fewer than e + p values; e < 1, so that every base is a heap; the
        saltus
        is not a power of two, a value below e + p is not below it, the rules
        are not of plain digits, a base's rests do not cover, or there are more
        than :data:`MAX_TYPES` move types) or condition 2 fails.  When only
        the values are too few, a proof with ``read > len(values)``.
    """
    e, p, s = preperiod, period, saltus
    if (e < 1 or rules.t is None or rules.adds or s <= 0 or s & (s - 1)
            or len(values) < e + p or any(values[n] >= s for n in range(e + p))):
        return None
    moves = _moves(rules)
    top = e + p                                  # bases 1 .. top - 1
    count = sum(_multisets(top - 1, c) for _, c in moves)
    if count > MAX_TYPES:
        return None
    g = values
    cover = {}                                   # (base, parity) -> rests of f >= 3 types
    low, high = None, None
    for c in sorted({c for _, c in moves}):
        ks = [k for k, cc in moves if cc == c]
        for bases in itertools.combinations_with_replacement(range(1, top), c):
            total, rest, free = 0, 0, 0
            for b in bases:
                total += b
                rest ^= g[b]
                free += b >= e
            for k in ks:
                base = e + (k + total - e) % p
                drop = (k + total - base) // p
                low = drop if low is None or drop < low else low
                high = drop if high is None or drop > high else high
                if free >= 3:
                    cover.setdefault((base, drop % 2), set()).add(rest)
    if high is None:
        return None
    if any(len(cover.get((base, parity), ())) < s
           for base in range(e, top) for parity in (0, 1)):
        return None
    bits = ((high - low) // 2).bit_length()
    first = max(high, 0) + 1
    read = e + p * (first + (1 << bits))
    if any(g[n + p] - g[n] != s for n in range(e, min(read, len(g)) - p)):
        return None
    return SaltusProof(e, p, s, (low, high), bits, first, read)


def _multisets(n, c):
    """How many multisets of c elements from n."""
    return comb(n + c - 1, c) if n > 0 else int(c == 0)


def least_period(values, n0, big_p, big_s, *, theorem=None):
    """The least arithmetic period of values known to repeat with ``(n0, big_p, big_s)``
    (``G(n + big_p) = G(n) + big_s`` for every n >= n0), as a :class:`Period`.

    A period p <= ``big_p`` holds for every n >= e once it holds on
    ``[e, n0 + big_p)``: from n0 on, ``G(n + p) - G(n)`` repeats with period
    ``big_p``.  So the least p constant there is the least period, and its least
    preperiod is read below n0.  ``values`` must hold ``G(0) .. G(n0 + 2·big_p - 1)``;
    ``theorem`` is the name the :class:`Period` carries.

    >>> least_period([0, 1, 2, 3, 4, 5, 6, 7], 0, 4, 4)
    Period(preperiod=0, period=1, saltus=1)
    """
    stop = n0 + big_p
    for p in range(1, big_p + 1):
        e, s = least_preperiod(values, p, 0, stop)
        if all(values[n + p] - values[n] == s for n in range(n0, stop)):
            return Period(e, p, s, read=stop + p, theorem=theorem)
    return Period(n0, big_p, big_s, read=stop + big_p, theorem=theorem)


def prove_saltus(rules, values):
    """The least arithmetic period with a saltus > 0, proven from ``values`` by this
    module's theorem, as a :class:`Period` (``read`` the values its proof compares);
    ``None`` when the theorem proves none from them.

    For each P from 1, the least e and the saltus S the end of ``values`` shows
    (:func:`least_preperiod`); if S is a power of two and the values of the first
    block [e, e + P) are below it, P and S are doubled until the values before e
    are below S too, and the theorem's conditions are checked
    (:func:`saltus_proof`).  The first period proven gives the least one
    (:func:`least_period`).

    >>> from gamelab.games.octal_rules import Rules
    >>> g = [0] + [(n - 1) // 3 for n in range(1, 60)]          # the values of 0.8
    >>> prove_saltus(Rules.from_code("0.8"), g)
    Period(preperiod=1, period=3, saltus=1)
    """
    size = len(values)
    for p in range(1, size // 3 + 1):
        e, s = least_preperiod(values, p, 0, size - p)
        e = max(e, 1)               # the theorem's bases are heaps: a block starts at 1 or later
        if s <= 0 or s & (s - 1) or e + 2 * p > size - p:
            continue
        if any(values[n] >= s for n in range(e, e + p)):
            continue
        j = 1
        while any(values[n] >= j * s for n in range(e)):
            j *= 2
        if e + 2 * j * p > size:            # too few values for the doubled period
            continue
        proof = saltus_proof(rules, values, e, j * p, j * s)
        if proof is not None and proof.read <= size:
            least = least_period(values, e, j * p, j * s)
            return Period(*least, least.saltus, read=max(proof.read, least.read),
                          theorem="three heaps", proof=proof)
    return None
