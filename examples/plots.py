"""The pictures of the examples' docs page, drawn from the libraries' output
(NumPy backend): ``python -m examples.plots docs/_static/examples``."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

import xport
import xport.random as xr
from examples import mechanics, stats, vision


def _figure(width: float, height: float):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt, plt.figure(figsize=(width, height), dpi=100)


def cloth(path: Path) -> None:
    """A 12 x 12 cloth pinned at two corners, after 0, 150 and 600 steps."""
    xp = xport.namespace("numpy")
    x, v, springs = mechanics.cloth(xp, 12, 12, spacing=0.05)
    plt, fig = _figure(9, 3.2)
    shown = {0: x}
    for n in range(1, 601):
        x, v = mechanics.step(x, v, springs, stiffness=40.0, damping=0.02, dt=0.002)
        if n in (150, 600):
            shown[n] = x
    for k, (n, pos) in enumerate(shown.items()):
        ax = fig.add_subplot(1, 3, k + 1)
        for i, j in zip(springs.i, springs.j, strict=True):
            ax.plot(pos[[i, j], 0], pos[[i, j], 2], color="#0072B2", linewidth=0.5)
        ax.scatter(pos[springs.pinned, 0], pos[springs.pinned, 2], color="#D55E00", s=12)
        ax.set_title(f"step {n}", fontsize=9)
        ax.set_aspect("equal")
        ax.set_xlim(-0.1, 0.65)
        ax.set_ylim(-1.05, 0.05)
        ax.tick_params(labelsize=7)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def warp(path: Path) -> None:
    """A synthetic image, the view of a camera moved and tilted over a slanted
    plane, and the splat of the warped pixels back (the adjoint)."""
    xp = xport.namespace("numpy")
    h, w = 96, 128
    rows, cols = np.mgrid[0:h, 0:w]
    image = np.stack([(rows // 12 + cols // 12) % 2 * 0.8 + 0.1, cols / w, rows / h], -1)
    depth = 2.0 + rows / h  # a floor tilting away
    camera = np.asarray([[110.0, 0.0, w / 2 - 0.5], [0.0, 110.0, h / 2 - 0.5], [0.0, 0.0, 1.0]])
    angle = 0.12
    tilt = np.asarray([[np.cos(angle), 0.0, np.sin(angle)], [0.0, 1.0, 0.0],
                       [-np.sin(angle), 0.0, np.cos(angle)]])
    moved = vision.warp(image, depth, camera, tilt, np.asarray([0.25, 0.05, 0.0]))
    pixels, _ = vision.project(vision.depth_to_points(depth, camera), camera, xp.eye(3),
                               xp.zeros(3))
    splatted = vision.splat(pixels + 0.5, np.reshape(image, (-1, 3)), (h, w))
    plt, fig = _figure(9, 2.6)
    for k, (title, shown) in enumerate((("image", image), ("warped (gathers)", moved),
                                        ("splatted (scatter-adds)", splatted))):
        ax = fig.add_subplot(1, 3, k + 1)
        ax.imshow(np.clip(shown, 0, 1))
        ax.set_title(title, fontsize=9)
        ax.axis("off")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def fits(path: Path) -> None:
    """A KDE over a bimodal sample, and Huber against least squares on data
    with outliers (Huber by L-BFGS, on JAX where installed, else PyTorch)."""
    rng = np.random.default_rng(0)
    samples = np.concatenate([rng.normal(-1.5, 0.5, 300), rng.normal(1.0, 0.8, 500)])
    grid = np.linspace(-4, 4, 400)
    density = stats.gaussian_kde(samples, grid, 0.25)
    backend = next(b for b in ("jax", "torch", "tensorflow")
                   if __import__("importlib").util.find_spec(b))
    ad = xport.namespace(backend)
    x = rng.uniform(0, 1, 80)
    y = 2.0 * x + 1.0 + rng.normal(scale=0.05, size=80)
    y[:6] += rng.uniform(3, 6, 6)
    features = np.stack([np.ones_like(x), x], 1)
    beta = np.asarray(xport.convert(stats.robust_regression(
        ad.asarray(features.astype(np.float32)), ad.asarray(y.astype(np.float32)), delta=0.1),
        "numpy"))
    lsq = np.linalg.lstsq(features, y, rcond=None)[0]
    lo, hi = stats.bootstrap_mean_interval(xr.key(0, xp=xport.namespace("numpy")), samples)
    plt, fig = _figure(9, 3)
    ax = fig.add_subplot(1, 2, 1)
    ax.hist(samples, bins=40, density=True, color="#E69F00", alpha=0.5)
    ax.plot(grid, density, color="#0072B2")
    ax.axvspan(float(lo), float(hi), color="#009E73", alpha=0.3)
    ax.set_title("KDE, bootstrap 95% interval of the mean", fontsize=9)
    ax = fig.add_subplot(1, 2, 2)
    ax.scatter(x, y, s=8, color="#999999")
    line = np.linspace(0, 1, 2)
    ax.plot(line, beta[0] + beta[1] * line, color="#0072B2", label=f"Huber (L-BFGS, {backend})")
    ax.plot(line, lsq[0] + lsq[1] * line, color="#D55E00", label="least squares")
    ax.legend(fontsize=8)
    ax.set_title("robust regression", fontsize=9)
    for ax in fig.axes:
        ax.tick_params(labelsize=7)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(out: str) -> None:
    directory = Path(out)
    directory.mkdir(parents=True, exist_ok=True)
    cloth(directory / "cloth.png")
    warp(directory / "warp.png")
    fits(directory / "stats.png")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/_static/examples")
