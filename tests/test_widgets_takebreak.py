"""The octal-game explorer and the play widget on take-and-break games, headless."""
from __future__ import annotations

import pytest

import gamelab as gl
from gamelab.display import board_html, octal_report, octal_sequence_table, period_sentence
from gamelab.widgets import OctalExplorer, PlayWidget


def test_sequence_table_matches_the_game():
    t = octal_sequence_table("0.77", 24)
    assert t.text.splitlines()[0] == "Grundy values of octal game 0.77"
    values = gl.Kayles().grundy_sequence(24).tolist()
    row = t.text.splitlines()[2].split("|")[1].split()
    assert [int(v) for v in row] == values[:20]
    assert 'class="gamelab-table"' in t.html


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


@pytest.mark.parametrize("bad", ["0.8", "", "0.x7", "1.2.3", "2.7"])
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


def test_period_sentence_for_an_unproven_game():
    assert period_sentence("0.6", limit=500).startswith("No period is proven from the first 500")


def test_play_widget_on_kayles_uses_collections_of_heaps():
    w = PlayWidget(gl.Kayles(), 7)
    assert w.winning() == gl.winning_moves(gl.Kayles(), 7)
    w.play((3, 3))                       # the symmetric reply: gamelab cannot win now
    assert w.history[0] == (7, (3, 3), "you")
    assert w.position in gl.Kayles().options(w.history[0][1])   # the game's own positions
    while w.winner is None:              # keep copying gamelab's move in the other row
        before = w.position
        moves = w.legal_moves()
        good = gl.winning_moves(gl.Kayles(), before)
        assert good, before              # we always have a winning move
        w.play(good[0])
    assert w.winner == "you"


def test_play_widget_labels_and_pictures():
    k = gl.Kayles()
    assert k.move_label(7, (3, 3)) == "take 1 → 3 + 3"
    assert k.move_label(2, ()) == "take 2, nothing left"
    assert k.move_label((3, 4), (1, 1, 4)) == "→ 1 + 1 + 4"
    assert gl.GrundysGame().move_label(7, (1, 6)) == "split → 1 + 6"
    assert board_html(k, k.heaps(2, 3)).count("♟") == 5
    assert "no pins" in board_html(k, k.heaps())


def test_dropdown_can_pick_the_same_classic_again():
    e = OctalExplorer("0.77", 30, plot=False)
    e.named.value = "0.07"
    assert e.kwargs["code"] == "0.07"
    e.controls["code"].value = "0.6"
    assert e.named.value == ""
    e.named.value = "0.07"
    assert e.kwargs["code"] == "0.07" and "octal code 0.07" in e.output.value


@pytest.mark.parametrize("call, exc, word", [
    (lambda: octal_sequence_table("0.8", 10), ValueError, "code"),
    (lambda: octal_sequence_table(None, 10), TypeError, "code"),
    (lambda: octal_sequence_table("0.77", -1), ValueError, "n"),
    (lambda: octal_sequence_table("0.77", 2.5), TypeError, "n"),
    (lambda: period_sentence("1.2.3"), ValueError, "code"),
    (lambda: period_sentence("0.77", limit=None), TypeError, "limit"),
    (lambda: OctalExplorer(77), TypeError, "code"),
    (lambda: OctalExplorer("0.77", n=5), ValueError, "n"),
    (lambda: OctalExplorer("0.77", n=True), TypeError, "n"),
    (lambda: OctalExplorer("0.77", n=100, plot="yes"), TypeError, "plot"),
])
def test_bad_input(call, exc, word):
    with pytest.raises(exc, match=word):
        call()


def test_malformed_code_at_start_shows_an_error():
    e = OctalExplorer("0.8", 30, plot=False)
    assert "Not an octal code" in e.output.value
