"""vmap's axis arguments: which axis of which leaf is mapped, and its length.

Shared by ``xport.vmap`` and the backends whose vmap xport writes itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .pytree import TreeDef, flatten

Axes = Any  # an int, None, or a pytree prefix of the arguments made of them


def function_name(f: Callable[..., Any]) -> str:
    """How messages name the function ``f``."""
    return getattr(f, "__qualname__", None) or type(f).__name__


def check_axes_spec(axes: Axes, what: str) -> None:
    """``TypeError`` unless every entry of ``axes`` is an int or None."""
    for leaf in flatten(axes)[0]:
        if not isinstance(leaf, int) or isinstance(leaf, bool):
            raise TypeError(f"vmap(): {what} holds {leaf!r}; each entry is an int or None")


def leaf_axes(axes: Axes, tree: Any, what: str) -> tuple[list[Any], TreeDef, list[int | None]]:
    """The leaves of ``tree``, its structure and each leaf's axis, ``axes``
    being a pytree prefix of ``tree`` (an int or None covers a whole subtree)."""
    leaves, treedef = flatten(tree)
    return leaves, treedef, tree_axes(axes, treedef, what)


def tree_axes(axes: Axes, treedef: TreeDef, what: str) -> list[int | None]:
    """Each leaf's axis in a tree of structure ``treedef``, ``axes`` being a
    pytree prefix of it."""
    if axes is None or isinstance(axes, int):
        return [axes] * treedef.num_leaves
    if isinstance(axes, dict):
        fits = treedef.kind == "dict" and set(axes) == set(treedef.meta)
        children = [axes[k] for k in treedef.meta] if fits else []
    else:
        fits = (isinstance(axes, (tuple, list)) and treedef.kind in ("tuple", "list", "namedtuple")
                and len(axes) == len(treedef.children))
        children = list(axes) if fits else []
    if not fits:
        raise ValueError(f"vmap(): {what} {axes!r} does not fit the structure it maps (a "
                         f"{treedef.kind} of {len(treedef.children)}): give an int, None, or "
                         "a prefix of that structure")
    out: list[int | None] = []
    for sub, child in zip(children, treedef.children, strict=True):
        out += tree_axes(sub, child, what)
    return out


def mapped_size(leaves: list[Any], axes: list[int | None], f: Callable[..., Any],
                is_array: Callable[[Any], bool]) -> Any:
    """The common length of the mapped axes (``ValueError`` naming them and
    ``f`` if they differ or none is mapped); ``is_array(leaf)`` tells arrays
    from other leaves."""
    sizes: list[Any] = []  # a list: symbolic sizes of a traced shape do not hash
    for leaf, axis in zip(leaves, axes, strict=True):
        if axis is None:
            continue
        # is_array first: Dynamo 2.4 cannot trace getattr with a default on a tensor.
        shape = leaf.shape if is_array(leaf) else ()
        if not -len(shape) <= axis < len(shape):
            raise ValueError(f"vmap({function_name(f)}): cannot map axis {axis} of "
                             f"{type(leaf).__name__} of shape {tuple(shape)}")
        sizes.append(shape[axis])
    if not sizes:
        raise ValueError(f"vmap({function_name(f)}): no argument is mapped (every in_axes entry is "
                         "None)")
    if any(size != sizes[0] for size in sizes[1:]):
        raise ValueError(f"vmap({function_name(f)}): the mapped axes have different lengths "
                         f"{sorted(set(int(s) for s in sizes))}")
    return sizes[0]
