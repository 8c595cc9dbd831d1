"""xport.at and xport.autodiff on TensorFlow: inside tf.function (symbolic
tensors, unknown dimensions), on tf.Variable, and nested."""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # this module only: quieter C++ logs
tf = pytest.importorskip("tensorflow")

import xport  # noqa: E402
import xport.autodiff as ad  # noqa: E402
import xport.scatter  # noqa: E402


def n(x):
    return np.asarray(x.numpy())


def test_at_traces_inside_tf_function_with_unknown_dims():
    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32),
                                  tf.TensorSpec([None], tf.int64)])
    def f(x, rows):
        y = xport.at(x, (rows, 1)).add(1.0)          # duplicates accumulate
        y = xport.at(y)[y > 2.5].set(0.0)             # boolean mask, data-dependent
        return xport.at(y, (slice(None), -1)).multiply(2.0)

    x = tf.constant([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]])
    out = n(f(x, tf.constant([0, 0, 1], tf.int64)))
    want = n(x).copy()
    np.add.at(want, ([0, 0, 1], 1), 1.0)
    want[want > 2.5] = 0.0
    want[:, -1] *= 2.0
    np.testing.assert_array_equal(out, want)


def test_at_multiply_and_power_apply_every_duplicate():
    x = tf.constant([2.0, 3.0, 5.0])
    idx = tf.constant([0, 0, 2, 0])
    np.testing.assert_allclose(n(xport.at(x, idx).multiply(tf.constant([2.0, 3.0, 4.0, 5.0]))),
                               [60.0, 3.0, 20.0])
    np.testing.assert_allclose(n(xport.at(x, idx).power(2.0)), [256.0, 3.0, 25.0])
    np.testing.assert_allclose(n(xport.at(x, idx).divide(2.0)), [0.25, 3.0, 2.5])
    u = tf.constant([1, 2], tf.uint8)
    np.testing.assert_array_equal(n(xport.at(u, tf.constant([1, 1])).power(2)), [1, 16])


def test_at_on_a_variable_returns_a_tensor_and_leaves_it_alone():
    v = tf.Variable([1.0, 2.0, 3.0])
    out = xport.at(v, tf.constant([0, 2])).max(2.5)
    assert isinstance(out, tf.Tensor) and not isinstance(out, tf.Variable)
    np.testing.assert_array_equal(n(out), [2.5, 2.0, 3.0])
    np.testing.assert_array_equal(v.numpy(), [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="immutable"):
        xport.at(v, 0).set(1.0, copy=False)


def test_at_index_forms_match_numpy():
    x = np.arange(24.0).reshape(2, 3, 4)
    cases = [
        (slice(None), np.asarray([0, 2]), np.asarray([1, -1])),   # adjacent arrays: in place
        (np.asarray([1, 0]), slice(None), np.asarray([3, 0])),    # separated: first
        (None, 1, Ellipsis, np.asarray([[0], [3]])),
        (np.asarray([[True, False, True], [False, True, False]]),),
        (Ellipsis, slice(None, None, -2)),
        (1, np.asarray([0, 0, 2]), 2),
    ]
    for idx in cases:
        tf_idx = tuple(tf.constant(p) if isinstance(p, np.ndarray) else p for p in idx)
        got = n(xport.at(tf.constant(x), tf_idx).add(100.0))
        want = x.copy()
        np.add.at(want, idx, 100.0)
        np.testing.assert_array_equal(got, want, err_msg=repr(idx))


def test_segment_reductions_on_ints_and_bools():
    data = tf.constant([[1, 5], [2, 0], [7, 7]], tf.int32)
    ids = tf.constant([1, 1, 9])
    np.testing.assert_array_equal(n(xport.scatter.segment_max(data, ids, 3)),
                                  [[-2**31] * 2, [2, 5], [-2**31] * 2])
    flags = tf.constant([True, False, True])
    np.testing.assert_array_equal(n(xport.scatter.segment_min(flags, tf.constant([0, 0, 2]), 3)),
                                  [False, True, True])
    np.testing.assert_array_equal(n(xport.scatter.segment_sum(flags, tf.constant([0, 0, 2]), 3)),
                                  [True, False, True])


def _loss(w, x):
    xp = xport.namespace_of(w, x)
    return xp.sum(xp.tanh(xp.matmul(x, w)) ** 2)


def test_grad_traces_inside_tf_function():
    w = tf.constant([[0.5], [-0.25]])
    x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
    eager = ad.value_and_grad(_loss)(w, x)
    traced = tf.function(ad.value_and_grad(_loss), input_signature=[
        tf.TensorSpec([2, 1], tf.float32), tf.TensorSpec([None, 2], tf.float32)])
    value, grad = traced(w, x)
    np.testing.assert_allclose(n(value), n(eager[0]), rtol=1e-6)
    np.testing.assert_allclose(n(grad), n(eager[1]), rtol=1e-6)


def test_grad_of_a_variable_and_of_grad_inside_tf_function():
    v = tf.Variable([1.0, 2.0])

    def cube(a):
        return xport.namespace_of(a).sum(a ** 3)

    np.testing.assert_allclose(n(ad.grad(cube)(v)), [3.0, 12.0])

    @tf.function
    def second(a):
        return ad.grad(lambda b: xport.namespace_of(b).sum(ad.grad(cube)(b)))(a)

    np.testing.assert_allclose(n(second(tf.constant([1.0, 2.0]))), [6.0, 12.0])


def test_jvp_jacobian_hessian_and_custom_vjp_inside_tf_function():
    @ad.custom_vjp
    def scaled(x):
        return x * 2.0

    scaled.defvjp(lambda x: (x * 2.0, None), lambda res, ct: (ct * 10.0,))

    @tf.function
    def f(x):
        def g(a):
            return xport.namespace_of(a).sin(a) * a
        _, tangent = ad.jvp(g, (x,), (tf.ones_like(x),))
        jac = ad.jacobian(g, mode="forward")(x)
        hess = ad.hessian(lambda a: xport.namespace_of(a).sum(a ** 3))(x)
        custom = ad.grad(lambda a: xport.namespace_of(a).sum(scaled(a)))(x)
        return tangent, jac, hess, custom

    x = tf.constant([0.5, 1.0])
    tangent, jac, hess, custom = (n(a) for a in f(x))
    d = np.sin([0.5, 1.0]) + np.asarray([0.5, 1.0]) * np.cos([0.5, 1.0])
    np.testing.assert_allclose(tangent, d, rtol=1e-6)
    np.testing.assert_allclose(jac, np.diag(d), rtol=1e-6)
    np.testing.assert_allclose(hess, np.diag([3.0, 6.0]), rtol=1e-6)
    np.testing.assert_allclose(custom, [10.0, 10.0])


def test_grad_needs_a_real_scalar_output():
    with pytest.raises(TypeError, match="scalar"):
        ad.grad(lambda a: a * 2.0)(tf.constant([1.0]))


def test_unconnected_inputs_get_zero_gradients():
    grads = ad.grad(lambda a, b: xport.namespace_of(a).sum(a), argnums=(0, 1))(
        tf.constant([1.0]), tf.constant([2.0, 3.0]))
    np.testing.assert_array_equal(n(grads[1]), [0.0, 0.0])
