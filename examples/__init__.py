"""Three small libraries written once on xport, run on every backend.

* :mod:`examples.mechanics`: mass-spring systems (cloth) stepped over time,
  differentiable through the simulation;
* :mod:`examples.vision`: pinhole cameras, depth maps to point clouds, bilinear
  sampling (gathers) and splatting (scatter-adds), image warping;
* :mod:`examples.stats`: kernel density estimates, robust (Huber) regression
  by L-BFGS on ``xport.autodiff``, bootstrap intervals with ``xport.random``.

They use only the Array API standard and xport's extensions (``xport.at`` /
``xport.scatter``, ``xport.autodiff``, ``xport.random``): the same code runs on
NumPy, PyTorch, JAX, TensorFlow (and Dask where it makes sense), eagerly and
inside ``jax.jit``, ``torch.compile(fullgraph=True)`` and ``tf.function``.
``examples.native`` holds what a user would write without xport, per backend,
for the overhead benchmark (``python -m benchmarks.bench_examples``).
Not part of the ``xport`` package.
"""
