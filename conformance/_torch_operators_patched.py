"""Diagnostic pytest plugin for the official suite on ``xport.torch``: the
operators of ``torch.Tensor`` on ``uint16``/``uint32``/``uint64`` (and between
dtypes PyTorch will not promote) go through ``xport.torch``'s functions.

Not a fix: the tensor's operators are PyTorch's, and xport keeps tensors native.
It answers one question: when a test of a *namespace function* fails only
because the suite's own reference code uses those operators (``a[1]*b[2] -
a[2]*b[1]`` in ``test_cross``, ``xp.all(x2 >= 0)`` in ``test_pow``, ``int()`` of
a ``uint64`` above ``2**63``), does the function pass once they work?

    python conformance/run_official.py xport.torch --no-xfails -- \\
        -p conformance._torch_operators_patched
"""

from __future__ import annotations

from typing import Any

import torch

import xport.torch as xp

_SHELLS = frozenset({torch.uint16, torch.uint32, torch.uint64})
_BINARY = {"add": "add", "sub": "subtract", "mul": "multiply", "lt": "less",
           "le": "less_equal", "gt": "greater", "ge": "greater_equal", "eq": "equal",
           "ne": "not_equal", "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
           "pow": "pow", "floordiv": "floor_divide", "mod": "remainder",
           "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift"}
_UNARY = {"__neg__": "negative", "__invert__": "bitwise_invert", "__abs__": "abs"}


def _involved(*values: Any) -> bool:
    return any(isinstance(v, torch.Tensor) and v.dtype in _SHELLS for v in values)


def _binary(original: Any, function: Any, swapped: bool) -> Any:
    def method(self: torch.Tensor, other: Any) -> Any:
        if _involved(self, other):
            return function(other, self) if swapped else function(self, other)
        return original(self, other)
    return method


def _unary(original: Any, function: Any) -> Any:
    def method(self: torch.Tensor) -> Any:
        return function(self) if _involved(self) else original(self)
    return method


def _as_int(original: Any) -> Any:
    def method(self: torch.Tensor) -> Any:
        return int(self.item()) if self.dtype == torch.uint64 else original(self)
    return method


def pytest_configure() -> None:
    for op, name in _BINARY.items():
        for dunder, swapped in ((f"__{op}__", False), (f"__r{op}__", True)):
            original = getattr(torch.Tensor, dunder, None)
            if original is not None:
                setattr(torch.Tensor, dunder, _binary(original, getattr(xp, name), swapped))
    for dunder, name in _UNARY.items():
        setattr(torch.Tensor, dunder, _unary(getattr(torch.Tensor, dunder), getattr(xp, name)))
    for dunder in ("__int__", "__index__"):
        setattr(torch.Tensor, dunder, _as_int(getattr(torch.Tensor, dunder)))
