"""namespace_of / namespace / backend_of / is_array."""

from __future__ import annotations

import threading

import array_api_strict
import numpy as np
import pytest

import xport
import xport.numpy


def test_numpy_arrays_and_scalars_give_xport_numpy():
    assert xport.namespace_of(np.zeros(3)) is xport.numpy
    assert xport.namespace_of(np.float32(1.0)) is xport.numpy
    assert xport.namespace_of(np.bool_(True), np.int8(3)) is xport.numpy


def test_array_api_strict_gives_itself():
    x = array_api_strict.asarray([1.0])
    assert xport.namespace_of(x) is array_api_strict


def test_python_scalars_and_none_are_ignored():
    x = np.ones(2)
    assert xport.namespace_of(1, x, 2.5, None, True, 1j) is xport.numpy


def test_several_arguments_after_their_types_are_cached():
    x = np.ones(2)
    # Every call twice: the first may resolve types, the second takes the fast path.
    for _ in range(2):
        assert xport.namespace_of(x, 1.0, 2) is xport.numpy
        assert xport.namespace_of(x, x, np.float64(3.0), None, True) is xport.numpy
        with pytest.raises(TypeError, match="array_api_strict"):
            xport.namespace_of(x, 1.0, array_api_strict.asarray([1.0]))
        with pytest.raises(TypeError, match=r"str.*argument 2"):
            xport.namespace_of(x, 1.0, "a")
        with pytest.raises(TypeError, match=r"numpy\.matrix"):
            xport.namespace_of(x, np.asmatrix(np.ones((1, 1))))


def test_arrays_of_one_type_and_an_odd_one_in_any_position():
    x, other = np.ones(2), array_api_strict.asarray([1.0])
    for _ in range(2):  # the second round meets cached types only
        assert xport.namespace_of(x, x) is xport.numpy
        assert xport.namespace_of(x, x, x) is xport.numpy
        assert xport.namespace_of(x, x, x, x) is xport.numpy
        for args in [(x, other), (x, x, other), (x, other, x), (x, x, x, other),
                     (x, None, None, other), (None, x, other)]:
            with pytest.raises(TypeError, match="Multiple namespaces"):
                xport.namespace_of(*args)


def test_a_string_is_not_an_argument_left_out():
    x, text = np.ones(2), "".join(["<no ", "argument>"])  # equal to dispatch's own marker
    for args in [(x, text), (x, x, text), (text,)]:
        with pytest.raises(TypeError, match="str"):
            xport.namespace_of(*args)


def test_no_array_is_a_type_error():
    with pytest.raises(TypeError, match=r"at least one non-scalar array.*int, float, NoneType"):
        xport.namespace_of(1, 2.0, None)
    with pytest.raises(TypeError, match="no arguments"):
        xport.namespace_of()


def test_mixed_libraries_name_both_and_point_to_convert():
    with pytest.raises(TypeError) as info:
        xport.namespace_of(np.ones(1), array_api_strict.asarray([1.0]))
    message = str(info.value)
    assert "numpy" in message and "array_api_strict" in message
    assert "argument 0" in message and "argument 1" in message
    assert "xport.convert" in message


def test_unknown_type_is_named():
    class Thing:
        pass

    with pytest.raises(TypeError, match=r"test_dispatch\..*Thing.*argument 1"):
        xport.namespace_of(np.ones(1), Thing())


def test_lists_get_a_hint():
    with pytest.raises(TypeError, match=r"list.*asarray"):
        xport.namespace_of([1, 2, 3])


@pytest.mark.parametrize("version", ["2021.12", "2022.12", "2023.12", "2024.12", "2025.12", None])
def test_supported_api_versions(version):
    # 2021.12 and 2022.12 are served by the latest namespace, as array-api-compat does
    assert xport.namespace_of(np.ones(1), api_version=version) is xport.numpy


def test_an_unknown_keyword_is_named_with_the_ones_taken():
    x = np.ones(1)
    xport.namespace_of(x)  # the type is cached: the keyword must still be refused
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'api'.*api_version, "
                                        r"use_compat, checked"):
        xport.namespace_of(x, api="2025.12")
    assert xport.namespace_of(x, api_version=None, use_compat=None, checked=None) is xport.numpy


