"""gamelab.census.solve: one class of the census, against periods proven directly for
each member and against the published periods (Flammenkamp's table of octal games;
0.16 and 0.56 are Gangolli and Plambeck's, 1989)."""
from __future__ import annotations

import pytest

from gamelab.census import classes, cousin_steps, solve
from gamelab.games.octal_proof import prove_period
from gamelab.games.octal_rules import Rules
from gamelab.periodicity import needed_length

#: (code, (preperiod, period)) as published, and already tests of gamelab's octal games
PUBLISHED = [("0.77", (71, 12)), ("0.07", (53, 34)), ("0.137", (52, 34)),
             ("0.156", (3479, 349)), ("0.644", (3256, 442)), ("0.165", (5181, 1550)),
             ("0.356", (7315, 142)), ("0.127", (46578, 4)), ("0.16", (105351, 149459)),
             ("0.56", (326640, 144))]


def class_of(code, digits=3):
    return next(c for c in classes(digits) if code in c.members)


def member_period(row, code):
    """The (preperiod, period) of another member, from the row of its class."""
    e, p = row["standard_preperiod"], row["period"]
    assert e > 0                                   # (true of every published period here)
    return e + cousin_steps(code), p


@pytest.mark.parametrize("code, expected", PUBLISHED, ids=[c for c, _ in PUBLISHED])
def test_published_periods(code, expected):
    row = solve(class_of(code), 2**20)
    assert member_period(row, code) == expected
    assert row["status"] == ("trivial" if needed_length(*expected, Rules.from_code(code).t)
                             <= 1000 else "solved")


def test_every_two_digit_class_agrees_with_a_direct_proof_for_its_name():
    for cls in classes(2):
        row = solve(cls, 3000)
        direct = prove_period(Rules.from_code(cls.code), 3000 + cls.shift)
        if row["status"] == "open":
            assert direct is None or needed_length(*direct, Rules.from_code(cls.code).t) > 3000
            continue
        assert (row["preperiod"], row["period"]) == direct, cls
        assert row["shift"] == cls.shift and row["members"] == cls.members


def test_a_period_from_heap_0_is_shifted_exactly():
    # 0.3: G = 0, 1, 0, 1, ... from heap 0; its cousin 0.2 gets one more 0 in front
    row = solve(class_of("0.2"), 1000)
    assert (row["standard_form"], row["standard_preperiod"], row["period"]) == ("0.3", 0, 2)
    assert row["code"] == "0.2" and row["preperiod"] == 1 == prove_period(
        Rules.from_code("0.2"), 1000)[0]


def test_open_games_stay_open_and_report_their_rare_heaps():
    row = solve(class_of("0.6"), 2**16)        # Officers: no period known
    assert row["status"] == "open" and row["preperiod"] is None
    assert row["computed"] == 2**16 and 0 < row["rare_count"] < 2**16 // 8
    assert row["last_rare"] < row["computed"] and row["largest"] > 200


def test_a_time_limit_stops_a_class_early():
    row = solve(class_of("0.6"), 2**26, seconds=0.001)
    assert row["status"] == "open" and row["computed"] < 2**26
    assert row["time_limit"] == 0.001 and row["value_limit"] == 2**26


@pytest.mark.parametrize("args, exc, word", [
    ((class_of("0.77"), -1), ValueError, "limit"),
    ((class_of("0.77"), 0), ValueError, "limit"),
    ((class_of("0.77"), "2**20"), TypeError, "limit"),
    ((class_of("0.77"), 100, -1.0), ValueError, "seconds"),
    ((class_of("0.77"), 100, "5"), TypeError, "seconds"),
    ((class_of("0.77"), 100, float("nan")), ValueError, "seconds"),
])
def test_bad_input(args, exc, word):
    with pytest.raises(exc, match=word):
        solve(*args)
