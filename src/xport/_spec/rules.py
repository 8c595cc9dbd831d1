"""What the standard asks of the arguments of its functions, beyond their
signatures: the dtypes their array inputs should have, how their axes count, and
how the shapes of their inputs must relate. The checked namespaces
(``xport._checked``) are generated from these tables and the signatures of
:class:`xport.Namespace`.

Names are the standard's (``linalg.`` and ``fft.`` prefixed). Where the standard
says an input "should" have a dtype, the table holds it: such a call works on
some libraries and fails on others, which is what the checked mode is for.
"""

from __future__ import annotations

from .dtypes import KIND_MEMBERS

# Domains: named sets of dtype names.
DOMAINS: dict[str, frozenset[str]] = {
    "any": frozenset(KIND_MEMBERS["numeric"] | KIND_MEMBERS["bool"]),
    "bool": KIND_MEMBERS["bool"],
    "numeric": KIND_MEMBERS["numeric"],
    "real": KIND_MEMBERS["integral"] | KIND_MEMBERS["real floating"],
    "integral": KIND_MEMBERS["integral"],
    "integral or bool": KIND_MEMBERS["integral"] | KIND_MEMBERS["bool"],
    "floating": KIND_MEMBERS["real floating"] | KIND_MEMBERS["complex floating"],
    "real floating": KIND_MEMBERS["real floating"],
    "complex floating": KIND_MEMBERS["complex floating"],
}

# What the domains are called in messages ("should have a ... dtype").
DOMAIN_WORDS: dict[str, str] = {
    "any": "any", "bool": "boolean", "numeric": "numeric", "real": "real-valued",
    "integral": "integer", "integral or bool": "integer or boolean",
    "floating": "floating-point", "real floating": "real-valued floating-point",
    "complex floating": "complex floating-point",
}


def _domains(table: dict[str, tuple[str, ...]]) -> dict[str, str]:
    return {name: domain for domain, names in table.items() for name in names}


# function -> domain of its array inputs (every array parameter but those in
# INDEX_PARAMETERS). Functions not listed accept any dtype.
INPUT_DOMAINS: dict[str, str] = _domains({
    "numeric": (
        "abs", "add", "conj", "divide", "isfinite", "isinf", "isnan", "multiply", "negative",
        "positive", "pow", "real", "round", "sign", "square", "subtract", "sum", "prod",
        "cumulative_sum", "cumulative_prod", "diff", "matmul", "tensordot", "vecdot",
        "linalg.cross", "linalg.matmul", "linalg.outer", "linalg.tensordot", "linalg.trace",
        "linalg.vecdot",
    ),
    "real": (
        "ceil", "floor", "trunc", "clip", "floor_divide", "greater", "greater_equal", "less",
        "less_equal", "maximum", "minimum", "remainder", "max", "min", "argmax", "argmin",
        "argsort", "sort", "searchsorted",
    ),
    "floating": (
        "acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "exp", "expm1", "log",
        "log1p", "log2", "log10", "reciprocal", "sin", "sinh", "sqrt", "tan", "tanh", "mean",
        "linalg.cholesky", "linalg.det", "linalg.eig", "linalg.eigh", "linalg.eigvals",
        "linalg.eigvalsh", "linalg.inv", "linalg.matrix_norm", "linalg.matrix_power",
        "linalg.matrix_rank", "linalg.pinv", "linalg.qr", "linalg.slogdet", "linalg.solve",
        "linalg.svd", "linalg.svdvals", "linalg.vector_norm", "fft.fftshift", "fft.ifftshift",
    ),
    "real floating": (
        "atan2", "copysign", "hypot", "logaddexp", "nextafter", "signbit", "std", "var",
        "fft.rfft", "fft.rfftn", "fft.ihfft",
    ),
    "complex floating": (
        "imag", "fft.fft", "fft.ifft", "fft.fftn", "fft.ifftn", "fft.irfft", "fft.irfftn",
        "fft.hfft",
    ),
    "integral": ("bitwise_left_shift", "bitwise_right_shift"),
    "integral or bool": ("bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_invert"),
    "bool": ("logical_and", "logical_or", "logical_xor", "logical_not"),
})

# (function, parameter) -> domain, where a parameter differs from its function's.
PARAMETER_DOMAINS: dict[tuple[str, str], str] = {
    ("where", "condition"): "bool",
    ("take", "indices"): "integral",
    ("take_along_axis", "indices"): "integral",
    ("searchsorted", "sorter"): "integral",
    ("repeat", "repeats"): "integral",
}

