"""``array_api_compat.common._helpers``: the helpers, as ``xport`` exports them."""

from .. import _compat_helpers
from .._common.package import PACKAGE
from .._compat_helpers import *  # noqa: F403


def _compat_module_name() -> str:
    """The package these helpers belong to (``"xport"``, or the name a library
    vendored it under), as compat's function of that name: code strips it from
    a namespace's ``__name__`` to get the library's (SciPy's
    ``get_native_namespace_name``)."""
    return PACKAGE


__all__: list[str] = []
__all__ += _compat_helpers.__all__
