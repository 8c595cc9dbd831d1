"""The fluent class of ``xport.dask``."""

from ... import dask as _namespace
from ..core import class_for

CLASS = class_for(_namespace)
