"""The fluent class of ``xport.torch``."""

from ... import torch as _namespace
from ..core import class_for

CLASS = class_for(_namespace)
