"""The standard's type promotion table for two array operands, by dtype name.

Only the pairs the standard defines are present: mixed-kind pairs (bool with
numbers, integers with floats) and uint64 with a signed integer are absent,
because the standard leaves them undefined.
"""

from __future__ import annotations

from .dtypes import BITS, DTYPE_NAMES, kind_of


def _promote(a: str, b: str) -> str | None:
    ka, kb = kind_of(a), kind_of(b)
    if ka == kb:
        return a if BITS[a] >= BITS[b] else b
    if {ka, kb} == {"signed integer", "unsigned integer"}:
        signed, unsigned = (a, b) if ka == "signed integer" else (b, a)
        if BITS[signed] > BITS[unsigned]:
            return signed
        wider = 2 * BITS[unsigned]
        return f"int{wider}" if wider <= 64 else None
    if {ka, kb} == {"real floating", "complex floating"}:
        bits = max(BITS[a] * (1 if ka == "complex floating" else 2),
                   BITS[b] * (1 if kb == "complex floating" else 2))
        return f"complex{bits}"
    return None


def _build() -> dict[tuple[str, str], str]:
    table: dict[tuple[str, str], str] = {}
    for a in DTYPE_NAMES:
        for b in DTYPE_NAMES:
            result = _promote(a, b)
            if result is not None:
                table[a, b] = result
    return table


PROMOTION_TABLE: dict[tuple[str, str], str] = _build()


def promote_names(*names: str) -> str:
    """The result dtype name of promoting ``names`` together; ``TypeError`` when
    the standard does not define the combination."""
    if not names:
        raise TypeError("promote_names() needs at least one dtype name")
    result = names[0]
    for other in names[1:]:
        try:
            result = PROMOTION_TABLE[result, other]
        except KeyError:
            raise TypeError(
                f"the Array API standard defines no promotion of {result} with "
                f"{other}; cast one operand explicitly with astype()"
            ) from None
    return result
