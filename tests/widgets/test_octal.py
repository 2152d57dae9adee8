"""gamelab.widgets.octal: the octal-game explorer, headless."""
from __future__ import annotations

import pytest

from gamelab.display import octal_report, octal_sequence_table
from gamelab.widgets import OctalExplorer


def test_explorer_recomputes_on_code_and_slider():
    e = OctalExplorer("0.77", 40, plot=False)
    assert octal_sequence_table("0.77", 40).html in e.output.value
    assert "least period 12" in e.output.value
    e.controls["code"].value = "0.07"
    assert octal_sequence_table("0.07", 40).html in e.output.value
    assert "least preperiod 53, least period 34" in e.output.value
    assert "octal code 0.07" in e.output.value
    e.controls["n"].value = 70
    assert octal_sequence_table("0.07", 70).text in e.result.text
    assert e.result == octal_report("0.07", 70, plot=False)


def test_the_table_shows_at_most_100_heaps_and_the_plot_all():
    e = OctalExplorer("0.07", 300)
    assert octal_sequence_table("0.07", 100).html in e.output.value
    assert "octal game 0.07: G(n) against n" in e.output.value


def test_explorer_dropdown_sets_the_code():
    e = OctalExplorer("0.77", 30, plot=False)
    e.named.value = "0.137"
    assert e.kwargs["code"] == "0.137"
    assert "least preperiod 52, least period 34" in e.output.value


@pytest.mark.parametrize("bad", ["0.Z", "", "0.x7", "1.2.3", "2.7"])
def test_explorer_shows_an_error_for_malformed_codes(bad):
    e = OctalExplorer("0.77", 30, plot=False)
    e.controls["code"].value = bad
    assert "Not an octal code" in e.output.value and "code" in e.output.value
    assert "gamelab-table" not in e.output.value
    e.controls["code"].value = "0.77"
    assert "Not an octal code" not in e.output.value


def test_explorer_with_plot_embeds_an_svg():
    e = OctalExplorer("0.07", 60)
    assert '<svg class="gamelab-svg"' in e.output.value
    assert e.widget.children[-1] is e.output


def test_dropdown_can_pick_the_same_classic_again():
    e = OctalExplorer("0.77", 30, plot=False)
    e.named.value = "0.07"
    assert e.kwargs["code"] == "0.07"
    e.controls["code"].value = "0.6"
    assert e.named.value == ""
    e.named.value = "0.07"
    assert e.kwargs["code"] == "0.07" and "octal code 0.07" in e.output.value


@pytest.mark.parametrize("call, exc, word", [
    (lambda: OctalExplorer(77), TypeError, "code"),
    (lambda: OctalExplorer("0.77", n=5), ValueError, "n"),
    (lambda: OctalExplorer("0.77", n=True), TypeError, "n"),
    (lambda: OctalExplorer("0.77", n=100, plot="yes"), TypeError, "plot"),
])
def test_bad_input(call, exc, word):
    with pytest.raises(exc, match=word):
        call()


def test_malformed_code_at_start_shows_an_error():
    e = OctalExplorer("0.Z", 30, plot=False)
    assert "Not an octal code" in e.output.value
