"""Small timing helpers: best-of-N per-call time in microseconds."""

from __future__ import annotations

import timeit
from collections.abc import Callable
from typing import Any


def best_us(fn: Callable[[], Any], *, repeat: int = 7, min_time: float = 0.05,
            sync: Callable[[Any], Any] | None = None) -> float:
    """Best per-call time of ``fn`` over ``repeat`` runs of at least ``min_time``
    seconds each. ``sync`` (e.g. ``block_until_ready``) is applied to each
    result, so asynchronous backends are timed to completion."""
    call = (lambda: sync(fn())) if sync is not None else fn
    call()  # warm up (compilation, caches)
    number = 1
    while True:
        elapsed = timeit.timeit(call, number=number)
        if elapsed >= min_time or number >= 1 << 22:
            break
        number *= 2
    runs = timeit.repeat(call, number=number, repeat=repeat)
    return min(runs) / number * 1e6


def table(rows: list[dict[str, Any]], columns: list[tuple[str, str]]) -> str:
    """Render ``rows`` as a fixed-width text table with ``(key, header)`` columns."""
    def cell(value: Any) -> str:
        if isinstance(value, float):
            return f"{value:.3f}" if abs(value) < 100 else f"{value:.1f}"
        return "-" if value is None else str(value)

    rendered = [[cell(row.get(key)) for key, _ in columns] for row in rows]
    widths = [max(len(header), *(len(r[i]) for r in rendered)) if rendered else len(header)
              for i, (_, header) in enumerate(columns)]
    lines = ["  ".join(h.ljust(w) for (_, h), w in zip(columns, widths, strict=True)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rendered]
    return "\n".join(lines)
