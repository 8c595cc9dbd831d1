"""The benchmarks' interleaving: no contender is always timed after the same other one."""

from __future__ import annotations

import itertools
from collections import Counter

from benchmarks._timing import _round_orders


def test_every_contender_runs_after_every_other_alike() -> None:
    names = ["native", "again", "indexing", "xport"]
    after: Counter[tuple[str, str]] = Counter()
    for order in itertools.islice(_round_orders(names), 1200):
        assert sorted(order) == sorted(names)
        after.update(itertools.pairwise(order))
    # 1,200 rounds of 3 neighbours over 12 ordered pairs: 300 each on average.
    # A fixed cycle (rotated or not) has "xport" after "indexing" in nearly
    # every round and never after "again".
    assert set(after) == set(itertools.permutations(names, 2))
    assert min(after.values()) > 200
    assert max(after.values()) < 400


def test_rounds_are_counted_and_repeat_from_run_to_run() -> None:
    first = list(_round_orders(["a", "b", "c"], 7))
    assert len(first) == 7
    assert first == list(_round_orders(["a", "b", "c"], 7))
    assert len({tuple(order) for order in first}) > 1
