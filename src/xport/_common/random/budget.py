"""When an eager backend specialises a sampler: rent or buy.

A backend may make its eager draws faster at a one-off cost: PyTorch compiles
a stream program with ``torch.compile`` (seconds), NumPy tabulates the float32
normals (``tables.py``: a fraction of a second and 32 MiB). A process that
draws a few numbers never gets that back, so a sampler is specialised only
once its eager draws have taken as long as specialising would (the rent-or-buy
rule, which never spends much more than twice what the better choice in
hindsight would have). ``XPORT_RANDOM_COMPILE`` overrides each backend's
default: a number of seconds, ``always`` (at the first draw) or ``never``.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from typing import Any, Final, TypeVar

_T = TypeVar("_T")

ENVIRONMENT: Final = "XPORT_RANDOM_COMPILE"


def seconds_before_specialising(default: float) -> float:
    """Seconds of eager draws after which a sampler is specialised: the
    environment variable's (``always``: 0, ``never``: infinity), else
    ``default``, the backend's cost of specialising."""
    value = os.environ.get(ENVIRONMENT, "").strip().lower()
    if not value:
        return default
    if value in ("always", "never"):
        return 0.0 if value == "always" else math.inf
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not seconds >= 0.0:
        raise ValueError(f"{ENVIRONMENT} takes 'always', 'never' or a number of seconds "
                         f">= 0; got {value!r}")
    return seconds


class Specialisation:
    """One sampler's eager time so far, and what specialising made of it
    (``made``: ``None`` until then)."""

    __slots__ = ("made", "spent")

    def __init__(self) -> None:
        self.spent = 0.0
        self.made: Any = None

    def made_once_paid(self, budget: float, make: Callable[[], Any]) -> Any:
        """``made``, made by ``make()`` once the eager draws have taken
        ``budget`` seconds; ``None`` before."""
        if self.made is None and self.spent >= budget:
            self.made = make()
        return self.made

    def timed(self, draw: Callable[[], _T]) -> _T:
        """``draw()``, its time counted towards the budget."""
        began = time.perf_counter()
        out = draw()
        self.spent += time.perf_counter() - began
        return out
