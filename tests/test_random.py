"""xport.random against jax.random: every backend draws JAX's numbers.

Expected values always come from the installed jax.random (default
configuration, and jax_enable_x64 for the float64 checks).
"""

from __future__ import annotations

import importlib.util
import math
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import xport  # noqa: E402
import xport.random as xr  # noqa: E402

BACKENDS = ["numpy", "torch", "tensorflow", "jax", "array_api_strict"]
SEEDS = [0, 1, 42, 2**31 + 5, 2**32 - 1, 2**40 + 3, -7, 123456789]
SHAPES = [(), (0,), (1,), (7,), (3, 5), (2, 0, 3), (1001,)]
INSTALLED = [name for name in ("numpy", "torch") if importlib.util.find_spec(name)]


def to_numpy(x):
    if hasattr(x, "numpy"):
        return np.asarray(x.detach().cpu().numpy() if hasattr(x, "detach") else x.numpy())
    if type(x).__module__.startswith("array_api_strict"):
        return np.from_dlpack(x)
    return np.asarray(x)


@pytest.fixture(params=BACKENDS)
def xp(request):
    pytest.importorskip(request.param)
    return xport.namespace(request.param)


def assert_same(ours, theirs):
    got, want = to_numpy(ours), np.asarray(theirs)
    assert got.shape == want.shape
    assert got.dtype == want.dtype or np.can_cast(want.dtype, got.dtype, "safe")
    np.testing.assert_array_equal(got, want)


def ulp_distance(a, b):
    a, b = np.asarray(a), np.asarray(b)
    bits = {4: np.int32, 8: np.int64}[a.dtype.itemsize]

    def ordered(x):
        i = x.view(bits).astype(np.int64)
        return np.where(i < 0, -(i & np.iinfo(bits).max), i)

    return np.abs(ordered(a) - ordered(b))


def assert_within_ulp(ours, theirs, ulps=3):
    got, want = to_numpy(ours), np.asarray(theirs)
    assert got.shape == want.shape and got.dtype == want.dtype
    if got.size:
        assert ulp_distance(got, want).max() <= ulps


# -- keys ----------------------------------------------------------------------

def test_keys_hold_jax_key_data(xp):
    for seed in SEEDS:
        k = xr.key(seed, xp=xp)
        assert k.dtype == xp.uint32
        assert_same(k, jax.random.key_data(jax.random.key(seed)))
    assert_same(xr.key(xp.asarray(-5, dtype=xp.int32), xp=xp),
                jax.random.key_data(jax.random.key(jnp.int32(-5))))


def test_split_and_fold_in_match_jax(xp):
    for seed in SEEDS:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        for num in (2, 3, 1, 0, (2, 3)):
            assert_same(xr.split(k, num), jax.random.key_data(jax.random.split(jk, num)))
        for data in (0, 7, 2**31, 2**32 - 1):
            assert_same(xr.fold_in(k, data),
                        jax.random.key_data(jax.random.fold_in(jk, data)))
        assert_same(xr.fold_in(k, xp.asarray(9, dtype=xp.int32)),
                    jax.random.key_data(jax.random.fold_in(jk, 9)))
        # keys chain: a split key's draws are the split jax key's draws
        assert_same(xr.bits(xr.split(k)[1, ...], (5,)),
                    jax.random.bits(jax.random.split(jk)[1], (5,)))


def test_bits_match_jax(xp):
    for seed in SEEDS[:3]:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        for shape in SHAPES:
            assert_same(xr.bits(k, shape), jax.random.bits(jk, shape))
        for dtype in ("uint8", "uint16"):
            assert_same(xr.bits(k, (9,), getattr(xp, dtype)),
                        jax.random.bits(jk, (9,), getattr(jnp, dtype)))


def test_uniform_matches_jax(xp):
    for seed in SEEDS[:3]:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        for shape in SHAPES:
            assert_same(xr.uniform(k, shape), jax.random.uniform(jk, shape))
            assert_same(xr.uniform(k, shape, minval=-3.3, maxval=7.1),
                        jax.random.uniform(jk, shape, minval=-3.3, maxval=7.1))
    low, high = np.asarray([-1.0, 0.5, 2.0], np.float32), np.asarray([1.0, 0.75, 1e6], np.float32)
    k, jk = xr.key(3, xp=xp), jax.random.key(3)
    assert_same(xr.uniform(k, (4, 3), minval=xp.asarray(low), maxval=xp.asarray(high)),
                jax.random.uniform(jk, (4, 3), minval=low, maxval=high))


