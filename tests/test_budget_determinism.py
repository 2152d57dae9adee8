"""The same answer on every machine: a call's budget counts work, not seconds.

The same calls, each close to its budget (some just inside it, some just past
it), are run in a fresh interpreter on a quiet machine and again with every
core kept busy by other processes: the answers and the refusals, messages
included, must be the same.  With a budget in CPU seconds they were not (a
call near the limit answered on one run and was refused on the next).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

#: The calls, each run under a budget a few times smaller than the default, so that the
#: run is short and each call sits near its limit.
PROGRAM = textwrap.dedent("""
    import json
    import gamelab as gl
    from gamelab import engine
    from gamelab.games.strips import cutting_moves

    engine.SEARCH_WORK = 3_000_000
    out = []

    def run(name, call):
        try:
            out.append([name, "answer", repr(call())])
        except ValueError as err:
            out.append([name, "refused", str(err)])

    def knight():   # a new game each time: nothing is remembered between calls
        return lambda p: [(p[0] - a, p[1] - b) for a, b in ((2, 1), (1, 2), (2, 2))
                          if p[0] >= a and p[1] >= b]

    class ManySmallSearches(gl.Game):   # small searches, many of them: one budget
        def options(self, n):
            return []

        def grundy(self, n):
            return sum(gl.search_grundy(lambda m, k=k: [m - 1] if m else [], 60)
                       for k in range(n))

    run("knight 600 (inside)", lambda: gl.search_grundy(knight(), (600, 600)))
    run("knight 1400 (past)", lambda: gl.search_grundy(knight(), (1400, 1400)))
    run("cutting game 70x70 (inside)", lambda: gl.grundy(gl.HeapGame(cutting_moves), (70, 70)))
    run("cutting game 110x110 (past)", lambda: gl.grundy(gl.HeapGame(cutting_moves), (110, 110)))
    run("many small searches (inside)", lambda: gl.grundy(ManySmallSearches(), 20_000))
    run("many small searches (past)", lambda: gl.grundy(ManySmallSearches(), 30_000))
    run("Grundy's game (inside)", lambda: int(gl.GrundysGame().grundy_sequence(40_000).sum()))
    run("Kayles' misere quotient", lambda: gl.misere_quotient(gl.Kayles(), 40).order)
    print(json.dumps(out))
""")

HOG = "while True:\n    pass\n"


def run_program():
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True,
                          timeout=900, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_the_same_answers_and_refusals_quiet_and_under_a_cpu_hog():
    quiet = run_program()
    kinds = {kind for _, kind, _ in quiet}
    assert kinds == {"answer", "refused"}, quiet   # both sides of the limit are tried
    for name, kind, _ in quiet:
        assert kind == ("refused" if "(past)" in name else "answer"), (name, kind)
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(os.cpu_count() or 2)]
    try:
        busy = run_program()
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()
    assert busy == quiet


@pytest.mark.slow
def test_the_default_work_budget_refuses_an_endless_run_of_small_searches():
    # the one refusal at the default budget (the other refusal tests use a tenth of it)
    import gamelab as gl
    from gamelab import _internal, engine
    assert engine.SEARCH_WORK == _internal.DEFAULT_SEARCH_WORK

    class EndlessSmallSearches(gl.Game):
        def options(self, n):
            return []

        def grundy(self, n):
            k = 0
            while True:
                gl.search_grundy(lambda m, k=k: [m - 1] if m else [], 60)
                k += 1

    with pytest.raises(ValueError, match=f"did more than {engine.SEARCH_WORK:,} units of "
                                         "work.*SEARCH_WORK"):
        gl.grundy(EndlessSmallSearches(), 0)
