"""3-D vision: pinhole cameras, depth maps, bilinear sampling and splatting.

Images are ``(h, w, c)`` arrays; pixel ``(u, v)`` is column ``u``, row ``v``,
with pixel centres at integers. A camera is its ``intrinsics`` (the 3 x 3
matrix K) and a pose ``(rotation, translation)`` mapping world to camera
coordinates (``p_cam = R p + t``).
Sampling gathers the four neighbours of each point (``take`` on the flattened
image); splatting scatter-adds each value into them (``xport.segment_sum``),
with the same bilinear weights, so one is the other's adjoint.
"""

from __future__ import annotations

from typing import Any

import xport
from xport.scatter import segment_sum

Array = Any


def project(points: Array, intrinsics: Array, rotation: Array, translation: Array
            ) -> tuple[Array, Array]:
    """Pixel coordinates ``(n, 2)`` and depths ``(n,)`` of world points ``(n, 3)``."""
    xp = xport.namespace_of(points, intrinsics, rotation, translation)
    camera = points @ xp.matrix_transpose(rotation) + translation
    depth = camera[:, 2]
    pixels = (camera @ xp.matrix_transpose(intrinsics))[:, :2] / depth[:, None]
    return pixels, depth


def depth_to_points(depth: Array, intrinsics: Array) -> Array:
    """Camera-frame points ``(h * w, 3)`` of a depth map ``(h, w)``, row by row."""
    xp = xport.namespace_of(depth, intrinsics)
    h, w = depth.shape
    rows, cols = xp.meshgrid(xp.arange(h, dtype=depth.dtype), xp.arange(w, dtype=depth.dtype),
                             indexing="ij")
    pixels = xp.stack([cols, rows, xp.ones_like(rows)], axis=-1)
    rays = xp.reshape(pixels, (h * w, 3)) @ xp.matrix_transpose(xp.linalg.inv(intrinsics))
    return rays * xp.reshape(depth, (h * w, 1))


def _corners(xp: Any, coords: Array, h: int, w: int) -> tuple[list[Array], list[Array]]:
    """The four neighbours' flat indices and bilinear weights of each point
    (weight 0 for neighbours outside the image, whose index is clamped)."""
    index_dtype = xp.__array_namespace_info__().default_dtypes()["indexing"]
    u, v = coords[:, 0], coords[:, 1]
    u0, v0 = xp.floor(u), xp.floor(v)
    fu, fv = u - u0, v - v0
    index, weight = [], []
    for du, dv, wt in ((0, 0, (1 - fu) * (1 - fv)), (1, 0, fu * (1 - fv)),
                       (0, 1, (1 - fu) * fv), (1, 1, fu * fv)):
        cu, cv = u0 + du, v0 + dv
        inside = (cu >= 0) & (cu <= w - 1) & (cv >= 0) & (cv <= h - 1)
        flat = xp.astype(xp.clip(cv, 0, h - 1), index_dtype) * w \
            + xp.astype(xp.clip(cu, 0, w - 1), index_dtype)
        index.append(flat)
        # 0 * wt: one operation (zeros_like is two on eager JAX), as the native versions
        weight.append(xp.where(inside, wt, 0 * wt))
    return index, weight


def bilinear_sample(image: Array, coords: Array) -> Array:
    """Values ``(n, c)`` of ``image`` ``(h, w, c)`` at float pixel coordinates
    ``(n, 2)``, bilinearly interpolated (0 outside the image)."""
    xp = xport.namespace_of(image, coords)
    h, w, c = image.shape
    flat = xp.reshape(image, (h * w, c))
    index, weight = _corners(xp, coords, h, w)
    t00, t10, t01, t11 = (xp.take(flat, i, axis=0) * wt[:, None]
                          for i, wt in zip(index, weight, strict=True))
    return t00 + t10 + t01 + t11


def splat(coords: Array, values: Array, shape: tuple[int, int]) -> Array:
    """An ``(h, w, c)`` image with each value ``(n, c)`` added into the four
    pixels around its coordinates ``(n, 2)`` with bilinear weights (the adjoint
    of :func:`bilinear_sample`)."""
    xp = xport.namespace_of(coords, values)
    h, w = shape
    index, weight = _corners(xp, coords, h, w)
    flat = segment_sum(xp.concat([values * wt[:, None] for wt in weight]),
                             xp.concat(index), h * w)
    return xp.reshape(flat, (h, w, values.shape[1]))


def warp(image: Array, depth: Array, intrinsics: Array, rotation: Array,
         translation: Array) -> Array:
    """``image`` as a second camera sees it: the pixels of the first camera
    (``depth``, identity pose) lifted to 3-D, taken through the inverse of the
    second pose ``(rotation, translation)`` and sampled back from ``image``
    (backward warping, bilinear)."""
    xp = xport.namespace_of(image, depth, intrinsics, rotation, translation)
    points = depth_to_points(depth, intrinsics)
    moved = (points - translation) @ rotation
    pixels, _ = project(moved, intrinsics, xp.eye(3, dtype=intrinsics.dtype),
                        xp.zeros(3, dtype=intrinsics.dtype))
    return xp.reshape(bilinear_sample(image, pixels), image.shape)
