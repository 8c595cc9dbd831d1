"""The fluent class of ``xport.tensorflow``."""

from ... import tensorflow as _namespace
from ..core import class_for

CLASS = class_for(_namespace)
