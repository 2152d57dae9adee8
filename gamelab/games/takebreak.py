"""Take-and-break games: octal codes, Kayles, Dawson's Kayles, Lasker's Nim, Grundy's game.

In a take-and-break game a move removes some tokens from one heap and may
leave the rest as one heap, or split it into two heaps.  An *octal code*
``d0.d1d2d3...`` says which moves are allowed: the digit ``dk`` is the sum of

* 1 if removing k tokens may leave **no** heap (the whole heap is taken),
* 2 if removing k tokens may leave **one** heap (of the rest),
* 4 if removing k tokens may leave **two** non-empty heaps.

The digit before the point is for k = 0, splitting a heap without removing
anything: only 0 or 4 make sense there ("4.7").  So Kayles is ``0.77``
(knock down one pin or two adjacent pins, anywhere in a row) and Dawson's
Kayles is ``0.07`` (two adjacent pins only).

By the Sprague–Grundy theorem a position made of several heaps has the XOR
of their values as its value, so everything rests on the *Grundy sequence*
``G(0), G(1), ...`` of single heaps.  gamelab computes it with numpy (the
XOR of a prefix of the sequence with the reversed sequence gives all the
two-heap options of a heap at once), using the *sparse space* of Winning
Ways ("sparse space spells speed", [1]_, [4]_) where the values have one:
when almost every value has, say, an odd number of 1-bits, two such heaps
only ever make values with an even number, so most values of a heap are
settled by the few options with a "rare" heap in them.  For finite octal
codes gamelab then proves the period with the Guy–Smith theorem
(:mod:`gamelab.periodicity`), after which the value of any heap, however
large, is a table look-up.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("Take-and-break games").
.. [2] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
.. [3] E. Lasker, *Brettspiele der Völker* (1931) — Lasker's Nim.
.. [4] A. Flammenkamp, "Octal games", https://wwwhomes.uni-bielefeld.de/achim/octal.html
   (periods of octal games; the sparse space).
.. [5] A. Gangolli and T. Plambeck, "A note on periodicity in some octal
   games", Int. J. Game Theory 18 (1989), 311–320 (0.16 and 0.56).
"""
from __future__ import annotations

import re

import numpy as np

from .._validate import check_bool, check_int
from ..heaps import HeapGame
from ..periodicity import guy_smith_period

__all__ = [
    "parse_octal",
    "octal_table",
    "TakeAndBreak",
    "Kayles",
    "DawsonsKayles",
    "LaskersNim",
    "GrundysGame",
    "placement_game",
    "Treblecross",
    "CuttingGame",
    "MAX_SEQUENCE",
]

#: Splits with at most this many pairs of heaps are listed one by one.
_DIRECT = 24
#: Heaps computed before the first look for a sparse space (doubling after).
_FIRST_LOOK = 1024

#: The largest heap whose value is computed value by value when no period is
#: proven (the work grows like the square of the heap size).
MAX_SEQUENCE = 100_000

_CODE = re.compile(r"([0-7]?)\.([0-7]*)")


