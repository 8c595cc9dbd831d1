"""``array_api_compat.common._helpers``: the helpers, as ``xport`` exports them."""

from .. import _compat_helpers
from .._compat_helpers import *  # noqa: F403
from .._dispatch import namespace_of

array_namespace = namespace_of
get_namespace = namespace_of

__all__ = ["array_namespace", "get_namespace"]
__all__ += _compat_helpers.__all__
