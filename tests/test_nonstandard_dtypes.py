"""Dtypes outside the standard belong to their kind on every backend.

A library's float16 or bfloat16 is a real floating dtype, its complex32 a
complex one, as NumPy's own ``isdtype`` and array-api-compat answer: code that
validates inputs with ``isdtype(x.dtype, "real floating")`` (SciPy does)
accepts them on every backend, not on some.
"""

from __future__ import annotations

import numpy as np
import pytest
from conformance._backends import available

# name -> the kinds it belongs to (and, by omission, those it does not).
NON_STANDARD = {
    "float16": {"real floating", "numeric"},
    "bfloat16": {"real floating", "numeric"},
    "complex32": {"complex floating", "numeric"},
}
KINDS = ("bool", "signed integer", "unsigned integer", "integral", "real floating",
         "complex floating", "numeric")

CASES = [(b, name) for b in available() for name in NON_STANDARD
         if b.name != "array_api_strict"]


@pytest.mark.parametrize(("target", "name"), CASES, ids=[f"{b}-{n}" for b, n in CASES])
def test_non_standard_dtypes_belong_to_their_kind(target, name):
    dtype = getattr(target.xp, name, None)
    if dtype is None and target.xp.float32 == np.float32:  # NumPy's dtypes (Dask, CuPy)
        dtype = getattr(np, name, None)
    if dtype is None or name in target.dtype_names:
        pytest.skip(f"{target} has no {name} outside the standard")
    if getattr(target.xp, "__name__", "").split(".")[-2:-1] == ["checked"]:
        pytest.skip("checked namespaces refuse dtypes outside the standard")
    expected = NON_STANDARD[name]
    for kind in KINDS:
        assert target.xp.isdtype(dtype, kind) == (kind in expected), (name, kind)
    assert target.xp.isdtype(dtype, ("integral", next(iter(expected))))