def parse_octal(code):
    """The digits of an octal code, ``(d0, d1, ..., dt)`` with ``dt != 0``.

    Parameters
    ----------
    code : str
        ``"0.77"``, ``"0.07"``, ``".137"``, ``"4.7"``, ... : an optional digit
        for k = 0 (0 or 4), a point, then one octal digit for each k = 1, 2,
        ...  Trailing zeros do not matter.

    Returns
    -------
    tuple of int
        ``digits[k]`` is the digit for removing k tokens; trailing zeros are
        dropped (``digits[0]`` is always present).

    Raises
    ------
    TypeError
        If ``code`` is not a string.
    ValueError
        If ``code`` is not an octal code, or its first digit lets a move
        leave the heap as it was (a game that never ends).

    Examples
    --------
    >>> parse_octal("0.77")
    (0, 7, 7)
    >>> parse_octal(".137")
    (0, 1, 3, 7)
    >>> parse_octal("4.70")
    (4, 7)
    >>> parse_octal("0.8")
    Traceback (most recent call last):
    ...
    ValueError: code must be an octal code such as '0.77' or '4.7' (digits 0-7, one point), got '0.8'
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a str such as '0.77', got {type(code).__name__} {code!r}")
    m = _CODE.fullmatch(code.strip())
    if m is None or (m.group(1) == "" and m.group(2) == ""):
        raise ValueError(
            "code must be an octal code such as '0.77' or '4.7' (digits 0-7, one point), "
            f"got {code!r}"
        )
    d0 = int(m.group(1) or "0")
    if d0 not in (0, 4):
        raise ValueError(
            f"code {code!r}: the digit before the point (removing 0 tokens) must be 0 or 4; "
            f"{d0} would let a move leave the heap unchanged or remove nothing, and the game "
            "would never end"
        )
    digits = [d0] + [int(c) for c in m.group(2)]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return tuple(digits)


def _code_string(digits):
    return f"{digits[0]}." + ("".join(str(d) for d in digits[1:]) or "0")


def octal_table(code):
    """A table explaining each digit of an octal code.

    Parameters
    ----------
    code : str
        An octal code (see :func:`parse_octal`).

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
    import html as _html

    from ..display.tables import MARK_COLOUR, Table, table_cell

    digits = parse_octal(code)
    ks = [k for k in range(len(digits)) if k > 0 or digits[0]]
    head = ["remove k", "digit", "leave no heap", "leave one heap", "leave two heaps"]
    rows = []
    for k in ks:
        d = digits[k]
        rows.append([str(k), str(d)] + ["yes" if d & bit else "-" for bit in (1, 2, 4)])
    widths = [max(len(head[j]), *(len(r[j]) for r in rows)) if rows else len(head[j])
              for j in range(len(head))]
    title = f"octal code {_code_string(digits)}"
    text = [title, " | ".join(h.rjust(w) for h, w in zip(head, widths))]
    text += [" | ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]
    html_rows = ["<tr>" + "".join(table_cell(h, head=True) for h in head) + "</tr>"]
    for r in rows:
        html_rows.append("<tr>" + table_cell(r[0], head=True) + table_cell(r[1])
                         + "".join(table_cell(c, MARK_COLOUR if c == "yes" else None, bold=c == "yes")
                                   for c in r[2:]) + "</tr>")
    caption = f"<caption style='caption-side:top;text-align:left'>{_html.escape(title)}</caption>"
    html_text = ('<table class="gamelab-table" style="border-collapse:collapse;'
                 f'font-family:monospace;font-size:14px">{caption}{"".join(html_rows)}</table>')
    return Table(html_text, "\n".join(text))


def _dtype_for(top):
    return np.uint8 if top < 2**7 else np.uint16 if top < 2**15 else np.int64


class _SequenceGame(HeapGame):
    """A heap game whose moves are "remove k, leave 0, 1 or 2 heaps" rules,
    with a fast numpy Grundy sequence.

    Subclasses set ``_take_all`` (k such that a heap of exactly k may be
    removed), ``_take_one`` (k removed, one heap left), ``_split`` (k
    removed, two non-empty heaps left), ``_split_unequal`` (two unequal
    non-empty heaps left) before calling :meth:`_init_sequence`.
    """

    _take_all: frozenset = frozenset()
    _take_one: tuple = ()
    _split: tuple = ()
    _split_unequal: tuple = ()
    #: largest number of tokens a move removes (finite octal games), else None
    _t = None

    def _init_sequence(self):
        self._vals = [0]  # G(0) = 0, as Python ints
        self._cap = 0
        self._seq = np.zeros(0, dtype=np.uint8)
        self._rev = np.zeros(0, dtype=np.uint8)
        self._period = None
        self._proven_at = None
        self._reserve(64, 0)
        # the sparse space (see _extend_sparse): (mask, alpha, beta) or None,
        # the heaps that are rare for it, and when to look for one again
        self._space = None
        self._rare = np.zeros(64, dtype=np.int64)
        self._nrare = 0
        self._next_look = _FIRST_LOOK

    def _rule_moves(self, n):
        for k in sorted(set(self._take_all) | set(self._take_one) | set(self._split)
                        | set(self._split_unequal)):
            if k > n:
                break
            if k in self._take_all and n == k and k > 0:
                yield ()
            if k in self._take_one and n - k >= 1 and k > 0:
                yield (n - k,)
            if k in self._split:
                for a in range(1, (n - k) // 2 + 1):
                    yield (a, n - k - a)
            elif k in self._split_unequal:
                for a in range(1, (n - k - 1) // 2 + 1):
                    yield (a, n - k - a)

    def moves_function(self, heap):
        """The rules as a plain ``moves(heap)`` function (for :class:`HeapGame`)."""
        return list(self._rule_moves(check_int(heap, "heap")))

    # -- the fast sequence -----------------------------------------------------
    def _reserve(self, size, top):
        dtype = _dtype_for(top)
        if size <= self._cap and np.dtype(dtype).itemsize <= self._seq.dtype.itemsize:
            return
        cap = max(size, 2 * self._cap, 64)
        if np.dtype(dtype).itemsize < self._seq.dtype.itemsize:
            dtype = self._seq.dtype
        seq = np.zeros(cap, dtype=dtype)
        seq[:len(self._vals)] = self._vals
        self._seq = seq
        self._rev = seq[::-1].copy()  # rev[cap - 1 - i] == seq[i]
        self._cap = cap

    def _extend(self, length):
        """Compute the values of heaps below ``length``.

        The first values, and those of games without a sparse space, come from
        :meth:`_extend_dense` (every option of every heap); once a sparse space
        is seen, :meth:`_extend_sparse` takes over.  Both are exact.
        """
        vals = self._vals
        while len(vals) < length:
            if len(vals) >= self._next_look:
                self._look_for_space()
            stop = min(length, max(self._next_look, len(vals) + 1))
            if self._space is None:
                self._extend_dense(stop)
            else:
                self._extend_sparse(stop)

    def _splits(self):
        return [(k, False) for k in self._split] + [(k, True) for k in self._split_unequal]

    def _look_for_space(self):
        """Choose a sparse space: the one with the fewest rare heaps among recent
        values, unless the one in use has fewer rare heaps overall.

        A heap a is *common* when the parity of the 1-bits of ``G(a) & mask``
        is ``(alpha * a + beta) % 2``, and *rare* otherwise.  If a and b are
        both common, ``G(a) ^ G(b)`` has parity ``alpha * (a + b) % 2`` — so
        two common heaps of total m can never make a value of the other
        parity.  The choice only affects speed: the values are exact for any.
        """
        vals = self._vals
        L = len(vals)
        self._next_look = 2 * L
        splits = self._splits()
        if not splits:
            return
        lo = max(1, L - min(L // 2, 16384))
        g = self._seq[lo:L].astype(np.int64)
        top = int(g.max()) if len(g) else 0
        b = max(1, min(top.bit_length(), 10))
        size = 1 << b
        r = np.arange(size, dtype=np.int64)
        bits = (r[:, None] >> np.arange(b)) & 1                   # value -> its bits
        table = ((bits @ bits.T) & 1).astype(np.uint8)            # [value, mask] -> parity
        pg = table[g & (size - 1)]                                 # [heap, mask]
        idx = np.arange(lo, L, dtype=np.int64)
        alphas = (0, 1) if len({k & 1 for k, _ in splits}) == 1 else (0,)
        best = None
        k0 = splits[0][0]
        for alpha in alphas:
            # a common heap's own parity must differ from the one its pairs make
            beta = 1 ^ (alpha * k0 & 1)
            expect = ((alpha * idx + beta) & 1).astype(np.uint8)
            count = (pg != expect[:, None]).sum(axis=0)
            count[0] = len(idx) + 1                                # mask 0 splits nothing
            mask = int(np.argmin(count))
            if best is None or count[mask] < best[0]:
                best = (int(count[mask]), mask, alpha, beta)
        heaps = np.arange(1, L, dtype=np.int64)
        low = self._seq[1:L].astype(np.int64)

        def rare_heaps(space):
            mask, alpha, beta = space
            par = np.zeros(len(low), dtype=np.int64)
            m = low & mask
            while m.any():                                         # parity of the 1-bits
                par ^= m & 1
                m >>= 1
            return heaps[par != ((alpha * heaps + beta) & 1)]

        # keep the space with the fewest rare heaps overall (they cost time at every heap)
        spaces = [best[1:]] + ([self._space] if self._space is not None else [])
        choice = None
        for sp in spaces:
            rare = rare_heaps(sp)
            if choice is None or len(rare) < len(choice[1]):
                choice = (sp, rare)
        space, rare = choice
        if len(rare) * 8 > L:                                      # not sparse: > 1 in 8 rare
            self._space = None
            return
        self._space = space
        self._rare = np.zeros(max(64, 2 * len(rare)), dtype=np.int64)
        self._rare[:len(rare)] = rare
        self._nrare = len(rare)

    def _extend_sparse(self, length):
        """Compute the values of heaps below ``length`` in the chosen sparse space.

        For a heap n, the options that take tokens or involve a *rare* heap
        are few and listed exactly.  Two *common* heaps of total m can only
        make values of one parity (see :meth:`_look_for_space`), so the least
        value of the other parity that is not listed is not an option at all;
        for the smaller values of that one parity the pairs of heaps are
        scanned in growing blocks, which almost always meets them within the
        first block.  Only when a value is truly missing (a rare heap) is the
        scan complete.  Every value is the exact mex of all the options.
        """
        vals = self._vals
        if length <= len(vals):
            return
        self._reserve(length, max(vals))
        seq, rev, cap = self._seq, self._rev, self._cap
        half = 2 ** 7 if seq.dtype == np.uint8 else 2 ** 15 if seq.dtype == np.uint16 else None
        mask, alpha, beta = self._space
        take_all, take_one = self._take_all, self._take_one
        splits = self._splits()
        rare, nrare = self._rare, self._nrare
        searchsorted = np.searchsorted
        # present[v]: v is known to be an option value; every option value is
        # below 2**bits, so the last entry stays False and argmin finds the mex
        bits = max(max(vals).bit_length(), 1)
        present = np.zeros((1 << bits) + 1, dtype=bool)
        for n in range(len(vals), length):
            present[:] = False
            if n in take_all:
                present[0] = True
            for k in take_one:
                if k < n:
                    present[vals[n - k]] = True
            active = []
            parities = set()
            for k, unequal in splits:
                m = n - k
                h = (m - 1) // 2 if unequal else m // 2
                if h < 1:
                    continue
                if h <= _DIRECT:
                    present[[vals[a] ^ vals[m - a] for a in range(1, h + 1)]] = True
                    continue
                active.append((m, h))
                parities.add(alpha * m & 1)
                # every pair with a rare heap in it, exactly
                j = int(searchsorted(rare[:nrare], m))
                if j:
                    rs = rare[:j]
                    if unequal:
                        rs = rs[2 * rs != m]
                    present[seq[rs] ^ seq[m - rs]] = True
            v = int(present.argmin())
            if active:
                one = parities.pop() if len(parities) == 1 else None
                hmax = max(h for _, h in active)
                lo, width = 1, 64
                while lo <= hmax:
                    if one is not None and (v & mask).bit_count() & 1 != one:
                        break                      # no pair of common heaps makes v
                    hi = min(hmax, lo + width - 1)
                    for m, h in active:
                        e = min(h, hi)
                        if e >= lo:                # G(a) ^ G(m - a) for a = lo..e
                            present[seq[lo:e + 1] ^ rev[cap - 1 - m + lo:cap - m + e]] = True
                    lo, width = hi + 1, 4 * width
                    v = int(present.argmin())
            if v >= len(present) - 1:
                bits = v.bit_length()
                present = np.zeros((1 << bits) + 1, dtype=bool)
            vals.append(v)
            seq[n] = v
            rev[cap - 1 - n] = v
            if (v & mask).bit_count() & 1 != (alpha * n + beta) & 1:
                if nrare == len(rare):
                    rare = np.concatenate([rare, np.zeros(len(rare), dtype=np.int64)])
                    self._rare = rare
                rare[nrare] = n
                nrare += 1
                self._nrare = nrare
            if half is not None and v >= half:
                self._reserve(length, v)
                seq, rev, cap = self._seq, self._rev, self._cap
                half = 2 ** 15 if seq.dtype == np.uint16 else None

    def _extend_dense(self, length):
        """Compute the values of heaps below ``length``, every option of every heap."""
        vals = self._vals
        if length <= len(vals):
            return
        top = max(vals)
        self._reserve(length, top)
        seq, rev, cap = self._seq, self._rev, self._cap
        take_all, take_one = self._take_all, self._take_one
        splits = [(k, False) for k in self._split] + [(k, True) for k in self._split_unequal]
        half = 2 ** 7 if seq.dtype == np.uint8 else 2 ** 15 if seq.dtype == np.uint16 else None
        # the two-heap options of a heap m, kept for the next few n that need them:
        # (m, unequal) -> [xor array, {v: present?}, full set of values or None]
        cache = self.__dict__.setdefault("_split_cache", {})
        reach = max([k for k, _ in splits], default=0) + 2
        for n in range(len(vals), length):
            small = set()
            if n in take_all:
                small.add(0)
            for k in take_one:
                if k < n:
                    small.add(vals[n - k])
            entries = []
            for k, unequal in splits:
                m = n - k
                h = (m - 1) // 2 if unequal else m // 2
                if h < 1:
                    continue
                if h <= 24:
                    small.update(vals[a] ^ vals[m - a] for a in range(1, h + 1))
                    continue
                entry = cache.get((m, unequal))
                if entry is None:
                    # G(a) ^ G(m - a) for a = 1..h, all at once
                    x = np.bitwise_xor(seq[1:h + 1], rev[cap - m:cap - m + h])
                    entry = cache[(m, unequal)] = [x, {}, None]
                entries.append(entry)
            v = 0
            while True:
                if v in small:
                    v += 1
                    continue
                hit = False
                for entry in entries:
                    if entry[2] is not None:
                        hit = v in entry[2]
                    else:
                        known = entry[1].get(v)
                        if known is None:
                            if v >= 8:  # many values: count them all at once
                                entry[2] = set(np.flatnonzero(np.bincount(entry[0])).tolist())
                                known = v in entry[2]
                            else:
                                known = entry[1][v] = bool((entry[0] == v).any())
                        hit = known
                    if hit:
                        break
                if not hit:
                    break
                v += 1
            for key in [key for key in cache if key[0] <= n - reach]:
                del cache[key]
            vals.append(v)
            seq[n] = v
            rev[cap - 1 - n] = v
            if half is not None and v >= half:
                cache.clear()
                self._reserve(length, v)
                seq, rev, cap = self._seq, self._rev, self._cap
                half = 2 ** 15 if seq.dtype == np.uint16 else None

    def _grow(self, length):
        """Compute values up to ``length`` heaps, trying to prove a period on the way."""
        while self._period is None and len(self._vals) < length:
            target = min(length, max(2 * len(self._vals), 64))
            self._extend(target)
            self._try_prove(target)

    def _try_prove(self, length):
        if self._t is None or self._period is not None:
            return
        found = guy_smith_period(self._seq[:length], self._t)
        if found is not None:
            e, p = found
            self._period = found
            self._proven_at = 2 * max(e, 1) + 2 * p + self._t

    def _value(self, n):
        if self._period is None and n >= len(self._vals):
            if n >= MAX_SEQUENCE:
                self._grow(MAX_SEQUENCE)
            else:
                self._grow(n + 1)
        if n < len(self._vals):
            return self._vals[n]
        if self._period is not None:
            e, p = self._period
            return self._vals[e + (n - e) % p]
        raise ValueError(
            f"heap {n} is too large: no period of {self.name} is proven among the first "
            f"{len(self._vals)} values, and computing them one by one up to {n} would take too long"
        )

    # -- public ----------------------------------------------------------------
    def grundy(self, heap):
        """Sprague–Grundy value of a heap (or of a tuple of heaps: the XOR)."""
        position = self.validate(heap)
        if isinstance(position, tuple):
            x = 0
            for h in position:
                x ^= self._value(h)
            return x
        return self._value(position)

    def grundy_sequence(self, n, *, tile=True):
        """Values of heaps ``0 .. n-1`` as a 1-D numpy array of a small integer dtype.

        Computed with numpy; beyond a proven period the values are tiled,
        unless ``tile=False``, which computes every value (for checks and
        benchmarks).
        """
        n = check_int(n, "n")
        check_bool(tile, "tile")
        if not tile:
            if n > MAX_SEQUENCE:
                raise ValueError(f"n = {n} is too large to compute value by value "
                                 f"(at most {MAX_SEQUENCE})")
            self._extend(n)
            return self._seq[:n].copy()
        if self._period is None:
            if n > MAX_SEQUENCE:
                self._grow(MAX_SEQUENCE)
                if self._period is None:
                    raise ValueError(
                        f"n = {n} is too large: no period of {self.name} is proven among the "
                        f"first {MAX_SEQUENCE} values, and computing them one by one would take "
                        "too long")
            self._grow(n)
        vals = self._vals
        if n <= len(vals):
            return self._seq[:n].copy()
        e, p = self._period
        block = self._seq[e:e + p]
        out = np.empty(n, dtype=self._seq.dtype)
        out[:len(vals)] = self._seq[:len(vals)]
        idx = np.arange(len(vals), n, dtype=np.int64)
        out[len(vals):] = block[(idx - e) % p]
        return out

    def move_label(self, position, option):
        """How a move reads on a button of the play widget."""
        if isinstance(position, int):
            left = sum(option)
            parts = " + ".join(str(h) for h in option)
            taken = position - left
            what = f"take {taken}" if taken else "split"
            return f"{what} → {parts}" if parts else f"{what}, nothing left"
        return "→ " + (" + ".join(str(h) for h in option) or "nothing left")

    def render_html(self, position):
        """A row of pins for each heap (used by the play widget)."""
        heaps = position if isinstance(position, tuple) else (position,)
        if not heaps:
            return "<code>(no heaps left)</code>"
        rows = []
        for h in heaps:
            rows.append(f"<code>{'●' * h if h <= 60 else '●' * 60 + '…'} ({h})</code>")
        return "<br>".join(rows)


class TakeAndBreak(_SequenceGame):
    """The take-and-break game of an octal code.

    Parameters
    ----------
    code : str
        An octal code such as ``"0.07"``, ``"0.77"``, ``"0.137"`` or ``"4.7"``
        (see :func:`parse_octal`); it is parsed, never evaluated.

    A position is a heap size ``n >= 0`` (or a tuple of heaps).  The digit
    ``dk`` of the code allows removing k tokens from a heap and leaving no
    heap (bit 1), one heap (bit 2) or two non-empty heaps (bit 4).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.TakeAndBreak("0.137")          # Dawson's Chess
    >>> g.grundy_sequence(12).tolist()
    [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
    >>> g.period(1000)
    (52, 34)
    >>> gl.grundy(g, 10**30)
    0
    >>> gl.winning_moves(g, 5)
    [(1, 1)]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4.
    """

    def __init__(self, code):
        digits = parse_octal(code)
        self.digits = digits
        self.code = _code_string(digits)
        self._take_all = frozenset(k for k, d in enumerate(digits) if d & 1 and k > 0)
        self._take_one = tuple(k for k, d in enumerate(digits) if d & 2 and k > 0)
        self._split = tuple(k for k, d in enumerate(digits) if d & 4)
        self._t = len(digits) - 1
        super().__init__(self._rule_moves, name=f"octal game {self.code}")
        self._init_sequence()

    def __repr__(self):
        return f"TakeAndBreak({self.code!r})"

    @property
    def t(self):
        """The most tokens a move removes (position of the last non-zero digit)."""
        return self._t

    def table(self):
        """The table explaining each digit of this game's code (:func:`octal_table`)."""
        return octal_table(self.code)

    def period(self, limit):
        """The least ``(preperiod, period)``, proven by the Guy–Smith theorem.

        Parameters
        ----------
        limit : int
            Use the values of heaps ``0 .. limit-1`` only.

        Returns
        -------
        tuple of int or None
            ``(e, p)``: ``G(n + p) == G(n)`` for every ``n >= e``, with p the
            least period and e the least preperiod; ``None`` if these values
            do not prove a period (see :mod:`gamelab.periodicity`).

        Examples
        --------
        >>> import gamelab as gl
        >>> gl.Kayles().period(1000), gl.DawsonsKayles().period(1000)
        ((71, 12), (53, 34))
        >>> gl.Kayles().period(100) is None
        True
        """
        limit = check_int(limit, "limit")
        if self._period is None:
            self._grow(limit)
            if self._period is None and len(self._vals) >= limit:
                self._try_prove(limit)
        if self._period is not None and self._proven_at <= limit:
            return self._period
        return None


class Kayles(TakeAndBreak):
    """Kayles (octal 0.77): knock down one pin or two adjacent pins of a row.

    Knocking pins out of the middle of a row splits it in two.  The values
    are periodic with period 12 from heap 71 on (Guy and Smith, 1956).

    Examples
    --------
    >>> import gamelab as gl
    >>> k = gl.Kayles()
    >>> k.grundy_sequence(12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> k.period(1000)
    (71, 12)
    >>> gl.winning_moves(k, 7)[:2]          # knock out the middle pin: two rows of 3
    [(3, 3), (1, 4)]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4; OEIS A002186.
    """

    def __init__(self):
        super().__init__("0.77")
        self.name = "Kayles"

    def __repr__(self):
        return "Kayles()"


class DawsonsKayles(TakeAndBreak):
    """Dawson's Kayles (octal 0.07): knock down two adjacent pins.

    Its values are those of Dawson's Chess (0.137) moved by one heap; they are
    periodic with period 34 from heap 53 on.

    Examples
    --------
    >>> import gamelab as gl
    >>> d = gl.DawsonsKayles()
    >>> d.grundy_sequence(12).tolist()
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    >>> d.period(1000)
    (53, 34)

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4; OEIS A002187.
    """

    def __init__(self):
        super().__init__("0.07")
        self.name = "Dawson's Kayles"

    def __repr__(self):
        return "DawsonsKayles()"


def _lasker_moves(n):
    for k in range(1, n + 1):
        yield (n - k,) if k < n else ()
    for a in range(1, n // 2 + 1):
        yield (a, n - a)


class LaskersNim(HeapGame):
    """Lasker's Nim: take any number of tokens from a heap, or split it into two non-empty heaps.

    Not a finite octal game (a move may remove any number of tokens), but its
    values follow a simple pattern: for k >= 0,
    ``G(4k+1) = 4k+1``, ``G(4k+2) = 4k+2``, ``G(4k+3) = 4k+4``,
    ``G(4k+4) = 4k+3``.  gamelab uses it as a closed form (tested against
    search).

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.LaskersNim()
    >>> [g.grundy(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> gl.grundy(gl.Sum(g, g, g), (2, 5, 7))
    15
    >>> gl.winning_moves(gl.Sum(g, g, g), (2, 5, 7))   # split the 7: 1 ^ 6 == 7
    [(2, 5, (1, 6)), (2, 5, (2, 5)), (2, 5, (3, 4))]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4.
    .. [2] hihoCoder 1173 "Nim III".
    """

    name = "Lasker's Nim"

    def __init__(self):
        super().__init__(_lasker_moves, name="Lasker's Nim")

    def __repr__(self):
        return "LaskersNim()"

    @staticmethod
    def _closed(n):
        r = n % 4
        return n + 1 if r == 3 else n - 1 if (r == 0 and n) else n

    def grundy(self, heap):
        position = self.validate(heap)
        if isinstance(position, tuple):
            x = 0
            for h in position:
                x ^= self._closed(h)
            return x
        return self._closed(position)

    def grundy_sequence(self, n):
        """Values of heaps ``0 .. n-1`` from the closed form (a numpy int64 array)."""
        n = check_int(n, "n")
        a = np.arange(n, dtype=np.int64)
        r = a % 4
        out = a.copy()
        out[r == 3] += 1
        out[(r == 0) & (a > 0)] -= 1
        return out

    def period(self, limit):
        """``None``: the values grow with n, so there is no period to prove."""
        check_int(limit, "limit")
        return None

    def move_label(self, position, option):
        return _SequenceGame.move_label(self, position, option)

    def render_html(self, position):
        return _SequenceGame.render_html(self, position)


class GrundysGame(_SequenceGame):
    """Grundy's game: split a heap into two heaps of different sizes.

    Heaps of 1 and 2 cannot be split; no period of its values has ever been
    found (millions of values have been computed), and none can be proven by
    the Guy–Smith theorem, which needs a finite octal game.  ``period``
    returns ``None``.

    Examples
    --------
    >>> import gamelab as gl
    >>> g = gl.GrundysGame()
    >>> g.grundy_sequence(12).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    >>> gl.winning_moves(g, 8)
    [(1, 7)]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4; OEIS A002188.
    """

    name = "Grundy's game"
    _split_unequal = (0,)

    def __init__(self):
        super().__init__(self._rule_moves, name="Grundy's game")
        self._init_sequence()

    def __repr__(self):
        return "GrundysGame()"

    def period(self, limit):
        """``None``: Grundy's game is not a finite octal game (splitting into
        *unequal* heaps has no octal digit), so no theorem proves a period,
        and none has ever been observed."""
        check_int(limit, "limit")
        return None


# ---------------------------------------------------------------------------
# placement games that are take-and-break games in disguise

def placement_game(lengths):
    """The strip game of placing pieces of the given lengths, as an octal game.

    Players take turns laying a piece of one of the ``lengths`` (as many of
    each as they like) on free cells of a 1 x n strip, without overlap; the
    player who cannot place a piece loses.  Placing a piece of length L in a
    free stretch of s cells removes L cells and leaves zero, one or two free
    stretches — so it is the octal game with the digit 7 at each length L
    (the "PAS" problem of POI 2000 is lengths ``{c, z, n}``).

    Parameters
    ----------
    lengths : iterable of int
        Positive piece lengths, not empty.

    Returns
    -------
    TakeAndBreak

    Examples
    --------
    >>> g = placement_game([1, 5])
    >>> g.code
    '0.70007'
    >>> [g.grundy(n) for n in (1, 5, 6)]
    [1, 1, 0]
    """
    from .subtraction import _check_subtraction_set

    try:
        ls = _check_subtraction_set(lengths)
    except (TypeError, ValueError) as err:
        raise type(err)(str(err).replace("subtraction_set", "lengths")) from None
    digits = ["0"] * (max(ls) + 1)
    for L in ls:
        digits[L] = "7"
    return TakeAndBreak("0." + "".join(digits[1:]))


def _treblecross_moves(n):
    for i in range(1, n + 1):  # an X on cell i spoils cells i-2 .. i+2
        yield tuple(h for h in (max(i - 3, 0), max(n - i - 2, 0)) if h)


class Treblecross(HeapGame):
    """Treblecross (one-dimensional tic-tac-toe): the safe-cell model.

    Players write an X in an empty cell of a 1 x n strip; whoever completes
    three X in a row wins.  Nobody sensible writes an X within two cells of
    another (the opponent would complete the row), so an X on cell i of a
    stretch of n safe cells leaves two stretches of ``max(i - 3, 0)`` and
    ``max(n - i - 2, 0)`` safe cells, and the player who has no safe cell
    left loses.  This is the octal game 0.007 with every heap shifted by
    two: ``Treblecross().grundy(n) == TakeAndBreak("0.007").grundy(n + 2)``.

    Examples
    --------
    >>> import gamelab as gl
    >>> t = Treblecross()
    >>> [t.grundy(n) for n in range(1, 11)]
    [1, 1, 1, 2, 2, 0, 3, 3, 1, 1]

    References
    ----------
    .. [1] Berlekamp, Conway, Guy, *Winning Ways*, vol. 1, ch. 4 (Treblecross);
       POJ 3537 "Crosses and Crosses".
    """

    name = "Treblecross"

    def __init__(self):
        super().__init__(_treblecross_moves, name="Treblecross")
        self._octal = TakeAndBreak("0.007")

    def __repr__(self):
        return "Treblecross()"

    def grundy(self, heap):
        position = self.validate(heap)
        heaps = position if isinstance(position, tuple) else (position,)
        x = 0
        for h in heaps:
            x ^= self._octal.grundy(h + 2) if h else 0
        return x

    def grundy_sequence(self, n):
        n = check_int(n, "n")
        seq = self._octal.grundy_sequence(n + 2)[2:].copy()
        if n:
            seq[0] = 0
        return seq


def _check_rectangle(heap):
    if not isinstance(heap, tuple) or len(heap) != 2:
        raise TypeError(f"heap must be a rectangle (w, h) of two positive integers, got {heap!r}")
    w = check_int(heap[0], "heap width", minimum=1)
    h = check_int(heap[1], "heap height", minimum=1)
    return (w, h)


def _cutting_moves(heap):
    w, h = heap
    for i in range(2, w // 2 + 1):
        if w - i >= 2:
            yield ((i, h), (w - i, h))
    for j in range(2, h // 2 + 1):
        if h - j >= 2:
            yield ((w, j), (w, h - j))


class CuttingGame(HeapGame):
    """The cutting game of POJ 2311, where a heap is a ``(w, h)`` rectangle.

    A move cuts one rectangle of a grid along a grid line into two; whoever
    cuts off a 1 x 1 piece wins.  A cut leaving a strip one cell wide lets the
    opponent cut off a 1 x 1 square and win, so good players only make cuts
    leaving both pieces at least 2 x 2; with those moves only, the player
    who cannot cut loses — a take-and-break game whose heaps are rectangles.

    Examples
    --------
    >>> import gamelab as gl
    >>> c = CuttingGame()
    >>> [c.grundy((w, 2)) for w in range(2, 8)]
    [0, 0, 1, 1, 2, 0]
    >>> gl.winning_moves(c, (4, 2))
    [((2, 2), (2, 2))]

    References
    ----------
    .. [1] POJ 2311 "Cutting Game".
    """

    name = "cutting game"
    #: largest side for the numpy table (bigger rectangles fall back to search)
    MAX_SIDE = 600

    def __init__(self):
        super().__init__(_cutting_moves, name="cutting game", validate_heap=_check_rectangle)
        self._table = np.zeros((1, 1), dtype=np.int64)

    def __repr__(self):
        return "CuttingGame()"

    def grundy_table(self, size):
        """Values of every rectangle with sides ``<= size`` (index ``[w, h]``; row and column 0 unused)."""
        size = check_int(size, "size", minimum=1, maximum=self.MAX_SIDE)
        if self._table.shape[0] > size:
            return self._table[:size + 1, :size + 1].copy()
        N = size + 1
        T = np.zeros((N, N), dtype=np.int64)
        mark = np.zeros(4 * N + 2, dtype=bool)
        for s in range(2, 2 * N - 1):  # cells in order of w + h
            for w in range(max(1, s - N + 1), min(N - 1, s - 1) + 1):
                h = s - w
                if h < w:
                    T[w, h] = T[h, w]
                    continue
                parts = []
                if w >= 4:
                    i = np.arange(2, w // 2 + 1)
                    parts.append(T[i, h] ^ T[w - i, h])
                if h >= 4:
                    j = np.arange(2, h // 2 + 1)
                    parts.append(T[w, j] ^ T[w, h - j])
                if not parts:
                    continue
                vals = np.concatenate(parts)
                mark[vals] = True
                T[w, h] = int(np.argmin(mark))
                mark[vals] = False
        self._table = T
        return T.copy()

    def grundy(self, heap):
        position = self.validate(heap)
        heaps = position if self._is_collection(position) else (position,)
        x = 0
        for w, h in heaps:
            if max(w, h) <= self.MAX_SIDE:
                if max(w, h) >= self._table.shape[0]:
                    self.grundy_table(max(w, h, 2 * (self._table.shape[0] - 1), 16))
                x ^= int(self._table[w, h])
            else:
                x ^= HeapGame.grundy(self, (w, h))
        return x
