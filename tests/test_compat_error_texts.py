"""Error texts that code written on array-api-compat matches keep matching.

Libraries test their input validation with ``pytest.raises(..., match=...)``
on the words array-api-compat's namespaces raise (which are mostly the
libraries' own). Where xport wraps a function, its error keeps words those
patterns look for. The patterns are SciPy's (optimize, stats).
"""

from __future__ import annotations

import pytest
from conformance._backends import available, to_numpy

# SciPy's tests of xp.broadcast_arrays on shapes that do not broadcast.
BROADCAST_FAILURE = "not be broadcast|Attempting to broadcast a dimension of length|" \
                    "Incompatible shapes|Chunks do not add"

BACKENDS = [b for b in available() if b.name != "array_api_strict"]


@pytest.mark.parametrize("target", BACKENDS, ids=str)
def test_broadcast_failures_keep_the_words_compat_users_match(target):
    xp = target.xp
    with pytest.raises((ValueError, RuntimeError), match=BROADCAST_FAILURE):
        arrays = xp.broadcast_arrays(xp.ones(2), xp.ones(3))
        [to_numpy(a) for a in arrays]  # Dask: the failure shows when computed


@pytest.mark.parametrize("target", BACKENDS, ids=str)
def test_broadcast_arrays_still_broadcasts(target):
    xp = target.xp
    a, b = xp.broadcast_arrays(xp.ones((3, 1)), xp.zeros(4))
    assert to_numpy(a).shape == to_numpy(b).shape == (3, 4)
