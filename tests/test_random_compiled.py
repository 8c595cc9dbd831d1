"""xport.random's eager PyTorch draws at device speed (issue #20).

On accelerators a draw dispatches a fixed number of operations, whatever its
size (checked on ``meta`` tensors, which take the accelerator path without
one); once compiling pays, a draw is one compiled kernel; and every route
gives JAX's numbers. Expected values come from the installed jax.random, or,
where JAX is not installed (``nox -s torch_versions``), from the eager route,
which tests/test_random.py holds to JAX's numbers.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import xport  # noqa: E402
import xport.random as xr  # noqa: E402
from xport.torch import _random_compiled as _torch_compiled  # noqa: E402

try:
    import jax
except ImportError:
    jax = None

# name -> (xport draw, jax.random's name, its arguments after the shape) of n numbers
DRAWS = {
    "bits": (lambda k, n: xr.bits(k, (n,)), "bits", {}),
    "uniform": (lambda k, n: xr.uniform(k, (n,), minval=-2.0, maxval=3.0), "uniform",
                {"minval": -2.0, "maxval": 3.0}),
    "normal": (lambda k, n: xr.normal(k, (n,)), "normal", {}),
    "integers": (lambda k, n: xr.integers(k, (n,), -5, 70000), "randint",
                 {"minval": -5, "maxval": 70000}),
    "truncated_normal": (lambda k, n: xr.truncated_normal(k, -1.0, 2.0, (n,)),
                         "truncated_normal", {}),
    "bernoulli": (lambda k, n: xr.bernoulli(k, 0.3, (n,)), "bernoulli", {}),
}


def reference(name, seed, n, monkeypatch):
    """What ``DRAWS[name]`` must give for ``key(seed)``: jax.random's numbers,
    else the eager route's."""
    draw, jax_name, options = DRAWS[name]
    if jax is not None:
        jax_draw = getattr(jax.random, jax_name)
        if name == "truncated_normal":
            return np.asarray(jax_draw(jax.random.key(seed), -1.0, 2.0, (n,)))
        if name == "bernoulli":
            return np.asarray(jax_draw(jax.random.key(seed), 0.3, (n,)))
        return np.asarray(jax_draw(jax.random.key(seed), (n,), **options))
    with monkeypatch.context() as eager:
        eager.setenv(_torch_compiled.ENVIRONMENT, "never")
        return draw(xr.key(seed, xp=xport.namespace("torch")), n).numpy()


