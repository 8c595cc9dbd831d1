"""Wrappers for the ``mxnet.numpy`` functions that deviate from the standard.

MXNet's ``mx.np`` follows NumPy's API, but an older and narrower NumPy:
creation functions take ``ctx=`` (not ``device=``) and make float32 unless
told otherwise (``arange(3)``, ``array([1, 2])``, ``full(s, 1)``); binary
functions promote few mixed pairs (``int32 * int64`` fails) and no mixed
lists (``concatenate``, ``stack``, ``where``); reductions of booleans give
float32; several functions lack keywords (``keepdims`` of argmax, ``copy`` of
reshape, ``descending`` of sorts) or are missing (``floor_divide``,
``logaddexp``, ``logical_and``, ``triu``, ``vecdot``, ...). The wrappers use
the shared mechanisms (``_common``): the standard's promotion tables bound to
MXNet's dtypes, the binary-operand rules, the axis-tuple reductions, the
named results. Nothing here reads array values on the host.
"""

from __future__ import annotations

import builtins
import functools
import math
import types
from collections.abc import Callable, Sequence
from typing import Any, Literal, cast

import mxnet as mx
import numpy as np

from .._common.accumulation import accumulation_dtype_name
from .._common.axis_args import normalize_axes
from .._common.copying import copy_required
from .._common.dtype_info import make_can_cast
from .._common.dtype_limits import make_finfo, make_iinfo
from .._common.elementwise import Operands, make_binary
from .._common.kinds import make_isdtype
from .._common.promotion import make_result_type
from .._common.reductions import ShapeOps, make_reduction
from .._common.results import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from .._common.shapes import check_shape, check_sizes
from .._common.signed_zeros import make_floor_divide, make_remainder
from .._common.tuples import make_broadcast_arrays, make_meshgrid
from . import _info
from ._info import DTYPES, context, dtype_name

Array = Any
DType = Any
Device = Any
_F = Callable[..., Any]
mnp: Any = mx.np
_nd: Any = mx.nd

# Where MXNet has no kernel for a pair the standard leaves undefined (or one
# whose standard result it lacks, int8 with uint8 -> int16), the narrowest
# MXNet dtype that holds both.
_WIDER: dict[str, str] = {"int16": "int32", "uint16": "int32", "uint32": "int64",
                          "uint64": "float64", "float16": "float32"}


def _undefined(a: Any, b: Any) -> Any:
    name = np.promote_types(a, b).name
    return DTYPES[_WIDER.get(name, name)]


def _default_of_scalar(value: Any) -> Any:
    if isinstance(value, bool):
        return DTYPES["bool"]
    if isinstance(value, int):
        return _info.default_dtype("integral")
    return _info.default_dtype("real floating")


def _scalar_array(value: Any, dtype: Any, like: Any) -> Array:
    return mnp.array(value, dtype=_default_of_scalar(value) if dtype is None else dtype,
                     ctx=like.ctx)


class _Dtypes(dict[str, Any]):
    """MXNet's dtypes by name; the standard's others raise a clear TypeError
    (a complex scalar beside a float array would need complex64)."""

    def __missing__(self, name: str) -> Any:
        raise TypeError(f"MXNet has no {name} dtype (its dtypes: {', '.join(self)}); "
                        "the standard's result of this operation cannot be represented")


OPERANDS = Operands(dtypes=_Dtypes(DTYPES), name_of=dtype_name, cast=lambda x, d: x.astype(d),
                    scalar_array=_scalar_array, native_right=(), is_0d=lambda x: x.ndim == 0,
                    undefined=_undefined)

result_type = make_result_type(
    DTYPES, dtype_name, defaults=lambda device: {
        "integral": _info.default_dtype("integral"),
        "real floating": _info.default_dtype("real floating"),
        "complex floating": None},
    native=_undefined, dtype_of_type=np.dtype)
finfo = make_finfo(np.finfo, np.dtype)
iinfo = make_iinfo(np.iinfo, np.dtype)
can_cast = make_can_cast(dtype_name)
isdtype = make_isdtype(dtype_name)


def _binary(native: _F, name: str) -> _F:
    return make_binary(native, OPERANDS, name=name, native_name=f"mxnet.numpy.{native.__name__}",
                       promote_scalars=True)


# -- creation -----------------------------------------------------------------

def _python_dtype(obj: Any) -> Any:
    """The standard's dtype of Python data (nested sequences of scalars): the
    default floating dtype if any leaf is a float, else the default integer
    dtype if any is an int, else bool; None for anything else (NumPy scalars,
    arrays), whose dtype MXNet's ``array`` keeps."""
    kinds: set[type] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        elif type(item) in (bool, int, float, complex):
            kinds.add(type(item))
        else:
            return None
    if complex in kinds:
        raise TypeError("MXNet has no complex dtypes; asarray() cannot hold complex numbers")
    if float in kinds:
        return _info.default_dtype("real floating")
    if int in kinds:
        return _info.default_dtype("integral")
    return DTYPES["bool"] if kinds else None


def asarray(obj: Any, /, *, dtype: DType | None = None, device: Device | None = None,
            copy: bool | None = None) -> Array:
    """Convert ``obj`` (an array, a NumPy array, Python scalars or nested
    sequences of them) to an ``mxnet.numpy`` array.

    Deviations fixed: MXNet has no ``asarray``; its ``array`` makes float32 of
    Python ints and bools (here int64 and bool, as the standard's defaults) and
    takes ``ctx`` rather than ``device``. ``copy=False`` is refused for anything
    but an MXNet array of the requested dtype and device (MXNet cannot share
    another library's memory).
    """
    ctx = context(device)
    if isinstance(obj, mnp.ndarray):
        same = (dtype is None or obj.dtype == dtype) and (ctx is None or obj.ctx == ctx)
        if same and not copy:
            return obj
        if copy is False:
            raise copy_required("asarray()", "a change of dtype or device")
        out = obj.astype(obj.dtype if dtype is None else dtype, copy=True)
        return out if ctx is None else out.as_in_ctx(ctx)
    if copy is False:
        raise copy_required("asarray()", f"MXNet copies every {type(obj).__name__}")
    if dtype is None and not isinstance(obj, np.ndarray):
        dtype = _python_dtype(obj)
    return mnp.array(obj, dtype=dtype, ctx=ctx)


def _creation(native: _F, name: str) -> _F:
    """``native(shape)`` with the standard's ``device`` keyword for ``ctx``."""

    def create(shape: int | tuple[int, ...], *, dtype: DType | None = None,
               device: Device | None = None) -> Array:
        check_shape(shape, f"{name}()")  # MXNet's shape inference fails obscurely
        return native(shape, dtype=_info.default_dtype("real floating") if dtype is None
                      else dtype, ctx=context(device))

    create.__name__ = create.__qualname__ = name
    create.__doc__ = (f"``mxnet.numpy.{name}`` of ``shape``.\n\nDeviation fixed: the "
                      "standard's ``device`` keyword (MXNet's ``ctx``).")
    return create


def _arange_default(start: Any, stop: Any = None, step: Any = 1) -> Any:
    numbers = (start, stop, step)
    if all(isinstance(v, int) or v is None for v in numbers):
        return _info.default_dtype("integral")
    return _info.default_dtype("real floating")


