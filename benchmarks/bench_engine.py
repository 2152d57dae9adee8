"""Benchmark of the generic search engine against plain recursive memoisation.

Figures (each the median of several repeats, every repeat on a fresh game so
nothing is remembered from the one before):

* LightOJ 1315's hyper-knight game: the Sprague–Grundy value of every cell of
  a 500 x 500 board, one ``gl.grundy(knight, (x, y))`` query per cell (the
  memo makes that one search), against the same knight function behind a
  recursive ``functools.lru_cache`` function (run in a thread with a big
  stack and a raised recursion limit).
* The same board asked through the game protocol
  (``gl.engine.as_game(knight).grundy(cell)``), against ``gl.grundy`` on the
  plain function, which needs no adapter per query: the figure that keeps
  that fast path in :func:`gamelab.grundy` and :func:`gamelab.outcome`.
* The same board under misère play (``gl.outcome(..., misere=True)``).
* A chain of 10**6 positions (``n -> n - 1``), which plain recursion cannot do
  at all; the baseline runs a chain of 10**5 in the big-stack thread and is
  scaled by 10, as the note says.
* The generic heap-game search at judge scale: POJ 2311's cutting game on
  boards up to 200 x 200 written the plain way (``gl.HeapGame(cutting_moves)``,
  every cut listed as a move leaving two rectangles), in options (moves) read
  per second, against the same table filled by a plain Python loop and by a
  C++ loop (``baseline_cutting.cpp``, ``g++ -O2``).

Run alone: ``.venv/bin/python benchmarks/bench_engine.py``.
"""
from __future__ import annotations

import functools
import pathlib
import statistics
import subprocess
import sys
import threading
import time

import gamelab as gl
from cpp import compile_baseline
from timing import median_time
from gamelab.games.strips import cutting_moves

HERE = pathlib.Path(__file__).resolve().parent
CUTTING_SOURCE = HERE / "baseline_cutting.cpp"
CUTTING_BINARY = HERE / "_build" / "baseline_cutting"
CUTTING = 200

BOARD = 500
CHAIN = 10**6
CHAIN_BASELINE = 10**5

KNIGHT_MOVES = ((-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2))


def knight(position):
    """Options of a hyper-knight at ``(x, y)``: six moves, staying at x, y >= 0."""
    x, y = position
    out = []
    for dx, dy in KNIGHT_MOVES:
        a, b = x + dx, y + dy
        if a >= 0 and b >= 0:
            out.append((a, b))
    return out


def chain(n):
    return [n - 1] if n else []


def in_big_stack(fn, *, stack_mb=512, recursion_limit=10**6):
    """Run ``fn()`` in a thread with a big C stack and a raised recursion limit."""
    box = {}

    def target():
        try:
            box["value"] = fn()
        except BaseException as exc:  # reported to the caller
            box["error"] = exc

    old_size = threading.stack_size()
    old_limit = sys.getrecursionlimit()
    threading.stack_size(stack_mb * 2**20)
    sys.setrecursionlimit(recursion_limit)
    try:
        thread = threading.Thread(target=target)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(old_size)
        sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]
    return box["value"]


# ---------------------------------------------------------------------------
# the knight board

def gamelab_board(size=BOARD):
    game = lambda p: knight(p)  # a fresh callable: a fresh memo  # noqa: E731
    values = [[gl.grundy(game, (x, y)) for y in range(size)] for x in range(size)]
    return values, len(gl.engine.game_memo(game, "grundy"))


def gamelab_board_as_game(size=BOARD):
    game = lambda p: knight(p)  # noqa: E731
    values = [[gl.engine.as_game(game).grundy((x, y)) for y in range(size)] for x in range(size)]
    return values, len(gl.engine.game_memo(game, "grundy"))


def lru_board(size=BOARD):
    @functools.lru_cache(maxsize=None)
    def sg(position):
        seen = {sg(o) for o in knight(position)}
        v = 0
        while v in seen:
            v += 1
        return v

    def run():
        values = [[sg((x, y)) for y in range(size)] for x in range(size)]
        return values, sg.cache_info().currsize

    return in_big_stack(run)


def gamelab_board_misere(size=BOARD):
    game = lambda p: knight(p)  # noqa: E731
    out = [[gl.outcome(game, (x, y), misere=True) for y in range(size)] for x in range(size)]
    return out, len(gl.engine.game_memo(game, "misere"))


def lru_board_misere(size=BOARD):
    @functools.lru_cache(maxsize=None)
    def n_position(position):
        opts = knight(position)
        return not opts or any(not n_position(o) for o in opts)

    def run():
        out = [["N" if n_position((x, y)) else "P" for y in range(size)] for x in range(size)]
        return out, n_position.cache_info().currsize

    return in_big_stack(run)


# ---------------------------------------------------------------------------
# the chain

def gamelab_chain(length=CHAIN):
    game = lambda n: chain(n)  # noqa: E731
    return gl.search_grundy(game, length)


def lru_chain(length=CHAIN_BASELINE):
    @functools.lru_cache(maxsize=None)
    def sg(n):
        seen = {sg(o) for o in chain(n)}
        v = 0
        while v in seen:
            v += 1
        return v

    return in_big_stack(lambda: sg(length), stack_mb=1024, recursion_limit=10 * length)


# ---------------------------------------------------------------------------
# the cutting game (POJ 2311): the generic heap-game search at judge scale

def _checksum(value_of, n):
    return sum(value_of(w, h) * (w + 3 * h) for w in range(2, n + 1) for h in range(2, n + 1))


