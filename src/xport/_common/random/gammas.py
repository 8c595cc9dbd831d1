"""Gamma draws: the Marsaglia-Tsang rejection steps of ``jax.random.gamma``.

Every element runs the rejection loop with its own key (``split(key, size)``),
in lockstep. Where array values may be read (the backend's
``RandomHooks.reads_values``), the loops run until every element is accepted,
as JAX's do; elsewhere (traced code, arrays off the host) they run a fixed
number of rounds, every round's draws stacked for a small graph.
"""

from __future__ import annotations

import math
from typing import Any, Final

from .erfinv import sqrt2_erfinv
from .floats import above_minus_one, bound, exact_product, float_kind, scale, unit
from .keys import KeyWords, encrypt, key_words
from .streams import draw_size
from .target import Target
from .words import Words, words_for
from .xla_float32 import gathers, takes_in_place

# Rounds of the rejection loops where values cannot be read (see the hooks'
# ``reads_values``): an element still rejected after them keeps a rejected
# proposal. At a = 1, the worst case, a round rejects with probability < 0.05
# and an inner proposal fails (v <= 0) with probability 0.0072, so that
# happens with probability < 1e-12 per element.
_GAMMA_ROUNDS: Final = 10
_PROPOSAL_ROUNDS: Final = 6


def _split_each(w: Words, kw: KeyWords, num: int) -> list[KeyWords]:
    """``split(k, num)`` for every key of the arrays ``kw``: ``num`` key pairs."""
    device = w.target.device_of(kw[0])
    return [encrypt(w, kw, w.const(i, device)) for i in range(num)]


def _split_stacked(w: Words, kw: KeyWords, num: int) -> KeyWords:
    """``split(k, num)`` for every key of ``kw``, stacked on a new leading axis."""
    xp = w.xp
    device = w.target.device_of(kw[0])
    counters = xp.reshape(w.iota(0, num, device), (num,) + (1,) * kw[0].ndim)
    return encrypt(w, kw, counters)


def _unit_each(w: Words, kw: KeyWords, kind: str) -> Any:
    """A shape-() uniform [0, 1) draw from every key of ``kw``."""
    return unit(w, kw, w.const(0, w.target.device_of(kw[0])), kind)


def _normal_each(w: Words, kw: KeyWords, kind: str) -> Any:
    """A shape-() standard normal draw from every key of ``kw``."""
    xp = w.xp
    dtype = getattr(xp, kind)
    device = w.target.device_of(kw[0])
    lowest = above_minus_one(kind)
    u = scale(w.target, _unit_each(w, kw, kind), bound(xp, lowest, dtype, device),
              bound(xp, 1.0, dtype, device), exact_product(lowest, 1.0))
    return sqrt2_erfinv(w.target, u, open_interval=True, gather=gathers(w.target, u))


def _log_or_minus_inf(xp: Any, x: Any) -> Any:
    """``log(x)``, and -inf where ``x <= 0`` (there the callers' comparisons
    come out as with JAX's -inf or NaN) without the divide-by-zero warnings
    that NumPy gives for ``log(0)``."""
    positive = x > 0.0
    return xp.where(positive, xp.log(xp.where(positive, x, 1.0)), -math.inf)


def _first(xp: Any, where: Any, *arrays: Any) -> list[Any]:
    """Each array's entry at the first True of ``where`` along axis 0 (entry 0
    where there is none)."""
    index = xp.argmax(xp.astype(where, xp.int8), axis=0, keepdims=True)
    return [xp.take_along_axis(a, index, axis=0)[0, ...] for a in arrays]