def arange(start: int | float, /, stop: int | float | None = None, step: int | float = 1, *,
           dtype: DType | None = None, device: Device | None = None) -> Array:
    """Evenly spaced values in ``[start, stop)``.

    Deviations fixed: MXNet's ``arange`` makes float32 for integer arguments
    (here the default integer dtype), computes floating lengths and values in
    float32 (here in float64, rounded once) and takes ``ctx`` for ``device``.
    """
    if dtype is None:
        dtype = _arange_default(start, stop, step)
    if np.dtype(dtype).kind != "f":
        return mnp.arange(start, stop, step, dtype=dtype, ctx=context(device))
    if stop is None:
        start, stop = 0, start
    # The length as NumPy computes it, the values start + i * step in float64
    # rounded once: MXNet computes both in float32.
    count = max(math.ceil((stop - start) / step), 0)
    ctx = context(device)
    return _float64_steps(count, step, start, ctx).astype(dtype)


def _float64_steps(count: int, step: float, start: float, ctx: Any) -> Array:
    """``start + i * step`` for ``i < count`` in float64. The Python numbers
    enter as 0-d arrays: MXNet's scalar operands lose float64 digits
    (``x + 5.203440778401782e-268`` adds ``5.203440778401783e-268``)."""
    return (mnp.arange(count, dtype="float64", ctx=ctx) * mnp.array(step, dtype="float64", ctx=ctx)
            + mnp.array(start, dtype="float64", ctx=ctx))


def full(shape: int | tuple[int, ...], fill_value: bool | int | float, *,
         dtype: DType | None = None, device: Device | None = None) -> Array:
    """An array of ``shape`` filled with ``fill_value``.

    Deviations fixed: MXNet makes float32 for an int fill value (here the
    default integer dtype), takes ``ctx`` for ``device`` and rejects fill
    values outside float32's normal range.
    """
    check_shape(shape, "full()")
    if dtype is None:
        dtype = _default_of_scalar(fill_value)
    # A 0-d array first: MXNet's full rejects values its float32 parser
    # cannot hold (subnormal float64 fill values for float32).
    value = mnp.array(fill_value, dtype=dtype, ctx=context(device))
    return mv.broadcast_to(value, (shape,) if isinstance(shape, int) else shape).copy()


def full_like(x: Array, /, fill_value: bool | int | float, *, dtype: DType | None = None,
              device: Device | None = None) -> Array:
    """An array like ``x`` filled with ``fill_value``.

    Deviation fixed: ``device`` (MXNet's ``ctx``), which defaults to ``x``'s.
    """
    ctx = context(device)
    return full(x.shape, fill_value, dtype=x.dtype if dtype is None else dtype,
                device=x.ctx if ctx is None else ctx)


def _like(native: _F, name: str) -> _F:
    def like(x: Array, /, *, dtype: DType | None = None,
             device: Device | None = None) -> Array:
        ctx = context(device)
        return native(x.shape, dtype=x.dtype if dtype is None else dtype,
                      ctx=x.ctx if ctx is None else ctx)

    like.__name__ = like.__qualname__ = name
    like.__doc__ = (f"``mxnet.numpy.{native.__name__}`` of ``x``'s shape, dtype and device.\n\n"
                    "Deviation fixed: the standard's ``device`` keyword (MXNet's ``ctx``).")
    return like


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0,
        dtype: DType | None = None, device: Device | None = None) -> Array:
    """The ``n_rows`` x ``n_cols`` matrix with ones on diagonal ``k``.

    Deviations fixed: ``device`` (MXNet's ``ctx``); a negative size raises
    ``ValueError`` naming it (MXNet: an MXNetError); any int ``k`` (MXNet
    fails on diagonals beyond a C long).
    """
    check_sizes("eye()", n_rows=n_rows, n_cols=n_cols)
    # Diagonals past the matrix are all zeros; MXNet parses k as a C long.
    k = max(-n_rows - 1, min(k, (n_rows if n_cols is None else n_cols) + 1))
    return mnp.eye(n_rows, n_cols, k=k, dtype=dtype or _info.default_dtype("real floating"),
                   ctx=context(device))


def linspace(start: int | float, stop: int | float, /, num: int, *,
             dtype: DType | None = None, device: Device | None = None,
             endpoint: bool = True) -> Array:
    """``num`` evenly spaced values from ``start`` to ``stop``.

    Deviations fixed: ``device`` (MXNet's ``ctx``); the values are
    ``start + i * step`` computed in float64 and rounded once, with ``start``
    and (with ``endpoint``) ``stop`` exact at the ends, as NumPy computes them
    (MXNet's ``linspace`` rounds ``start`` itself in float64).
    """
    check_sizes("linspace()", num=num)
    dtype = dtype or _info.default_dtype("real floating")
    ctx = context(device)
    if num == 0:
        return mnp.zeros((0,), dtype=dtype, ctx=ctx)
    div = num - 1 if endpoint else num
    step = (stop - start) / div if div > 0 else 0.0
    values = _float64_steps(num, step, start, ctx)
    if endpoint and num > 1:
        values[-1] = mnp.array(stop, dtype="float64", ctx=ctx)
    return values.astype(dtype)


def _tri_mask(x: Array, k: int, upper: bool) -> Array:
    rows, cols = x.shape[-2], x.shape[-1]
    i = mnp.arange(rows, dtype="int64", ctx=x.ctx).reshape(rows, 1)
    j = mnp.arange(cols, dtype="int64", ctx=x.ctx).reshape(1, cols)
    return (j - i >= k) if upper else (j - i <= k)


def tril(x: Array, /, *, k: int = 0) -> Array:
    """The lower triangle of (a stack of) matrices ``x``; the rest zero.

    Deviation fixed: MXNet's ``tril`` takes 2-d input only and zeroes by
    multiplication (NaN and infinities above the diagonal leave NaN).
    """
    return mv.where(_tri_mask(x, k, upper=False), x, mnp.zeros((), dtype=x.dtype, ctx=x.ctx))


def triu(x: Array, /, *, k: int = 0) -> Array:
    """The upper triangle of (a stack of) matrices ``x``; the rest zero.

    Deviation fixed: MXNet has no ``triu``.
    """
    return mv.where(_tri_mask(x, k, upper=True), x, mnp.zeros((), dtype=x.dtype, ctx=x.ctx))


meshgrid = make_meshgrid(mnp.meshgrid)
broadcast_arrays = make_broadcast_arrays(mnp.broadcast_arrays)


def astype(x: Array, dtype: DType, /, *, copy: bool = True,
           device: Device | None = None) -> Array:
    """Cast ``x`` to ``dtype`` (and move it to ``device``).

    Deviation fixed: a function (MXNet has the method only), with ``device``.
    """
    out = x.astype(dtype, copy=copy)
    ctx = context(device)
    return out if ctx is None or out.ctx == ctx else out.as_in_ctx(ctx)


