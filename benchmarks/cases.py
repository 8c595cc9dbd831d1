"""What the overhead benchmark times, per backend.

For every backend: how to make an input of a shape, how to wait for a result,
and for each *wrapped* standard function the closest native spelling a user
would write instead (same result). Functions bound natively need no row:
their overhead is zero by construction (the attribute is the native function).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Call = Callable[[Any, Any], Any]  # (namespace-or-native module, x) -> result


@dataclass
class BackendCases:
    name: str
    make: Callable[[tuple[int, ...]], Any]
    native: Any
    compat: str | None  # array_api_compat module name, if it supports the backend
    sync: Callable[[Any], Any] | None = None
    # op -> (call through a standard namespace, call through the native library)
    ops: dict[str, tuple[Call, Call]] = field(default_factory=dict)


def numpy_cases() -> BackendCases:
    import numpy as np

    rng = np.random.default_rng(0)
    return BackendCases(
        name="numpy",
        make=rng.standard_normal,
        native=np,
        compat="array_api_compat.numpy",
        ops={
            "sort": (lambda xp, x: xp.sort(x), lambda np_, x: np_.sort(x, kind="stable")),
            "argsort": (lambda xp, x: xp.argsort(x),
                        lambda np_, x: np_.argsort(x, kind="stable")),
            "clip": (lambda xp, x: xp.clip(x, -0.5, 0.5), lambda np_, x: np_.clip(x, -0.5, 0.5)),
            "count_nonzero": (lambda xp, x: xp.count_nonzero(x),
                              lambda np_, x: np_.count_nonzero(x)),
            "diff": (lambda xp, x: xp.diff(x), lambda np_, x: np_.diff(x)),
            "can_cast": (lambda xp, x: xp.can_cast(x.dtype, xp.float32),
                         lambda np_, x: np_.can_cast(x.dtype, np_.float32)),
            "finfo": (lambda xp, x: xp.finfo(x.dtype).eps,
                      lambda np_, x: np_.finfo(x.dtype).eps),
        },
    )


CASES: dict[str, Callable[[], BackendCases]] = {"numpy": numpy_cases}