@pytest.mark.parametrize("version", ["2020.12", "2026.12", "latest", 2024.12])
def test_unsupported_api_version_lists_the_supported_ones(version):
    with pytest.raises(ValueError, match=r"'2021.12', '2022.12', '2023.12', '2024.12', '2025.12'"):
        xport.namespace_of(np.ones(1), api_version=version)


def test_subclasses_resolve_through_the_mro():
    class MyArray(np.ndarray):
        pass

    x = np.ones(3).view(MyArray)
    assert xport.namespace_of(x) is xport.numpy
    assert xport.backend_of(x) == "numpy"


def test_an_object_is_of_the_class_it_says_as_isinstance_reads_it():
    # namespace_of reads an argument's class as x.__class__ (isinstance's
    # reading), on its fast path and on first sight alike; type(x) differs
    # only for stand-ins that claim another class, such as this one.
    class _Unseen:
        pass

    class ClaimsUnseen:
        @property  # type: ignore[misc]
        def __class__(self):
            return _Unseen

    class ClaimsArray:
        @property  # type: ignore[misc]
        def __class__(self):
            return np.ndarray

    with pytest.raises(TypeError, match="ClaimsUnseen"):  # the error names what it is
        xport.namespace_of(ClaimsUnseen())
    xport.namespace_of(np.ones(1))
    assert xport.namespace_of(ClaimsArray()) is xport.numpy
    assert xport.namespace_of(np.ones(1), ClaimsArray(), 2.0) is xport.numpy
    assert xport.namespace_of(ClaimsArray(), np.ones(1), np.ones(1), np.ones(1)) is xport.numpy


def test_numpy_non_array_objects_are_not_arrays():
    assert not xport.is_array(np.dtype("float32"))
    # NumPy >= 1.25 names the class numpy.dtypes.Float32DType, older ones numpy.dtype[float32]
    with pytest.raises(TypeError, match=r"numpy\.(dtypes\.Float32DType|dtype\[float32\])"):
        xport.namespace_of(np.dtype("float32"))


def test_array_namespace_protocol_is_honoured_with_the_version():
    calls = []
    sentinel = object()

    class Duck:
        def __array_namespace__(self, *, api_version=None):
            calls.append(api_version)
            return sentinel

    assert xport.namespace_of(Duck(), api_version="2024.12") is sentinel
    assert calls == ["2024.12"]
    assert xport.is_array(Duck())


def test_types_are_recognised_without_importing_their_library():
    # A class that claims to live in torch: dispatch goes by (root, class name).
    fake = type("Tensor", (), {"__module__": "torch._fake"})
    assert xport.backend_of(fake()) == "torch"
    fake_ndonnx = type("Array", (), {"__module__": "ndonnx._array"})
    with pytest.raises(TypeError, match="recognises ndonnx arrays but has no ndonnx namespace"):
        xport.namespace_of(fake_ndonnx())


def test_backend_of_and_is_array():
    assert xport.backend_of(np.ones(1)) == "numpy"
    assert xport.backend_of(array_api_strict.asarray(1)) == "array_api_strict"
    assert xport.is_array(np.ones(1)) and xport.is_array(np.float64(1))
    for not_array in (1, 1.5, True, None, [1], "x"):
        assert not xport.is_array(not_array)
    with pytest.raises(TypeError, match="not an array"):
        xport.backend_of(3)


@pytest.mark.parametrize("name", ["numpy", "np"])
def test_namespace_by_name(name):
    assert xport.namespace(name) is xport.numpy


def test_namespace_by_unknown_name():
    with pytest.raises(ValueError, match=r"no xport namespace called 'matlab'.*numpy"):
        xport.namespace("matlab")


def test_namespace_of_is_thread_safe_on_first_sight():
    kinds = [type(f"Sub{i}", (np.ndarray,), {}) for i in range(20)]
    results: list[object] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def work():
        barrier.wait()
        try:
            for kind in kinds:
                results.append(xport.namespace_of(np.ones(1).view(kind)))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 160 and all(r is xport.numpy for r in results)


def test_attribute_access_to_backend_namespaces():
    assert xport.numpy is xport.namespace("numpy")
    with pytest.raises(AttributeError):
        _ = xport.no_such_thing
