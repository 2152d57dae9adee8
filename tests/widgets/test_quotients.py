"""gamelab.widgets.quotients: the misère quotient explorer, driven headlessly."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import gamelab as gl  # noqa: E402
from gamelab.display import P_COLOUR  # noqa: E402
from gamelab.display import quotient_table  # noqa: E402
from gamelab.display.quotients import CODES, SAFE_MAX_HEAP  # noqa: E402
from gamelab.widgets import Explorer, QuotientExplorer  # noqa: E402


def test_the_table_shows_order_p_portion_phi_and_products():
    q = gl.misere_quotient(gl.TakeAndBreak("0.07"), 12)
    lines = quotient_table("0.07", 12).text.splitlines()
    assert lines[0].startswith("Misère quotient of 0.07 (Dawson's Kayles)")
    assert lines[1] == "|Q| = 12, |P| = 3: P = {a, ac, b²}"
    phi = lines[4].split("|")[1].split()
    assert [s.rstrip("*") for s in phi] == [q.name(q.phi(n)) for n in range(13)]
    assert [s.endswith("*") for s in phi] == [q.in_p(q.phi(n)) for n in range(13)]
    grid = lines[7:]
    assert len(grid) == q.order
    for x, line in enumerate(grid):
        cells = line.split("|")[1].split()
        assert [c.rstrip("*") for c in cells] == [q.name(q.multiply(x, y)) for y in q.elements]
    assert P_COLOUR in quotient_table("0.07", 12).html


def test_the_tame_stretch_is_misere_nim():
    # Dawson's Kayles is tame up to heap 9: its quotient is that of misère Nim on 0, 1, 2, 3
    nim = gl.misere_quotient(gl.TakeAndBreak("0.3333"), 3)
    assert quotient_table("0.07", 9).text.splitlines()[1].startswith(
        f"|Q| = {nim.order}, |P| = {len(nim.p_portion)}")


def test_explorer_follows_its_controls():
    e = QuotientExplorer()
    assert isinstance(e, Explorer) and set(e.controls) == {"code", "max_heap"}
    assert e.kwargs == {"code": "0.07", "max_heap": 12}
    assert e.result == quotient_table("0.07", 12)
    assert e.result.html in e.output.value
    e.controls["max_heap"].value = 20
    assert "|Q| = 24, |P| = 5" in e.result.text
    e.controls["code"].value = "0.77"                  # Kayles: the slider shrinks
    assert e.controls["max_heap"].max == SAFE_MAX_HEAP["0.77"] == e.controls["max_heap"].value
    assert e.result == quotient_table("0.77", SAFE_MAX_HEAP["0.77"])
    e.controls["code"].value = "0.137"
    assert e.controls["max_heap"].max == SAFE_MAX_HEAP["0.137"]
    assert e.result == quotient_table("0.137", SAFE_MAX_HEAP["0.77"])
    assert [o[1] for o in e.controls["code"].options] == list(CODES)


@pytest.mark.parametrize("args, error, word", [
    (("0.7", 5), ValueError, "code"), ((7, 5), TypeError, "code"),
    (("0.07", 0), ValueError, "max_heap"), (("0.07", 21), ValueError, "max_heap"),
    (("0.07", 2.0), TypeError, "max_heap"),
])
def test_bad_input(args, error, word):
    with pytest.raises(error, match=word):
        quotient_table(*args)
    with pytest.raises(error, match=word):
        QuotientExplorer(*args)


def test_fallback_sentence():
    text = QuotientExplorer().fallback_text()
    assert text.startswith("Run the notebook to use this explorer: ") and "Φ" in text
