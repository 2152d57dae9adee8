"""Every public call answers or refuses promptly, in bounded memory, whatever its arguments.

Each case runs in its own Python process under a CPU-time limit
(``resource.RLIMIT_CPU``) and an address-space cap (``resource.RLIMIT_AS``),
with a generous wall-clock backstop for a busy machine
(:func:`gamelab_testing.limits.run_limited`); a case that must be refused runs
at a tenth of every budget (:data:`gamelab_testing.limits.TENTH`).  The call must either
return the right answer (checked there against an independent computation
where one is given) or raise a clear ``TypeError``/``ValueError`` — never
hang, never raise ``MemoryError``, ``OverflowError``, ``RecursionError`` or
``SystemExit``, never answer wrongly.

The limits are generous for a shared machine: they catch calls that run for
minutes or eat gigabytes, not calls that are merely slow.
"""
from __future__ import annotations

import functools
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from gamelab_testing.limits import TENTH, run_limited

WORKERS = 2               # cases run side by side (each one process)


def answered_right(result):
    assert "answer" in result, f"refused: {result}"
    assert result["right"], f"wrong answer {result['answer']}, want {result['want']}"


def right_or_refused(result):
    if "answer" in result:
        assert result["right"], f"wrong answer {result['answer']}, want {result['want']}"
    else:
        assert result["message"], "a refusal must say why"


def refused(result):
    assert "refused" in result, f"answered {result.get('answer')} where it should refuse"
    assert result["message"]


#: A prompt refusal: within the search budget (a tenth of each default, :data:`TENTH`)
#: with room for the work around the search, and within this much memory (the
#: interpreter and its imports included).
PROMPT_CPU = 15
PROMPT_MB = 1200


def refused_promptly(result):
    refused(result)
    assert result["cpu"] < PROMPT_CPU, f"refused after {result['cpu']:.1f} s of CPU time"
    assert result["peak_mb"] < PROMPT_MB, f"refused at {result['peak_mb']:.0f} MB"


#: The numpy kernel (no numba) does the same work as the compiled one, and so gives the
#: same answers and refusals, some 15-25 times slower: its prompt is longer.
PROMPT_CPU_NUMPY = 25


def refused_as_with_numba(result):
    """Refused, as the compiled kernel refuses (the work counted is the same), within
    PROMPT_CPU_NUMPY seconds."""
    refused(result)
    assert "no period proven among its first" in result["message"]
    assert result["cpu"] < PROMPT_CPU_NUMPY, f"refused after {result['cpu']:.1f} s of CPU time"


def prompt(must):
    """``must``, and within PROMPT_CPU seconds and PROMPT_MB megabytes."""
    def check(result):
        must(result)
        assert result["cpu"] < PROMPT_CPU, f"took {result['cpu']:.1f} s of CPU time"
        assert result["peak_mb"] < PROMPT_MB, f"grew to {result['peak_mb']:.0f} MB"
    check.__name__ = f"prompt({must.__name__})"
    return check


