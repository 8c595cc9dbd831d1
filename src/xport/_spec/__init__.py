"""The Array API standard as data: one source of truth for backends, tests and the CLI.

Nothing here imports an array library.
"""

from .dtypes import DTYPE_NAMES, KIND_MEMBERS, kind_of
from .names import (
    CONSTANT_NAMES,
    DTYPE_ATTRIBUTE_NAMES,
    FFT_NAMES,
    INFO_METHOD_NAMES,
    LATEST_VERSION,
    LINALG_NAMES,
    MAIN_FUNCTION_NAMES,
    SUPPORTED_VERSIONS,
    main_names,
)
from .promotion import PROMOTION_TABLE, promote_names

__all__ = [
    "CONSTANT_NAMES",
    "DTYPE_ATTRIBUTE_NAMES",
    "DTYPE_NAMES",
    "FFT_NAMES",
    "INFO_METHOD_NAMES",
    "KIND_MEMBERS",
    "LATEST_VERSION",
    "LINALG_NAMES",
    "MAIN_FUNCTION_NAMES",
    "PROMOTION_TABLE",
    "SUPPORTED_VERSIONS",
    "kind_of",
    "main_names",
    "promote_names",
]
