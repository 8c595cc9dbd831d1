"""The fluent class of the namespace of the library whose compiler traces
dispatch (see ``_registry.TRACING_LIBRARY``), built when this module is
imported: ``fluent()`` reaches it with an import statement while that
compiler traces."""

from .._registry import TRACING_LIBRARY, import_backend
from .core import class_for

CLASS = class_for(import_backend(TRACING_LIBRARY))
