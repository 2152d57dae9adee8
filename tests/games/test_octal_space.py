"""gamelab.games.octal_space: the sparse space the kernel keeps (exactly the rare heaps)
and the order in which it scans the heaps."""
from __future__ import annotations

import numpy as np
import pytest

from gamelab.games import octal_kernel as K
from gamelab.games import octal_space as S
from gamelab.games.octal_rules import Rules

from gamelab_testing import KERNEL_BACKENDS as BACKENDS


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_state_keeps_exactly_the_rare_heaps(backend):
    rules = Rules.from_code("0.376")
    state = K.SequenceState()
    K.extend(rules, state, 5000, backend=backend)
    assert state.space is not None
    mask, alpha, beta = state.space
    g = state.values[:state.length].astype(np.int64)
    heaps = np.arange(1, state.length)
    parity = np.array([bin(v & mask).count("1") & 1 for v in g[1:]])
    assert state.rare[:state.nrare].tolist() == heaps[parity != (alpha * heaps + beta) % 2].tolist()
    assert state.nrare * 8 <= state.length          # the space is sparse


def test_scan_order_lists_each_heap_once_distinct_values_first():
    g = K.compute_values(Rules.from_code("0.376"), 3000)
    order = S.scan_order(g, 3000)
    assert sorted(order.tolist()) == list(range(1, 3000))
    first = order[:len(set(g[1:].tolist()))]
    assert len(set(g[first].tolist())) == len(first)


def test_a_wider_value_long_ago_is_weighed_in_the_choice_of_space():
    # a value with a bit no recent value has: masks with and without that bit tie on
    # the recent values, and the choice between them is made on every value
    rules = Rules.grundys_game()
    values = np.asarray(K.compute_values(rules, 20_000)).astype(np.int64)
    (mask, alpha, beta), rare = S.choose_space(values, len(values), rules)
    high = 1 << int(values.max()).bit_length()
    heap = int(rare[len(rare) // 2])              # rare for the chosen mask, long ago
    assert heap < len(values) // 4
    values[heap] |= high                          # now common for mask | high
    space, rare_after = S.choose_space(values, len(values), rules)
    assert space == (mask | high, alpha, beta)
    assert len(rare_after) == len(rare) - 1