def test_normal_float32_matches_jax(xp):
    # float32 normals are JAX's (on CPU) bit for bit: erfinv and log1p are
    # evaluated with XLA's polynomials and fused multiply-adds.
    for seed in SEEDS[:3]:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        for shape in SHAPES:
            assert_same(xr.normal(k, shape), jax.random.normal(jk, shape))
    # enough draws for the tail branch of erfinv, both branches of log1p, and
    # blockwise evaluation with branches gathered
    for seed, size in ((11, 70001), (12, 140001)):
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        assert_same(xr.normal(k, (size,)), jax.random.normal(jk, (size,)))
        assert_same(xr.normal(k, (7, 3)), jax.random.normal(jk, (7, 3)))


def test_integers_match_jax_randint(xp):
    cases = [(-5, 1000, "int32"), (0, 2, "int32"), (-2**31, 2**31 - 1, "int32"),
             (10, 10, "int32"), (10, 3, "int32"), (0, 70000, "int32"), (0, 65536, "int32"),
             (-200, 300, "int8"), (0, 256, "uint8"), (-40000, 40000, "int16"),
             (0, 2**31 - 1, "uint32"), (3, 17, "int64")]
    for seed in SEEDS[:2]:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        for low, high, dtype in cases:
            for shape in ((0,), (13,)):
                got = xr.integers(k, shape, low, high, getattr(xp, dtype))
                if xp.__name__ != "xport.jax":  # jax.random's own int64 -> int32
                    assert got.dtype == getattr(xp, dtype)
                # under JAX's default configuration int64 requests come back as int32
                assert_same(got, jax.random.randint(jk, shape, low, high, getattr(jnp, dtype)))
    k, jk = xr.key(5, xp=xp), jax.random.key(5)
    low, high = np.asarray([0, -10, 7], np.int32), np.asarray([5, 10, 7], np.int32)
    assert_same(xr.integers(k, (4, 3), xp.asarray(low), xp.asarray(high)),
                jax.random.randint(jk, (4, 3), low, high))
    # more draws than an eager block (the bounds' arithmetic then runs per block)
    assert_same(xr.integers(k, (140001,), -3, 1001), jax.random.randint(jk, (140001,), -3, 1001))


def test_permutation_matches_jax(xp):
    for seed in SEEDS[:3]:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        for n in (0, 1, 9, 100):
            assert_same(xr.permutation(k, n), jax.random.permutation(jk, n))
    # 2000 elements take two sorting rounds
    assert_same(xr.permutation(xr.key(2, xp=xp), 2000),
                jax.random.permutation(jax.random.key(2), 2000))
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    k, jk = xr.key(8, xp=xp), jax.random.key(8)
    for axis in (0, 1, -1):
        assert_same(xr.permutation(k, xp.asarray(a), axis=axis),
                    jax.random.permutation(jk, a, axis=axis))
        assert_same(xr.permutation(k, xp.asarray(a), axis=axis, independent=True),
                    jax.random.permutation(jk, a, axis=axis, independent=True))


def test_choice_bernoulli_categorical_match_jax(xp):
    a = np.arange(30, dtype=np.float32).reshape(5, 6)
    p = np.asarray([0.125, 0.25, 0.5, 0.0, 0.125], np.float32)
    for seed in SEEDS[:3]:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        assert_same(xr.choice(k, 10, (7,)), jax.random.choice(jk, 10, (7,)))
        assert_same(xr.choice(k, 10, (2, 3), replace=False),
                    jax.random.choice(jk, 10, (2, 3), replace=False))
        assert_same(xr.choice(k, xp.asarray(a), (4,), axis=1),
                    jax.random.choice(jk, a, (4,), axis=1))
        assert_same(xr.choice(k, 5, (0,)), jax.random.choice(jk, 5, (0,)))
        assert_same(xr.choice(k, 5, (11,), p=xp.asarray(p)),
                    jax.random.choice(jk, 5, (11,), p=p))
        assert_same(xr.choice(k, 5, (3,), replace=False, p=xp.asarray(p)),
                    jax.random.choice(jk, 5, (3,), replace=False, p=p))
        assert_same(xr.bernoulli(k, 0.3, (50,)), jax.random.bernoulli(jk, 0.3, (50,)))
        probs = np.linspace(0, 1, 12, dtype=np.float32).reshape(3, 4)
        assert_same(xr.bernoulli(k, xp.asarray(probs)), jax.random.bernoulli(jk, probs))
        logits = np.log(np.asarray([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]], np.float32))
        assert_same(xr.categorical(k, xp.asarray(logits)), jax.random.categorical(jk, logits))
        assert_same(xr.categorical(k, xp.asarray(logits), axis=0, shape=(5, 3)),
                    jax.random.categorical(jk, logits, axis=0, shape=(5, 3)))


