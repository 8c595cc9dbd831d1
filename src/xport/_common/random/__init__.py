"""The engine of ``xport.random``: the portable route.

The Threefry cipher and JAX's samplers written once with the standard's
operations, for any namespace with uint32 arithmetic. Every sampler takes a
:class:`~.target.Target` first: the namespace and its backend's
``RandomHooks``, which say how to carry words (``words``), whether to draw
block by block (``block``, ``blockwise``), whether values may be read
(``reads_values``), whether eager streams may run compiled
(``compiled_stream``), which native ``out=`` functions the float32 steps may
use (``in_place_native``), whether a tracing compiler is running
(``compiling``), whether float32 samplers may come from a table
(``tabulates``) and where a built table is kept (``keeps_table``). No
backend is named here: the backends' folders say all that
(``<lib>/_random.py``, ``<lib>/_backend.py``).

Rooms: ``target`` (the Target), ``words`` (32-bit word carriers),
``threefry`` (the cipher), ``streams`` (counters, blocks, compiled runs),
``budget`` (when a backend specialises a sampler), ``tables`` (float32
samplers as a table of their values),
``keys`` (key, split, fold_in), ``floats`` (words to floats, XLA's
rounding), ``samplers`` (bits ... truncated_normal), ``gammas``, ``erf`` /
``erfinv`` / ``xla_float32`` (the special functions as XLA rounds them), and
``host`` (the route of libraries that draw on the host).

This package is itself a route: a module with ``key``, ``split``, ... (the
functions below), as a backend's ``RandomHooks.route`` is.
"""

from __future__ import annotations

from .gammas import gamma
from .keys import fold_in, key, split
from .samplers import (
    bernoulli,
    bits,
    categorical,
    choice,
    integers,
    normal,
    permutation,
    truncated_normal,
    uniform,
)
from .target import Target

__all__ = ["Target", "bernoulli", "bits", "categorical", "choice", "fold_in", "gamma",
           "integers", "key", "normal", "permutation", "split", "truncated_normal", "uniform"]