def from_dlpack(x: Any, /, *, device: Device | None = None, copy: bool | None = None) -> Array:
    """An MXNet array of the DLPack-exporting ``x``.

    Deviations fixed: MXNet reads DLPack capsules only (``mx.nd.from_dlpack``,
    legacy arrays), so an object with ``__dlpack__`` is asked for its capsule
    first and the result viewed as an ``mxnet.numpy`` array; MXNet's own arrays
    (which export no ``__dlpack__``) are returned as they are, or copied.
    """
    if isinstance(x, mnp.ndarray):
        return asarray(x, device=device, copy=copy)
    capsule = x.__dlpack__() if hasattr(x, "__dlpack__") else x
    out = _nd.from_dlpack(capsule).as_np_ndarray()
    return asarray(out, device=device, copy=copy) if device is not None or copy else out


# -- elementwise ----------------------------------------------------------------

def bool_via_uint8(native: _F, carriers: dict[Any, str] | None = None) -> _F:
    """``native`` for boolean arrays too: MXNet has no boolean kernels for
    data movement (flip, transpose, roll, tile, take, ...: "Unknown type enum
    7") nor bitwise functions; booleans travel as uint8 and come back as bool.
    ``carriers`` maps other dtypes a kernel lacks to the dtype they travel as."""
    via = {_BOOL: "uint8", **(carriers or {})}

    @functools.wraps(native)
    def wrapper(x: Any, *args: Any, **kwargs: Any) -> Any:
        dtype = getattr(x, "dtype", None)
        carrier = via.get(dtype)
        if carrier is None:
            return native(x, *args, **kwargs)
        args = tuple(a.astype(carrier) if getattr(a, "dtype", None) == dtype else a
                     for a in args)
        out = native(x.astype(carrier), *args, **kwargs)
        if isinstance(out, (tuple, list)):
            return type(out)(o.astype(dtype) for o in out)
        return out.astype(dtype)

    return wrapper


_BOOL = np.dtype("bool")


def _bool_list_via_uint8(native: _F) -> _F:
    """``native`` over a list of arrays, for boolean lists too (see above)."""

    @functools.wraps(native)
    def wrapper(arrays: Sequence[Any], *args: Any, **kwargs: Any) -> Any:
        if not arrays or arrays[0].dtype != _BOOL:
            return native(arrays, *args, **kwargs)
        return native([a.astype("uint8") for a in arrays], *args, **kwargs).astype("bool")

    return wrapper


def _where(condition: Array, x1: Array, x2: Array) -> Array:
    # MXNet's where crashes the process (a C++ abort) on empty operands.
    shape = broadcast_shapes(condition.shape, x1.shape, x2.shape)
    if 0 in shape:
        return mnp.zeros(shape, dtype=x1.dtype, ctx=x1.ctx)
    if x1.dtype != _BOOL:
        return mnp.where(condition, x1, x2)
    return mnp.where(condition, x1.astype("uint8"), x2.astype("uint8")).astype("bool")


# mxnet.numpy's data movement, for boolean arrays too.
mv: Any = types.SimpleNamespace(
    **{name: bool_via_uint8(getattr(mnp, name)) for name in (
        "flip", "moveaxis", "transpose", "roll", "tile", "take", "swapaxes", "repeat",
        "sort", "broadcast_to", "expand_dims", "squeeze")},
    # take_along_axis has no int8 kernel either.
    take_along_axis=bool_via_uint8(mnp.take_along_axis, {np.dtype("int8"): "int32"}),
    concatenate=_bool_list_via_uint8(mnp.concatenate),
    stack=_bool_list_via_uint8(mnp.stack), where=_where)


def _remainder(x1: Array, x2: Array) -> Array:
    out = mnp.remainder(x1, x2)
    if out.dtype.kind != "f":
        return out
    # MXNet gives 0 for a zero divisor (NaN in IEEE arithmetic and the standard).
    return mv.where(x2 == 0, mnp.full((), math.nan, dtype=out.dtype, ctx=out.ctx), out)


def _copysign(x1: Array, x2: Array) -> Array:
    # MXNet's copysign takes the sign of NaN as negative; signbit reads it.
    magnitude = mnp.abs(x1)
    return mv.where(mnp.signbit(x2), -magnitude, magnitude)


def _logaddexp(x1: Array, x2: Array) -> Array:
    big = mnp.maximum(x1, x2)
    # x1 == x2 (same-signed infinities included) needs no correction term.
    diff = mv.where(x1 == x2, mnp.zeros((), dtype=big.dtype, ctx=big.ctx), x1 - x2)
    return big + mnp.log1p(mnp.exp(-mnp.abs(diff)))


def _logical(native: _F) -> _F:
    # MXNet's bitwise kernels take no booleans: the operands travel as uint8.
    def logical(x1: Array, x2: Array) -> Array:
        return native(x1.astype("bool").astype("uint8"),
                      x2.astype("bool").astype("uint8")).astype("bool")
    logical.__name__ = native.__name__
    return logical


def _int_floor_divide(x1: Array, x2: Array) -> Array:
    # mx.nd's integer division truncates (mx.np has none); floor = trunc - 1
    # where the remainder is non-zero and its sign differs from the divisor's.
    quotient = _nd.broadcast_div(x1.as_nd_ndarray(), x2.as_nd_ndarray()).as_np_ndarray()
    rest = x1 - quotient * x2
    return quotient - ((rest != 0) & ((rest < 0) != (x2 < 0))).astype(quotient.dtype)


def _floor_divide_native(x1: Array, x2: Array) -> Array:
    if x1.dtype.kind != "f":
        return _int_floor_divide(x1, x2)
    return mnp.floor(mnp.true_divide(x1, x2))


def _shift(left: bool) -> _F:
    def shift(x1: Array, x2: Array) -> Array:
        # MXNet has no shift kernels: multiply or floor-divide by 2**x2 in int64
        # (2**62 at most, doubled once more for a shift by 63), wrapping back to
        # x1's dtype; shifts past the width give 0 (or -1 for negative x1
        # shifted right), as NumPy's do.
        bits = x1.dtype.itemsize * 8
        amount = x2.astype("int64")
        two = mnp.full((), 2, dtype="int64", ctx=x1.ctx)
        power = mnp.power(two, mnp.minimum(amount, 62))
        wide = x1.astype("int64")
        zero = mnp.zeros((), dtype="int64", ctx=x1.ctx)
        if left:
            out = wide * power
            out = mv.where(amount >= 63, out * 2, out)
            return mv.where(amount >= bits, zero, out).astype(x1.dtype)
        out = _int_floor_divide(wide, power)
        beyond = mv.where(wide < 0, zero - 1, zero)
        return mv.where(amount >= min(bits, 63), beyond, out).astype(x1.dtype)
    shift.__name__ = "left_shift" if left else "right_shift"
    return shift


