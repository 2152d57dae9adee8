"""An adversarial class: every cheat of the lecturer's review, marked in one run beside honest
students in every layout the grader accepts.

Each cheat gets no credit and changes nothing outside its sandbox (the
submissions, the reports, the course, the grader's machine: no process left
behind), while every honest student keeps every mark earned.  The course is
one small lecture whose exercises (a function, a value, a judge problem) are
registered here, in the grader's process, with their references; the
notebooks' ``check`` is a stand-in, since marking never asks it.
"""
from __future__ import annotations

import csv
import hashlib
import http.server
import pathlib
import shutil
import threading

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from gamelab.exercises.check import exercise, register
from gamelab.grading import Limits, grade
from gamelab.grading.edition import PACKAGE

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("bwrap") is None,
                                 reason="bubblewrap (bwrap) is not installed: no sandbox")]

register("test-adv-fn", kind="function", reference=lambda n: n % 4,
         cases=lambda rng: [(rng.randrange(10**6),) for _ in range(8)], replace=True)
register("test-adv-val", kind="value", reference=lambda: 42, replace=True)
register("test-adv-judge", kind="judge",
         reference=lambda text: "".join(f"{2 * int(x)}\n" for x in text.split()),
         cases=lambda rng: ["".join(f"{rng.randrange(10**6)}\n" for _ in range(3))
                            for _ in range(6)], replace=True)

IDS = ["test-adv-fn", "test-adv-val", "test-adv-judge"]
LECTURE = "09_demo"
TOKEN = "gamelab-adversary-token"
STAND_IN = "def check(exercise_id, answer):\n    pass"
RIGHT_F = "def f(n):\n    return n % 4"
RIGHT_SOLVE = ("def solve(text):\n"
               "    return ''.join(f'{2 * int(x)}\\n' for x in text.split())")
BLANK_F = "def f(n):\n    raise NotImplementedError('write the body of this function')"
BLANK_SOLVE = "def solve(text):\n    raise NotImplementedError('write the body of this function')"


# inverting the answer keys of the student edition the sandbox holds: every value
# exercise's digest tried against the first 10,000 integers
KEYS = """import json, pathlib
import gamelab.exercises.registry as registry
from gamelab.exercises.keyformat import canonical, digest
keys = json.loads((pathlib.Path(registry.__file__).parent / registry.KEYS_FILE).read_text())
found = {}
for eid, key in keys["exercises"].items():
    for v in range(10000) if key.get("kind") == "value" and "digest" in key else ():
        if digest(eid, "value", canonical(v)) == key["digest"]:
            found[eid] = v
print(len(keys["exercises"]), "keys,", len(found), "values found")
answer = found.get("test-adv-val", next(iter(found.values()), ...))"""