# Functions whose two array operands x1 and x2 are promoted together by the
# standard's table (no mixed kinds): the binary elementwise functions and the
# products. ``where`` promotes x1 with x2 too; ``clip`` its bounds with x.
PROMOTED_OPERANDS: dict[str, tuple[str, ...]] = {
    **{name: ("x1", "x2") for name in (
        "add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or",
        "bitwise_right_shift", "bitwise_xor", "copysign", "divide", "equal", "floor_divide",
        "greater", "greater_equal", "hypot", "less", "less_equal", "logaddexp", "logical_and",
        "logical_or", "logical_xor", "maximum", "minimum", "multiply", "nextafter", "not_equal",
        "pow", "remainder", "subtract", "matmul", "tensordot", "vecdot", "where",
        "linalg.cross", "linalg.matmul", "linalg.outer", "linalg.solve", "linalg.tensordot",
        "linalg.vecdot")},
    "clip": ("x", "min", "max"),
}

# Functions whose array operands broadcast against each other (element-wise).
BROADCAST_OPERANDS: dict[str, tuple[str, ...]] = {
    **{name: ("x1", "x2") for name, operands in PROMOTED_OPERANDS.items()
       if operands == ("x1", "x2") and "." not in name
       and name not in {"matmul", "tensordot", "vecdot"}},
    "where": ("condition", "x1", "x2"),
    "clip": ("x", "min", "max"),
}

# How a function's ``axis``/``axes`` count: "existing" (an axis of the first
# array input, the default), "new" (a position in the result, one more
# dimension: expand_dims, stack), "none" (not an axis of an input: tensordot's
# contraction pairs, checked by shape).
AXIS_COUNTING: dict[str, str] = {"expand_dims": "new", "stack": "new", "tensordot": "none",
                                 "linalg.tensordot": "none"}

# Functions where ``axis`` must be given when the input has more than one dimension.
AXIS_REQUIRED_ABOVE_1D: frozenset[str] = frozenset({
    "take", "cumulative_sum", "cumulative_prod"})

# Integer parameters that are sizes (>= 0) or counts (>= 1): (function, parameter) -> minimum.
SIZE_PARAMETERS: dict[tuple[str, str], int] = {
    ("eye", "n_rows"): 0, ("eye", "n_cols"): 0, ("linspace", "num"): 0,
    ("fft.fftfreq", "n"): 1, ("fft.rfftfreq", "n"): 1, ("diff", "n"): 0,
    **{(f"fft.{name}", "n"): 1 for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")},
}

# Shape relations between the inputs, by function: the names of the checks in
# ``xport._checked.relations``.
SHAPE_RELATIONS: dict[str, tuple[str, ...]] = {
    **{name: ("broadcast",) for name in BROADCAST_OPERANDS},
    "matmul": ("matmul",), "linalg.matmul": ("matmul",),
    "vecdot": ("vecdot",), "linalg.vecdot": ("vecdot",),
    "tensordot": ("tensordot",), "linalg.tensordot": ("tensordot",),
    "linalg.cross": ("cross",), "linalg.outer": ("vectors",),
    "concat": ("concat",), "stack": ("same shapes",), "meshgrid": ("vectors",),
    "broadcast_arrays": ("broadcast all",), "broadcast_to": ("broadcast to",),
    "reshape": ("reshape",), "squeeze": ("squeeze",), "permute_dims": ("permutation",),
    "moveaxis": ("moveaxis",), "roll": ("roll",), "take": ("take",),
    "take_along_axis": ("take along axis",), "searchsorted": ("searchsorted",),
    "unstack": ("at least 1-d",),
    "cumulative_sum": ("at least 1-d",), "cumulative_prod": ("at least 1-d",),
    "diff": ("at least 1-d",),
    **{f"linalg.{name}": ("square matrices",) for name in (
        "cholesky", "det", "eig", "eigh", "eigvals", "eigvalsh", "inv", "matrix_power",
        "slogdet")},
    "linalg.solve": ("solve",),
    **{f"linalg.{name}": ("matrices",) for name in (
        "diagonal", "matrix_norm", "matrix_rank", "matrix_transpose", "pinv", "qr", "svd",
        "svdvals", "trace")},
    "matrix_transpose": ("matrices",),
}
