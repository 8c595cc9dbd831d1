"""The named tuples the standard's set and ``linalg`` functions return, one
definition for every namespace (and for :mod:`xport._typing`)."""

from __future__ import annotations

from typing import Any, NamedTuple


class UniqueAllResult(NamedTuple):
    """Unique values, first-occurrence indices, inverse indices and counts."""

    values: Any
    indices: Any
    inverse_indices: Any
    counts: Any


class UniqueCountsResult(NamedTuple):
    """Unique values and their counts."""

    values: Any
    counts: Any


class UniqueInverseResult(NamedTuple):
    """Unique values and the indices that rebuild the input from them."""

    values: Any
    inverse_indices: Any


class EigResult(NamedTuple):
    """Eigenvalues and right eigenvectors of a (stack of) square matrix."""

    eigenvalues: Any
    eigenvectors: Any


class EighResult(NamedTuple):
    """Eigenvalues (ascending) and eigenvectors of a (stack of) Hermitian matrix."""

    eigenvalues: Any
    eigenvectors: Any


class QRResult(NamedTuple):
    """The factors of a QR decomposition."""

    Q: Any
    R: Any


class SlogdetResult(NamedTuple):
    """The sign and the natural log of the absolute value of a determinant."""

    sign: Any
    logabsdet: Any


class SVDResult(NamedTuple):
    """The factors of a singular value decomposition: ``x = U @ diag(S) @ Vh``."""

    U: Any
    S: Any
    Vh: Any