def assert_close_to_jax(ours, theirs, rtol):
    got, want = to_numpy(ours), np.asarray(theirs)
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_allclose(got, want, rtol=rtol, atol=0)


def test_gamma_matches_jax(xp):
    # The same rejection steps with the same keys: the values agree to rounding
    # (normal's few ulp, through v**3 and the boost's power).
    alphas = np.asarray([[0.05, 0.3, 0.9], [1.0, 2.5, 40.0]], np.float32)
    for seed in SEEDS[:5]:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        for a in (0.3, 1.0, 7.5):
            assert_close_to_jax(xr.gamma(k, a, (500,)), jax.random.gamma(jk, a, (500,)), 2e-5)
        a_arr = xp.asarray(alphas)
        assert_close_to_jax(xr.gamma(k, a_arr), jax.random.gamma(jk, alphas), 2e-5)
        assert_close_to_jax(xr.gamma(k, a_arr[0, ...], (4, 3)),
                            jax.random.gamma(jk, alphas[0], (4, 3)), 2e-5)
    for shape in [(), (0,), (3, 0)]:
        assert_close_to_jax(xr.gamma(k, 2.0, shape), jax.random.gamma(jk, 2.0, shape), 2e-5)


def test_gamma_takes_log_of_zero_quietly():
    # With key 0 one of these 10**5 acceptance uniforms is exactly 0: JAX
    # compares log(0) = -inf; NumPy would warn on the way there.
    import warnings

    k = xr.key(0, xp=xport.namespace("numpy"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = xr.gamma(k, 0.3, (10**5,))
    assert_close_to_jax(got, jax.random.gamma(jax.random.key(0), 0.3, (10**5,)), 2e-5)


@pytest.mark.parametrize("name", INSTALLED)
def test_gamma_compacted_rounds_equal_lockstep_rounds(name, monkeypatch):
    # NumPy and PyTorch redraw only the rejected elements each round; the
    # lockstep loop (every element every round, as JAX) gives the same bits.
    from xport._common.random import gammas

    xp = xport.namespace(name)
    alphas = xp.asarray(np.geomspace(0.02, 50.0, 20_000).astype(np.float32))
    k = xr.key(5, xp=xp)
    compacted = to_numpy(xr.gamma(k, alphas))
    monkeypatch.setattr(gammas, "takes_in_place", lambda target: False)
    np.testing.assert_array_equal(compacted, to_numpy(xr.gamma(k, alphas)))


def assert_same_truncated_draws(ours, theirs):
    # Near the tails erfinv magnifies the last bit of erf(bound): compare the
    # draws through the normal CDF (the uniform they came from), to a few ulp.
    got, want = to_numpy(ours), np.asarray(theirs)
    assert got.shape == want.shape and got.dtype == want.dtype
    cdf = np.vectorize(lambda v: math.erf(v / math.sqrt(2.0)))
    np.testing.assert_allclose(cdf(got.astype(np.float64)), cdf(want.astype(np.float64)),
                               rtol=0, atol=5e-7)


def test_truncated_normal_matches_jax(xp):
    bounds = [(-1.5, 0.7), (0.0, math.inf), (-math.inf, -2.0), (3.0, 3.5), (-0.01, 0.01)]
    for seed in SEEDS[:5]:
        k, jk = xr.key(seed, xp=xp), jax.random.key(seed)
        for lower, upper in bounds:
            got = xr.truncated_normal(k, lower, upper, (700,))
            assert_same_truncated_draws(got, jax.random.truncated_normal(jk, lower, upper,
                                                                           (700,)))
            values = to_numpy(got)
            assert np.all((values > lower) & (values < upper))
        central = jax.random.truncated_normal(jk, -1.5, 0.7, (700,))
        np.testing.assert_allclose(to_numpy(xr.truncated_normal(k, -1.5, 0.7, (700,))),
                                   np.asarray(central), rtol=2e-6, atol=2e-7)
        lows = np.asarray([-1.0, 0.5, -3.0], np.float32)
        got = xr.truncated_normal(k, xp.asarray(lows), 2.0)
        assert_same_truncated_draws(got, jax.random.truncated_normal(jk, lows, 2.0))


@pytest.mark.parametrize("name", INSTALLED)
@pytest.mark.parametrize("in_place", [False, True])
def test_log1p_and_erfinv_are_xlas(name, in_place):
    # The float32 building blocks of normal() against jax.numpy/jax.lax on CPU,
    # over the whole of erfinv's domain (both log1p branches, erfinv's tail),
    # through the standard's operations and through the in-place NumPy/PyTorch path.
    from xport._common.random import erfinv, xla_float32

    xp = xport.namespace(name)
    target = xr._resolve(xp)[1]
    rng = np.random.default_rng(0)
    u = np.concatenate([rng.uniform(-1, 1, 40000), 1 - rng.uniform(0, 1e-3, 2000),
                        -1 + 2.0 ** -np.arange(1, 25)]).astype(np.float32)
    arg = (-(u * u)).astype(np.float32)
    ops = xla_float32.ops_for(target, xp.asarray(arg), in_place=in_place)
    assert isinstance(ops, xla_float32.InPlaceOps) == in_place
    assert_same(xla_float32.log1p(ops, xp.asarray(arg)), jnp.log1p(arg))
    assert_same(erfinv.erfinv(target, xp.asarray(u), gather=in_place), jax.lax.erf_inv(u))
    # frexp by bits and by halving agree down to the smallest normal
    y = np.float32(2.0) ** -rng.uniform(0, 126, 5000).astype(np.float32)
    y = np.maximum(y, np.float32(2.0 ** -126))
    by_bits = xla_float32.ops_for(target, xp.asarray(y), in_place=True).frexp(xp.asarray(y))
    by_halving = xla_float32.Ops(xp).frexp(xp.asarray(y))
    for a, b in zip(by_bits, by_halving, strict=True):
        assert_same(a, to_numpy(b))


def test_devices_without_float64_draw_close_normals(monkeypatch):
    # On a device without float64 (PyTorch's "mps") the FMAs run in float32,
    # rounding twice: the draws then stay within 3 ulp of JAX's. Simulated by
    # declaring the CPU such a device.
    torch = pytest.importorskip("torch")
    from xport._common.random import xla_float32

    monkeypatch.setattr(xla_float32, "_NO_FLOAT64", frozenset({"cpu"}))
    made = []
    real_astype = torch.Tensor.to

    def spy(self, *args, **kwargs):
        made.append(args[0] if args else kwargs.get("dtype"))
        return real_astype(self, *args, **kwargs)

    monkeypatch.setattr(torch.Tensor, "to", spy)
    k, jk = xr.key(3, xp=xport.namespace("torch")), jax.random.key(3)
    for shape in ((20001,), (140001,)):
        assert_within_ulp(xr.normal(k, shape), jax.random.normal(jk, shape), ulps=3)
    assert torch.float64 not in made


def test_portable_erf_is_accurate():
    from xport._common.random.erf import erf

    x = np.concatenate([np.linspace(-7.0, 7.0, 20001), [0.0, 1e-300, 40.0, -np.inf, np.inf]])
    got = erf(xport.namespace("numpy"), x)
    want = np.asarray([math.erf(v) for v in x])
    assert np.max(np.abs(got - want) / np.maximum(np.abs(want), 1e-300)) < 4e-15
    assert np.isnan(erf(xport.namespace("numpy"), np.asarray([np.nan])))[0]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.lists(st.integers(0, 6), max_size=3),
       low=st.integers(-1000, 1000), span=st.integers(-5, 100000))
def test_random_seeds_and_shapes_match_jax(seed, shape, low, span):
    jk = jax.random.key(seed)
    shape = tuple(shape)
    want_bits = jax.random.bits(jk, shape)
    want_uniform = jax.random.uniform(jk, shape)
    want_int = jax.random.randint(jk, shape, low, low + span)
    for name in INSTALLED:
        xp = xport.namespace(name)
        k = xr.key(seed, xp=xp)
        assert_same(xr.bits(k, shape), want_bits)
        assert_same(xr.uniform(k, shape), want_uniform)
        assert_same(xr.integers(k, shape, low, low + span), want_int)


# -- float64: JAX's numbers with jax_enable_x64 ---------------------------------

@pytest.mark.parametrize("name", ["numpy", "torch"])
def test_float64_matches_jax_with_x64(name):
    pytest.importorskip(name)
    xp = xport.namespace(name)
    k = xr.key(21, xp=xp)
    with jax.enable_x64(True):
        jk = jax.random.key(21)
        want_u = jax.random.uniform(jk, (1001,), jnp.float64)
        want_n = jax.random.normal(jk, (20001,), jnp.float64)
        want_b = jax.random.bits(jk, (33,), jnp.uint64)
    assert_same(xr.uniform(k, (1001,), xp.float64), want_u)
    np.testing.assert_allclose(to_numpy(xr.normal(k, (20001,), xp.float64)), want_n,
                               rtol=1e-13, atol=1e-300)
    if name == "numpy":
        assert_same(xr.bits(k, (33,), xp.uint64), want_b)


# -- traced and compiled ---------------------------------------------------------

def test_under_jax_jit():
    k = xr.key(4, xp=xport.namespace("jax"))
    jk = jax.random.key(4)
    out = jax.jit(lambda k: (xr.normal(k, (9,)), xr.split(k), xr.integers(k, (5,), 0, 9)))(k)
    assert_same(out[0], jax.random.normal(jk, (9,)))
    assert_same(out[1], jax.random.key_data(jax.random.split(jk)))
    assert_same(out[2], jax.random.randint(jk, (5,), 0, 9))
    seeded = jax.jit(lambda s: xr.key(s, xp=xport.namespace("jax")))(jnp.int32(77))
    assert_same(seeded, jax.random.key_data(jax.random.key(77)))


def test_under_torch_compile():
    torch = pytest.importorskip("torch")
    k = xr.key(4, xp=xport.namespace("torch"))
    jk = jax.random.key(4)

    def draws(k):
        sub = xr.fold_in(xr.split(k, 3)[2, ...], 5)
        return (xr.uniform(sub, (9,), minval=-2.0, maxval=3.0), xr.integers(k, (6,), 0, 70000),
                xr.permutation(k, 12))

    jsub = jax.random.fold_in(jax.random.split(jk, 3)[2], 5)
    want = (jax.random.uniform(jsub, (9,), minval=-2.0, maxval=3.0),
            jax.random.randint(jk, (6,), 0, 70000), jax.random.permutation(jk, 12))
    # dynamo tracing of everything (cheap backend), then inductor's generated
    # code for the cipher and erfinv (int32 wraparound, float rounding)
    for got, expected in zip(torch.compile(draws, fullgraph=True, backend="aot_eager")(k),
                             want, strict=True):
        assert_same(got, expected)
    normal = torch.compile(lambda k: xr.normal(k, (1001,)), fullgraph=True)(k)
    assert_same(normal, jax.random.normal(jk, (1001,)))
    # gamma's rejection loops run fixed rounds when compiled: no graph break
    shapes = torch.compile(lambda k: (xr.gamma(k, 0.7, (300,)),
                                      xr.truncated_normal(k, -1.0, 2.0, (30,))),
                           fullgraph=True, backend="aot_eager")(k)
    assert_close_to_jax(shapes[0], jax.random.gamma(jk, 0.7, (300,)), 2e-5)
    assert_same_truncated_draws(shapes[1], jax.random.truncated_normal(jk, -1.0, 2.0, (30,)))


def test_under_tf_function():
    tf = pytest.importorskip("tensorflow")
    k = xr.key(4, xp=xport.namespace("tensorflow"))
    jk = jax.random.key(4)

    def draws(k):
        return (xr.normal(k, (101,)), xr.split(k, 3), xr.integers(k, (6,), -3, 3),
                xr.permutation(k, 12))

    want = (jax.random.normal(jk, (101,)), jax.random.key_data(jax.random.split(jk, 3)),
            jax.random.randint(jk, (6,), -3, 3), jax.random.permutation(jk, 12))
    got = tf.function(draws)(k)
    for ours, theirs in zip(got, want, strict=True):
        assert_same(ours, theirs)
    assert_close_to_jax(tf.function(lambda k: xr.gamma(k, 3.0, (200,)))(k),
                        jax.random.gamma(jk, 3.0, (200,)), 2e-5)
    assert_same(tf.function(lambda k: xr.normal(k, (101,)), jit_compile=True)(k), want[0])
    seeded = tf.function(lambda s: xr.key(s, xp=xport.namespace("tensorflow")))(
        tf.constant(77, tf.int64))
    assert_same(seeded, jax.random.key_data(jax.random.key(77)))


def test_large_eager_tensorflow_draws_are_compiled_and_exact():
    # Eager draws of 2**16 numbers and more run XLA-compiled (one fused pass);
    # XLA fuses the multiply-adds as it does for jax.random: JAX's exact floats.
    pytest.importorskip("tensorflow")
    from xport.tensorflow import _random as tensorflow_random

    k = xr.key(12, xp=xport.namespace("tensorflow"))
    jk = jax.random.key(12)
    n = (1 << 16) + 3
    assert_same(xr.bits(k, (n,)), jax.random.bits(jk, (n,)))
    assert_same(xr.uniform(k, (n,), minval=-2.0, maxval=0.5),
                jax.random.uniform(jk, (n,), minval=-2.0, maxval=0.5))
    assert_same(xr.normal(k, (n,)), jax.random.normal(jk, (n,)))
    assert_same(xr.integers(k, (n,), -9, 70000), jax.random.randint(jk, (n,), -9, 70000))
    assert_same(xr.truncated_normal(k, -0.5, 1.5, (n,)),
                jax.random.truncated_normal(jk, -0.5, 1.5, (n,)))
    assert_same(xr.bernoulli(k, 0.25, (n,)), jax.random.bernoulli(jk, 0.25, (n,)))
    assert {"bits", "uniform", "normal", "integers", "truncated_normal",
            "bernoulli"} <= {name for name, _ in tensorflow_random._compiled}


def test_results_follow_the_key_device():
    torch = pytest.importorskip("torch")
    k = torch.tensor([0, 42], dtype=torch.uint32, device="meta")
    for out in (xr.normal(k, (3,)), xr.split(k), xr.integers(k, (2,), 0, 5),
                xr.permutation(k, 4), xr.bits(k, (70000,))):
        assert out.device.type == "meta"
    assert xr.normal(k, (3,)).dtype == torch.float32
    assert xr.key(1, xp=xport.namespace("torch"), device="meta").device.type == "meta"


# -- contract ----------------------------------------------------------------------

@pytest.mark.parametrize("name", INSTALLED)
def test_inputs_are_never_written(name):
    # The cipher updates its own words in place on NumPy and PyTorch; what the
    # caller passed in (keys, fold_in data, batched keys) stays as it was.
    xp = xport.namespace(name)
    k = xr.key(5, xp=xp)
    keys = xr.split(k, 4)
    data = xp.asarray(77, dtype=xp.uint32)
    before = [to_numpy(a).copy() for a in (k, keys, data)]
    xr.fold_in(k, data)
    xr.bits(k, (70001,))
    xr.normal(keys[1, ...], (70001,))
    xr.split(k, (300,))
    xr.gamma(k, xp.asarray([0.5, 2.0, 9.0]))
    for got, want in zip((k, keys, data), before, strict=True):
        np.testing.assert_array_equal(to_numpy(got), want)


def test_import_loads_no_array_library():
    code = ("import sys, xport.random; "
            "print([m for m in ('numpy', 'torch', 'jax', 'tensorflow') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def test_errors_name_the_problem():
    xp = xport.namespace("numpy")
    k = xr.key(0, xp=xp)
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        xr.normal(xr.split(k), (3,))
    with pytest.raises(TypeError, match="float32 or float64"):
        xr.uniform(k, (3,), xp.int32)
    with pytest.raises(TypeError, match="integer dtype"):
        xr.integers(k, (3,), 0, 5, xp.float32)
    with pytest.raises(ValueError, match=r"\[0, 2\*\*32\)"):
        xr.fold_in(k, -1)
    with pytest.raises(ValueError, match="without replacement"):
        xr.choice(k, 3, (5,), replace=False)
    with pytest.raises(TypeError, match="seed"):
        xr.key(1.5, xp=xp)
