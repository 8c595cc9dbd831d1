"""The fluent class of ``xport.jax``."""

from ... import jax as _namespace
from ..core import class_for

CLASS = class_for(_namespace)
