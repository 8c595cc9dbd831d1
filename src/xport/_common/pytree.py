"""Minimal pytrees: nested tuples, lists and dicts (and namedtuples) of leaves.

Used to find the arrays among a function's arguments and, for backends without
pytrees of their own, to flatten arguments and outputs. ``None`` is an empty
subtree, as in JAX.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TreeDef:
    """The structure of a pytree, without its leaves."""

    kind: str  # "leaf", "none", "tuple", "list", "dict", "namedtuple"
    children: tuple[TreeDef, ...] = ()
    meta: Any = None  # dict keys, or the namedtuple class

    @property
    def num_leaves(self) -> int:
        if self.kind == "leaf":
            return 1
        return sum(child.num_leaves for child in self.children)


_LEAF = TreeDef("leaf")
_NONE = TreeDef("none")


def flatten(tree: Any) -> tuple[list[Any], TreeDef]:
    """The leaves of ``tree`` in order, and its structure."""
    leaves: list[Any] = []
    return leaves, _flatten_into(tree, leaves)


def leaves_of(tree: Any) -> list[Any]:
    """The leaves of ``tree`` in order (``flatten`` without the structure:
    cheaper where only the arrays are wanted)."""
    leaves: list[Any] = []
    _collect(tree, leaves)
    return leaves


def _collect(tree: Any, leaves: list[Any]) -> None:
    if isinstance(tree, (tuple, list)):
        for t in tree:
            _collect(t, leaves)
    elif isinstance(tree, dict):
        for k in sorted(tree, key=repr):
            _collect(tree[k], leaves)
    elif tree is not None:
        leaves.append(tree)


def _flatten_into(tree: Any, leaves: list[Any]) -> TreeDef:
    if tree is None:
        return _NONE
    if isinstance(tree, tuple):
        children = tuple(_flatten_into(t, leaves) for t in tree)
        if hasattr(tree, "_fields"):
            return TreeDef("namedtuple", children, type(tree))
        return TreeDef("tuple", children)
    if isinstance(tree, list):
        return TreeDef("list", tuple(_flatten_into(t, leaves) for t in tree))
    if isinstance(tree, dict):
        keys = tuple(sorted(tree, key=repr))
        return TreeDef("dict", tuple(_flatten_into(tree[k], leaves) for k in keys), keys)
    leaves.append(tree)
    return _LEAF


def unflatten(treedef: TreeDef, leaves: Any) -> Any:
    """Rebuild a pytree of structure ``treedef`` from ``leaves``."""
    iterator = iter(leaves)
    out = _build(treedef, iterator)
    if next(iterator, _END) is not _END:
        raise ValueError("unflatten(): more leaves than the structure holds")
    return out


_END = object()


def _build(treedef: TreeDef, leaves: Any) -> Any:
    kind = treedef.kind
    if kind == "leaf":
        leaf = next(leaves, _END)
        if leaf is _END:
            raise ValueError("unflatten(): fewer leaves than the structure holds")
        return leaf
    if kind == "none":
        return None
    children = [_build(child, leaves) for child in treedef.children]
    if kind == "tuple":
        return tuple(children)
    if kind == "namedtuple":
        return treedef.meta(*children)
    if kind == "list":
        return children
    return dict(zip(treedef.meta, children, strict=True))


def tree_map(fn: Callable[..., Any], tree: Any, *rest: Any) -> Any:
    """Apply ``fn`` leaf by leaf to ``tree`` and trees of the same structure."""
    leaves, treedef = flatten(tree)
    others = [flatten(r)[0] for r in rest]
    return unflatten(treedef, [fn(*args) for args in zip(leaves, *others, strict=True)])
