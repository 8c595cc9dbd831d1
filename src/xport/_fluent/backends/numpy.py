"""The fluent class of ``xport.numpy``."""

from ... import numpy as _namespace
from ..core import class_for

CLASS = class_for(_namespace)
