"""The sequence engine behind the Grundy sequences of take-and-break games.

:class:`OctalSequence` holds ``G(0), G(1), ...`` for a game whose moves are
"remove k tokens from a heap and leave no heap, one heap, or two heaps" rules
(a :class:`~gamelab.games.octal_rules.Rules`: every octal game, and Grundy's
game).  The one step that does the work is :meth:`OctalSequence.compute`, "make the values of heaps
``0 .. length-1`` known", which runs the sparse-space kernel of
:mod:`gamelab.games.octal_kernel` (where the values have a *sparse space*,
Winning Ways' "sparse space spells speed" [1]_, [2]_, most values of a heap
are settled by the few options with a "rare" heap in them).  Everything else
is built on it: for finite octal codes the period is proven with the
Guy–Smith theorem (:mod:`gamelab.periodicity`), after which the value of any
heap, however large, is a look-up in a :class:`~gamelab.periodicity.PeriodicSequence`.

References
----------
.. [1] E. Berlekamp, J. Conway, R. Guy, *Winning Ways for your Mathematical
   Plays*, 2nd ed., vol. 1, ch. 4 ("Take-and-break games").
.. [2] A. Flammenkamp, "Octal games", https://wwwhomes.uni-bielefeld.de/achim/octal.html
   (periods of octal games; the sparse space).
.. [3] R. K. Guy and C. A. B. Smith, "The G-values of various games",
   Proc. Cambridge Philos. Soc. 52 (1956), 514–526.
"""
from __future__ import annotations

from collections import OrderedDict

import numpy as np

import sys

from .._internal import DEFAULT_SEARCH_WORK, dtype_for, running_clock
from .._validate import check_bool, check_int
from ..engine import search_work
from ..periodicity import PeriodicSequence
from .octal_kernel import SequenceState, default_backend, extend
from .octal_proof import find_period, prove_period
from .octal_rules import Rules, check_rules
from . import tb_sequence
from .tb_sequence import Period

__all__ = ["OctalSequence", "MAX_SEQUENCE", "shared_sequence", "clear_shared_sequences"]

#: How far the values of a game with a periodicity theorem are computed, looking for
#: its period, when none is proven yet (the work grows like the square of the heap
#: size).  A game with no such theorem (Grundy's game) is computed as far as the
#: call's work allows (``gamelab.engine.SEARCH_WORK``).
MAX_SEQUENCE = 100_000
#: The same for the rules the octal kernel does not read and whose moves split (computed
#: heap by heap, a split into three heaps in work about the square of the heap size;
#: :mod:`gamelab.games.tb_sequence`).  Rules whose moves never split go to MAX_SEQUENCE.
MAX_GENERAL = 1_000
#: A computation of more heaps than this, in a call whose work budget is raised past
#: the default, shows a progress bar on stderr (tqdm where it is installed).
PROGRESS_HEAPS = 1_000_000
#: The longest array of values :meth:`OctalSequence.values` builds (by tiling a period).
MAX_TILED = 100_000_000
#: How many games' sequences :func:`shared_sequence` keeps, and how many values in all
#: (some 10 bytes a value): past either, the least recently asked for are let go (they
#: live on as long as a game object holds them).
SHARED_SEQUENCES = 32
SHARED_VALUES = 2_000_000

_FASTER = ("the fast extra (pip install 'gamelab[fast]', numba) computes these values "
           "15-25 times faster")
_shared: OrderedDict = OrderedDict()   # (rules, name) -> OctalSequence, the latest asked last


def shared_sequence(rules, name="this game"):
    """The :class:`OctalSequence` of ``rules``, one for every game object with these
    rules and this name: the values computed so far are kept across calls and game
    objects (``gl.grundy(gl.GrundysGame(), n)`` twice computes them once).

    >>> shared_sequence(Rules.from_code("0.77"), "Kayles") is shared_sequence(
    ...     Rules.from_code("0.77"), "Kayles")
    True
    """
    key = (check_rules(rules), name)
    seq = _shared.pop(key, None) or OctalSequence(rules, name=name)
    _shared[key] = seq
    while len(_shared) > 1 and (len(_shared) > SHARED_SEQUENCES
                                or sum(s.known for s in _shared.values()) > SHARED_VALUES):
        _shared.popitem(last=False)
    return seq


def clear_shared_sequences():
    """Let go of every sequence :func:`shared_sequence` keeps (game objects keep theirs)."""
    _shared.clear()


