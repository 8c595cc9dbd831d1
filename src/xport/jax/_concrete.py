"""Functions whose output shape depends on the input's values.

JAX can run them only on concrete arrays: under ``jax.jit``, ``jax.vmap`` and
the other transformations the values are unknown, so the output shape is
too. ``jax.numpy`` then raises an error about a ``size=`` argument the standard
does not have; these wrappers call the same functions and replace that error
with one that says what to do. They add no operation to a traced program.
JAX's own keywords (``size=``, ``fill_value=``, ``equal_nan=``) are passed on,
as array-api-compat's namespace (``jax.numpy`` itself) takes them; with
``size=`` the functions work under every transformation.
"""

from __future__ import annotations

from typing import Any, NoReturn

import jax
import jax.numpy as jnp

Array = Any
_Concretization = jax.errors.ConcretizationTypeError


class DataDependentShapeError(_Concretization):
    """A data-dependent-shape function met a traced (abstract) array.

    A ``TypeError`` and a :class:`jax.errors.ConcretizationTypeError`, so code
    that catches either keeps working.
    """

    def __init__(self, message: str) -> None:
        TypeError.__init__(self, message)  # skip JAX's tracer-based message


def _raise(name: str, exc: Exception, static: str) -> NoReturn:
    raise DataDependentShapeError(
        f"xport.jax.{name}() needs a concrete array: its output shape depends on the "
        "values of its input, which are unknown under jax.jit, jax.vmap and the other "
        f"JAX transformations. Call it outside the transformation, or use {static} for "
        "a static output size."
    ) from exc


def _sized(name: str) -> str:
    return f"{name}(x, size=..., fill_value=...)"


def unique_all(x: Array, /, **kwargs: Any) -> Any:
    """Unique values of ``x`` with first indices, inverse indices and counts.

    Deviation fixed: under a JAX transformation this raises
    :class:`DataDependentShapeError` (the output shape is data) instead of an
    error about ``jax.numpy``'s own ``size=`` argument, unless that argument is
    given (``size=``, ``fill_value=`` go to ``jax.numpy``). Values are JAX's.
    """
    try:
        return jnp.unique_all(x, **kwargs)
    except _Concretization as exc:
        _raise("unique_all", exc, _sized("unique_all"))


def unique_counts(x: Array, /, **kwargs: Any) -> Any:
    """Unique values of ``x`` and their counts (concrete input only, see
    :func:`unique_all`)."""
    try:
        return jnp.unique_counts(x, **kwargs)
    except _Concretization as exc:
        _raise("unique_counts", exc, _sized("unique_counts"))


def unique_inverse(x: Array, /, **kwargs: Any) -> Any:
    """Unique values of ``x`` and the inverse indices that rebuild ``x``
    (concrete input only, see :func:`unique_all`)."""
    try:
        return jnp.unique_inverse(x, **kwargs)
    except _Concretization as exc:
        _raise("unique_inverse", exc, _sized("unique_inverse"))


def unique_values(x: Array, /, **kwargs: Any) -> Array:
    """Unique values of ``x`` (concrete input only, see :func:`unique_all`)."""
    try:
        return jnp.unique_values(x, **kwargs)
    except _Concretization as exc:
        _raise("unique_values", exc, _sized("unique_values"))


def nonzero(x: Array, /, **kwargs: Any) -> tuple[Array, ...]:
    """Indices of the non-zero elements of ``x``, one array per dimension.

    Deviation fixed: under a JAX transformation this raises
    :class:`DataDependentShapeError` (the number of non-zeros is data) instead
    of an error about ``jax.numpy``'s own ``size=`` argument.
    """
    try:
        out: tuple[Array, ...] = jnp.nonzero(x, **kwargs)
    except _Concretization as exc:
        _raise("nonzero", exc, _sized("nonzero"))
    return out


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Repeat each element of ``x`` ``repeats`` times along ``axis`` (of the
    flattened ``x`` when ``axis`` is None).

    Deviation fixed: with an array ``repeats`` under a JAX transformation the
    output length is data, and this raises :class:`DataDependentShapeError`
    instead of an error about ``jax.numpy``'s ``total_repeat_length=``. An int
    ``repeats`` works everywhere.
    """
    try:
        return jnp.repeat(x, repeats, axis=axis)
    except _Concretization as exc:
        _raise("repeat", exc, "an int repeats, or jax.numpy.repeat(x, repeats, "
               "total_repeat_length=...)")


WRAPPERS: dict[str, Any] = {
    "nonzero": nonzero,
    "repeat": repeat,
    "unique_all": unique_all,
    "unique_counts": unique_counts,
    "unique_inverse": unique_inverse,
    "unique_values": unique_values,
}
