"""The census of hexadecimal codes (gamelab.census.hexadecimal).

The shipped table is what ``hex_census`` computes (a sample in the fast tier, every
code in the slow one); the codes are listed from the digit rules here; every proven
row holds on the values of the general engine well past what its proof read, and a
"seen" row is never called proven; the text round-trips and bad input is refused.
"""
from __future__ import annotations

import itertools

import pytest

import gamelab as gl
from gamelab import census
from gamelab.games.octal_rules import Rules
from gamelab.games.tb_sequence import GeneralState, extend

SAMPLE = ["0.8", "0.9", "0.B", "0.F8", "0.28", "0.A8", "0.3F", "0.E", "0.0B"]


@pytest.fixture(scope="module")
def shipped():
    return {row.code: row for row in census.hex_table()}


def test_the_codes_are_every_hexadecimal_code_of_one_or_two_digits():
    digits = "0123456789ABCDEF"
    expected = {f"0.{d}" for d in digits[8:]} | {
        f"0.{a}{b}" for a, b in itertools.product(digits, digits[1:])
        if max(int(a, 16), int(b, 16)) >= 8}
    codes = census.hex_codes(2)
    assert len(codes) == len(set(codes)) == len(expected) == 192
    assert set(codes) == expected
    assert census.hex_codes(1) == codes[:8]
    assert all(Rules.from_code(c).family == "hexadecimal" for c in codes)


@pytest.mark.parametrize("code", SAMPLE)
def test_the_shipped_row_is_what_the_census_computes(code, shipped):
    assert census.hex_solve(code) == shipped[code]


@pytest.mark.slow
def test_the_whole_shipped_table_is_what_the_census_computes(shipped):
    assert census.hex_census(2) == [shipped[c] for c in census.hex_codes(2)]


def test_every_proven_row_holds_past_its_proof(shipped):
    for row in shipped.values():
        if row.status not in ("periodic", "arithmetic"):
            assert row.theorem is None and row.read is None, row
            continue
        assert (row.saltus > 0) == (row.status == "arithmetic"), row
        assert row.theorem == ("three heaps" if row.saltus else "Guy–Smith"), row
        state = GeneralState()
        extend(Rules.from_code(row.code), state, max(3 * row.read, 120))
        g = state.values
        e, p, s = row.preperiod, row.period, row.saltus
        assert all(g[n + p] == g[n] + s for n in range(e, len(g) - p)), row.code


def test_a_seen_row_shows_its_repetition_and_an_open_row_none(shipped):
    statuses = {r.status for r in shipped.values()}
    assert statuses == set(census.HEX_STATUSES)
    row = shipped["0.F8"]
    assert (row.status, row.preperiod, row.period, row.saltus) == ("seen", 7, 6, 4)
    state = GeneralState()
    extend(Rules.from_code("0.F8"), state, row.computed)
    g = state.values
    assert all(g[n + 6] == g[n] + 4 for n in range(7, len(g) - 6))
    assert g[6 + 6] != g[6] + 4
    opened = shipped["0.E"]
    assert opened.status == "open" and opened.period is None and opened.computed == 1000


def test_the_text_round_trips_and_a_foreign_text_is_refused(shipped):
    rows = list(shipped.values())
    assert census.read_hex_table(census.hex_export(rows)) == rows
    with pytest.raises(ValueError, match="not a hexadecimal census table"):
        census.read_hex_table("code\tstatus\n0.8\topen\n")
    with pytest.raises(TypeError, match="text"):
        census.read_hex_table(b"code")


def test_the_markdown_counts_every_status(shipped):
    text = census.hex_markdown(shipped.values())
    counts = {s: sum(r.status == s for r in shipped.values()) for s in census.HEX_STATUSES}
    assert text.endswith(f"192 codes: {counts['periodic']} periodic, {counts['arithmetic']} "
                         f"arithmetic, {counts['seen']} seen, {counts['open']} open.")
    assert text.count("\n| 0.") == counts["arithmetic"]
    with pytest.raises(ValueError, match="status"):
        census.hex_markdown([], "solved")


@pytest.mark.parametrize("code, error, words", [
    ("0.77", ValueError, "octal"), ("4!.0", ValueError, "take-and-break"),
    (8, TypeError, "code"), ("0.G", ValueError, "hexadecimal codes")])
def test_bad_codes_are_refused(code, error, words):
    with pytest.raises(error, match=words):
        census.hex_solve(code)


@pytest.mark.parametrize("limit, error", [(10, ValueError), (10**6, ValueError),
                                          ("1000", TypeError)])
def test_bad_limits_are_refused(limit, error):
    with pytest.raises(error, match="limit"):
        census.hex_solve("0.8", limit)


def test_a_row_does_not_depend_on_what_was_computed_before(shipped):
    """The census computes each code afresh: values the shared sequence of a game already
    holds (here 0.8's first 900) change neither ``computed`` nor ``largest``."""
    gl.TakeAndBreak("0.8").grundy_sequence(900, tile=False)
    gl.TakeAndBreak("0.F8").grundy_sequence(900, tile=False)
    assert census.hex_solve("0.8") == shipped["0.8"]
    assert census.hex_solve("0.F8") == shipped["0.F8"]