# Each case: (name, code defining call() and optionally expected(), what must happen).
CASES = [
    # -- the depth-first search keeps memory linear in the positions visited
    ("wythoff-column-10000", """
        def call(): return gl.grundy(gl.Wythoff(), (0, 10000))
        def expected(): return 10000   # from (0, n) the options are (0, m), m < n: G = n
     """, answered_right),
    ("wythoff-column-99999", """
        def call(): return gl.grundy(gl.Wythoff(), (0, 99999))
        def expected(): return 99999
     """, right_or_refused),
    # every position n has the options n-1, ..., 0, all of which the search must read:
    # n(n+1)/2 of them, 1.8 * 10**7 at n = 6000 (time is quadratic; memory must not be)
    ("biggest-options-first-chain", """
        def call(): return gl.grundy(lambda n: range(n - 1, -1, -1), 6000)
        def expected(): return 6000   # the options of n are 0 .. n-1: G(n) = n
     """, answered_right),
    ("biggest-options-first-list", """
        def call(): return gl.search_grundy(lambda n: list(range(n - 1, -1, -1)), 1500)
        def expected(): return 1500
     """, answered_right),
    ("biggest-options-first-generator", """
        def call(): return gl.grundy(lambda n: (m for m in range(n - 1, -1, -1)), 4000)
        def expected(): return 4000
     """, right_or_refused),
    ("wythoff-search-column", """
        def call(): return gl.search_grundy(gl.Wythoff(), (0, 5000))
        def expected(): return 5000
     """, right_or_refused),
    ("wythoff-grundy-square", """
        def call(): return gl.grundy(gl.Wythoff(), (100, 120))
        def expected(): return gl.search_grundy(gl.Wythoff(), (100, 120))
     """, answered_right),
    # -- options of a huge position are not listed in full
    ("kayles-winning-moves-huge", """
        def call(): return gl.winning_moves(gl.Kayles(), 10**30)
     """, right_or_refused),
    ("sum-of-closed-forms-huge", """
        def call():
            return gl.winning_moves(gl.Sum(gl.Nim(), gl.Bash(3)), ((10**30,), 10**30))
        def expected():
            n = 10**30   # Bash(3) at n has value n % 4 = 0; the Nim heap must drop to 0
            return [((0,), n)]
     """, answered_right),
    ("sum-of-closed-forms-huge-outcome", """
        def call(): return gl.outcome(gl.Sum(gl.Nim(), gl.Bash(3)), ((10**30 + 1,), 10**30))
        def expected(): return "N"
     """, answered_right),
    # -- closed forms that are closed
    ("bash-huge-m", """
        def call(): return gl.grundy(gl.Bash(10**100), 10**99 + 5)
        def expected(): return 10**99 + 5
     """, answered_right),
    ("bash-huge-m-winning", """
        def call(): return gl.winning_moves(gl.Bash(10**100), 10**100 + 3)
        def expected(): return [10**100 + 1]
     """, answered_right),
    ("misere-bash-huge-heap", """
        def call(): return gl.outcome(gl.Bash(3), 10**30 + 1, misere=True)
        def expected(): return "P"   # misère Bash: P exactly when n % (m + 1) == 1
     """, answered_right),
    ("misere-subtraction-huge-heap", """
        def call(): return gl.outcome(gl.Subtraction({1, 3, 4}), 10**30, misere=True)
     """, right_or_refused),
    ("moore-winning-moves-large", """
        def call(): return len(gl.MooreNim(2).winning_moves((3000, 3000, 2999)))
     """, right_or_refused),
    ("moore-huge-heaps", """
        def call(): return gl.outcome(gl.MooreNim(2), (2**64, 2**64, 2**64))
        def expected(): return "P"   # every bit count is 0 mod 3
     """, answered_right),
    ("moore-huge-heaps-winning", """
        def call():
            moves = gl.MooreNim(2).winning_moves((2**64, 2**64, 2**64 + 1))
            return (2**64, 2**64, 2**64) in moves and all(
                all(sum(h >> b & 1 for h in m) % 3 == 0 for b in range(66)) for m in moves)
        def expected(): return True   # Moore: P iff every binary digit count is 0 mod k + 1
     """, right_or_refused),
    # -- runaway searches fail fast and cheaply
    ("runaway-callable", """
        def call(): return gl.grundy(lambda n: [n + 1], 0)
     """, refused),
    ("runaway-wide", """
        def call(): return gl.grundy(lambda n: [n + 1, n + 2, (n, n)], 0)
     """, refused),
    ("runaway-misere", """
        def call(): return gl.outcome(lambda n: [n + 1], 0, misere=True)
     """, refused),
    ("runaway-endless-options", """
        import itertools
        def call(): return gl.grundy(lambda n: itertools.count(n + 1), 0)
     """, refused),
    ("runaway-heap-game", """
        def call(): return gl.HeapGame(lambda n: [(n + 1,), (n + 2, n + 3)]).grundy(0)
     """, refused),
    ("runaway-heap-game-endless-moves", """
        import itertools
        def call(): return gl.HeapGame(lambda n: ((k,) for k in itertools.count())).grundy(1)
     """, refused),
    ("runaway-object-game", """
        class Up:
            def options(self, n): return [n + 1, -n - 1]
        def call(): return gl.winning_moves(Up(), 0)
     """, refused),
    # -- the budget bounds what is at risk: a game listing every option answers up to the
    #    documented size (OPTION_LIMIT = 5,000,000 options held: Nim's heap n as a
    #    callable, options n-1 .. 0 largest first, n (n + 1) / 2 held at the deepest)
    ("budget-nim-callable-list-3000", """
        def call(): return gl.grundy(lambda n: list(range(n - 1, -1, -1)), 3000)
        def expected(): return 3000   # the options of n are 0 .. n-1: G(n) = n
     """, prompt(answered_right)),
    ("budget-nim-callable-search-3000", """
        def call(): return gl.search_grundy(lambda n: list(range(n - 1, -1, -1)), 3000)
        def expected(): return 3000
     """, prompt(answered_right)),
    ("budget-nim-callable-tuple-3000", """
        def call(): return gl.grundy(lambda n: tuple(range(n - 1, -1, -1)), 3000)
        def expected(): return 3000
     """, prompt(answered_right)),
    ("budget-nim-callable-generator-3000", """
        def call(): return gl.grundy(lambda n: (m for m in range(n - 1, -1, -1)), 3000)
        def expected(): return 3000
     """, prompt(answered_right)),
    ("budget-nim-callable-misere-3000", """
        def call(): return gl.outcome(lambda n: list(range(n - 1, -1, -1)), 3000, misere=True)
        def expected(): return "N"   # one misère Nim heap: P only at 1
     """, prompt(answered_right)),
    ("budget-nim-callable-winning-3000", """
        def call(): return gl.winning_moves(lambda n: list(range(n - 1, -1, -1)), 3000)
        def expected(): return [0]
     """, prompt(answered_right)),
    ("budget-nim-object-winning-3000", """
        class Heap:
            def options(self, n): return list(range(n - 1, -1, -1))
        def call(): return gl.winning_moves(Heap(), 3000)
        def expected(): return [0]
     """, prompt(answered_right)),
    ("budget-wythoff-column-search", """
        def call(): return gl.search_grundy(gl.Wythoff(), (0, 2500))
        def expected(): return 2500   # (0, n) has the options (0, m), m < n: G = n
     """, prompt(answered_right)),
    ("budget-options-past-the-limit", """
        def call(): return gl.grundy(lambda n: list(range(n - 1, -1, -1)), 3300)
     """, refused_promptly),
    # -- runaway searches are refused within the CPU time and memory of the budget
    ("runaway-user-lasker-heap-game-huge", """
        from gamelab.games.lasker import lasker_moves
        def call(): return gl.grundy(gl.HeapGame(lasker_moves), 2**63)
     """, refused_promptly),
    ("runaway-user-lasker-heap-game-large", """
        from gamelab.games.lasker import lasker_moves, lasker_value
        def call(): return gl.grundy(gl.HeapGame(lasker_moves), 5000)
        def expected(): return lasker_value(5000)
     """, prompt(right_or_refused)),
    ("runaway-user-lasker-heap-game-endless-moves", """
        import itertools
        def call(): return gl.grundy(gl.HeapGame(lambda n: ((k,) for k in itertools.count(n))), 1)
     """, refused_promptly),
    # -- a heap too large to compute is refused at once, with numba or without (the kernel
    #    "numpy" is what runs when the fast extra is not installed)
    ("grundys-game-huge-heap", """
        def call(): return gl.grundy(gl.GrundysGame(), 10**7)
     """, refused_promptly),
    ("grundys-game-huge-heap-without-numba", """
        from gamelab.games import octal_kernel
        octal_kernel.BACKENDS = ("numpy",)
        def call(): return [gl.outcome(gl.GrundysGame(), 10**7 + k) for k in range(3)]
     """, refused_promptly),
    ("grundys-game-huge-sequence-without-numba", """
        from gamelab.games import octal_kernel
        octal_kernel.BACKENDS = ("numpy",)
        def call(): return gl.GrundysGame().grundy_sequence(10**6)
     """, refused_promptly),
    ("open-octal-game-huge-heap-without-numba", """
        from gamelab.games import octal_kernel
        octal_kernel.BACKENDS = ("numpy",)
        def call(): return gl.grundy(gl.TakeAndBreak("0.6"), 10**7)
     """, refused_as_with_numba),
    # -- misère genera and quotients keep to their budgets however large the bound
    ("misere-quotient-huge-bound", """
        def call(): return gl.misere_quotient(gl.TakeAndBreak("0.07"), 10**12)
     """, refused_promptly),
    ("misere-quotient-wild-growth", """
        def call(): return gl.misere_quotient(gl.TakeAndBreak("4.7"), 60)
     """, refused_promptly),
    ("misere-quotient-endless-heap-game", """
        def call(): return gl.misere_quotient(gl.HeapGame(lambda n: [(n + 1,)]), 5)
     """, refused_promptly),
    ("genus-sequence-huge", """
        def call(): return gl.genus_sequence(gl.TakeAndBreak("0.77"), 10**9)
     """, refused_promptly),
    ("genus-huge-heap", """
        def call(): return gl.genus(gl.TakeAndBreak("0.77"), 10**6)
     """, refused_promptly),
    ("misere-grundy-runaway", """
        def call(): return gl.misere_grundy(lambda n: [n + 1], 0)
     """, refused_promptly),
    ("runaway-misere-subtraction-huge-move", """
        def call(): return gl.outcome(gl.Subtraction({10**6}), 2**63, misere=True)
     """, refused_promptly),
    ("runaway-misere-subtraction-huge-move-winning", """
        def call(): return gl.winning_moves(gl.Subtraction({10**6, 3}), 2**63, misere=True)
     """, prompt(right_or_refused)),
    ("runaway-million-options-largest-first", """
        def call(): return gl.grundy(lambda n: list(range(n - 1, max(n - 10**6, 0) - 1, -1)), 10**7)
     """, refused_promptly),
    ("runaway-million-options-largest-first-generator", """
        def call(): return gl.grundy(lambda n: (m for m in range(n - 1, max(n - 10**6, 0) - 1, -1)),
                                     10**7)
     """, refused_promptly),
    ("runaway-heap-game-grows", """
        def call(): return gl.HeapGame(lambda n: [(n + 1,), (n + 2, n + 3)]).grundy(0)
     """, refused_promptly),
    ("runaway-heap-game-grows-wide", """
        def call(): return gl.HeapGame(lambda n: [(n + k,) for k in range(1, 1000)]).grundy(0)
     """, refused_promptly),
    ("runaway-heap-game-misere", """
        def call(): return gl.HeapGame(lambda n: [(n + 1,), (n + 2, n + 3)]).outcome(0, misere=True)
     """, refused_promptly),
    ("runaway-slow-options", """
        def call(): return gl.grundy(lambda n: [n + 1 + 0 * sum(range(3000))], 0)
     """, refused_promptly),
    ("runaway-quadratic-range", """
        def call(): return gl.grundy(lambda n: range(n - 1, -1, -1), 10**5)
        def expected(): return 10**5
     """, prompt(right_or_refused)),
    ("runaway-winning-moves-endless-options", """
        import itertools
        class Up(gl.Game):
            def options(self, n): return itertools.count(n + 1)
        def call(): return gl.winning_moves(Up(), 0)
     """, refused_promptly),
    ("runaway-game-options-endless", """
        import itertools
        def call(): return gl.game_options(lambda n: itertools.count(n + 1), 0)
     """, refused_promptly),
    ("runaway-search-winning-moves-endless", """
        def call(): return gl.search_winning_moves(lambda n: [n + 1, n + 2], 0)
     """, refused_promptly),
    ("runaway-loopy-endless", """
        def call(): return gl.loopy_outcome(lambda n: [n + 1, max(n - 1, 0)], 0)
     """, refused_promptly),
    ("runaway-loopy-dense", """
        def call(): return gl.loopy_outcome(lambda n: [(n + k) % 10**5 for k in range(1, 200)], 0)
     """, refused_promptly),
    ("runaway-retrograde-endless", """
        from gamelab.loopy import retrograde
        def call(): return retrograde(lambda n: [n + 1, n + 2], 0)
     """, refused_promptly),
    ("runaway-sj-condition", """
        from gamelab.misere import sj_condition
        def call(): return sj_condition(lambda n: [n + 1], 0)
     """, refused_promptly),
    ("runaway-heap-game-sequence-huge", """
        def call(): return gl.HeapGame(lambda n: [(n - 1,)] if n else []).grundy_sequence(10**12)
     """, refused_promptly),
    ("lasker-sequence-huge", """
        def call(): return gl.LaskersNim().grundy_sequence(10**12)
     """, refused_promptly),
    ("coins-callable-rule-endless-sets", """
        import itertools
        def call(): return gl.CoinTurning(lambda i: ((j,) for j in itertools.cycle(range(1, i)))
                                          ).head_value(5)
     """, refused_promptly),
    ("moore-many-heaps-big-k-winning", """
        def call(): return len(gl.MooreNim(12).winning_moves(tuple(range(1, 40))))
     """, prompt(right_or_refused)),
    # -- sums of closed forms at any size: no OverflowError, no hang
    ("sum-nim-heaps-huge-winning", """
        from gamelab.games.nim import NimHeap
        pos = (706791989784868008839, 963835822154964852629, 1136714759652938077264)
        def call(): return gl.winning_moves(gl.Sum(NimHeap(), NimHeap(), NimHeap()), pos)
        def expected():   # Bouton: heap h drops to h ^ x when that is smaller
            x = pos[0] ^ pos[1] ^ pos[2]
            return [pos[:i] + (h ^ x,) + pos[i + 1:] for i, h in enumerate(pos) if h ^ x < h]
     """, prompt(answered_right)),
    ("sum-nim-positions-huge-winning", """
        pos = ((706791989784868008839,), (963835822154964852629,), (1136714759652938077264,))
        def call(): return gl.winning_moves(gl.Sum(gl.Nim(), gl.Nim(), gl.Nim()), pos)
        def expected():
            h = [p[0] for p in pos]
            x = h[0] ^ h[1] ^ h[2]
            return [pos[:i] + ((a ^ x,),) + pos[i + 1:] for i, a in enumerate(h) if a ^ x < a]
     """, prompt(answered_right)),
    ("sum-bash-huge-winning", """
        pos = (706791989784868008839, 963835822154964852629, 1136714759652938077264)
        def call(): return gl.winning_moves(gl.Sum(gl.Bash(10**30), gl.Bash(10**30), gl.Bash(3)), pos)
        def expected():   # Bash(m): G(n) = n % (m + 1); at most one option of each value
            vals = [pos[0], pos[1], pos[2] % 4]
            x, out = vals[0] ^ vals[1] ^ vals[2], []
            for i, (n, m) in enumerate(zip(pos, (10**30, 10**30, 3))):
                t = vals[i] ^ x
                k = (n - t) % (m + 1)
                if t != vals[i] and t <= m and 1 <= k <= min(n, m):
                    out.append(pos[:i] + (n - k,) + pos[i + 1:])
            return out
     """, prompt(answered_right)),
    ("sum-nim-heap-and-bash-huge-winning", """
        from gamelab.games.nim import NimHeap
        def call(): return gl.winning_moves(gl.Sum(NimHeap(), gl.Bash(3)), (10**21 + 7, 10**21))
        def expected(): return [(0, 10**21)]   # 10**21 % 4 == 0: the heap must empty
     """, prompt(answered_right)),
    ("sum-subtraction-huge-winning", """
        from gamelab.games.nim import NimHeap
        def call():
            return gl.winning_moves(gl.Sum(gl.Subtraction({1, 3, 4}), NimHeap()), (10**25 + 3, 1))
        def expected():   # period 7: G(n) = (0, 1, 0, 1, 2, 3, 2)[n % 7]
            g = lambda n: (0, 1, 0, 1, 2, 3, 2)[n % 7]
            n = 10**25 + 3   # G(n) = 2, the Nim heap 1: the subtraction game moves to value 1
            return [(n - s, 1) for s in (1, 3, 4) if g(n - s) == 1]
     """, prompt(answered_right)),
    ("sum-kayles-huge-winning", """
        pos = (706791989784868008839, 963835822154964852629, 1136714759652938077264)
        def call(): return gl.winning_moves(gl.Sum(gl.Kayles(), gl.Kayles(), gl.Kayles()), pos)
     """, prompt(right_or_refused)),
    ("sum-kayles-and-nim-heap-huge-winning", """
        from gamelab.games.nim import NimHeap
        n = 10**21 + 5
        def call(): return gl.winning_moves(gl.Sum(gl.Kayles(), NimHeap()), (n, 2**70))
        def expected():   # Kayles' values are small: only the Nim heap can move, to G(n)
            return [(n, gl.grundy(gl.Kayles(), n))]
     """, prompt(right_or_refused)),
    ("sum-lasker-huge-winning", """
        def call(): return gl.winning_moves(gl.Sum(gl.LaskersNim(), gl.LaskersNim()), (10**21, 10**21 + 3))
     """, prompt(right_or_refused)),
    ("sum-of-sums-huge-winning", """
        from gamelab.games.nim import NimHeap
        pos = ((706791989784868008839, 963835822154964852629), 1136714759652938077264)
        def call(): return gl.winning_moves(gl.Sum(gl.Sum(NimHeap(), NimHeap()), NimHeap()), pos)
        def expected():
            (a, b), c = pos
            x = a ^ b ^ c
            return ([((a ^ x, b), c)] if a ^ x < a else []) + (
                [((a, b ^ x), c)] if b ^ x < b else []) + ([((a, b), c ^ x)] if c ^ x < c else [])
     """, prompt(answered_right)),
    ("sum-with-kayles-heaps-huge-winning", """
        k = gl.Kayles()
        def call(): return gl.winning_moves(gl.Sum(k, gl.Bash(3)), (k.heaps(10**21, 5), 1))
     """, prompt(right_or_refused)),
    ("sum-wythoffs-huge-winning", """
        def call(): return gl.winning_moves(gl.Sum(gl.Wythoff(), gl.Wythoff()),
                                            ((10**20, 10**20 + 5), (10**21, 10**21 + 8)))
     """, prompt(right_or_refused)),
    ("nim-heap-options-huge", """
        from gamelab.games.nim import NimHeap
        def call(): return len(gl.game_options(NimHeap(), 10**21))
     """, refused_promptly),
    ("nim-options-huge", """
        def call(): return len(gl.game_options(gl.Nim(), (10**21, 3)))
     """, refused_promptly),
    ("moore-options-huge", """
        def call(): return len(gl.game_options(gl.MooreNim(2), (10**21, 3, 3)))
     """, refused_promptly),
    ("staircase-options-huge", """
        def call(): return len(gl.game_options(gl.StaircaseNim(), (0, 10**21)))
     """, refused_promptly),
    ("kayles-options-huge", """
        def call(): return len(gl.game_options(gl.Kayles(), 10**21))
     """, refused_promptly),
    ("lasker-options-huge", """
        def call(): return len(gl.game_options(gl.LaskersNim(), 10**21))
     """, refused_promptly),
    ("kayles-winning-moves-huge-few", """
        def call():
            k = gl.Kayles()
            return [m for m in gl.winning_moves(k, 10**30 + 1)]
     """, prompt(right_or_refused)),
    # -- the reference searches refuse positions too big for plain search
    ("search-misere-bash-huge", """
        def call(): return gl.search_outcome(gl.Bash(10**100), 2**64, misere=True)
     """, refused_promptly),
    ("search-nim-huge", """
        def call(): return gl.search_grundy(gl.Nim(), (2**63,))
     """, refused_promptly),
    ("search-nim-heap-huge", """
        from gamelab.games.nim import NimHeap
        def call(): return gl.search_grundy(NimHeap(), 10**21)
     """, refused_promptly),
    ("search-ruler-long-row-misere", """
        def call(): return gl.search_outcome(gl.CoinTurning("ruler"), "H" * 10**5, misere=True)
     """, refused_promptly),
    ("search-mock-turtles-long-row", """
        def call(): return gl.search_winning_moves(gl.CoinTurning("mock_turtles"), "H" * 5000)
     """, refused_promptly),
    ("search-subtraction-huge-heap", """
        def call(): return gl.search_grundy(gl.Subtraction({1, 2}), 2**64)
     """, refused_promptly),
    ("search-bash-huge-winning", """
        def call(): return gl.search_winning_moves(gl.Bash(10**30), 10**25)
     """, refused_promptly),
    ("search-moore-huge", """
        def call(): return gl.search_grundy(gl.MooreNim(2), (2**64, 2**64, 2**64))
     """, refused_promptly),
    ("search-kayles-huge", """
        def call(): return gl.search_grundy(gl.Kayles(), 10**30)
     """, refused_promptly),
    ("search-wythoff-huge", """
        def call(): return gl.search_outcome(gl.Wythoff(), (10**20, 10**20))
     """, refused_promptly),
    ("search-staircase-huge-misere", """
        def call(): return gl.search_outcome(gl.StaircaseNim(), (3, 10**21), misere=True)
     """, refused_promptly),
    # -- positions not equal to themselves are refused, never a decimal.InvalidOperation
    ("nan-decimal-root", """
        from decimal import Decimal
        def call(): return gl.grundy(lambda n: [n - 1] if n > 0 else [], Decimal("nan"))
     """, refused),
    ("nan-decimal-root-search", """
        from decimal import Decimal
        def call(): return gl.search_grundy(lambda n: [n - 1] if n > 0 else [], Decimal("nan"))
     """, refused),
    ("nan-float-root-misere", """
        def call(): return gl.outcome(lambda n: [], float("nan"), misere=True)
     """, refused),
    ("nan-complex-root-winning", """
        def call(): return gl.winning_moves(lambda z: [], complex("nan"))
     """, refused),
    ("nan-float-option", """
        def call(): return gl.grundy(lambda n: [float("nan")] if n == 1 else [], 1)
     """, refused),
    ("nan-decimal-option-deep", """
        from decimal import Decimal
        def call(): return gl.grundy(lambda n: [n - 1] if n > 1 else [Decimal("nan")] if n else [], 50)
     """, refused),
    ("nan-option-of-a-game", """
        class G(gl.Game):
            def options(self, p): return [float("nan")] if p == 0 else []
        def call(): return gl.grundy(G(), 0)
     """, refused),
    ("nan-option-loopy", """
        def call(): return gl.loopy_outcome(lambda n: [float("nan")], 0)
     """, refused),
    ("nan-numpy-root", """
        import numpy as np
        def call(): return gl.grundy(lambda n: [], np.float64("nan"))
     """, refused),
    ("position-eq-says-no", """
        class Odd:
            def __eq__(self, other): return False
            def __hash__(self): return 7
        def call(): return gl.grundy(lambda p: [], Odd())
     """, refused),
    ("position-eq-raises", """
        class Odd:
            def __eq__(self, other): raise RuntimeError("no")
            def __hash__(self): return 7
        def call(): return gl.search_outcome(lambda p: [], Odd(), misere=True)
     """, refused),
    ("positions-of-floats-answer", """
        def call(): return gl.grundy(lambda x: [x - 0.5] if x > 0 else [], 3.0)
        def expected(): return 0   # a chain of six moves: 3.0, 2.5, ..., 0.0
     """, answered_right),
    # -- heap games check the heaps their moves give
    ("heapgame-negative-move", """
        def call(): return gl.HeapGame(lambda n: [(n - 7,)]).grundy(5)
     """, refused),
    ("heapgame-bool-move", """
        def call(): return gl.HeapGame(lambda n: [(True,)] if n else []).grundy(3)
     """, refused),
    ("heapgame-float-move", """
        def call(): return gl.HeapGame(lambda n: [(n / 2,)] if n else []).grundy(4)
     """, refused),
    ("heapgame-unhashable-move", """
        def call(): return gl.HeapGame(lambda n: [([n - 1],)] if n else []).grundy(3)
     """, refused),
    ("heapgame-string-move", """
        def call(): return gl.HeapGame(lambda n: [("x",)] if n == 2 else []).grundy(2)
        def expected(): return 1   # "x" is a heap with no move (value 0): G(2) = mex{0} = 1
     """, right_or_refused),
    # -- sums and misère play answer through their components' closed forms
    ("sum-misere-huge", """
        def call(): return gl.outcome(gl.Sum(gl.Bash(3), gl.Nim()), (10**30, (2, 2)), misere=True)
        def expected():   # SJ: values 10**30 % 4 = 0, 2, 2; nim-sum 0 with a value > 1: P
            return "P"
     """, answered_right),
    ("bash-huge-misere-winning", """
        def call(): return gl.winning_moves(gl.Bash(10**50), 10**60, misere=True)
        def expected():   # misère Bash: P exactly when n % (m + 1) == 1
            n, m = 10**60, 10**50
            return [n - (n - 1) % (m + 1)]
     """, answered_right),
    ("sum-with-wythoff-huge", """
        def call():
            return gl.winning_moves(gl.Sum(gl.Wythoff(), gl.Bash(3)), ((10**20, 10**20 + 5), 0))
     """, right_or_refused),
    ("subtraction-huge-set-huge-heap", """
        def call(): return gl.grundy(gl.Subtraction({10**9}), 10**30)
     """, right_or_refused),
    ("moore-k3-huge-winning", """
        def call():
            moves = gl.MooreNim(3).winning_moves((2**70 + 5, 2**70, 3, 2**69))
            return bool(moves) and all(
                all(sum(h >> b & 1 for h in m) % 4 == 0 for b in range(72)) for m in moves)
        def expected(): return True   # Moore: P iff every binary digit count is 0 mod k + 1
     """, right_or_refused),
    # -- size arguments have caps
    ("wythoff-table-huge", """
        def call(): return gl.Wythoff().grundy_table(10**100, 0)
     """, right_or_refused),
    ("wythoff-table-big", """
        def call(): return gl.Wythoff().grundy_table(10**6, 10**6)
     """, refused),
    ("wythoff-p-positions-huge", """
        def call(): return len(gl.Wythoff().p_positions(10**30))
     """, refused),
    ("coins-head-values-huge", """
        def call(): return len(gl.CoinTurning("ruler").head_values(10**12))
     """, refused),
    ("coins-callable-head-value-huge", """
        def call():
            return gl.CoinTurning(lambda i: [(j,) for j in range(1, i)]).head_value(10**9)
     """, right_or_refused),
    ("subtraction-sequence-huge", """
        def call(): return gl.Subtraction({1, 3, 4}).grundy_sequence(10**12)
     """, refused),
    ("octal-sequence-huge", """
        def call(): return gl.Kayles().grundy_sequence(10**12)
     """, refused),
    ("octal-period-huge-limit", """
        def call(): return gl.TakeAndBreak("0.137").period(10**15)
     """, right_or_refused),
    ("subtraction-period-huge-set", """
        def call(): return gl.Subtraction({10**9, 10**9 + 7}).period()
     """, right_or_refused),
    ("wythoff-table-thin", """
        def call(): return len(gl.Wythoff().grundy_table(1, 10**100))
     """, refused),
    ("kayles-period-huge-limit", """
        def call(): return gl.Kayles().period(10**15)
        def expected(): return (71, 12)   # Guy and Smith (1956)
     """, right_or_refused),
    ("bash-sequence-huge", """
        def call(): return gl.Bash(3).grundy_sequence(10**12)
     """, refused),
    # -- coin turning answers without building every move set
    ("coins-ruler-winning-600", """
        def call(): return len(gl.CoinTurning("ruler").winning_moves("H" * 600))
     """, right_or_refused),
    ("coins-mock-turtles-winning-2000", """
        def call(): return len(gl.CoinTurning("mock_turtles").winning_moves("H" * 2000))
     """, right_or_refused),
    # -- smaller ones
    ("guy-smith-huge-values", """
        from gamelab.periodicity import guy_smith_period
        def call(): return guy_smith_period([2**70, 1, 2**70, 1] * 8, 1)
     """, right_or_refused),
    ("guy-smith-huge-t", """
        from gamelab.periodicity import guy_smith_period
        def call(): return guy_smith_period([0, 1] * 8, 2**70)
     """, right_or_refused),
    ("coins-one-or-two-winning-huge-row", """
        def call(): return gl.CoinTurning("one_or_two").winning_moves("H" * 3 + "T" * 20000 + "H")
        def expected():   # heads at 1, 2, 3, 20004: Nim heaps; 1^2^3 = 0, so turn 20004 alone
            return ["HHH" + "T" * 20001]
     """, answered_right),
    ("guy-smith-huge-values-tuple", """
        from gamelab.periodicity import guy_smith_period
        def call(): return guy_smith_period(tuple([2**70, 3, 2**70, 3] * 8), 1)
     """, right_or_refused),
    ("hackenbush-none-stalk-winning", """
        def call():
            stalk = ((0, None),) + tuple((None if i == 0 else i, i + 1) for i in range(3000))
            return len(gl.winning_moves(gl.GreenHackenbush(), stalk))
        def expected(): return 1   # a stalk: a nim heap, cut the lowest edge
     """, answered_right),
    ("hackenbush-long-stalk-winning", """
        def call():
            stalk = tuple((i, i + 1) for i in range(5000))
            return len(gl.winning_moves(gl.GreenHackenbush(), stalk))
        def expected(): return 1   # a stalk of n edges is a nim heap of n: cut the lowest
     """, answered_right),
    # -- a vertex must be equal to itself (float("nan") is not): refused, never a wrong value
    ("hackenbush-nan-vertex-grundy", """
        nan = float("nan")
        def call(): return gl.grundy(gl.GreenHackenbush(), ((0, nan), (1, nan), (nan, nan)))
     """, refused),
    ("hackenbush-nan-vertex-search", """
        nan = float("nan")
        def call(): return gl.search_grundy(gl.GreenHackenbush(), ((0, nan), (1, nan), (nan, nan)))
     """, refused),
    ("hackenbush-nan-vertex-edge-values", """
        nan = float("nan")
        def call(): return gl.GreenHackenbush().edge_values(((0, nan), (1, nan), (nan, nan)))
     """, refused),
    ("hackenbush-nan-vertex-winning", """
        nan = float("nan")
        def call(): return gl.winning_moves(gl.GreenHackenbush(), ((0, 1), (1, nan)))
     """, refused),
    ("hackenbush-nan-ground", """
        def call(): return gl.GreenHackenbush(ground=float("nan"))
     """, refused),
    ("hackenbush-vertex-unequal-to-itself", """
        class Odd:
            def __eq__(self, other): return False
            def __hash__(self): return 7
        x = Odd()
        def call(): return gl.grundy(gl.GreenHackenbush(), ((0, x), (x, x)))
     """, refused),
    ("hackenbush-vertex-eq-raises", """
        class Odd:
            def __eq__(self, other): raise RuntimeError("no")
            def __hash__(self): return 7
        def call(): return gl.grundy(gl.GreenHackenbush(), ((0, Odd()),))
     """, refused),
    ("hackenbush-equal-vertices-of-other-types", """
        from fractions import Fraction
        pos = ((0, 1.0), (True, Fraction(2)), (2.0, 0.0), (False, (1, 2)), ((1.0, 2.0), (1, 2)))
        def call():
            g = gl.GreenHackenbush()
            return gl.grundy(g, pos), gl.winning_moves(g, pos)
        def expected():
            g = gl.GreenHackenbush()
            return gl.search_grundy(g, pos), gl.search_winning_moves(g, pos)
     """, answered_right),
    ("hackenbush-deeply-nested-vertex", """
        v = 0
        for _ in range(5000):
            v = (v,)
        def call(): return gl.grundy(gl.GreenHackenbush(), ((0, v), (v, 1)))
        def expected(): return 2
     """, right_or_refused),
    # -- the exercise checks: a student's function never stops them
    ("verify-student-sys-exit", """
        import sys
        from gamelab.exercises.check import verify
        def call():
            ok, report = verify("ex-11-3", lambda *args: sys.exit(0))
            return ok, "SystemExit" in report
        def expected(): return (False, True)
     """, answered_right),
    ("verify-every-exercise-student-exits", """
        import sys
        from gamelab.exercises import check as ck
        def call():
            bad = []
            for e in ck.exercises():
                ok, report = ck.verify(e, lambda *args: sys.exit(1))
                if ok or not report.startswith("✗"):
                    bad.append(e)
            return bad
        def expected(): return []
     """, answered_right),
    ("verify-student-raises-keyboard-interrupt", """
        from gamelab.exercises.check import verify
        def student(text):
            raise KeyboardInterrupt
        def call():
            ok, report = verify("hdu1846", student)
            return ok, "KeyboardInterrupt" in report
        def expected(): return (False, True)
     """, answered_right),
    # -- standalone programs: output and time are capped, and the report says so
    ("run-program-floods-stdout", """
        import contextlib, io
        from gamelab.exercises import check as ck, runner
        def call():
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                ok = ck.run_program("while True:\\n    print('first' * 1000)\\n", "hdu1846")
            return ok, f"printed more than {runner.OUTPUT_LIMIT} bytes" in out.getvalue()
        def expected(): return (False, True)
     """, answered_right),
    ("run-program-floods-stderr", """
        import contextlib, io
        from gamelab.exercises import check as ck, runner
        def call():
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                program = "import sys\\nwhile True:\\n    sys.stderr.write('x' * 4096)\\n"
                ok = ck.run_program(program, "hdu1846")
            return ok, f"printed more than {runner.OUTPUT_LIMIT} bytes" in out.getvalue()
        def expected(): return (False, True)
     """, answered_right),
    ("run-program-never-ends", """
        import contextlib, io
        from gamelab.exercises import check as ck, runner
        runner.CPU_LIMIT = 2
        def call():
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                ok = ck.run_program("while True:\\n    pass\\n", "hdu1846")
            return ok, "more than 2 s of CPU time" in out.getvalue()
        def expected(): return (False, True)
     """, answered_right),
    ("run-program-waits-forever", """
        import contextlib, io
        from gamelab.exercises import check as ck, runner
        runner.TIMEOUT = 2
        def call():
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                ok = ck.run_program("import time\\ntime.sleep(10**6)\\n", "hdu1846")
            return ok, "ran longer than 2 s" in out.getvalue()
        def expected(): return (False, True)
     """, answered_right),
    ("run-program-eats-memory", """
        import contextlib, io
        from gamelab.exercises import check as ck
        def call():
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                ok = ck.run_program("x = [0] * 10**10\\n", "hdu1846")
            return ok, "MemoryError" in out.getvalue()
        def expected(): return (False, True)
     """, answered_right),
]


