"""The standard's constants, the same Python objects in every namespace."""

from __future__ import annotations

import math

e = math.e
pi = math.pi
inf = math.inf
nan = math.nan
newaxis = None
