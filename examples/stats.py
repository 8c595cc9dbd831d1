"""Statistics in the style of SciPy: kernel density estimates, robust
regression by L-BFGS (gradients from ``xport.autodiff``) and bootstrap
confidence intervals (resampling with ``xport.random``)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import xport
import xport.random as xr
from xport.autodiff import value_and_grad

Array = Any


def gaussian_kde(samples: Array, points: Array, bandwidth: float) -> Array:
    """The Gaussian kernel density estimate of 1-d ``samples`` at ``points``."""
    xp = xport.namespace_of(samples, points)
    z = (points[:, None] - samples[None, :]) / bandwidth
    norm = samples.shape[0] * bandwidth * math.sqrt(2 * math.pi)
    return xp.sum(xp.exp(-0.5 * z * z), axis=1) / norm


def huber_loss(beta: Array, features: Array, y: Array, delta: float = 1.0) -> Array:
    """Mean Huber loss of the linear model ``features @ beta`` (quadratic
    within ``delta`` of ``y``, linear beyond)."""
    xp = xport.namespace_of(beta, features, y)
    # xp.matmul, not @: TensorFlow's operator takes no 1-d operand.
    r = xp.abs(xp.matmul(features, beta) - y)
    return xp.mean(xp.where(r <= delta, 0.5 * r * r, delta * (r - 0.5 * delta)))


def lbfgs(f: Callable[[Array], Array], x0: Array, *, steps: int = 50, memory: int = 8,
          tol: float = 1e-10) -> Array:
    """Minimise ``f`` (a real scalar function of a 1-d array) from ``x0`` by
    L-BFGS with a backtracking (Armijo) line search. Eager: the loop reads
    values (``float``), as SciPy's does."""
    xp = xport.namespace_of(x0)
    fg = value_and_grad(f)
    x = x0
    value, g = fg(x)
    history: list[tuple[Array, Array, Array]] = []
    for _ in range(steps):
        # Two-loop recursion: the search direction -H g.
        q, alphas = g, []
        for s, yk, rho in reversed(history):
            alpha = rho * xp.vecdot(s, q)
            alphas.append(alpha)
            q = q - alpha * yk
        if history:
            s, yk, _ = history[-1]
            q = q * (xp.vecdot(s, yk) / xp.vecdot(yk, yk))
        for (s, yk, rho), alpha in zip(history, reversed(alphas), strict=True):
            q = q + s * (alpha - rho * xp.vecdot(yk, q))
        direction = -q
        slope = float(xp.vecdot(g, direction))
        if slope >= 0:  # not a descent direction: restart from the gradient
            history.clear()
            direction, slope = -g, -float(xp.vecdot(g, g))
        step = 1.0
        while True:
            candidate = x + step * direction
            new_value, new_g = fg(candidate)
            if float(new_value) <= float(value) + 1e-4 * step * slope or step < 1e-10:
                break
            step *= 0.5
        s, yk = candidate - x, new_g - g
        curvature = float(xp.vecdot(s, yk))
        if curvature > 1e-12:
            history.append((s, yk, 1.0 / xp.vecdot(s, yk)))
            del history[:-memory]
        x, g, converged = candidate, new_g, abs(float(value) - float(new_value)) < tol
        value = new_value
        if converged:
            break
    return x


def robust_regression(features: Array, y: Array, delta: float = 1.0, steps: int = 100
                      ) -> Array:
    """Huber regression coefficients of ``y`` on ``features`` (one row per
    observation; L-BFGS from zero)."""
    xp = xport.namespace_of(features, y)
    beta0 = xp.zeros((features.shape[1],), dtype=features.dtype)
    return lbfgs(lambda beta: huber_loss(beta, features, y, delta), beta0, steps=steps)


def bootstrap_mean_interval(key: Array, x: Array, resamples: int = 1000,
                            level: float = 0.95) -> tuple[Array, Array]:
    """A percentile bootstrap interval for the mean of 1-d ``x``: ``resamples``
    resamplings with replacement drawn from ``key`` (the same numbers on every
    backend)."""
    xp = xport.namespace_of(x)
    n = x.shape[0]
    picks = xr.integers(key, (resamples, n), 0, n)
    resampled = xp.reshape(xp.take(x, xp.reshape(picks, (-1,)), axis=0), (resamples, n))
    means = xp.sort(xp.mean(resampled, axis=1))
    lo = math.floor((1 - level) / 2 * (resamples - 1))
    hi = math.ceil((1 + level) / 2 * (resamples - 1))
    return means[lo], means[hi]
