"""Names the standard requires, per version.

Each table maps a version to the names that version adds; ``*_NAMES[v]`` is the
cumulative set for version ``v``. The lists follow the ``__all__`` of the official
spec stubs (data-apis/array-api, ``src/array_api_stubs/_<version>``).
"""

from __future__ import annotations

from collections.abc import Mapping

SUPPORTED_VERSIONS: tuple[str, ...] = ("2023.12", "2024.12", "2025.12")
LATEST_VERSION: str = SUPPORTED_VERSIONS[-1]

_MAIN_ADDED: dict[str, tuple[str, ...]] = {
    "2023.12": (
        # creation
        "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full",
        "full_like", "linspace", "meshgrid", "ones", "ones_like", "tril", "triu",
        "zeros", "zeros_like",
        # data types
        "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type",
        # elementwise
        "abs", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh",
        "bitwise_and", "bitwise_invert", "bitwise_left_shift", "bitwise_or",
        "bitwise_right_shift", "bitwise_xor", "ceil", "clip", "conj", "copysign",
        "cos", "cosh", "divide", "equal", "exp", "expm1", "floor", "floor_divide",
        "greater", "greater_equal", "hypot", "imag", "isfinite", "isinf", "isnan",
        "less", "less_equal", "log", "log10", "log1p", "log2", "logaddexp",
        "logical_and", "logical_not", "logical_or", "logical_xor", "maximum",
        "minimum", "multiply", "negative", "not_equal", "positive", "pow", "real",
        "remainder", "round", "sign", "signbit", "sin", "sinh", "sqrt", "square",
        "subtract", "tan", "tanh", "trunc",
        # indexing
        "take",
        # linear algebra
        "matmul", "matrix_transpose", "tensordot", "vecdot",
        # manipulation
        "broadcast_arrays", "broadcast_to", "concat", "expand_dims", "flip",
        "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack",
        "tile", "unstack",
        # searching
        "argmax", "argmin", "nonzero", "searchsorted", "where",
        # sets
        "unique_all", "unique_counts", "unique_inverse", "unique_values",
        # sorting
        "argsort", "sort",
        # statistics
        "cumulative_sum", "max", "mean", "min", "prod", "std", "sum", "var",
        # utility
        "all", "any",
        # inspection
        "__array_namespace_info__",
    ),
    "2024.12": (
        "nextafter", "reciprocal", "take_along_axis", "count_nonzero",
        "cumulative_prod", "diff",
    ),
    "2025.12": ("broadcast_shapes", "isin"),
}

_LINALG_ADDED: dict[str, tuple[str, ...]] = {
    "2023.12": (
        "cholesky", "cross", "det", "diagonal", "eigh", "eigvalsh", "inv", "matmul",
        "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
        "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace",
        "vecdot", "vector_norm",
    ),
    "2024.12": (),
    "2025.12": ("eig", "eigvals"),
}

_FFT_ADDED: dict[str, tuple[str, ...]] = {
    "2023.12": (
        "fft", "fftfreq", "fftn", "fftshift", "hfft", "ifft", "ifftn", "ifftshift",
        "ihfft", "irfft", "irfftn", "rfft", "rfftfreq", "rfftn",
    ),
    "2024.12": (),
    "2025.12": (),
}

CONSTANT_NAMES: frozenset[str] = frozenset({"e", "inf", "nan", "newaxis", "pi"})

DTYPE_ATTRIBUTE_NAMES: tuple[str, ...] = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
)

INFO_METHOD_NAMES: tuple[str, ...] = (
    "capabilities", "default_device", "default_dtypes", "devices", "dtypes",
)


def _cumulative(added: Mapping[str, tuple[str, ...]]) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    acc: set[str] = set()
    for version in SUPPORTED_VERSIONS:
        acc.update(added[version])
        out[version] = frozenset(acc)
    return out


MAIN_FUNCTION_NAMES: dict[str, frozenset[str]] = _cumulative(_MAIN_ADDED)
LINALG_NAMES: dict[str, frozenset[str]] = _cumulative(_LINALG_ADDED)
FFT_NAMES: dict[str, frozenset[str]] = _cumulative(_FFT_ADDED)


def main_names(version: str = LATEST_VERSION) -> frozenset[str]:
    """Every top-level name of the namespace for ``version``: functions, constants,
    dtypes and the ``linalg``/``fft`` extension modules."""
    return (
        MAIN_FUNCTION_NAMES[version]
        | CONSTANT_NAMES
        | frozenset(DTYPE_ATTRIBUTE_NAMES)
        | {"linalg", "fft", "__array_api_version__"}
    )