def gamelab_cutting(n=CUTTING):
    game = gl.HeapGame(cutting_moves)   # a fresh game: a fresh memo
    gl.grundy(game, (n, n))             # reaches every board (w, h), 2 <= w, h <= n
    options = sum(w // 2 - 1 + h // 2 - 1 for w in range(2, n + 1) for h in range(2, n + 1))
    return _checksum(lambda w, h: gl.grundy(game, (w, h)), n), options


def python_cutting(n=CUTTING):
    g = [[0] * (n + 1) for _ in range(n + 1)]
    for w in range(2, n + 1):
        for h in range(2, n + 1):
            seen = {g[i][h] ^ g[w - i][h] for i in range(2, w // 2 + 1)}
            seen.update(g[w][j] ^ g[w][h - j] for j in range(2, h // 2 + 1))
            v = 0
            while v in seen:
                v += 1
            g[w][h] = v
    return _checksum(lambda w, h: g[w][h], n)


def cpp_cutting(n, repeats):
    binary, note = compile_baseline(CUTTING_SOURCE, CUTTING_BINARY)
    if binary is None:
        return None, None, None, note
    out = subprocess.run([str(binary), str(n), str(repeats)], capture_output=True, text=True,
                         check=True).stdout.split()
    times, options, sums = out[0::3], {int(x) for x in out[1::3]}, {int(x) for x in out[2::3]}
    assert len(options) == 1 and len(sums) == 1
    return statistics.median(map(float, times)), options.pop(), sums.pop(), None


def cutting_rows(n, repeats):
    g_time, (g_sum, options) = median_time(lambda: gamelab_cutting(n), repeats)
    p_time, p_sum = median_time(lambda: python_cutting(n), repeats)
    assert g_sum == p_sum, "cutting game values disagree"
    rows = [(
        f"POJ 2311 cutting game to {n}x{n} the plain way (gl.HeapGame), vs a plain Python loop",
        g_time, p_time, p_time / g_time,
        f"{options:,} options: gamelab {options / g_time:,.0f} options/s, the plain loop "
        f"{options / p_time:,.0f} options/s",
    )]
    c_time, c_options, c_sum, note = cpp_cutting(n, max(repeats, 3))
    if c_time is None:
        rows.append((f"same, vs C++", g_time, None, None, note))
    else:
        assert c_sum == g_sum and c_options == options, "C++ cutting game disagrees"
        rows.append((
            f"same, vs the same loop in C++ (g++ -O2)", g_time, c_time, c_time / g_time,
            f"C++ {options / c_time:,.0f} options/s",
        ))
    return rows


# ---------------------------------------------------------------------------

def run(*, repeats=3, board=BOARD, quick=False):
    """Rows ``(figure, gamelab seconds, baseline seconds, ratio, note)``.

    ``ratio`` is baseline / gamelab: above 1, gamelab is faster.
    """
    if quick:
        board, repeats = 120, 1
    rows = []

    g_time, (g_values, positions) = median_time(lambda: gamelab_board(board), repeats)
    b_time, (b_values, b_positions) = median_time(lambda: lru_board(board), repeats)
    assert g_values == b_values and positions == b_positions, "knight values disagree"
    rows.append((
        f"knight {board}x{board}: all {board * board:,} cells, {positions:,} positions searched",
        g_time, b_time, b_time / g_time,
        f"gamelab {positions / g_time:,.0f} positions/s, recursive lru_cache "
        f"{positions / b_time:,.0f} positions/s (big-stack thread)",
    ))

    a_time, (a_values, _) = median_time(lambda: gamelab_board_as_game(board), repeats)
    assert a_values == g_values, "knight values through the protocol disagree"
    rows.append((
        f"knight {board}x{board} through gl.engine.as_game, vs gl.grundy on the function",
        a_time, g_time, g_time / a_time,
        f"{board * board:,} queries: {(a_time - g_time) / (board * board) * 1e6:.1f} µs more per "
        "query through an adapter (the plain-function fast path of gl.grundy saves it)",
    ))

    g_time, (g_out, g_positions) = median_time(lambda: gamelab_board_misere(board), repeats)
    b_time, (b_out, b_positions) = median_time(lambda: lru_board_misere(board), repeats)
    assert g_out == b_out, "misere knight outcomes disagree"
    rows.append((
        f"knight {board}x{board} misere outcomes of all cells", g_time, b_time, b_time / g_time,
        f"gl.outcome(..., misere=True) per cell, {g_positions:,} positions searched "
        f"({g_positions / g_time:,.0f}/s), vs recursive lru_cache whose any() stops at the "
        f"first losing option: {b_positions:,} positions ({b_positions / b_time:,.0f}/s); "
        "gamelab searches every option, so that no cycle can hide behind a winning move",
    ))

    length = CHAIN if not quick else CHAIN // 10
    base_length = CHAIN_BASELINE if not quick else CHAIN_BASELINE // 10
    g_time, g_value = median_time(lambda: gamelab_chain(length), repeats)
    b_time, b_value = median_time(lambda: lru_chain(base_length), repeats)
    assert g_value == length % 2 and b_value == base_length % 2
    scale = length / base_length
    rows.append((
        f"chain of {length:,} positions", g_time, b_time * scale, b_time * scale / g_time,
        f"gamelab {length / g_time:,.0f} positions/s; baseline: recursive lru_cache on "
        f"{base_length:,} positions x {scale:g} (deeper recursion needs an impractical stack)",
    ))
    rows.extend(cutting_rows(CUTTING if not quick else CUTTING // 4, repeats if not quick else 1))
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        print(f"{row[0]:70s} {row[1]:9.3f} s {row[2]:9.3f} s  x{row[3]:.2f}  {row[4]}")
