"""The store of executed notebooks (tools/executed.py): each notebook executed once.

On small notebooks in a temporary store: a copy is executed once, with its
widget state and its key, and again only when its text changes (or, with
``keep``, not even then); two callers asking for the same notebook at once get
one execution; a notebook that fails leaves no copy and is named, after the
others have run; the editions (languages) are kept apart.  The book's and the
translated notebooks' use of the store is checked by their own tests
(test_book.py, test_book_zh.py, test_i18n_notebooks.py).
"""
from __future__ import annotations

import concurrent.futures

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from gamelab_testing import ROOT
from gamelab_testing.static_site import load_tool

EXECUTED = load_tool("executed_tool", ROOT / "tools" / "executed.py")


def _notebook(path, *cells):
    """A notebook at ``path`` whose first cell counts its runs in ``<path>.runs``."""
    count = f"open({str(path) + '.runs'!r}, 'a').write('x')\nprint('ran')"
    nb = new_notebook(cells=[new_code_cell(count), *[new_code_cell(c) for c in cells]])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, path)
    return path


def _runs(path):
    runs = path.with_name(path.name + ".runs")
    return len(runs.read_text()) if runs.exists() else 0


@pytest.mark.slow
def test_a_copy_is_executed_once_and_again_when_its_text_changes(tmp_path):
    store = tmp_path / "store"
    path = _notebook(tmp_path / "demo.ipynb", "x = 6 * 7\nx")
    copy, ran = EXECUTED.execute(path, store=store)
    assert ran and copy == store / "en" / "demo.ipynb" and _runs(path) == 1
    nb = nbformat.read(copy, as_version=4)
    assert nb.cells[0].outputs[0]["text"] == "ran\n"
    assert nb.cells[1].outputs[0]["data"]["text/plain"] == "42"
    assert EXECUTED.copy_key(copy) == nb.metadata[EXECUTED.META]["key"]
    assert path.read_bytes() == nbformat.writes(nbformat.read(path, as_version=4)).encode() + b"\n", \
        "the notebook itself is not touched"
    assert EXECUTED.execute(path, store=store) == (copy, False) and _runs(path) == 1
    _notebook(path, "x = 6 * 9\nx")
    assert EXECUTED.execute(path, store=store, keep=True) == (copy, False) and _runs(path) == 1
    assert EXECUTED.execute(path, store=store) == (copy, True) and _runs(path) == 2
    assert nbformat.read(copy, as_version=4).cells[1].outputs[0]["data"]["text/plain"] == "54"


@pytest.mark.slow
def test_two_callers_at_once_get_one_execution(tmp_path):
    store = tmp_path / "store"
    path = _notebook(tmp_path / "shared.ipynb", "import time\ntime.sleep(1)")
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        done = [f.result() for f in [pool.submit(EXECUTED.execute, path, store=store) for _ in range(2)]]
    assert sorted(ran for _, ran in done) == [False, True]
    assert _runs(path) == 1
    assert not [p.name for p in (store / "en").iterdir() if p.name.endswith(".tmp")]


@pytest.mark.slow
def test_a_failing_notebook_is_named_after_the_others_ran(tmp_path):
    store = tmp_path / "store"
    good = _notebook(tmp_path / "good.ipynb")
    bad = _notebook(tmp_path / "bad.ipynb", "raise ValueError('a cell that fails')")
    ran = []
    with pytest.raises(EXECUTED.ExecutionFailed, match=r"(?s)1 notebook\(s\) failed.*bad\.ipynb.*a cell that fails") \
            as info:
        EXECUTED.execute_all([bad, good], store=store, report=ran.append)
    assert isinstance(info.value, RuntimeError)
    assert info.value.copies == {good: store / "en" / "good.ipynb"} and ran == [good]
    assert not (store / "en" / "bad.ipynb").exists()


def test_the_editions_are_kept_apart(tmp_path):
    wythoff = ROOT / "notebooks" / "05_wythoff.ipynb"
    template = next((ROOT / "notebooks" / "templates").glob("*.ipynb"))
    assert EXECUTED.copy_path(wythoff) == EXECUTED.STORE / "en" / "05_wythoff.ipynb"
    assert EXECUTED.copy_path(wythoff, "zh_CN", store=tmp_path) == tmp_path / "zh_CN" / "05_wythoff.ipynb"
    assert EXECUTED.copy_path(template) == EXECUTED.STORE / "en" / "templates" / template.name
    with pytest.raises(ValueError, match="lang"):
        EXECUTED.copy_path(wythoff, "fr")
    # the Chinese copy is executed from the translation
    text = EXECUTED.source_text(wythoff, "zh_CN").decode()
    assert nbformat.reads(text, as_version=4).metadata["language"] == "zh_CN"
    assert EXECUTED.source_text(wythoff) == wythoff.read_bytes()


def test_notebooks_are_translated_from_several_threads_at_once():
    fresh = load_tool("executed_tool_fresh", ROOT / "tools" / "executed.py")   # i18n not loaded yet
    lectures = sorted((ROOT / "notebooks").glob("0[0-3]_*.ipynb"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        texts = list(pool.map(lambda p: fresh.source_text(p, "zh_CN"), lectures))
    assert [nbformat.reads(t.decode(), as_version=4).metadata["language"] for t in texts] == ["zh_CN"] * 4
