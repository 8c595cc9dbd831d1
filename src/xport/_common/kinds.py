"""``isdtype``: dtype kinds by the standard's names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .._spec.dtypes import KIND_MEMBERS

# The standard's kind of a dtype by NumPy's one-letter ``dtype.kind`` (for the
# dtypes of NumPy-like libraries outside the standard, such as float16).
KIND_OF_LETTER: dict[str, str] = {"f": "real floating", "c": "complex floating",
                                  "i": "signed integer", "u": "unsigned integer", "b": "bool"}


def contains(kind: str, base: str) -> bool:
    """Whether every dtype of kind ``base`` is of kind ``kind``."""
    return KIND_MEMBERS[base] <= KIND_MEMBERS[kind]


def _never(dtype: Any) -> str | None:
    return None


def make_isdtype(name_of: Callable[[Any], str | None],
                 kind_of_other: Callable[[Any], str | None] = _never, *,
                 dtypes: Mapping[str, Any] | None = None) -> Callable[[Any, Any], bool]:
    """``isdtype`` for a backend whose dtype objects ``name_of`` maps to their
    standard names (``None`` for dtypes outside the standard). A dtype outside
    the standard belongs to the kinds that contain ``kind_of_other(dtype)``
    (``"real floating"`` for float16 and bfloat16, ``"complex floating"``,
    ...; ``None``: to no kind), as in NumPy's own ``isdtype`` and
    array-api-compat.

    ``dtypes`` (standard name -> the backend's dtype object) answers the
    common call, one of those dtypes and a kind's name, from each kind's
    dtype objects."""
    # Dicts, not sets: torch.compile guards a membership test in a dict by its
    # one key, in a set by comparing the whole set on every call.
    by_kind: dict[str, dict[Any, bool]] = {}
    standard: dict[Any, bool] = {}
    classes: tuple[type, ...] = ()
    if dtypes is not None:
        by_kind = {kind: {dtypes[n]: True for n in names if n in dtypes}
                   for kind, names in KIND_MEMBERS.items()}
        standard = dict.fromkeys(dtypes.values(), True)
        classes = tuple({type(d) for d in dtypes.values()})

    def is_kind(dtype: Any, kind: Any) -> bool:
        if isinstance(kind, str):
            members = KIND_MEMBERS.get(kind)
            if members is None:
                raise ValueError(f"isdtype(): unknown kind {kind!r}; expected a dtype or one "
                                 f"of {', '.join(repr(k) for k in sorted(KIND_MEMBERS))}")
            name = name_of(dtype)
            if name is not None:
                return name in members
            base = kind_of_other(dtype)
            return base is not None and contains(kind, base)
        return bool(dtype == kind)

    def isdtype(dtype: Any, kind: Any) -> bool:
        """Whether ``dtype`` is the dtype ``kind``, belongs to the kind named
        ``kind`` ('bool', 'signed integer', 'unsigned integer', 'integral',
        'real floating', 'complex floating', 'numeric'), or to any of a tuple of
        them.

        Deviation fixed: the library has no ``isdtype``.
        """
        if type(kind) is str and isinstance(dtype, classes) and dtype in standard:
            members = by_kind.get(kind)
            if members is not None:
                return dtype in members
        if isinstance(kind, tuple):
            return any(is_kind(dtype, k) for k in kind)
        return is_kind(dtype, kind)

    return isdtype