class _Gamma:
    """The Marsaglia-Tsang steps of ``jax.random.gamma`` for flat arrays of keys
    and shapes ``a`` (boosted to ``a + 1`` below 1)."""

    def __init__(self, w: Words, kind: str, alpha: Any) -> None:
        xp = self.xp = w.xp
        self.w, self.kind = w, kind
        self.d = alpha - 1.0 / 3.0
        self.c = (1.0 / 3.0) / xp.sqrt(self.d)

    def rejected(self, d: Any, x2: Any, v3: Any, u: Any) -> Any:
        xp = self.xp
        # (v3 <= 0 only if every proposal of a fixed-round inner loop failed.)
        return (((u >= 1.0 - 0.0331 * (x2 * x2))
                 & (_log_or_minus_inf(xp, u)
                    >= x2 * 0.5 + d * ((1.0 - v3) + _log_or_minus_inf(xp, v3))))
                | (v3 <= 0.0))

    def looped(self, kw: KeyWords) -> Any:
        """``v**3`` of the accepted proposals, looping until every element is
        accepted (where values can be read)."""
        xp, w, kind = self.xp, self.w, self.kind
        x2 = xp.zeros_like(self.d)
        v3 = xp.ones_like(self.d)
        u = xp.full_like(self.d, 2.0)
        active = self.rejected(self.d, x2, v3, u)
        while bool(xp.any(active)):
            kept_kw, proposal_kw, u_kw = _split_each(w, kw, 3)
            x = xp.zeros_like(self.d)
            v = -xp.ones_like(self.d)
            proposing = active
            while bool(xp.any(proposing)):
                proposal_next, sub_kw = _split_each(w, proposal_kw, 2)
                x_new = _normal_each(w, sub_kw, kind)
                x = xp.where(proposing, x_new, x)
                v = xp.where(proposing, 1.0 + x_new * self.c, v)
                proposal_kw = _pick(xp, proposing, proposal_next, proposal_kw)
                proposing = proposing & (v <= 0.0)
            x2 = xp.where(active, x * x, x2)
            v3 = xp.where(active, (v * v) * v, v3)
            u = xp.where(active, _unit_each(w, u_kw, kind), u)
            kw = _pick(xp, active, kept_kw, kw)
            active = active & self.rejected(self.d, x2, v3, u)
        return v3

    def compacted(self, kw: KeyWords) -> Any:
        """``v**3`` of the accepted proposals as ``looped`` gives them, each
        round drawing only for the elements still rejected (for libraries
        that assign by index: a round after the first touches a few percent)."""
        xp, w, kind = self.xp, self.w, self.kind
        v3 = xp.empty_like(self.d)
        index = xp.arange(self.d.shape[0], device=self.w.target.device_of(self.d))
        d, c = self.d, self.c
        while index.shape[0]:
            kw, proposal_kw, u_kw = _split_each(w, kw, 3)
            x, v = self._proposals(proposal_kw, c)
            new_v3 = (v * v) * v
            accepted = ~self.rejected(d, x * x, new_v3, _unit_each(w, u_kw, kind))
            index, d, c, k0, k1 = _settle(xp, accepted, index, [(v3, new_v3)], d, c, *kw)
            kw = (k0, k1)
        return v3

    def _proposals(self, kw: KeyWords, c: Any) -> tuple[Any, Any]:
        """``(x, v)``: per key, the first normal ``x`` of its chain with
        ``v = 1 + c * x > 0`` (``compacted``'s inner loop)."""
        xp, w = self.xp, self.w
        x, v = xp.empty_like(c), xp.empty_like(c)
        index = xp.arange(c.shape[0], device=self.w.target.device_of(c))
        while index.shape[0]:
            kw, sub_kw = _split_each(w, kw, 2)
            new_x = _normal_each(w, sub_kw, self.kind)
            new_v = 1.0 + new_x * c
            index, c, k0, k1 = _settle(xp, new_v > 0.0, index, [(x, new_x), (v, new_v)],
                                       c, *kw)
            kw = (k0, k1)
        return x, v

    def rounds(self, kw: KeyWords) -> Any:
        """``v**3`` of the first accepted proposal among a fixed number of
        rounds, every round's draws stacked on leading axes (one cipher call
        per step of the key chains, for a small traced graph)."""
        xp, w, kind = self.xp, self.w, self.kind
        proposal_keys: list[KeyWords] = []
        u_keys: list[KeyWords] = []
        for _ in range(_GAMMA_ROUNDS):
            k0, k1 = _split_stacked(w, kw, 3)
            kw = (k0[0], k1[0])
            proposal_keys.append((k0[1], k1[1]))
            u_keys.append((k0[2], k1[2]))
        chain = _stack_keys(xp, proposal_keys)
        subs: list[KeyWords] = []
        for _ in range(_PROPOSAL_ROUNDS):
            k0, k1 = _split_stacked(w, chain, 2)
            chain = (k0[0], k1[0])
            subs.append((k0[1], k1[1]))
        x = _normal_each(w, _stack_keys(xp, subs), kind)  # (proposals, rounds, size)
        v = 1.0 + x * self.c
        x, v = _first(xp, v > 0.0, x, v)
        x2, v3 = x * x, (v * v) * v
        u = _unit_each(w, _stack_keys(xp, u_keys), kind)
        (v3,) = _first(xp, ~self.rejected(self.d, x2, v3, u), v3)
        return v3


