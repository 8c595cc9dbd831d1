"""Reading a native function's signature: which keywords it takes, and the
signature a wrapper that adds the standard's ``device`` keyword presents."""

from __future__ import annotations

import inspect
from typing import Any


def accepts(func: Any, keyword: str) -> bool:
    """Whether ``func``'s signature has a parameter ``keyword`` (False for a
    builtin without an introspectable signature)."""
    try:
        return keyword in inspect.signature(func).parameters
    except (TypeError, ValueError):
        return False


def with_device(native: Any) -> inspect.Signature | None:
    """``native``'s signature without its ``**kwargs`` and with the standard's
    keyword-only ``device=None`` (added where it has none); None where
    ``native`` has no signature to read."""
    try:
        signature = inspect.signature(native)
    except ValueError:
        return None
    params = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    if "device" not in signature.parameters:
        params.append(inspect.Parameter("device", inspect.Parameter.KEYWORD_ONLY,
                                        default=None))
    return signature.replace(parameters=params)