_BINARY_NATIVES: dict[str, _F] = {
    "add": mnp.add, "subtract": mnp.subtract, "multiply": mnp.multiply,
    "divide": mnp.true_divide, "pow": mnp.power, "equal": mnp.equal,
    "not_equal": mnp.not_equal, "greater": mnp.greater, "greater_equal": mnp.greater_equal,
    "less": mnp.less, "less_equal": mnp.less_equal, "maximum": mnp.maximum,
    "minimum": mnp.minimum,
    # make_remainder reads only the namespace's copysign (MXNet's mishandles NaN).
    "remainder": make_remainder(_remainder, cast(types.ModuleType,
                                                 types.SimpleNamespace(copysign=_copysign))),
    "atan2": mnp.arctan2, "copysign": _copysign, "hypot": mnp.hypot,
    "bitwise_and": bool_via_uint8(mnp.bitwise_and), "bitwise_or": bool_via_uint8(mnp.bitwise_or),
    "bitwise_xor": bool_via_uint8(mnp.bitwise_xor),
    "logical_and": _logical(mnp.bitwise_and), "logical_or": _logical(mnp.bitwise_or),
    "logical_xor": _logical(mnp.bitwise_xor), "logaddexp": _logaddexp,
    "floor_divide": make_floor_divide(_floor_divide_native, mx.np),
    "bitwise_left_shift": _shift(True), "bitwise_right_shift": _shift(False),
}


def _binaries() -> dict[str, _F]:
    return {name: _binary(native, name) for name, native in _BINARY_NATIVES.items()}


def conj(x: Array, /) -> Array:
    """The complex conjugate of ``x``: ``x`` itself for MXNet's real dtypes.

    Deviation fixed: MXNet has no ``conj`` (nor complex dtypes).
    """
    return x


def imag(x: Array, /) -> Array:
    """The imaginary part of ``x``: zeros for MXNet's real dtypes.

    Deviation fixed: MXNet has no ``imag`` (nor complex dtypes).
    """
    return mnp.zeros(x.shape, dtype=x.dtype, ctx=x.ctx)


def square(x: Array, /) -> Array:
    """``x * x``, elementwise.

    Deviation fixed: MXNet's ``square`` of integers goes through floating
    point (``square(-5591)`` is 31259280 in int32); here integers multiply.
    """
    return mnp.square(x) if x.dtype.kind in "fb" else mnp.multiply(x, x)


def sign(x: Array, /) -> Array:
    """The sign of ``x`` (-1, 0 or 1; NaN for NaN).

    Deviation fixed: MXNet's ``sign`` of NaN is 0.
    """
    out = mnp.sign(x)
    return out if x.dtype.kind != "f" else mv.where(mnp.isnan(x), x, out)


# -- reductions -----------------------------------------------------------------

_SHAPES = ShapeOps(expand_last=lambda x: mv.expand_dims(x, -1), reshape=mnp.reshape,
                   permute=mv.transpose)


def _accumulation_dtype(x: Array) -> Any:
    """The standard's dtype of a sum or product of ``x``; int64 where that is
    uint64 (unsigned integers), which MXNet lacks: the values stay exact."""
    name = accumulation_dtype_name(dtype_name(x.dtype) or "float32",
                                   dtype_name(_info.default_dtype("integral")) or "int64")
    return DTYPES.get(name, DTYPES["int64"])


def _reduction(native: _F, name: str, doc: str, *, tuple_axes: bool = True,
               keepdims: bool = True, accumulate: bool = False) -> _F:
    reduce = make_reduction(native, _SHAPES, tuple_axes=tuple_axes, keepdims=keepdims)

    def reduction(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                  keepdims: bool = False, **options: Any) -> Array:
        if accumulate:
            dtype = options.get("dtype")
            if dtype is None:
                options["dtype"] = _accumulation_dtype(x)
        return reduce(x, axis, keepdims, **options)

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = doc
    return reduction


def _sum_like(native: _F, name: str) -> _F:
    inner = _reduction(native, name, "", accumulate=True)

    def accumulated(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                    dtype: DType | None = None, keepdims: bool = False) -> Array:
        if dtype is not None and DTYPES["uint8"] == dtype:
            # MXNet's sum and prod have no uint8 output: int64, wrapped back.
            return accumulated(x, axis=axis, dtype=DTYPES["int64"],
                               keepdims=keepdims).astype(dtype)
        shape = _reduced_shape(x, axis, keepdims)
        if 0 in shape:  # MXNet fails on an empty result ("Shape size mismatch 0 v.s. 1")
            return mnp.zeros(shape, dtype=_accumulation_dtype(x) if dtype is None else dtype,
                             ctx=x.ctx)
        if name == "prod" and x.size == 0:
            # MXNet's product of no elements is 0; the empty sum has the
            # result's shape and dtype, and the empty product is one more.
            return _SUM(x, axis=axis, keepdims=keepdims, dtype=dtype) + 1
        return inner(x, axis=axis, keepdims=keepdims, dtype=dtype)

    accumulated.__name__ = accumulated.__qualname__ = name
    accumulated.__doc__ = (
        f"The {name} of ``x`` over ``axis``.\n\nDeviations fixed: booleans and integers "
        "narrower than int64 accumulate in int64 (MXNet: float32 for booleans, the input's "
        "dtype for integers); ``axis=()`` reduces over no axis; the product of no elements "
        "is 1 (MXNet: 0); ``dtype=uint8`` accumulates in int64 and wraps (MXNet has no "
        "uint8 output). Deviation left: unsigned "
        "integers accumulate in int64, not uint64 (MXNet has no uint64).")
    return accumulated


def _reduced_shape(x: Array, axis: int | tuple[int, ...] | None, keepdims: bool
                   ) -> tuple[int, ...]:
    """The shape of a reduction of ``x`` over ``axis``."""
    axes = set(range(x.ndim) if axis is None else normalize_axes(
        (axis,) if isinstance(axis, int) else axis, x.ndim))
    return tuple(1 if i in axes else n for i, n in enumerate(x.shape)
                 if keepdims or i not in axes)


def _max_min(native: _F, name: str) -> _F:
    reduce = make_reduction(native, _SHAPES)

    def extreme(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                keepdims: bool = False) -> Array:
        return reduce(x, axis, keepdims)

    extreme.__name__ = extreme.__qualname__ = name
    extreme.__doc__ = (f"The {name}imum of ``x`` over ``axis``.\n\n"
                       "Deviation fixed: ``axis=()`` and tuples of axes.")
    return extreme


