"""xport.autodiff: a zoo of functions written once against the standard, whose
gradients must agree with central finite differences (computed through
xport.numpy on the same function) and across backends."""

from __future__ import annotations

import numpy as np
import pytest
from conformance._backends import to_numpy

import xport
import xport.autodiff as ad

_DIFFERENTIABLE = ("torch", "jax", "tensorflow")
_A = np.asarray([[2.0, 0.5, 0.0], [0.5, 3.0, 0.2], [0.0, 0.2, 4.0]])
_ONEHOT = np.asarray([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])


def _float(backend):
    return "float64" if "float64" in backend.dtype_names else "float32"


def polynomial(x):
    xp = xport.namespace_of(x)
    return xp.sum(x**3 - 2.0 * x**2 + x)


def logsumexp(x):
    xp = xport.namespace_of(x)
    m = xp.max(x)
    return m + xp.log(xp.sum(xp.exp(x - m)))


def cross_entropy(x):
    xp = xport.namespace_of(x)
    logits = xp.reshape(x, (2, 3))
    shifted = logits - xp.max(logits, axis=1, keepdims=True)
    log_softmax = shifted - xp.log(xp.sum(xp.exp(shifted), axis=1, keepdims=True))
    onehot = xp.asarray(_ONEHOT, dtype=x.dtype)
    return -xp.sum(onehot * log_softmax) / 2.0


def norms(x):
    xp = xport.namespace_of(x)
    return xp.linalg.vector_norm(x) + xp.linalg.matrix_norm(xp.reshape(x, (2, 3)))


def piecewise(x):
    xp = xport.namespace_of(x)
    return xp.sum(xp.where(x > 0.0, x**2, -0.5 * x))


def shifted_products(x):
    xp = xport.namespace_of(x)
    return xp.sum(x[1:] * x[:-1]) + xp.sum(xp.take(x, xp.asarray([0, 0, 3])))


def solve(x):
    xp = xport.namespace_of(x)
    a = xp.asarray(_A, dtype=x.dtype)
    return xp.sum(xp.linalg.solve(a, xp.reshape(x, (3, 2))) ** 2)


def scatter_add(x):
    xp = xport.namespace_of(x)
    updated = xport.at(x, xp.asarray([0, 0, 5])).add(x[1:4] * 2.0)
    return xp.sum(updated**2)


ZOO = [polynomial, logsumexp, cross_entropy, norms, piecewise, shifted_products, solve,
       scatter_add]
X0 = np.asarray([0.3, -1.2, 0.8, 2.0, -0.4, 1.1])


def finite_differences(f, x, eps=1e-6):
    import xport.numpy  # noqa: F401 - f dispatches to it

    out = np.empty_like(x)
    for i in range(x.size):
        step = np.zeros_like(x)
        step[i] = eps
        out[i] = (float(f(x + step)) - float(f(x - step))) / (2 * eps)
    return out


def _needs_autodiff(backend):
    if backend.name not in _DIFFERENTIABLE:
        pytest.skip(f"{backend.name} has no autodiff (its error is tested separately)")


def _x(backend, values=X0):
    return backend.from_numpy(np.asarray(values, dtype=_float(backend)))


@pytest.mark.parametrize("f", ZOO, ids=[f.__name__ for f in ZOO])
def test_gradients_match_finite_differences(backend, f):
    _needs_autodiff(backend)
    got = to_numpy(ad.grad(f)(_x(backend)))
    want = finite_differences(f, X0)
    tol = 1e-6 if _float(backend) == "float64" else 1e-3
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("f", ZOO, ids=[f.__name__ for f in ZOO])
def test_gradients_agree_across_backends(f):
    from conformance._backends import available

    grads = {b.name: to_numpy(ad.grad(f)(_x(b))) for b in available()
             if b.name in _DIFFERENTIABLE and _float(b) == "float64"}
    if len(grads) < 2:
        pytest.skip("needs two float64 backends with autodiff")
    first, *rest = grads.items()
    for name, g in rest:
        np.testing.assert_allclose(g, first[1], rtol=1e-6, atol=1e-6,
                                   err_msg=f"{name} vs {first[0]}")


def test_numpy_has_no_autodiff():
    with pytest.raises(TypeError, match=r"numpy has no automatic differentiation.*PyTorch, "
                                        r"JAX and TensorFlow"):
        ad.grad(polynomial)(X0)
    assert ad.stop_gradient(X0) is X0