def _settle(xp: Any, finished: Any, index: Any, results: list[tuple[Any, Any]],
            *carried: Any) -> list[Any]:
    """For a round over the elements ``index`` of the outputs: each
    ``(out, new)`` of ``results`` takes ``new``'s finished values at their
    places in ``out``; returns ``index`` and the ``carried`` 1-d arrays at
    the unfinished elements, for the next round."""
    done = xp.nonzero(finished)[0]
    at = xp.take(index, done)
    for out, new in results:
        out[at] = xp.take(new, done)
    remaining = xp.nonzero(~finished)[0]
    return [xp.take(a, remaining) for a in (index, *carried)]


def _stack_keys(xp: Any, keys: list[KeyWords]) -> KeyWords:
    return xp.stack([k[0] for k in keys]), xp.stack([k[1] for k in keys])


def _pick(xp: Any, mask: Any, new: KeyWords, old: KeyWords) -> KeyWords:
    return xp.where(mask, new[0], old[0]), xp.where(mask, new[1], old[1])


def gamma(target: Target, key: Any, a: Any, shape: tuple[int, ...] | None,
          dtype: Any) -> Any:
    """Gamma(a, 1) samples, as ``jax.random.gamma``: Marsaglia and Tsang's
    rejection method run for every element with its own key (``split(key,
    size)``), in lockstep; ``a < 1`` is boosted to ``a + 1`` and scaled by
    ``u ** (1 / a)``."""
    xp = target.xp
    kind = float_kind(xp, dtype, "gamma")
    device = target.device_of(key)
    alpha, shape = gamma_shapes(xp, a, shape, dtype, device)
    reads = target.hooks.reads_values(key, alpha)
    counters = words_for(target).iota(0, alpha.shape[0], device)
    return xp.reshape(gamma_flat(target, key, alpha, counters, kind, reads=reads), shape)


def gamma_shapes(xp: Any, a: Any, shape: tuple[int, ...] | None, dtype: Any,
                 device: Any) -> tuple[Any, tuple[int, ...]]:
    """``a`` as a flat array of ``dtype`` broadcast to ``shape``, and the shape."""
    alpha = bound(xp, a, dtype, device)
    if shape is None:
        shape = tuple(alpha.shape)
    return xp.reshape(xp.broadcast_to(alpha, shape), (draw_size(shape),)), shape


def gamma_flat(target: Target, key: Any, alpha: Any, counters: Any, kind: str, *,
               reads: bool) -> Any:
    """Gamma samples for the flat ``alpha``, element ``i`` drawn with the key
    ``split(key, size)[counters[i]]``; ``reads`` says whether loops may read
    values (else they run fixed rounds)."""
    xp = target.xp
    w = words_for(target)
    kw, final_key = _split_each(w, encrypt(w, key_words(w, key), w.words(counters)), 2)
    boosted = alpha >= 1.0
    steps = _Gamma(w, kind, xp.where(boosted, alpha, alpha + 1.0))
    if not reads:
        v3 = steps.rounds(kw)
    elif takes_in_place(target) and gathers(target, alpha):
        v3 = steps.compacted(kw)
    else:
        v3 = steps.looped(kw)
    boost = xp.where(boosted, xp.ones_like(alpha),
                     xp.pow(1.0 - _unit_each(w, final_key, kind), 1.0 / alpha))
    return (steps.d * v3) * boost