class CountOperations(torch.utils._python_dispatch.TorchDispatchMode):
    """Counts the ATen operations dispatched inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.count += 1
        return func(*args, **(kwargs or {}))


@pytest.fixture
def fresh_programs(monkeypatch):
    """No program compiled or timed yet in this test."""
    monkeypatch.setattr(_torch_compiled, "_programs", {})
    return _torch_compiled._programs


def assert_same(ours, theirs):
    np.testing.assert_array_equal(ours.cpu().numpy(), theirs)


@pytest.mark.parametrize("name", DRAWS)
def test_accelerator_draws_dispatch_a_fixed_number_of_operations(name, monkeypatch):
    # The CI proxy for GPU speed: the operations (kernel launches) one draw
    # dispatches must not grow with its size, as block-by-block drawing made them.
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "always")  # a dispatch mode keeps it eager
    draw = DRAWS[name][0]
    key = torch.tensor([0, 42], dtype=torch.uint32, device="meta")
    draw(key, 8)
    counts = []
    for n in (1 << 10, 1 << 17, 1 << 20, 1 << 24):
        with CountOperations() as mode:
            out = draw(key, n)
        assert out.device.type == "meta" and tuple(out.shape) == (n,)
        counts.append(mode.count)
    assert len(set(counts)) == 1, counts
    assert counts[0] < 1200


def test_eager_cpu_draws_cost_a_fixed_number_of_operations_per_block(monkeypatch):
    # Eager CPU draws run in blocks of 2**17 counters (cache-sized
    # temporaries); the ops per block do not depend on the draw's size.
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "never")
    key = xr.key(3, xp=xport.namespace("torch"))
    counts = []
    for blocks in (2, 3, 5):
        with CountOperations() as mode:
            xr.uniform(key, (blocks << 17,))
        counts.append(mode.count)
    per_block = counts[1] - counts[0]
    assert counts[2] - counts[1] == 2 * per_block
    assert per_block < 200


@pytest.mark.parametrize("name", ["uniform", "normal", "integers"])
def test_compiled_draws_give_jax_numbers(name, monkeypatch, fresh_programs):
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "always")
    draw = DRAWS[name][0]
    key = xr.key(11, xp=xport.namespace("torch"))
    for n in (5, (1 << 17) + 7, 1 << 20):
        assert_same(draw(key, n), reference(name, 11, n, monkeypatch))
    (state,) = fresh_programs.values()
    assert state.made is not None and all(state.variants.values())
    assert len(state.variants) == 1


def test_a_compiled_draw_is_one_call_whatever_its_size(monkeypatch, fresh_programs):
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "always")
    key = xr.key(5, xp=xport.namespace("torch"))
    xr.uniform(key, (10,))
    (state,) = fresh_programs.values()
    calls = []
    compiled = state.made

    def counted(*args):
        calls.append(args[2] - args[1])
        return compiled(*args)

    state.made = counted
    for n in (1 << 10, 1 << 18, 1 << 21):
        xr.uniform(key, (n,))
    assert calls == [1 << 10, 1 << 18, 1 << 21]


def test_programs_compile_once_their_eager_draws_cost_the_budget(monkeypatch, fresh_programs):
    key = xr.key(7, xp=xport.namespace("torch"))
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "1000")
    first = DRAWS["uniform"][0](key, 300)
    (state,) = fresh_programs.values()
    assert state.made is None and state.spent > 0.0
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, str(state.spent / 2))
    assert state.made is None
    second = DRAWS["uniform"][0](key, 300)
    assert state.made is not None and all(state.variants.values())
    assert torch.equal(first, second)
    assert_same(second, reference("uniform", 7, 300, monkeypatch))


def test_never_compiles_with_never(monkeypatch, fresh_programs):
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "never")
    key = xr.key(7, xp=xport.namespace("torch"))
    for _ in range(3):
        xr.uniform(key, (300,))
    assert all(state.made is None for state in fresh_programs.values())


@pytest.mark.parametrize("failure", ["raises", "differs"])
def test_a_failing_compiler_warns_once_and_draws_stay_exact(failure, monkeypatch,
                                                           fresh_programs):
    def broken_compile(fn, **options):
        def compiled(*args):
            if failure == "raises":
                raise RuntimeError("no C++ compiler found")
            return fn(*args) + 1
        return compiled

    monkeypatch.setattr(torch, "compile", broken_compile)
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "always")
    key = xr.key(9, xp=xport.namespace("torch"))
    want = reference("normal", 9, 1000, monkeypatch)
    expected = "no C\\+\\+ compiler found" if failure == "raises" else "other numbers"
    with pytest.warns(RuntimeWarning, match=f"_\\w+_program.*{expected}.*stay eager") as caught:
        assert_same(xr.normal(key, (1000,)), want)
    assert caught[0].filename == __file__
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once: the variant stays eager quietly
        assert_same(xr.normal(key, (1000,)), want)


@pytest.mark.parametrize("value", ["soon", "-1", "nan"])
def test_a_bad_setting_names_the_variable(value, monkeypatch, fresh_programs):
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, value)
    key = xr.key(1, xp=xport.namespace("torch"))
    with pytest.raises(ValueError, match=f"XPORT_RANDOM_COMPILE takes .*got '{value}'"):
        xr.uniform(key, (4,))


def test_draws_inside_torch_compile_are_traced_not_compiled_again(monkeypatch, fresh_programs):
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "always")
    key = xr.key(2, xp=xport.namespace("torch"))
    got = torch.compile(lambda k: DRAWS["uniform"][0](k, 50), fullgraph=True,
                        backend="eager")(key)
    assert fresh_programs == {}
    assert_same(got, reference("uniform", 2, 50, monkeypatch))


def test_draws_inside_torch_compile_read_any_layout_of_key(monkeypatch, fresh_programs):
    # Inside torch.compile the key's words are read as one int64 (a kernel that
    # loads uint32 is not vectorized): keys with the top bits set, strided and
    # at an odd offset must read the same.
    key = xr.fold_in(xr.key(3, xp=xport.namespace("torch")), 0xDEADBEEF)
    assert max(key.tolist()) >= 2**31, "the test wants a word with its top bit set"
    strided = torch.stack([key, key], dim=1)[:, 0]
    odd = torch.cat([key[:1], key])[1:]
    assert strided.stride() == (2,) and odd.storage_offset() == 1
    compiled = torch.compile(lambda a, b, c: tuple(xr.bits(k, (40,)) for k in (a, b, c)),
                             fullgraph=True)
    monkeypatch.setenv(_torch_compiled.ENVIRONMENT, "never")
    want = xr.bits(key, (40,)).numpy()
    for got in compiled(key, strided, odd):
        assert_same(got, want)


def test_programs_rounding_in_float64_compile_with_256_bit_vectors_on_wider_cpus():
    # Inductor's 512-bit float32 <-> float64 conversions are several times
    # slower than its 256-bit ones; only the programs that round through
    # float64 (normal, truncated_normal) ask for the narrower vectors.
    from xport._common.random import samplers

    try:
        from torch._inductor.cpu_vec_isa import pick_vec_isa
        width = pick_vec_isa().bit_width()
    except Exception:  # a PyTorch without the probe: no options at all
        width = 0
    wide = {"cpp.simdlen": 256} if width > 256 else None
    assert _torch_compiled._compile_options(samplers._normal_program) == wide
    assert _torch_compiled._compile_options(samplers._truncated_program) == wide
    assert _torch_compiled._compile_options(samplers._uniform_program) is None
    assert _torch_compiled._compile_options(samplers._bits_program) is None
