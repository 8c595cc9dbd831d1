"""Method chaining on native arrays: :func:`fluent` and :class:`Fluent`."""

from .core import Fluent
from .entry import fluent

__all__ = ["Fluent", "fluent"]