def budget(must):
    """The budget a case runs at: a tenth of every default where it must be refused (a
    refusal takes the same path whatever the budget), the defaults otherwise (an answer,
    or a refusal as the numba kernel gives it, which the numpy kernel reaches only with
    the default SEARCH_SECONDS)."""
    return TENTH if must in (refused, refused_promptly) else ""


#: The cases of more than a few seconds each (marked ``slow``: in ``make test``, not in
#: ``make check``).
SLOW_CASES = frozenset({
    "grundys-game-huge-sequence-without-numba", "open-octal-game-huge-heap-without-numba",
    "misere-quotient-wild-growth", "genus-sequence-huge", "runaway-slow-options",
    "runaway-quadratic-range", "coins-callable-head-value-huge", "misere-quotient-huge-bound",
    "runaway-heap-game-misere", "biggest-options-first-chain",
    "runaway-misere-subtraction-huge-move-winning", "runaway-misere-subtraction-huge-move",
    "budget-wythoff-column-search", "wythoff-search-column", "budget-nim-callable-generator-3000",
    "budget-nim-object-winning-3000", "budget-nim-callable-winning-3000",
    "runaway-user-lasker-heap-game-large",
})
assert SLOW_CASES <= {name for name, _, _ in CASES}, SLOW_CASES - {name for name, _, _ in CASES}


