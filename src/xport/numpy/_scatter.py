"""NumPy's part of ``xport.at`` and the segment reductions: fancy assignment
for ``set``, ``ufunc.at`` (unbuffered, so duplicate indices accumulate) for the
rest (``_common/numpylike/scatter``, bound to NumPy)."""

from __future__ import annotations

import numpy as np

from .._common.numpylike.scatter import make_segment, make_update

MUTABLE = True

update = make_update(np, "a numpy.ndarray, not a NumPy scalar")
segment = make_segment(np)
