"""The standard's ``fft`` extension for TensorFlow tensors, over ``tf.signal``.

``tf.signal`` transforms the innermost axis only (``fft2d``/``fft3d`` the
innermost two or three), has no ``n`` for complex transforms and no ``norm``,
and no ``hfft``/``ihfft``/``fftfreq``. Every function here is therefore a
wrapper: the axis is moved last, the input cropped or zero-padded to ``n``,
the transform scaled by ``norm`` (``"backward"``, ``"ortho"``, ``"forward"``),
and n-dimensional transforms are one 1-d transform per axis. Real input to
``fft``/``ifft`` is treated as complex.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Literal

import tensorflow as _tf

from .._common.axis_args import normalize_axes
from .._common.namespace import reach_native as _reach_native
from .._spec import names as _names
from ._creation import placed
from ._info import DEFAULT_FLOAT
from ._operands import COMPLEX_OF, FLOATING, cast, dims, rank

Array = Any
Norm = Literal["backward", "ortho", "forward"]
_SWAPPED: dict[str, Norm] = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _moved_last(x: Array, axis: int) -> tuple[Array, list[int] | None]:
    n = rank(x)
    (axis,) = normalize_axes((axis,), n, name="axis")
    if axis == n - 1:
        return x, None
    order = [i for i in range(n) if i != axis] + [axis]
    inverse = [0] * n
    for i, a in enumerate(order):
        inverse[a] = i
    return _tf.transpose(x, order), inverse


def _restored(x: Array, inverse: list[int] | None) -> Array:
    return x if inverse is None else _tf.transpose(x, inverse)


def _fit(x: Array, n: int) -> Array:
    """``x`` cropped or zero-padded along its last axis to length ``n``."""
    have = x.shape[-1]
    if have is not None and have == n:
        return x
    x = x[..., :n]
    pad = n - _tf.shape(x)[-1]
    paddings = _tf.concat([_tf.zeros([rank(x) - 1, 2], _tf.int32),
                           _tf.stack([[0, pad]])], axis=0)
    return _tf.pad(x, paddings)


def _as_complex(x: Array) -> Array:
    return _tf.cast(x, COMPLEX_OF[x.dtype]) if x.dtype in FLOATING else x


def _scale(x: Array, n: Any, norm: str, inverse: bool) -> Array:
    """Apply ``norm`` to a transform of length ``n`` (TensorFlow's forward
    transforms are unscaled, its inverse ones divide by ``n``)."""
    if norm not in ("backward", "ortho", "forward"):
        raise ValueError(f"norm must be 'backward', 'ortho' or 'forward', got {norm!r}")
    if norm == "backward":
        return x
    length = _tf.cast(n, x.dtype.real_dtype) if not isinstance(n, int) else float(n)
    if norm == "ortho":
        factor = _tf.math.sqrt(length) if not isinstance(length, float) else math.sqrt(length)
        factor = factor if inverse else 1 / factor
    else:
        factor = length if inverse else 1 / length
    return x * _tf.cast(factor, x.dtype)


def _length(x: Array, n: int | None) -> Any:
    return dims(x)[-1] if n is None else n


def _c2c(native: Callable[[Array], Array], inverse: bool, x: Array, *, n: int | None,
         axis: int, norm: str) -> Array:
    x, back = _moved_last(_as_complex(x), axis)
    if n is not None:
        x = _fit(x, n)
    return _restored(_scale(native(x), _length(x, None), norm, inverse), back)


def _r2c(x: Array, n: int | None, axis: int, norm: str) -> Array:
    x, back = _moved_last(x, axis)
    length = _length(x, n)
    out = _tf.signal.rfft(x, fft_length=_tf.reshape(length, [1]))
    return _restored(_scale(out, length, norm, inverse=False), back)


def _c2r(x: Array, n: int | None, axis: int, norm: str) -> Array:
    x, back = _moved_last(_as_complex(x), axis)
    length = 2 * (dims(x)[-1] - 1) if n is None else n
    out = _tf.signal.irfft(x, fft_length=_tf.reshape(length, [1]))
    return _restored(_scale(out, length, norm, inverse=True), back)


def fft(x: Array, /, *, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> Array:
    """The 1-d discrete Fourier transform along ``axis`` (length ``n``).

    Deviations fixed: ``tf.signal.fft`` transforms the last axis only and has
    no ``n`` or ``norm``.
    """
    return _c2c(_tf.signal.fft, False, x, n=n, axis=axis, norm=norm)


def ifft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: Norm = "backward") -> Array:
    """The 1-d inverse discrete Fourier transform along ``axis``.

    Deviations fixed: as for :func:`fft` (``tf.signal.ifft``).
    """
    return _c2c(_tf.signal.ifft, True, x, n=n, axis=axis, norm=norm)


def rfft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: Norm = "backward") -> Array:
    """The 1-d discrete Fourier transform of real input (``n // 2 + 1`` outputs).

    Deviations fixed: ``tf.signal.rfft`` transforms the last axis only and has
    no ``norm``.
    """
    return _r2c(x, n, axis, norm)


def irfft(x: Array, /, *, n: int | None = None, axis: int = -1,
          norm: Norm = "backward") -> Array:
    """The inverse of :func:`rfft` (real output of length ``n``, default
    ``2 * (m - 1)``).

    Deviations fixed: ``tf.signal.irfft`` transforms the last axis only and has
    no ``norm``.
    """
    return _c2r(x, n, axis, norm)


def hfft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: Norm = "backward") -> Array:
    """The transform of a Hermitian-symmetric signal (real output of length
    ``n``): ``irfft(conj(x))`` with the ``norm`` direction swapped.

    Deviation fixed: TensorFlow has no ``hfft``.
    """
    return _c2r(_tf.math.conj(_as_complex(x)), n, axis, _SWAPPED.get(norm, norm))


def ihfft(x: Array, /, *, n: int | None = None, axis: int = -1,
          norm: Norm = "backward") -> Array:
    """The inverse of :func:`hfft`: ``conj(rfft(x))`` with the ``norm``
    direction swapped.

    Deviation fixed: TensorFlow has no ``ihfft``.
    """
    return _tf.math.conj(_r2c(x, n, axis, _SWAPPED.get(norm, norm)))


def _nd_axes(x: Array, s: Sequence[int] | None, axes: Sequence[int] | None
             ) -> tuple[list[int], list[int | None]]:
    n = rank(x)
    if axes is None:
        axes = list(range(n)) if s is None else list(range(n - len(s), n))
    axes = list(normalize_axes(list(axes), n, name="axes"))
    if s is not None and len(s) != len(axes):
        raise ValueError(f"s={tuple(s)} and axes={tuple(axes)} differ in length")
    sizes: list[int | None] = [None] * len(axes) if s is None else [
        None if v == -1 else v for v in s]
    return axes, sizes


def fftn(x: Array, /, *, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
         norm: Norm = "backward") -> Array:
    """The n-dimensional discrete Fourier transform over ``axes`` (the last
    ``len(s)`` axes, or all, for ``None``).

    Deviation fixed: ``tf.signal`` has 1-, 2- and 3-d transforms of the
    innermost axes only; this is one :func:`fft` per axis.
    """
    axes_, sizes = _nd_axes(x, s, axes)
    for axis, size in zip(axes_, sizes, strict=True):
        x = fft(x, n=size, axis=axis, norm=norm)
    return x


def ifftn(x: Array, /, *, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
          norm: Norm = "backward") -> Array:
    """The n-dimensional inverse discrete Fourier transform (see :func:`fftn`).

    Deviation fixed: as for :func:`fftn`.
    """
    axes_, sizes = _nd_axes(x, s, axes)
    for axis, size in zip(axes_, sizes, strict=True):
        x = ifft(x, n=size, axis=axis, norm=norm)
    return x


def rfftn(x: Array, /, *, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
          norm: Norm = "backward") -> Array:
    """The n-dimensional transform of real input: :func:`rfft` over the last of
    ``axes``, then :func:`fft` over the others.

    Deviation fixed: TensorFlow's ``rfft2d``/``rfft3d`` take the innermost axes
    only and have no ``norm``.
    """
    axes_, sizes = _nd_axes(x, s, axes)
    x = rfft(x, n=sizes[-1], axis=axes_[-1], norm=norm)
    for axis, size in zip(axes_[:-1], sizes[:-1], strict=True):
        x = fft(x, n=size, axis=axis, norm=norm)
    return x


def irfftn(x: Array, /, *, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
           norm: Norm = "backward") -> Array:
    """The inverse of :func:`rfftn`: :func:`ifft` over all but the last of
    ``axes``, then :func:`irfft` over the last.

    Deviation fixed: as for :func:`rfftn`.
    """
    axes_, sizes = _nd_axes(x, s, axes)
    for axis, size in zip(axes_[:-1], sizes[:-1], strict=True):
        x = ifft(x, n=size, axis=axis, norm=norm)
    return irfft(x, n=sizes[-1], axis=axes_[-1], norm=norm)


def _frequencies(values: Array, n: int, d: float, dtype: Any, device: Any) -> Array:
    with placed(device):
        return cast(values / (d * n), dtype or DEFAULT_FLOAT)


def fftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Array:
    """Sample frequencies of a length-``n`` discrete Fourier transform.

    Deviation fixed: TensorFlow has no ``fftfreq``.
    """
    with placed(device):
        k = _tf.range(n, dtype=_tf.float64)
        values = _tf.where(k < (n + 1) // 2, k, k - n)
    return _frequencies(values, n, d, dtype, device)


def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Array:
    """Sample frequencies of a length-``n`` real discrete Fourier transform.

    Deviation fixed: TensorFlow has no ``rfftfreq``.
    """
    with placed(device):
        values = _tf.range(n // 2 + 1, dtype=_tf.float64)
    return _frequencies(values, n, d, dtype, device)


def _shift(x: Array, axes: int | Sequence[int] | None, sign: int) -> Array:
    n = rank(x)
    if axes is None:
        axes = list(range(n))
    elif isinstance(axes, int):
        axes = [axes]
    axes = list(normalize_axes(list(axes), n, name="axes"))
    if not axes:
        return _tf.identity(x)
    shape = dims(x)
    shifts = [sign * (shape[a] // 2) for a in axes]
    return _tf.roll(x, shifts, axes)


def fftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """``x`` with the zero-frequency term moved to the centre of ``axes`` (all
    axes for ``None``).

    Deviation fixed: TensorFlow has no ``fftshift`` outside
    ``tf.signal.fftshift``, which takes ``axes`` but not ``axes=()``; this is
    ``tf.roll``.
    """
    return _shift(x, axes, 1)


def ifftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """The inverse of :func:`fftshift`.

    Deviation fixed: as for :func:`fftshift`.
    """
    return _shift(x, axes, -1)


_PROVENANCE: dict[str, str] = {name: "wrapped" for name in _names.FFT_NAMES[_names.LATEST_VERSION]}

__all__ = sorted(_names.FFT_NAMES[_names.LATEST_VERSION])


def __dir__() -> list[str]:
    return __all__


# Names beyond the standard resolve to the library's own (tensorflow.signal).
_reach_native(globals(), _tf.signal)