def test_value_and_grad_argnums_and_aux(backend):
    _needs_autodiff(backend)

    def f(w, b, scale):
        xp = xport.namespace_of(w, b)
        out = xp.sum((w * scale + b) ** 2)
        return out, {"w_norm": xp.sum(w * w)}

    w, b = _x(backend, [1.0, 2.0]), _x(backend, [0.5, -0.5])
    (value, aux), (gw, gb) = ad.value_and_grad(f, argnums=(0, 1), has_aux=True)(w, b, 3.0)
    wn, bn = np.asarray([1.0, 2.0]), np.asarray([0.5, -0.5])
    np.testing.assert_allclose(float(value), np.sum((wn * 3 + bn) ** 2), rtol=1e-6)
    np.testing.assert_allclose(float(aux["w_norm"]), 5.0, rtol=1e-6)
    np.testing.assert_allclose(to_numpy(gw), 6 * (wn * 3 + bn), rtol=1e-6)
    np.testing.assert_allclose(to_numpy(gb), 2 * (wn * 3 + bn), rtol=1e-6)


def test_pytree_arguments(backend):
    _needs_autodiff(backend)

    def f(params):
        xp = xport.namespace_of(params["w"])
        return xp.sum(params["w"] ** 2) + xp.sum(params["bias"][0] * 3.0)

    params = {"w": _x(backend, [1.0, -2.0]), "bias": (_x(backend, [1.0]),)}
    g = ad.grad(f)(params)
    np.testing.assert_allclose(to_numpy(g["w"]), [2.0, -4.0])
    np.testing.assert_allclose(to_numpy(g["bias"][0]), [3.0])


def test_vjp_and_jvp(backend):
    _needs_autodiff(backend)

    def f(x):
        xp = xport.namespace_of(x)
        return xp.sin(x) * 2.0

    x = _x(backend, [0.1, 0.7])
    out, vjp_fn = ad.vjp(f, x)
    (ct,) = vjp_fn(_x(backend, [1.0, 10.0]))
    np.testing.assert_allclose(to_numpy(ct), 2 * np.cos([0.1, 0.7]) * [1.0, 10.0], rtol=1e-6)
    out2, tangent = ad.jvp(f, (x,), (_x(backend, [1.0, 0.0]),))
    np.testing.assert_allclose(to_numpy(tangent), [2 * np.cos(0.1), 0.0], rtol=1e-6)
    np.testing.assert_allclose(to_numpy(out), to_numpy(out2))


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_jacobian_and_hessian(backend, mode):
    _needs_autodiff(backend)

    def f(x):
        xp = xport.namespace_of(x)
        return xp.stack([x[0] * x[1], xp.sin(x[1])])

    x = _x(backend, [2.0, 0.5])
    jac = to_numpy(ad.jacobian(f, mode=mode)(x))
    np.testing.assert_allclose(jac, [[0.5, 2.0], [0.0, np.cos(0.5)]], rtol=1e-6)
    hess = to_numpy(ad.hessian(polynomial)(x))
    np.testing.assert_allclose(hess, np.diag(6 * np.asarray([2.0, 0.5]) - 4), rtol=1e-6)


def test_grad_of_grad(backend):
    _needs_autodiff(backend)

    def cube(x):
        xp = xport.namespace_of(x)
        return xp.sum(x**3)

    second = ad.grad(lambda x: xport.namespace_of(x).sum(ad.grad(cube)(x)))(_x(backend, [2.0]))
    np.testing.assert_allclose(to_numpy(second), [12.0])


def test_stop_gradient(backend):
    _needs_autodiff(backend)

    def f(x):
        xp = xport.namespace_of(x)
        return xp.sum(x * ad.stop_gradient(x))

    np.testing.assert_allclose(to_numpy(ad.grad(f)(_x(backend, [3.0]))), [3.0])


def test_custom_vjp_rule_is_used(backend):
    _needs_autodiff(backend)
    calls = []

    @ad.custom_vjp
    def clipped_identity(x):
        return x

    def fwd(x):
        calls.append("fwd")
        return x, None

    def bwd(residuals, cotangent):
        calls.append("bwd")
        xp = xport.namespace_of(cotangent)
        return (xp.clip(cotangent, -1.0, 1.0),)

    clipped_identity.defvjp(fwd, bwd)

    def loss(x):
        xp = xport.namespace_of(x)
        return xp.sum(clipped_identity(x) * 5.0)

    g = ad.grad(loss)(_x(backend, [1.0, 2.0]))
    np.testing.assert_allclose(to_numpy(g), [1.0, 1.0])  # 5 clipped to 1
    assert calls.count("bwd") == 1


def test_argnums_out_of_range(backend):
    _needs_autodiff(backend)
    with pytest.raises(ValueError, match="argnums=3"):
        ad.grad(polynomial, argnums=3)(_x(backend))


def test_no_array_argument():
    with pytest.raises(TypeError, match="found no array"):
        ad.grad(lambda a: a)(1.0)
