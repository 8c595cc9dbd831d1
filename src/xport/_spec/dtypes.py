"""Data types of the standard and their kinds, by name."""

from __future__ import annotations

DTYPE_NAMES: tuple[str, ...] = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
)

_SIGNED = frozenset({"int8", "int16", "int32", "int64"})
_UNSIGNED = frozenset({"uint8", "uint16", "uint32", "uint64"})
_REAL = frozenset({"float32", "float64"})
_COMPLEX = frozenset({"complex64", "complex128"})

KIND_MEMBERS: dict[str, frozenset[str]] = {
    "bool": frozenset({"bool"}),
    "signed integer": _SIGNED,
    "unsigned integer": _UNSIGNED,
    "integral": _SIGNED | _UNSIGNED,
    "real floating": _REAL,
    "complex floating": _COMPLEX,
    "numeric": _SIGNED | _UNSIGNED | _REAL | _COMPLEX,
}

BITS: dict[str, int] = {
    "bool": 8, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
    "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64,
    "float32": 32, "float64": 64, "complex64": 64, "complex128": 128,
}

REAL_OF_COMPLEX: dict[str, str] = {"complex64": "float32", "complex128": "float64"}
COMPLEX_OF_REAL: dict[str, str] = {"float32": "complex64", "float64": "complex128"}


def kind_of(name: str) -> str:
    """The narrowest kind ('bool', 'signed integer', 'unsigned integer',
    'real floating', 'complex floating') of the dtype called ``name``."""
    for kind in ("bool", "signed integer", "unsigned integer", "real floating",
                 "complex floating"):
        if name in KIND_MEMBERS[kind]:
            return kind
    raise ValueError(f"{name!r} is not a dtype of the Array API standard")