@functools.lru_cache(maxsize=None)
def results(slow):
    """The results of the cases that are slow (or not), run side by side (a slow case does
    not wait for the others)."""
    cases = [case for case in CASES if (case[0] in SLOW_CASES) == slow]
    with ThreadPoolExecutor(WORKERS) as pool:
        return dict(zip([n for n, _, _ in cases],
                        pool.map(run_limited, [c for _, c, _ in cases],
                                 [budget(must) for _, _, must in cases])))


def result_of(name):
    """One case's result.  In a parallel run (pytest-xdist) each case runs on its own, in
    the worker that runs its test, so that the workers share the cases between them; in a
    run of one process, the cases of one tier (slow or not) are run at the first test of
    that tier, WORKERS side by side."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _, code, must = next(case for case in CASES if case[0] == name)
        return run_limited(code, budget(must))
    return results(name in SLOW_CASES)[name]


@pytest.mark.parametrize("name,must", [
    pytest.param(n, m, id=n, marks=pytest.mark.slow if n in SLOW_CASES else ())
    for n, _, m in CASES])
def test_prompt_answer_or_refusal(name, must):
    result = result_of(name)
    if isinstance(result, str):
        pytest.fail(result)
    if "escaped" in result:
        pytest.fail(f"the call raised {result['escaped']}: {result['message']}")
    must(result)


# ---------------------------------------------------------------------------
# the routes that make these calls prompt, each against plain search (in process)

import itertools  # noqa: E402
import random  # noqa: E402

import gamelab as gl  # noqa: E402


def test_misere_subtraction_and_bash_by_sj_agree_with_search():
    for game in [gl.Bash(1), gl.Bash(3), gl.Subtraction({1, 3, 4}), gl.Subtraction({2, 5}),
                 gl.Subtraction({1, 2, 6})]:
        reference = gl.Subtraction(game.subtraction_set)   # a fresh game, searched below
        for n in range(60):
            assert gl.outcome(game, n, misere=True) == gl.search_outcome(reference, n, misere=True)
            assert gl.winning_moves(game, n, misere=True) == gl.search_winning_moves(
                reference, n, misere=True)


def test_options_of_a_value_agree_with_search():
    for game, positions in [(gl.Bash(4), range(15)),
                            (gl.Nim(), itertools.product(range(5), repeat=3))]:
        for pos in positions:
            for value in range(8):
                want = [o for o in gl.game_options(game, pos) if gl.search_grundy(game, o) == value]
                assert game.options_of_value(pos, value) == want


def test_sum_winning_moves_agree_with_search():
    s = gl.Sum(gl.Nim(), gl.Bash(3), gl.Wythoff())
    rng = random.Random(3)
    for _ in range(40):
        pos = ((rng.randrange(4), rng.randrange(4)), rng.randrange(9),
               (rng.randrange(5), rng.randrange(5)))
        assert gl.winning_moves(s, pos) == gl.search_winning_moves(s, pos)


def test_moore_winning_moves_agree_with_search():
    for k in (1, 2, 3):
        g = gl.MooreNim(k)
        for pos in itertools.product(range(5), repeat=3):
            assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos)


def test_coin_winning_moves_agree_with_search():
    rng = random.Random(11)
    for rule in ("one_or_two", "mock_turtles", "ruler"):
        g = gl.CoinTurning(rule)
        for _ in range(150):
            pos = "".join(rng.choice("HT") for _ in range(rng.randint(1, 9)))
            assert gl.winning_moves(g, pos) == gl.search_winning_moves(g, pos)


def test_wythoff_values_from_the_table_agree_with_search():
    w, reference = gl.Wythoff(), gl.Wythoff()
    for a, b in [(0, 40), (40, 0), (7, 9), (30, 31), (2, 60), (45, 44)]:
        assert gl.grundy(w, (a, b)) == gl.search_grundy(reference, (a, b))


def test_guy_smith_period_of_big_values_is_that_of_their_codes():
    from gamelab.periodicity import guy_smith_period
    rng = random.Random(5)
    for _ in range(30):
        small = [rng.randrange(3) for _ in range(rng.randint(4, 40))]
        big = [2**80 + v for v in small]   # the same pattern of equalities
        assert guy_smith_period(big, 1) == guy_smith_period(small, 1)


def test_sum_options_of_a_value_agree_with_search():
    from gamelab.games.nim import NimHeap
    s = gl.Sum(NimHeap(), gl.Bash(3), gl.Subtraction({1, 3, 4}), gl.Kayles())
    plain = gl.Sum(NimHeap(), gl.Subtraction(range(1, 4)), gl.Subtraction({1, 3, 4}),
                   gl.Kayles().without_shortcuts())
    rng = random.Random(7)
    for _ in range(40):
        pos = tuple(rng.randrange(7) for _ in range(4))
        for value in range(8):
            want = [o for o in gl.game_options(plain, pos) if gl.search_grundy(plain, o) == value]
            assert s.options_of_value(pos, value) == want, (pos, value)
        assert gl.winning_moves(s, pos) == gl.search_winning_moves(plain, pos), pos


def test_winning_moves_of_nested_sums_agree_with_search():
    from gamelab.games.nim import NimHeap
    s = gl.Sum(gl.Sum(NimHeap(), gl.Bash(2)), gl.Nim())
    rng = random.Random(9)
    for _ in range(60):
        pos = ((rng.randrange(6), rng.randrange(6)), (rng.randrange(4), rng.randrange(4)))
        assert gl.winning_moves(s, pos) == gl.search_winning_moves(s, pos), pos


def test_huge_closed_forms_agree_with_their_rules():
    from gamelab.games.nim import NimHeap
    rng = random.Random(13)
    for _ in range(30):
        heaps = tuple(rng.randrange(2**80) for _ in range(3))
        x = heaps[0] ^ heaps[1] ^ heaps[2]
        want = [heaps[:i] + (h ^ x,) + heaps[i + 1:] for i, h in enumerate(heaps) if h ^ x < h]
        assert gl.winning_moves(gl.Sum(NimHeap(), NimHeap(), NimHeap()), heaps) == want
        assert gl.winning_moves(gl.Sum(gl.Bash(2**90), gl.Bash(2**90), NimHeap()), heaps) == want
