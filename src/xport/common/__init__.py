"""array-api-compat's module layout (``array_api_compat.common``), for code that
imports compat's helpers or types from there: ``common._helpers`` and
``common._typing`` re-export xport's. New code imports them from ``xport``.
Imports no array library."""

from ._helpers import *  # noqa: F403
from ._helpers import __all__ as __all__