def _nb(f=RIGHT_F, answer="answer = 42", solve=RIGHT_SOLVE, before=()):
    cells = [STAND_IN, *before, f, 'check("test-adv-fn", f)', answer,
             'check("test-adv-val", answer)', solve, 'check("test-adv-judge", solve)']
    nb = new_notebook(cells=[new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    return nb


def _blank(*before, answer="answer = ..."):
    return _nb(BLANK_F, answer, BLANK_SOLVE, before)


class _Oracle(http.server.BaseHTTPRequestHandler):
    """An answer server on the grader's machine: n -> n % 4."""

    def do_GET(self):
        body = str(int(self.path.strip("/")) % 4).encode()
        self.send_response(200)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def _cheats(subs: pathlib.Path, out: pathlib.Path, port: int) -> dict:
    visible = {c[0]: c[0] % 4 for c in exercise("test-adv-fn").all_cases()}
    alice = subs / "alice" / f"{LECTURE}.ipynb"
    patch = f'''import gamelab.exercises.check as c, gamelab.grading.probe as p, json
c._verify = lambda ex, answer, hidden: (True, "✓ " + ex.id + ": right.")
c.verify = lambda *a, **k: (True, "✓ right.")
def record(namespace, expression, cases, out):
    open(out, "w").write(json.dumps({{"ok": True, "message": "✓ right."}}) + "\\n")
p.record = record'''
    frames = '''import sys
def f(n):
    frame = sys._getframe()
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if hasattr(value, "reference"):
                return value.reference(n)
        frame = frame.f_back
    return -1'''
    files = f'''import json, os
seen = []
for path in ["../alice/{LECTURE}.ipynb", {str(alice)!r}]:
    try:
        nb = json.load(open(path))
        exec(next(c["source"] for c in nb["cells"] if "def f" in "".join(c["source"])))
        seen.append(path)
    except Exception as e:
        print("cannot", path, type(e).__name__)
for path in [{str(PACKAGE / "exercises" / "references")!r}, "/etc/shadow", {str(subs)!r}]:
    print(path, os.path.exists(path))
for path in [{str(subs / "pwned.txt")!r}, {str(out / "gradebook.csv")!r}, "../pwned.txt",
             {str(alice)!r}, "../../pwned.txt"]:
    try:
        open(path, "w").write("pwned")
    except OSError as e:
        print("cannot write", path, type(e).__name__)'''
    daemon = f'''import subprocess, sys
code = """
import os, pathlib, time
if os.fork():
    os._exit(0)
for _ in range(600):
    for target in [{str(out / "gradebook.csv")!r}, {str(out / "summary.csv")!r}]:
        try:
            if pathlib.Path(target).exists():
                pathlib.Path(target).write_text("student_id,assignment,score\\\\nzed,{LECTURE},3\\\\n")
        except OSError:
            pass
    time.sleep(0.5)
"""
subprocess.Popen([sys.executable, "-c", code, "{TOKEN}"], start_new_session=True)'''
    forks = f'''import subprocess
kids = []
try:
    for _ in range(40):
        kids.append(subprocess.Popen(["sleep", "3600", "{TOKEN}"]))
except OSError:
    pass
print(len(kids), "started")'''
    network = f'''import urllib.request
def f(n):
    return int(urllib.request.urlopen("http://127.0.0.1:{port}/" + str(n), timeout=3).read())'''
    hard_coded = f"def f(n):\n    return {visible!r}.get(n, 0)"
    judge_cases = exercise("test-adv-judge").all_cases()
    judge_known = {t: exercise("test-adv-judge").reference(t) for t in judge_cases}
    hard_judge = f"def solve(text):\n    return {judge_known!r}.get(text, '0\\n')"
    return {
        "heidi_patch": _blank(patch),
        "ivan_reference": _nb(frames, "from gamelab.exercises.check import exercise\n"
                                      "answer = exercise('test-adv-val').reference()",
                              "from gamelab.exercises.check import exercise\n"
                              "solve = lambda s: exercise('hdu1846').reference(s)"),
        "mallory_files": _nb(files, "answer = ...", BLANK_SOLVE),
        "zed_daemon": _blank(daemon),
        "peggy_memory": _blank("import mmap\nbig = mmap.mmap(-1, 20 * 2**30)",
                               "hog = bytearray(6 * 2**30)"),
        "fork_frank": _blank(forks),
        "nick_network": _nb(network, "answer = ...", BLANK_SOLVE),
        "judy_hardcoded": _nb(hard_coded, "answer = ...", hard_judge),
        "olga_exit": _blank("import os\nos._exit(0)"),
        "kim_keys": _nb(BLANK_F, KEYS, BLANK_SOLVE),
        "lou_loop": _blank("while True:\n    pass"),
        "sam_stubborn": _blank("while True:\n    try:\n        while True:\n            pass\n"
                               "    except KeyboardInterrupt:\n        pass"),
    }


def _snapshot(folder: pathlib.Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _leftovers() -> list[str]:
    found = []
    for proc in pathlib.Path("/proc").iterdir():
        try:
            if TOKEN.encode() in (proc / "cmdline").read_bytes():
                found.append(proc.name)
        except OSError:
            continue
    return found


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    base = tmp_path_factory.mktemp("adversarial")
    course, subs, out = base / "course", base / "submitted", base / "grades"
    course.mkdir()
    nbformat.write(_nb(), course / f"{LECTURE}.ipynb")
    honest = {"alice": subs / "alice" / f"{LECTURE}.ipynb",
              "bob": subs / "bob" / "week1" / f"{LECTURE}.ipynb",
              "carol": subs / f"carol__{LECTURE}.ipynb", "dave": subs / "dave.ipynb"}
    for path in honest.values():
        path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(_nb(answer="answer = int(open('data.txt').read())"), honest["alice"])
    (subs / "alice" / "data.txt").write_text("42")
    nbformat.write(_nb(answer="answer = int(open('../shared.txt').read())"), honest["bob"])
    (subs / "bob" / "shared.txt").write_text("42")
    nbformat.write(_nb(), honest["carol"])
    # dave deleted two check cells, and left a cell that never ends: each answer still counts
    dave = _nb(before=["while True:\n    pass"])
    dave.cells = [c for c in dave.cells if c.source not in ('check("test-adv-fn", f)',
                                                            'check("test-adv-judge", solve)')]
    nbformat.write(dave, honest["dave"])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Oracle)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    cheats = _cheats(subs, out, server.server_address[1])
    for name, nb in cheats.items():
        (subs / name).mkdir()
        nbformat.write(nb, subs / name / f"{LECTURE}.ipynb")
    before, course_before = _snapshot(subs), _snapshot(course)
    try:
        graded = grade(subs, notebooks=course, out=out, lecture=LECTURE, jobs=2, echo=None,
                       limits=Limits(cell=20, notebook=300), secret=base / "private" / "key")
        leftovers = _leftovers()
    finally:
        server.shutdown()
    rows = {}
    with open(out / "gradebook.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            rows.setdefault(row["student"], []).append(row)
    return {"rows": rows, "graded": graded, "subs": subs, "out": out, "course": course,
            "before": before, "course_before": course_before, "leftovers": leftovers,
            "cheats": sorted(cheats), "honest": sorted(honest),
            "port": server.server_address[1]}


def test_honest_students_in_every_layout_keep_every_mark(marked):
    for student in marked["honest"]:
        rows = marked["rows"][student]
        assert [(r["exercise"], r["status"]) for r in rows] == [(i, "right") for i in IDS], rows
        assert all(r["sandbox"] == "bubblewrap" for r in rows)
    hidden = marked["rows"]["alice"][0]["message"]
    assert hidden.startswith("✓ test-adv-fn: right on 8 generated cases and on ")
    assert hidden.endswith(" hidden cases.")


def test_no_cheat_gets_any_credit(marked):
    for student in marked["cheats"]:
        rows = marked["rows"][student]
        assert [r["exercise"] for r in rows] == IDS
        assert all(r["status"] != "right" and r["points"] == "0" for r in rows), rows
    summary = {s.student: s.score for s in marked["graded"].summaries}
    assert all(summary[c] == 0 for c in marked["cheats"])
    with open(marked["out"] / "summary.csv", newline="", encoding="utf-8") as f:
        assert {r["student_id"]: r["score"] for r in csv.DictReader(f)} == {
            s: str(summary[s]) for s in summary}


def test_each_cheat_ends_as_it_should(marked):
    rows = {s: {r["exercise"]: r for r in marked["rows"][s]} for s in marked["cheats"]}
    assert rows["olga_exit"]["test-adv-fn"]["status"] == "crashed"
    # the keys in the sandbox hold no value: the inversion ran and found none
    assert rows["kim_keys"]["test-adv-val"]["status"] == "not answered"
    # a loop is interrupted and the run goes on (the blank answers are not answered);
    # a loop that an interrupt cannot stop ends the run
    assert [r["status"] for r in rows["lou_loop"].values()] == ["not answered"] * 3
    assert [r["status"] for r in rows["sam_stubborn"].values()] == ["timed out"] * 3
    assert rows["sam_stubborn"]["test-adv-fn"]["message"] == (
        "cell 2 (`while True:`) ran longer than 20 s and did not stop when interrupted")
    judy = rows["judy_hardcoded"]
    for eid, words in (("test-adv-fn", "your function returned a wrong value"),
                       ("test-adv-judge", "your output is not right")):
        assert judy[eid]["status"] == "wrong"
        assert f"{words} (hidden inputs are not shown)." in judy[eid]["message"]
        assert "input" not in judy[eid]["message"].split("hidden inputs")[0]
    ivan = rows["ivan_reference"]
    assert ivan["test-adv-fn"]["status"] == "wrong"
    assert "NoReferenceError" in ivan["test-adv-judge"]["message"]
    assert rows["nick_network"]["test-adv-fn"]["message"].startswith(
        "✗ test-adv-fn: on case 1 of 8")
    assert rows["heidi_patch"]["test-adv-fn"]["status"] == "error"


def test_nothing_outside_the_sandbox_changed(marked):
    assert _snapshot(marked["subs"]) == marked["before"]
    assert _snapshot(marked["course"]) == marked["course_before"]
    assert sorted(p.name for p in marked["out"].iterdir()) == [
        "by_hand.csv", "gradebook.csv", "similarity.csv", "summary.csv", "summary.md"]
    assert not (PACKAGE.parent / "pwned.txt").exists()
    assert marked["leftovers"] == [] and _leftovers() == []


def test_the_oracle_answers_outside_the_sandbox(marked):
    """The network cheat failed because of the sandbox, not because its server was down."""
    import urllib.request
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Oracle)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/7", timeout=5).read() == b"3"
    finally:
        server.shutdown()


def test_the_reports_say_how_the_run_was_marked(marked):
    md = (marked["out"] / "summary.md").read_text(encoding="utf-8")
    assert "Sandbox: bubblewrap, one per submission" in md
    assert "Hidden cases: drawn from the lecturer's secret, per student." in md