def _std_var(native: _F, name: str) -> _F:
    reduce = make_reduction(native, _SHAPES)
    variance = make_reduction(mnp.var, _SHAPES)

    def spread(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
               correction: int | float = 0.0, keepdims: bool = False) -> Array:
        x = _floating(x)
        if float(correction).is_integer():
            return reduce(x, axis, keepdims, ddof=int(correction))
        # MXNet's ddof is an int: a fractional correction rescales the
        # population variance by n / (n - correction).
        axes = range(x.ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
        n = math.prod(x.shape[a] for a in axes)
        scale = n / (n - correction) if n != correction else math.inf
        out = variance(x, axis, keepdims, ddof=0) * scale
        return mnp.sqrt(out) if name == "std" else out

    spread.__name__ = spread.__qualname__ = name
    spread.__doc__ = (f"The {'standard deviation' if name == 'std' else 'variance'} of ``x`` "
                      "over ``axis``.\n\nDeviations fixed: ``correction`` (MXNet's ``ddof``, "
                      "an int only), ``axis=()``, and integer or boolean ``x`` computed in the "
                      "default floating dtype (MXNet keeps integers).")
    return spread


def _floating(x: Array) -> Array:
    """``x``, or integer/boolean ``x`` in the default floating dtype (the
    standard leaves their statistics open; NumPy computes them in floating
    point, and xport does on every backend)."""
    if x.dtype.kind == "f":
        return x
    return x.astype(_info.default_dtype("real floating"))


def mean(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
         keepdims: bool = False) -> Array:
    """The arithmetic mean of ``x`` over ``axis``: the sum over the count.

    Deviations fixed: MXNet's ``mean`` reduces over every axis for ``axis=()``;
    integer and boolean ``x`` give the default floating dtype, as NumPy's
    (MXNet keeps integers, and has no boolean kernel). Deviation left: MXNet's
    compensated sums make a sum (so a mean) of infinities of one sign NaN.
    """
    x = _floating(x)
    axes = range(x.ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
    count = math.prod(x.shape[a] for a in axes)
    total = _SUM(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
    return total / count if count else total * math.nan





def _logical_reduction(native: _F, name: str) -> _F:
    reduce = make_reduction(native, _SHAPES)

    def test(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
             keepdims: bool = False) -> Array:
        return reduce(x, axis, keepdims)

    test.__name__ = test.__qualname__ = name
    test.__doc__ = (f"Whether {'all' if name == 'all' else 'any'} elements of ``x`` along "
                    "``axis`` are true.\n\nDeviation fixed: ``axis=()`` and tuples of axes.")
    return test


def count_nonzero(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                  keepdims: bool = False) -> Array:
    """The number of non-zero elements of ``x`` along ``axis`` (int64).

    Deviation fixed: MXNet's ``count_nonzero`` returns a NumPy scalar for
    ``axis=None`` (a host read); here it is a sum of ``x != 0``.
    """
    return _SUM(x != 0, axis=axis, keepdims=keepdims, dtype=DTYPES["int64"])


def _cumulative(native: _F, name: str) -> _F:

    def cumulative(x: Array, /, *, axis: int | None = None, dtype: DType | None = None,
                   include_initial: bool = False) -> Array:
        if axis is None:
            if x.ndim > 1:
                raise ValueError(f"{name}() needs axis= for arrays of more than one "
                                 "dimension")
            axis = 0
        if dtype is None:
            dtype = _accumulation_dtype(x)
        if x.ndim == 0:
            raise ValueError(f"{name}() needs an array of at least one dimension")
        # MXNet's cumsum fails on axis=-1 for some shapes (and wraps invalid ones).
        (axis,) = normalize_axes((axis,), x.ndim)
        out = native(x.astype(dtype, copy=False), axis=axis)
        if include_initial:
            shape = list(x.shape)
            shape[axis] = 1
            first = mnp.full(tuple(shape), 0 if name == "cumulative_sum" else 1, dtype=dtype,
                             ctx=x.ctx)
            out = mv.concatenate([first, out], axis=axis)
        return out

    cumulative.__name__ = cumulative.__qualname__ = name
    cumulative.__doc__ = (f"The cumulative {name.rpartition('_')[2]} of ``x`` along ``axis``."
                          "\n\nDeviations fixed: MXNet's name (``cumsum``), the standard's "
                          "accumulation dtype and ``include_initial``.")
    return cumulative


def _cumprod(x: Array, axis: int) -> Array:
    # MXNet has no cumprod: exp(cumsum(log|x|)) would lose exactness, so the
    # running product is built by a log-depth scan of multiplications.
    n = x.shape[axis]
    out = x
    step = 1
    while step < n:
        pad_shape = list(x.shape)
        pad_shape[axis] = step
        ones = mnp.ones(tuple(pad_shape), dtype=x.dtype, ctx=x.ctx)
        shifted = mv.concatenate([ones, _slice(out, axis, 0, n - step)], axis=axis)
        out = out * shifted
        step *= 2
    return out


def _slice(x: Array, axis: int, start: int, stop: int) -> Array:
    index = [builtins.slice(None)] * x.ndim
    index[axis] = builtins.slice(start, stop)
    return x[tuple(index)]


# -- searching, sorting, sets ----------------------------------------------------

def _arg(native: _F, name: str) -> _F:
    def arg(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
        if axis is not None:
            (axis,) = normalize_axes((axis,), x.ndim)
        out = native(x, axis=axis)
        if keepdims:
            out = out.reshape((1,) * x.ndim) if axis is None else mv.expand_dims(out, axis)
        return out

    arg.__name__ = arg.__qualname__ = name
    arg.__doc__ = (f"Indices of the {name[3:]}imum of ``x`` along ``axis``.\n\n"
                   "Deviations fixed: MXNet has no ``keepdims``; an axis out of range "
                   "raises ``IndexError`` (MXNet: an MXNetError).")
    return arg


def where(condition: Array, x1: Array | bool | int | float, x2: Array | bool | int | float,
          /) -> Array:
    """Elements of ``x1`` where ``condition`` is true, of ``x2`` elsewhere.

    Deviations fixed: MXNet rejects operands of different dtypes and makes
    float32 of Python scalars; here the operands promote by the standard's rules.
    """
    if type(x1) in _SCALARS or type(x2) in _SCALARS:
        like = x2 if type(x1) in _SCALARS else x1
        if type(like) in _SCALARS:
            dtype = result_type(x1, x2)
            x1, x2 = (mnp.array(x1, dtype=dtype, ctx=condition.ctx),
                      mnp.array(x2, dtype=dtype, ctx=condition.ctx))
        else:
            dtype = result_type(like, x1 if like is x2 else x2)
    else:
        dtype = result_type(x1, x2)
    x1 = _as(x1, dtype, condition)
    x2 = _as(x2, dtype, condition)
    return mv.where(condition, x1, x2)


_SCALARS = frozenset({bool, int, float})


def _as(x: Any, dtype: Any, like: Any) -> Array:
    if type(x) in _SCALARS:
        return mnp.array(x, dtype=dtype, ctx=like.ctx)
    return x if x.dtype == dtype else x.astype(dtype)


def _promoted(arrays: Sequence[Array]) -> list[Array]:
    dtype = result_type(*arrays)
    return [a if a.dtype == dtype else a.astype(dtype) for a in arrays]


def concat(arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0) -> Array:
    """Join ``arrays`` along ``axis`` (``None``: flattened).

    Deviation fixed: MXNet rejects arrays of different dtypes; they promote
    by the standard's rules.
    """
    return mv.concatenate(_promoted(arrays), axis=axis)


def stack(arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0) -> Array:
    """Join ``arrays`` along a new ``axis``.

    Deviation fixed: MXNet rejects arrays of different dtypes; they promote
    by the standard's rules.
    """
    return mv.stack(_promoted(arrays), axis=axis)


def flip(x: Array, /, *, axis: int | tuple[int, ...] | None = None) -> Array:
    """``x`` with the order of elements reversed along ``axis`` (None: every axis).

    Deviations fixed: MXNet's ``flip`` rejects negative axes and booleans.
    """
    if x.ndim == 0:
        return x.copy()
    axes = tuple(range(x.ndim)) if axis is None else (
        (axis,) if isinstance(axis, int) else axis)
    return mv.flip(x, axis=normalize_axes(axes, x.ndim))


def roll(x: Array, /, shift: int | tuple[int, ...], *,
         axis: int | tuple[int, ...] | None = None) -> Array:
    """``x`` with elements shifted by ``shift`` along ``axis`` (None: flattened).

    Deviations fixed: MXNet's ``roll`` rejects negative axes of empty arrays
    and booleans.
    """
    if axis == ():
        return x.copy()
    if axis is not None and x.ndim:
        axis = (normalize_axes((axis,), x.ndim)[0] if isinstance(axis, int)
                else normalize_axes(axis, x.ndim))
    return mv.roll(x, shift, axis=axis)


def positive(x: Array, /) -> Array:
    """``+x`` (a copy of ``x``).

    Deviation fixed: MXNet's ``positive`` rejects int8 arrays.
    """
    return x.copy()


def real(x: Array, /) -> Array:
    """The real part of ``x``: a copy of ``x`` for MXNet's real dtypes.

    Deviation fixed: MXNet's ``real`` rejects int8 arrays.
    """
    return x.copy()


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """Split ``x`` along ``axis`` into a tuple of arrays.

    Deviation fixed: MXNet has no ``unstack`` (and its ``moveaxis`` crashes the
    process on an axis out of range: checked here first).
    """
    (axis,) = normalize_axes((axis,), x.ndim)
    moved = mv.moveaxis(x, axis, 0)
    return tuple(moved[i] for i in range(moved.shape[0]))


def expand_dims(x: Array, /, axis: int | tuple[int, ...] = 0) -> Array:
    """``x`` with new axes of length one at ``axis``.

    Deviations fixed: MXNet takes one int axis; a tuple adds the axes in order
    of their final positions; an axis outside the result raises ``IndexError``.
    """
    axes = (axis,) if isinstance(axis, int) else axis
    ndim = x.ndim + len(axes)
    for a in axes:
        if not -ndim <= a < ndim:
            raise IndexError(f"expand_dims(): axis {a} is out of range for the "
                             f"{ndim}-dimensional result")
    positions = sorted(a % ndim for a in axes)
    if len(set(positions)) != len(positions):
        raise ValueError(f"expand_dims(): axis {axis!r} repeats an axis")
    for position in positions:
        x = mv.expand_dims(x, position)
    return x


def squeeze(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """``x`` without the axes ``axis`` (each of length one).

    Deviation fixed: an axis whose length is not one raises ``ValueError``.
    """
    axes = (axis,) if isinstance(axis, int) else axis
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"squeeze(): axis {a} has length {x.shape[a]}, not 1")
    return mv.squeeze(x, axis=axis) if axes else x


def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
    """Reshape ``x`` to ``shape``.

    Deviation fixed: MXNet's ``reshape`` has no ``copy``; ``copy=True`` copies
    first; ``copy=False`` is allowed (MXNet reshapes contiguous arrays, which
    all of its arrays are, without copying).
    """
    return mnp.reshape(x.copy() if copy else x, shape)


def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """``x`` with its axes permuted (``mxnet.numpy.transpose``)."""
    return mv.transpose(x, axes)


def matrix_transpose(x: Array, /) -> Array:
    """The transpose of each matrix of ``x`` (its last two axes swapped).

    Deviation fixed: MXNet has no ``matrix_transpose``.
    """
    if x.ndim < 2:
        raise ValueError("matrix_transpose() needs an array of at least two dimensions")
    return mv.swapaxes(x, -1, -2)


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """The shape ``shapes`` broadcast to.

    Deviation fixed: MXNet has no ``broadcast_shapes``.
    """
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for shape in shapes:
        for i, n in enumerate(shape, start=ndim - len(shape)):
            if n != 1:
                if out[i] not in (1, n):
                    raise ValueError(f"broadcast_shapes(): shapes {shapes!r} do not "
                                     "broadcast")
                out[i] = n
    return tuple(out)


def clip(x: Array, /, min: Array | int | float | None = None,  # noqa: A002
         max: Array | int | float | None = None) -> Array:  # noqa: A002
    """Clamp ``x`` to ``[min, max]``.

    Deviations fixed: MXNet takes Python numbers only (here arrays too, by
    ``maximum``/``minimum``) and needs at least one bound; the result keeps
    ``x``'s dtype.
    """
    out = x
    for bound, limit in ((min, mnp.maximum), (max, mnp.minimum)):
        if bound is not None:
            out = limit(out, _bound(bound, x))
    return out if out is not x else x.copy()


def _bound(bound: Any, x: Array) -> Array:
    return bound.astype(x.dtype, copy=False) if _is_array(bound) else _as(bound, x.dtype, x)


def _is_array(x: Any) -> bool:
    return isinstance(x, mnp.ndarray)


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Repeat each element of ``x`` ``repeats`` times along ``axis``.

    Deviation fixed: MXNet takes an int ``repeats`` only; an array of counts
    is read on the host (its values decide the result's shape).
    """
    if isinstance(repeats, int):
        if (x.size == 0 or repeats == 0) and axis is not None:  # MXNet flattens these
            shape = list(x.shape)
            shape[axis] *= repeats
            return mnp.zeros(tuple(shape), dtype=x.dtype, ctx=x.ctx)
        return mv.repeat(x, repeats, axis=axis)
    counts = repeats.asnumpy().tolist()
    if axis is None:
        x, axis = x.reshape(-1), 0
    if len(counts) == 1:
        return repeat(x, int(counts[0]), axis=axis)
    index = mnp.array(np.repeat(np.arange(len(counts)), counts), dtype="int64", ctx=x.ctx)
    return mv.take(x, index, axis=axis)


def take(x: Array, indices: Array, /, *, axis: int | None = None) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis``.

    Deviations fixed: ``axis`` may be omitted for 1-d ``x`` only; negative
    and int8 indices (MXNet rejects both).
    """
    if axis is None:
        if x.ndim != 1:
            raise ValueError("take() needs axis= for arrays of more than one dimension")
        axis = 0
    if indices.dtype.kind not in "iu":
        raise TypeError(f"take() needs integer indices; got {indices.dtype}")
    (axis,) = normalize_axes((axis,), x.ndim)
    return mv.take(x, _indices(indices, x.shape[axis]), axis=axis)


def _indices(indices: Array, n: int) -> Array:
    """int64 indices with negative ones counted from the end (MXNet's take
    rejects negative indices and int8 index arrays)."""
    indices = indices.astype("int64", copy=False)
    return mv.where(indices < 0, indices + n, indices)


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """Values of ``x`` at ``indices`` along ``axis``.

    Deviation fixed: negative and int8 indices (MXNet rejects both).
    """
    return mv.take_along_axis(x, _indices(indices, x.shape[axis]), axis)


def searchsorted(x1: Array, x2: Array, /, *, side: Literal["left", "right"] = "left",
                 sorter: Array | None = None) -> Array:
    """Insertion indices of ``x2`` into the sorted ``x1``.

    Deviation fixed: operands of different dtypes promote first; ``x2`` may
    be a Python scalar.
    """
    if type(x2) in _SCALARS:
        x2 = _as(x2, x1.dtype, x1)
    if x1.dtype != x2.dtype:
        x1, x2 = _promoted([x1, x2])
    return mnp.searchsorted(x1, x2, side=side, sorter=sorter)


def nonzero(x: Array, /) -> tuple[Array, ...]:
    """Indices of the non-zero elements of ``x``, one array per axis.

    Deviation fixed: 0-d input raises ``ValueError`` (MXNet treats it as 1-d).
    """
    if x.ndim == 0:
        raise ValueError("nonzero() of a 0-d array is not defined; use "
                         "nonzero(reshape(x, (1,)))")
    return tuple(mnp.nonzero(x))


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True) -> Array:
    """Sort ``x`` along ``axis``.

    Deviation fixed: ``descending`` (MXNet sorts ascending only). Equal
    elements are indistinguishable in a sort of values, so stability is moot.
    """
    if x.ndim == 0:
        return x.copy()
    (axis,) = normalize_axes((axis,), x.ndim)  # MXNet's sort fails on axis=-1 for some shapes
    if not descending:
        return mv.sort(x, axis=axis)
    return mv.flip(mv.sort(x, axis=axis), axis=axis)


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True) -> Array:
    """Indices that sort ``x`` along ``axis``, stably.

    Deviations fixed: ``descending``, and stability (MXNet's argsort orders
    ties arbitrarily): after MXNet's sort, runs of equal values are numbered
    and the indices re-sorted by (run, original position), a key below 2**53
    for any axis MXNet can hold. NaNs are each their own run.
    """
    if x.ndim == 0 or x.size == 0:
        return mnp.zeros(x.shape, dtype="int64", ctx=x.ctx)
    (axis,) = normalize_axes((axis,), x.ndim)
    n = x.shape[axis]
    order = mnp.argsort(x, axis=axis)
    ranked = mv.take_along_axis(x, order, axis)
    first_shape = (*x.shape[:axis], 1, *x.shape[axis + 1:])
    new_run = mv.concatenate([mnp.ones(first_shape, dtype="bool", ctx=x.ctx),
                               _slice(ranked, axis, 1, n) != _slice(ranked, axis, 0, n - 1)],
                              axis=axis)
    run = mnp.cumsum(new_run.astype("int64"), axis=axis).astype("float64")
    if descending:
        run = n - run
    key = run * n + order.astype("float64")
    return mv.take_along_axis(order, mnp.argsort(key, axis=axis), axis)


def _unique(x: Array, **flags: bool) -> Any:
    """``mxnet.numpy.unique`` of the 1-d ``x``, for booleans too (as uint8:
    only the values come back as bool, the indices and counts stay int64),
    with each NaN a distinct value, last (MXNet merges NaNs into one)."""
    if x.dtype.kind == "f":
        return _unique_nans_apart(x, **flags)
    if x.dtype != _BOOL:
        return mnp.unique(x, **flags)
    out = mnp.unique(x.astype("uint8"), **flags)
    if isinstance(out, (tuple, list)):
        return (out[0].astype("bool"), *out[1:])
    return out.astype("bool")


def _unique_nans_apart(x: Array, *, return_index: bool = False, return_inverse: bool = False,
                       return_counts: bool = False) -> Any:
    """``mxnet.numpy.unique`` of the 1-d float ``x`` with the standard's NaNs:
    the other values' unique, then every NaN as a value of its own (index: its
    position, count: 1). Reads the number of NaNs on the host (the result's
    length depends on it, as on the values)."""
    flags = {"return_index": return_index, "return_inverse": return_inverse,
             "return_counts": return_counts}
    nan = mnp.isnan(x)
    n_nan = int(mnp.sum(nan.astype("int64")).item())
    if n_nan == 0:
        return mnp.unique(x, **flags)
    keep = mnp.nonzero(mnp.logical_not(nan))[0]
    at_nan = mnp.nonzero(nan)[0]
    found = mnp.unique(mnp.take(x, keep), **flags)
    parts = list(found) if isinstance(found, (tuple, list)) else [found]
    distinct = parts[0].shape[0]
    out = [mv.concatenate([parts[0], mnp.full((n_nan,), math.nan, dtype=x.dtype, ctx=x.ctx)])]
    rest = iter(parts[1:])
    if return_index:
        out.append(mv.concatenate([mnp.take(keep, next(rest)), at_nan]))
    if return_inverse:
        inverse = mnp.zeros(x.shape, dtype="int64", ctx=x.ctx)
        if keep.shape[0]:
            inverse[keep] = next(rest)
        else:
            next(rest)
        inverse[at_nan] = mnp.arange(distinct, distinct + n_nan, dtype="int64", ctx=x.ctx)
        out.append(inverse)
    if return_counts:
        out.append(mv.concatenate([next(rest).astype("int64"),
                                   mnp.ones((n_nan,), dtype="int64", ctx=x.ctx)]))
    return tuple(out) if len(out) > 1 else out[0]


def unique_all(x: Array, /) -> UniqueAllResult:
    """Distinct values of ``x``, first indices, inverse indices and counts.

    Deviations fixed: MXNet has ``unique`` with flags (tuple results);
    ``inverse_indices`` has ``x``'s shape; booleans (MXNet has no boolean
    kernel for ``unique``); each NaN is a distinct value, last (MXNet merges
    NaNs into one), for which the number of NaNs is read on the host.
    """
    values, indices, inverse, counts = _unique(x.reshape(-1), return_index=True,
                                               return_inverse=True, return_counts=True)
    return UniqueAllResult(values, indices, inverse.reshape(x.shape), counts)


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """Distinct values of ``x`` and their counts (see :func:`unique_all`)."""
    values, counts = _unique(x.reshape(-1), return_counts=True)
    return UniqueCountsResult(values, counts)


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """Distinct values of ``x`` and the indices that rebuild ``x`` from them
    (see :func:`unique_all`)."""
    values, inverse = _unique(x.reshape(-1), return_inverse=True)
    return UniqueInverseResult(values, inverse.reshape(x.shape))


def unique_values(x: Array, /) -> Array:
    """The distinct values of ``x``, ascending.

    Deviations fixed: booleans (MXNet has no boolean kernel for ``unique``);
    see :func:`unique_all`.
    """
    return _unique(x.reshape(-1))


# -- products ------------------------------------------------------------------

def matmul(x1: Array, x2: Array, /) -> Array:
    """The matrix product of ``x1`` and ``x2``.

    Deviations fixed: operands promote by the standard's rules; MXNet has no
    integer kernels, so integer products are multiplications and sums (exact);
    zero-size operands (MXNet's kernels fail on them) give zeros.
    """
    if x1.dtype != x2.dtype:
        x1, x2 = _promoted([x1, x2])
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul() does not take 0-d arrays")
    a = x1.reshape(1, -1) if x1.ndim == 1 else x1
    b = x2.reshape(-1, 1) if x2.ndim == 1 else x2
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul(): shapes {x1.shape} and {x2.shape} do not align")
    shape = (*broadcast_shapes(a.shape[:-2], b.shape[:-2]), a.shape[-2], b.shape[-1])
    if x1.ndim == 1:
        shape = shape[:-2] + shape[-1:]
    if x2.ndim == 1:
        shape = shape[:-1]
    if 0 in shape or a.shape[-1] == 0:
        # MXNet's kernels fail on zero-size operands ("Shape size mismatch 0 v.s. 1"):
        # the product is empty, or a sum of no terms.
        return mnp.zeros(shape, dtype=x1.dtype, ctx=x1.ctx)
    if x1.dtype.kind == "f":
        return mnp.matmul(x1, x2)
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul(): shapes {x1.shape} and {x2.shape} do not align")
    # Summed in int64 (MXNet's sum has no uint8 output), wrapped back.
    out = mnp.sum(mv.expand_dims(a, -1) * mv.expand_dims(b, -3), axis=-2,
                  dtype="int64").astype(a.dtype)
    if x1.ndim == 1:
        out = out.reshape(out.shape[:-2] + out.shape[-1:])
    if x2.ndim == 1:
        out = out.reshape(out.shape[:-1])
    return out


def tensordot(x1: Array, x2: Array, /, *,
              axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> Array:
    """The tensor contraction of ``x1`` and ``x2`` over ``axes``.

    Deviations fixed: operands promote by the standard's rules first; integer
    contractions are exact (see :func:`matmul`); axes are checked first (MXNet
    aborts the process on more axes than an operand has).
    """
    if x1.dtype != x2.dtype:
        x1, x2 = _promoted([x1, x2])
    if isinstance(axes, int):
        if not 0 <= axes <= min(x1.ndim, x2.ndim):
            raise ValueError(f"tensordot(): axes={axes} needs 0 <= axes <= the operands' "
                             f"dimensions ({x1.ndim} and {x2.ndim})")
        a1 = list(range(x1.ndim - axes, x1.ndim))
        a2 = list(range(axes))
    else:
        a1 = list(normalize_axes(axes[0], x1.ndim))
        a2 = list(normalize_axes(axes[1], x2.ndim))
        if len(a1) != len(a2):
            raise ValueError(f"tensordot(): axes {axes!r} pair {len(a1)} axes of x1 with "
                             f"{len(a2)} of x2")
    if any(x1.shape[i] != x2.shape[j] for i, j in zip(a1, a2, strict=True)):
        raise ValueError(f"tensordot(): shapes {x1.shape} and {x2.shape} do not align on "
                         f"axes {axes!r}")
    if x1.dtype.kind != "f":
        r1 = [i for i in range(x1.ndim) if i not in a1]
        r2 = [i for i in range(x2.ndim) if i not in a2]
        k = math.prod(x1.shape[i] for i in a1)
        left = mv.transpose(x1, r1 + a1).reshape(math.prod(x1.shape[i] for i in r1), k)
        right = mv.transpose(x2, a2 + r2).reshape(k, math.prod(x2.shape[i] for i in r2))
        out = matmul(left, right)
        return out.reshape(tuple(x1.shape[i] for i in r1) + tuple(x2.shape[i] for i in r2))
    return mnp.tensordot(x1, x2, axes=(a1, a2))


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """The dot product of ``x1`` and ``x2`` along ``axis`` (broadcasting).

    Deviation fixed: MXNet has no ``vecdot``. Integer products are summed in
    int64 and wrapped back (MXNet's sum has no uint8 output).
    """
    if x1.dtype != x2.dtype:
        x1, x2 = _promoted([x1, x2])
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot(): axis {axis} has lengths {x1.shape[axis]} and "
                         f"{x2.shape[axis]}")
    if x1.dtype.kind == "f":
        return _SUM(x1 * x2, axis=axis, dtype=x1.dtype)
    return _SUM(x1 * x2, axis=axis, dtype=DTYPES["int64"]).astype(x1.dtype)


def diff(x: Array, /, *, axis: int = -1, n: int = 1, prepend: Array | None = None,
         append: Array | None = None) -> Array:
    """The ``n``-th forward difference of ``x`` along ``axis``.

    Deviations fixed: ``prepend``/``append`` of another dtype promote first; a
    negative ``n`` or an axis out of range raise (MXNet has no ``diff`` of
    this form).
    """
    if n < 0:
        raise ValueError(f"diff(): n must be non-negative; got n={n}")
    (axis,) = normalize_axes((axis,), x.ndim)
    if n == 0:
        return x
    parts = [a for a in (prepend, x, append) if a is not None]
    if len(parts) > 1:
        x = mv.concatenate(_promoted(parts), axis=axis)
    for _ in range(n):
        size = x.shape[axis]
        x = _slice(x, axis, 1, size) - _slice(x, axis, 0, size - 1)
    return x


_SUM = _sum_like(mnp.sum, "sum")


def _main() -> dict[str, Any]:
    found: dict[str, Any] = {
        "result_type": result_type, "finfo": finfo, "iinfo": iinfo, "can_cast": can_cast,
        "isdtype": isdtype, "asarray": asarray, "arange": arange, "full": full,
        "full_like": full_like, "eye": eye, "linspace": linspace, "tril": tril, "triu": triu,
        "meshgrid": meshgrid, "broadcast_arrays": broadcast_arrays, "astype": astype,
        "from_dlpack": from_dlpack, "conj": conj, "imag": imag, "sign": sign,
        "positive": positive, "real": real, "square": square,
        "sum": _SUM, "prod": _sum_like(mnp.prod, "prod"),
        "max": _max_min(mnp.max, "max"), "min": _max_min(mnp.min, "min"),
        "std": _std_var(mnp.std, "std"), "var": _std_var(mnp.var, "var"), "mean": mean,
        "all": _logical_reduction(mnp.all, "all"), "any": _logical_reduction(mnp.any, "any"),
        "count_nonzero": count_nonzero,
        "cumulative_sum": _cumulative(mnp.cumsum, "cumulative_sum"),
        "cumulative_prod": _cumulative(_cumprod, "cumulative_prod"),
        "argmax": _arg(mnp.argmax, "argmax"), "argmin": _arg(mnp.argmin, "argmin"),
        "where": where, "concat": concat, "stack": stack, "unstack": unstack,
        "expand_dims": expand_dims, "squeeze": squeeze, "reshape": reshape,
        "permute_dims": permute_dims, "matrix_transpose": matrix_transpose,
        "broadcast_shapes": broadcast_shapes, "clip": clip, "repeat": repeat, "take": take,
        "take_along_axis": take_along_axis, "searchsorted": searchsorted, "nonzero": nonzero,
        "sort": sort, "argsort": argsort, "unique_all": unique_all,
        "unique_counts": unique_counts, "unique_inverse": unique_inverse,
        "unique_values": unique_values, "matmul": matmul, "tensordot": tensordot,
        "vecdot": vecdot, "diff": diff,
    }
    found.update({name: _like(getattr(mnp, name[:-5]), name)
                  for name in ("empty_like", "ones_like", "zeros_like")})
    found.update({name: _creation(getattr(mnp, name), name)
                  for name in ("empty", "ones", "zeros")})
    found.update(_binaries())
    found["flip"], found["roll"] = flip, roll
    for name in ("tile", "moveaxis", "broadcast_to"):
        moved = found[name] = getattr(mv, name)
        moved.__doc__ = (f"``mxnet.numpy.{name}``, for boolean arrays too.\n\nDeviation "
                         "fixed: MXNet has no boolean kernel for it; booleans travel as "
                         "uint8.")
    return found


MAIN: dict[str, Any] = _main()
ALIASES: dict[str, str] = {
    "acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
    "atan": "arctan", "atanh": "arctanh", "bitwise_invert": "invert",
}
