"""Each backend's fluent class, built when its module here is imported.

``fluent()`` reaches them with import statements: torch.compile performs an
import while it traces (it cannot trace the class's construction), so a first
``fluent(x)`` inside a compiled function leaves no graph break.
"""
