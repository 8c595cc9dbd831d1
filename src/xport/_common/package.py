"""The name this package is imported under: ``"xport"``, or the name a library
vendored it under (``"scipy._lib.array_api_compat"``, ...). Nothing spells the
package's name; what needs it reads :data:`PACKAGE`."""

from __future__ import annotations

from typing import Final

PACKAGE: Final[str] = __name__.rpartition(".")[0].rpartition(".")[0]
