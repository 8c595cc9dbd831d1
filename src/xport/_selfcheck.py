"""A short computation written once against the standard, run through every
installed backend by ``python -m xport``."""

from __future__ import annotations

from typing import Any


def computation(xp: Any) -> dict[str, float]:
    """Softmax, a linear solve, a sort, a cumulative sum, an FFT (where the
    namespace has the extension: MXNet's has not) and a reduction over
    integers: a few results as Python floats."""
    x = xp.reshape(xp.arange(12, dtype=xp.float32), (3, 4)) / 11.0
    shifted = xp.exp(x - xp.max(x, axis=1, keepdims=True))
    softmax = shifted / xp.sum(shifted, axis=1, keepdims=True)
    gram = xp.matmul(x, xp.matrix_transpose(x)) + 3.0 * xp.eye(3, dtype=xp.float32)
    solution = xp.linalg.solve(gram, xp.ones(3, dtype=xp.float32))
    ordered = xp.sort(xp.sin(x * 7.0), axis=1, descending=True)
    running = xp.cumulative_sum(xp.asarray([3, 1, 2], dtype=xp.int32), include_initial=True)
    found = {
        "softmax[1, 2]": float(softmax[1, 2]),
        "solve[0]": float(solution[0]),
        "sort[2, 0]": float(ordered[2, 0]),
        "cumulative_sum[-1]": float(running[-1]),
        "std": float(xp.std(x, correction=1)),
        "count_nonzero": float(xp.count_nonzero(x > 0.5)),
    }
    if hasattr(xp, "fft"):
        spectrum = xp.abs(xp.fft.rfft(xp.cos(xp.linspace(0.0, 6.0, 16, dtype=xp.float32))))
        found["rfft max"] = float(xp.max(spectrum))
    return found


def compare(results: dict[str, dict[str, float]], rtol: float = 1e-4) -> dict[str, list[str]]:
    """Per backend, the names of results that differ from the first backend's."""
    if not results:
        return {}
    reference = next(iter(results.values()))
    problems: dict[str, list[str]] = {}
    for backend, values in results.items():
        bad = [key for key, value in values.items()
               if abs(value - reference[key]) > rtol * max(1.0, abs(reference[key]))]
        problems[backend] = bad
    return problems
