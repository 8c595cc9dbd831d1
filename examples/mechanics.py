"""Mass-spring mechanics: particles joined by damped springs, stepped in time.

A state is ``(x, v)``: positions and velocities, arrays of shape ``(n, 3)``. A
system (:class:`Springs`) holds the spring endpoints, rest lengths and the
particles' masses; stiffness and damping are arguments, so a loss can be
differentiated with respect to them through a whole simulation
(``xport.autodiff.grad``). Forces are gathered per spring (``take``) and
accumulated per particle with ``xport.segment_sum`` (a scatter-add).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import xport
from xport.scatter import segment_sum

Array = Any


class Springs(NamedTuple):
    """The springs of a system: endpoint indices ``i``, ``j`` (int arrays of
    shape ``(s,)``), rest lengths ``(s,)``, particle masses ``(n,)`` and which
    particles are pinned (bool, ``(n,)``)."""

    i: Array
    j: Array
    rest: Array
    mass: Array
    pinned: Array


def cloth(xp: Any, rows: int, cols: int, spacing: float = 0.1, dtype: Any = None
          ) -> tuple[Array, Array, Springs]:
    """A hanging cloth: a ``rows`` x ``cols`` grid in the x-z plane with
    structural (grid) and shear (diagonal) springs, the top corners pinned.
    Returns ``(x, v, springs)`` in namespace ``xp`` (``dtype``: its default
    real floating dtype unless given)."""
    if dtype is None:
        dtype = xp.__array_namespace_info__().default_dtypes()["real floating"]
    r = xp.reshape(xp.arange(rows * cols), (rows, cols)) // cols
    c = xp.reshape(xp.arange(rows * cols), (rows, cols)) % cols
    x = xp.stack([xp.astype(c, dtype) * spacing, xp.zeros((rows, cols), dtype=dtype),
                  -xp.astype(r, dtype) * spacing], axis=-1)
    x = xp.reshape(x, (rows * cols, 3))
    index = xp.reshape(xp.arange(rows * cols), (rows, cols))
    pairs = [(index[:, :-1], index[:, 1:]), (index[:-1, :], index[1:, :]),
             (index[:-1, :-1], index[1:, 1:]), (index[:-1, 1:], index[1:, :-1])]
    i = xp.concat([xp.reshape(a, (-1,)) for a, _ in pairs])
    j = xp.concat([xp.reshape(b, (-1,)) for _, b in pairs])
    rest = xp.linalg.vector_norm(xp.take(x, j, axis=0) - xp.take(x, i, axis=0), axis=-1)
    flat = xp.arange(rows * cols)
    pinned = (flat == 0) | (flat == cols - 1)
    mass = xp.full((rows * cols,), 0.01, dtype=dtype)
    return x, xp.zeros_like(x), Springs(i, j, rest, mass, pinned)


def spring_forces(x: Array, v: Array, springs: Springs, *, stiffness: Array | float,
                  damping: Array | float) -> Array:
    """The spring force on every particle, ``(n, 3)``: Hooke's law along each
    spring plus damping of the relative velocity along it."""
    xp = xport.namespace_of(x, v)
    d = xp.take(x, springs.j, axis=0) - xp.take(x, springs.i, axis=0)
    length = xp.linalg.vector_norm(d, axis=-1, keepdims=True)
    direction = d / length
    closing = xp.sum((xp.take(v, springs.j, axis=0) - xp.take(v, springs.i, axis=0))
                     * direction, axis=-1, keepdims=True)
    tension = stiffness * (length - springs.rest[:, None]) + damping * closing
    pull = tension * direction  # on i, towards j
    n = x.shape[0]
    return segment_sum(pull, springs.i, n) - segment_sum(pull, springs.j, n)


def step(x: Array, v: Array, springs: Springs, *, stiffness: Array | float,
         damping: Array | float, dt: float, gravity: float = -9.81) -> tuple[Array, Array]:
    """One semi-implicit Euler step: velocities from the forces, then
    positions from the new velocities; pinned particles stay put."""
    xp = xport.namespace_of(x, v)
    force = spring_forces(x, v, springs, stiffness=stiffness, damping=damping)
    zero = xp.zeros_like(springs.mass)
    weight = xp.stack([zero, zero, springs.mass * gravity], axis=-1)
    v = v + dt * (force + weight) / springs.mass[:, None]
    v = xp.where(springs.pinned[:, None], xp.zeros_like(v), v)
    return x + dt * v, v


compiled_step = xport.jit(step, static_argnames=("dt", "gravity"))
""":func:`step` compiled by the backend of its arrays (``xport.jit``: one
compiled step per backend, made at its first call)."""


def simulate(x: Array, v: Array, springs: Springs, *, steps: int, compiled: bool = False,
             **physics: Any) -> tuple[Array, Array]:
    """``steps`` steps of :func:`step` with its keyword arguments ``physics``
    (a Python loop: tracing compilers unroll it); with ``compiled``, each step
    is :data:`compiled_step`."""
    advance = compiled_step if compiled else step
    for _ in range(steps):
        x, v = advance(x, v, springs, **physics)
    return x, v


def energy(x: Array, v: Array, springs: Springs, *, stiffness: Array | float,
           gravity: float = -9.81) -> Array:
    """Kinetic + spring + gravitational energy of a state (a 0-d array)."""
    xp = xport.namespace_of(x, v)
    d = xp.take(x, springs.j, axis=0) - xp.take(x, springs.i, axis=0)
    stretch = xp.linalg.vector_norm(d, axis=-1) - springs.rest
    kinetic = 0.5 * xp.sum(springs.mass * xp.sum(v * v, axis=-1))
    return kinetic + 0.5 * stiffness * xp.sum(stretch * stretch) \
        - gravity * xp.sum(springs.mass * x[:, 2])