class OctalSequence:
    """The Grundy sequence of a game given by its :class:`~gamelab.games.octal_rules.Rules`.

    Parameters
    ----------
    rules : Rules
    name : str, optional
        The game's name, for error messages.

    Examples
    --------
    >>> seq = OctalSequence(Rules.from_code("0.77"), name="Kayles")
    >>> seq.values(12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    >>> seq.period(1000)
    (71, 12)
    >>> seq.value(10**30) == seq.value(71 + (10**30 - 71) % 12)
    True
    """

    def __init__(self, rules, *, name="this game"):
        self.rules = check_rules(rules)
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, got {name!r}")
        self.name = name
        self._t = rules.t
        self._general = None if rules.octal else tb_sequence.GeneralState()
        #: whether a theorem may prove a period: Guy–Smith (bounded removals and splits)
        #: or, for one-heap moves with every removal from some point on, the relative state
        self._theorem = self._t is not None or (
            self._general is not None and tb_sequence.one_heap_tail(rules) is not None)
        self._max = (MAX_GENERAL if self._general is not None and (rules.heaps or 2) > 1
                     else MAX_SEQUENCE)
        self._state = SequenceState()
        self._vals = [0]  # G(0) = 0, as Python ints
        self._seq = np.zeros(1, dtype=np.uint8)  # the same values as a numpy array
        self._period = None
        self._periodic = None  # the proven PeriodicSequence
        self._proven_at = None
        self._counted = 0  # the heaps whose work is counted (in the call that computed them)

    def __repr__(self):
        return f"OctalSequence({self.rules!r}, name={self.name!r})"

    @property
    def known(self):
        """How many values (heaps ``0 .. known-1``) are computed so far."""
        return len(self._vals)

    # -- the kernel ------------------------------------------------------------
    def compute(self, length):
        """Make the values of heaps ``0 .. length-1`` known (nothing else).

        This is the whole computation; proving periods, looking values up and
        tiling are built on it.  The work is done by the sparse-space kernel
        of :mod:`gamelab.games.octal_kernel` (compiled with numba when the
        ``fast`` extra is installed, numpy otherwise), chunk by chunk; an
        interruption leaves the values known so far intact.  Both are exact.
        """
        vals = self._vals
        if length <= len(vals):
            return
        if self._general is not None:
            tb_sequence.extend(self.rules, self._general, length, progress=self._on_heap)
            self._vals = self._general.values
            self._seq = np.asarray(self._vals, dtype=dtype_for(max(self._vals)))
            return
        state = self._state
        bar = _bar(self, state.length, length)
        try:
            extend(self.rules, state, length, progress=self._on_chunk if bar is None else
                   lambda done, stop: (self._on_chunk(done, stop), bar.show(done)))
        finally:
            if bar is not None:
                bar.close()
        self._seq = state.values           # first the array, then the count of known values
        vals.extend(state.values[len(vals):length].tolist())

    # -- periods and look-ups --------------------------------------------------
    def _grow(self, length):
        """Compute values up to ``length`` heaps, trying to prove a period on the way.

        For a finite octal game the computation aims at the length a proof
        needs (:func:`gamelab.games.octal_proof.prove_period`) instead of
        doubling, and stops as soon as the period is proven.
        """
        if self._period is not None or len(self._vals) >= length:
            return
        if not self._theorem:
            self.compute(length)
            return
        if self._general is not None:     # double the values until a theorem proves a period
            size = len(self._vals)
            while True:
                size = min(max(2 * size, 64), length)
                self.compute(size)
                found = tb_sequence.find_period(self.rules, self._vals)
                if found is not None:
                    self._set_period(found)
                    return
                if size >= length:
                    return
        self.compute(min(length, 64))
        state = self._state
        found = prove_period(self.rules, length, state=state, progress=self._on_chunk)
        self._seq = state.values
        self._vals.extend(state.values[len(self._vals):state.length].tolist())
        if found is not None:
            self._set_period(found)

    def _try_prove(self, length):
        if not self._theorem or self._period is not None:
            return
        if self._general is not None:
            found = tb_sequence.find_period(self.rules, self._vals[:length])
        else:
            found = find_period(self._seq, self._t, length=length)
        if found is not None:
            self._set_period(found)

    def _set_period(self, found):
        if not isinstance(found, Period):          # the octal proofs' (e, p)
            e, p = found
            found = Period(e, p, theorem="Guy–Smith", read=2 * max(e, 1) + 2 * p + self._t)
        e, p = found
        self._period = found
        self._periodic = PeriodicSequence(self._vals[:e + p], e, p, proven=True,
                                          saltus=found.saltus)
        self._proven_at = (found.read if self._general is None
                           else tb_sequence.proof_length(self.rules, found))

    def work(self, start, stop):
        """The units of work of computing heaps ``start .. stop-1`` with the rare heaps
        known now: a unit per heap and one per 64 pairs of heaps the kernel tries (about
        a nanosecond a pair compiled).  With a sparse space a heap tries the pairs with a
        rare heap in them and at most 32 more per split; without one, every pair.  The
        count of a computation is the same, to a unit a chunk, however it is cut.

        >>> seq = OctalSequence(Rules.from_code("0.6"))
        >>> seq.work(0, 1000), seq.work(0, 500) + seq.work(500, 1000)
        (4902, 4901)
        """
        if stop <= start:
            return 0
        state, splits = self._state, max(len(self.rules.splits), 1)
        if state.space is None:   # every pair: heap n tries about n / 2 of them per split
            pairs = splits * ((stop - 1) * stop - max(start - 1, 0) * start) // 4
        else:                     # a heap n tries the rare heaps below it, and 32 more
            rare = state.rare[:state.nrare]
            rare = rare[rare < stop - 1]
            pairs = splits * (32 * (stop - start)
                              + int(np.maximum(stop - np.maximum(rare + 1, start), 0).sum()))
        return (stop - start) + pairs // 64

    def _on_heap(self, length, stop, units):
        """After each heap of the general engine: count its work."""
        self._on_chunk(length, stop, units)

    def _on_chunk(self, length, stop, units=None):
        """After each chunk of the kernel: count its work in the budget of the call under
        way."""
        start, self._counted = self._counted, max(self._counted, length)
        clock = running_clock()
        if clock is None:
            return
        try:
            clock.check(length, f"computing the values of {self.name} up to heap {{}}",
                        work=self.work(start, length) if units is None else units)
        except ValueError as err:
            if self._general is not None:   # the values known so far are exact: keep them
                self._vals = self._general.values
                self._seq = np.asarray(self._vals, dtype=dtype_for(max(self._vals)))
            else:
                state = self._state  # its values[:length] are exact: keep them
                self._seq = state.values
                self._vals.extend(state.values[len(self._vals):state.length].tolist())
            faster = "" if default_backend() == "numba" else f"; {_FASTER}"
            limit = ("more than {:,} units of work".format(clock.work_limit)
                     if "units of work" in str(err) else f"more than {clock.seconds:g} s of CPU time")
            which = "SEARCH_WORK" if "units of work" in str(err) else "SEARCH_SECONDS"
            raise ValueError(
                f"computing the values of {self.name} up to heap {stop - 1} needs {limit}; "
                f"the {length} values computed so far are kept (asking again goes on from "
                f"there), or raise gamelab.engine.{which}{faster}") from None

    def reach(self, n):
        """Refuse at once a heap ``n`` whose value cannot be known: for rules with no
        periodicity theorem, one whose computing needs more work than the call has left;
        for the others, one at or past :data:`MAX_SEQUENCE` when no period is proven and
        the values up to the limit prove none.

        >>> OctalSequence(Rules.grundys_game(), name="Grundy's game").reach(10**12)
        Traceback (most recent call last):
        ...
        ValueError: heap 1000000000000 is too large: Grundy's game has no periodicity theorem, so its values are computed one by one, and computing them up to heap 1000000000000 needs more than the 30,000,000 units of work left to the call (raise gamelab.engine.SEARCH_WORK for more)
        """
        why = self._unreachable(n)
        if why:
            raise self._too_large(f"heap {n}", why)

    def _unreachable(self, n):
        """Why heap ``n`` cannot be reached, or ``None`` (it can, or computing may tell)."""
        if self._periodic is not None or n < len(self._vals):
            return None
        if not self._theorem:     # computed one by one, within the call's work
            clock = running_clock()
            left = search_work() if clock is None else clock.left()
            if n + 1 - len(self._vals) > left:    # a unit a heap at least
                return (f"has no periodicity theorem, so its values are computed one by one, "
                        f"and computing them up to heap {n} needs more than the {left:,} units "
                        "of work left to the call (raise gamelab.engine.SEARCH_WORK for more)")
            return None
        if n < self._max:
            return None
        if len(self._vals) >= self._max:
            return f"has no period proven among its first {len(self._vals)} values"
        return None  # a period may still be proven: the values are computed first

    def _too_large(self, what, why):
        faster = "" if (default_backend() == "numba" or len(self._vals) >= self._max
                        or self._general is not None) else f"; {_FASTER}"
        if not self._theorem:
            return ValueError(f"{what} is too large: {self.name} {why}{faster}")
        which = "MAX_SEQUENCE" if self._general is None else "MAX_GENERAL"
        return ValueError(
            f"{what} is too large: {self.name} {why}, and its values are computed one by one "
            f"up to heap {self._max - 1} only while no period is proven ({which} = "
            f"{self._max} in gamelab.games.octal_sequence){faster}")

    def value(self, n):
        """``G(n)``, for any heap ``n >= 0`` once a period is proven."""
        if n < len(self._vals):
            return self._vals[n]
        why = self._unreachable(n)  # refused at once, before any computing
        if why:
            raise self._too_large(f"heap {n}", why)
        if not self._theorem:
            self.compute(n + 1)
        elif self._period is None:
            self._grow(min(n + 1, self._max))
        if n < len(self._vals):
            return self._vals[n]
        if self._periodic is not None:
            return self._periodic[n]
        raise self._too_large(f"heap {n}", f"has no period proven among its first "
                                           f"{len(self._vals)} values")

    def values(self, n, *, tile=True):
        """``G(0) .. G(n-1)`` as a 1-D numpy array of a small integer dtype.

        Beyond a proven period the values are tiled, unless ``tile=False``,
        which computes every value (for checks and benchmarks).
        """
        n = check_int(n, "n", maximum=MAX_TILED)
        check_bool(tile, "tile")
        if not tile or not self._theorem:   # every value computed, within the call's work
            clock = running_clock()
            left = search_work() if clock is None else clock.left()
            if n - len(self._vals) > left:        # a unit a heap at least
                raise ValueError(
                    f"n = {n} is too large to compute value by value: computing the values "
                    f"of {self.name} up to heap {n - 1} needs more than the {left:,} units of "
                    "work left to the call (raise gamelab.engine.SEARCH_WORK for more)")
            self.compute(n)
            return self._seq[:n].copy()
        if self._period is None:
            if n > self._max:
                why = self._unreachable(n - 1)  # refused at once, before any computing
                if why:
                    raise self._too_large(f"n = {n}", why)
                self._grow(self._max)
                if self._period is None:
                    raise self._too_large(f"n = {n}", "has no period proven among its first "
                                                      f"{len(self._vals)} values")
            self._grow(n)
        if n <= len(self._vals):
            return self._seq[:n].copy()
        if self._period.saltus:               # values climb: the dtype of the largest
            return self._periodic.tile(n)
        return self._periodic.tile(n, dtype=self._seq.dtype)

    def period(self, limit: int | None = None) -> Period | None:
        """The least :class:`~gamelab.games.tb_sequence.Period` ``(preperiod, period)``,
        with its ``saltus``, proven from the values of heaps below ``limit`` (default
        :data:`MAX_SEQUENCE`, :data:`MAX_GENERAL` for rules the octal kernel does not
        read), or ``None``."""
        limit = self._max if limit is None else check_int(limit, "limit")
        if self._general is not None:
            limit = min(limit, self._max)
        if not self._theorem:               # no periodicity theorem for these rules
            return None
        if self._period is None:
            self._grow(limit)
            if self._period is None and len(self._vals) >= limit:
                self._try_prove(limit)
        if self._period is not None and self._proven_at <= limit:
            return self._period
        return None


class _Progress:
    """A progress bar on stderr for a long computation: tqdm where it is installed, else
    one line rewritten in place."""

    def __init__(self, name, start, stop):
        self.start, self.stop = start, stop
        try:
            from tqdm.auto import tqdm
        except ImportError:
            self.bar = None
            self.name = name
        else:
            self.bar = tqdm(total=stop - start, unit="heap", desc=name, file=sys.stderr)

    def show(self, done):
        if self.bar is not None:
            self.bar.update(done - self.start - self.bar.n)
        else:
            print(f"\r{self.name}: heap {done:,} of {self.stop:,}", end="", file=sys.stderr,
                  flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.close()
        else:
            print(file=sys.stderr)


def _bar(seq, start, stop):
    """A :class:`_Progress` for computing heaps ``start .. stop-1`` of ``seq``: more than
    :data:`PROGRESS_HEAPS` of them, in a call whose budget is raised past the default (a
    long computation asked for on purpose); else ``None``."""
    clock = running_clock()
    if stop - start <= PROGRESS_HEAPS or clock is None or clock.work_limit <= DEFAULT_SEARCH_WORK:
        return None
    return _Progress(seq.name, start, stop)
