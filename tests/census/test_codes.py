"""gamelab.census.equivalence: first cousins and standard forms, checked against the values
themselves, and the published corrections to the tables of Winning Ways and Flammenkamp.

The corrections are those of T. Czajka, "Solving octal games"
(https://github.com/tczajka/octal-games, README): Winning Ways' game locator
should map .27 to .26 (rather than .06), and .314 should not map to .31; in
A. Flammenkamp's tables .161 should not map to .36, the first difference of
the two being at heap 519.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab.census import equivalence as C
from gamelab.games.octal_kernel import compute_values
from gamelab.games.octal_rules import Rules
from gamelab_testing import digits_of, plain_values


def values(code, n):
    return compute_values(Rules.from_code(code), n).astype(np.int64)


def shifted(code, n):
    """The first n values of ``code``'s standard form, read from ``code`` itself."""
    s = C.cousin_steps(code)
    return values(code, n + s)[s:]


# -- the published corrections ----------------------------------------------------------

def test_the_locator_should_map_027_to_026_not_006():
    assert C.standard_form("0.27") == C.standard_form("0.26") != C.standard_form("0.06")
    assert C.cousin_steps("0.27") == C.cousin_steps("0.26") == 1
    assert values("0.27", 3000).tolist() == values("0.26", 3000).tolist()
    a, b = values("0.27", 3000), values("0.06", 3000)
    assert not any(np.array_equal(a[k:k + 2000], b[j:j + 2000])   # no offset makes them equal
                   for k in range(3) for j in range(3))


def test_0314_is_not_031():
    assert C.standard_form("0.314") == "0.314" and C.standard_form("0.31") == "0.31"
    a, b = values("0.314", 100), values("0.31", 100)
    assert np.flatnonzero(a != b)[0] == 5


def test_0161_is_not_036_and_they_first_differ_at_heap_519():
    assert C.standard_form("0.161") != C.standard_form("0.36")
    a, b = values("0.161", 3000), values("0.36", 3000)
    assert np.flatnonzero(a != b)[0] == 519


# -- first cousins against the values -------------------------------------------------------

def test_dawsons_kayles_and_chess_are_first_cousins():
    assert [C.first_cousin(c) for c in ("0.4", "0.07", "0.137")] == ["0.07", "0.137", None]
    assert C.first_cousin("4.0") == "0.7" and C.first_cousin(".26") == "0.337"
    a, b = values("0.07", 2001), values("0.137", 2000)
    assert a[0] == 0 and a[1:].tolist() == b.tolist()


@st.composite
def octal_codes(draw):
    d0 = draw(st.sampled_from([0, 4]))
    rest = draw(st.lists(st.integers(0, 7), min_size=0, max_size=5))
    rest[:1] = [draw(st.sampled_from([0, 2, 4, 6]))] if rest else []   # d1 even: a cousin
    return f"{d0}." + ("".join(map(str, rest)) or "0")


@settings(max_examples=60, deadline=None)
@given(octal_codes())
def test_a_first_cousin_has_the_values_one_heap_further_by_a_plain_loop(code):
    cousin = C.first_cousin(code)
    if Rules.from_code(code).digits == (0,):
        assert cousin is None
        return
    a = plain_values(digits_of(code), 301)
    b = plain_values(digits_of(cousin), 300)
    assert a[0] == a[1] == 0 and a[1:].tolist() == b.tolist()
    assert all(d in (0, 1, 3, 7) for d in digits_of(cousin)[1:])


def test_standard_forms_have_d1_odd_and_no_cousin():
    for code in C.codes(3):
        std = C.standard_form(code)
        assert C.first_cousin(std) is None and digits_of(std)[1] % 2 == 1, code
        assert C.standard_form(std) == std and C.cousin_steps(std) == 0


def test_every_member_of_every_three_digit_class_has_the_values_of_its_standard_form():
    n, checked = 2000, 0
    for cls in C.classes(3):
        ref = values(cls.standard_form, n).tolist()
        for code in cls.members:
            s = C.cousin_steps(code)
            mine = values(code, n + s)
            assert not mine[:s].any(), code             # G(n) = 0 below the shift
            assert mine[s:].tolist() == ref, (code, cls.standard_form)
            checked += 1
    assert checked == 575


# -- the enumeration ------------------------------------------------------------------------

@pytest.mark.parametrize("digits", [1, 2, 3, 4])
def test_codes_count_every_code_once(digits):
    found = C.codes(digits)
    assert len(found) == len(set(found)) == 8**digits - 1 + 8**(digits - 1)
    assert all(Rules.from_code(c).code == c for c in found)       # canonical
    assert max(C.code_digits(c) for c in found) == digits and "0.0" not in found
    assert found == sorted(found, key=C.name_key)
    brute = {f"{d0}." + "".join(map(str, ds)) for d0 in (0, 4)
             for k in range(0, digits + 1) for ds in itertools.product(range(8), repeat=k)
             if (not ds or ds[-1]) and k + (d0 == 4) <= digits and (ds or d0 == 4)}
    assert set(found) == {Rules.from_code(c).code for c in brute}


def test_classes_partition_the_codes_and_keep_their_names_as_digits_grow():
    three, four = C.classes(3), C.classes(4)
    assert (len(three), len(four)) == (323, 2435)
    assert sorted(c for cls in three for c in cls.members) == sorted(C.codes(3))
    by_standard = {cls.standard_form: cls for cls in four}
    for cls in three:
        assert cls.code == cls.members[0] == by_standard[cls.standard_form].code
        assert set(cls.members) <= set(by_standard[cls.standard_form].members)
        assert all(C.standard_form(c) == cls.standard_form for c in cls.members)
    dawson = next(cls for cls in three if cls.standard_form == "0.137")
    assert dawson.code == "0.4" and dawson.shift == 2 and "0.07" in dawson.members


# -- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("call, exc, word", [
    (lambda: C.first_cousin(None), TypeError, "code"),
    (lambda: C.first_cousin(0.07), TypeError, "code"),
    (lambda: C.standard_form("0.8"), ValueError, "code"),
    (lambda: C.standard_form("2.7"), ValueError, "code"),
    (lambda: C.cousin_steps(["0.07"]), TypeError, "code"),
    (lambda: C.codes(0), ValueError, "digits"),
    (lambda: C.codes("3"), TypeError, "digits"),
    (lambda: C.classes(3.0), TypeError, "digits"),
    (lambda: C.classes(True), TypeError, "digits"),
    (lambda: C.classes(C.MAX_DIGITS + 1), ValueError, "digits"),
    (lambda: C.code_digits(b"0.7"), TypeError, "code"),
])
def test_bad_input(call, exc, word):
    with pytest.raises(exc, match=word):
        call()
