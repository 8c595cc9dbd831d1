"""The methods of a fluent array, derived from the standard's signatures.

Every function of the standard whose first parameter is an array becomes a
method (``xp.sum(x, axis=0)`` is ``fluent(x).sum(axis=0)``; ``linalg.`` and
``fft.`` functions sit on ``.linalg`` and ``.fft``), and every operator of the
standard's array object calls its function. The signatures come from
:class:`xport.Namespace` (through ``_checked.roles``, which also says which
parameters are arrays), the operators from ``_spec.operators``. From this one
table two sources are rendered: the runtime methods, compiled once per backend
with that backend's functions bound in (:func:`runtime_source`), and the typed
declarations in ``api.py`` (:func:`api_source`, written by
``python -m xport._fluent``; a test checks the file is current).
"""

from __future__ import annotations

import ast
import functools
import inspect
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .._checked.roles import PROTOCOLS, spec
from .._spec.operators import BINARY_OPERATORS, REFLECTED_OPERATORS, UNARY_OPERATORS

_KINDS = inspect.Parameter
_ARRAY_ROLES = frozenset({"array", "optional array", "array or scalar",
                          "optional array or scalar", "integer or array",
                          "dtype, array or scalar"})
# A function becomes a method when its first parameter takes an array.
_FIRST_ROLES = frozenset({"array", "array or scalar"})
_ARRAY_WORD = re.compile(r"\bArray\b")
_OTHERS = "others"  # the name of ``*arrays`` beside this array
# Where the result goes: one array, a tuple of arrays, a named tuple of arrays.
_RESULT_TUPLE = "tuple[Array, ...]"
# The views a namespace prefix's methods live on.
VIEWS = {"": "FluentMethods", "linalg.": "FluentLinalg", "fft.": "FluentFFT"}


@dataclass(frozen=True)
class Method:
    """One method: the standard function ``qualified`` with the array first."""

    qualified: str  # "sum", "linalg.vector_norm"
    signature: inspect.Signature  # without the first parameter
    first_variadic: bool  # ``*arrays``: this array is the first of them
    arrays: frozenset[str]  # parameters that take arrays (fluent ones are unwrapped)
    returns: str  # the return annotation as written in _typing.py

    @property
    def name(self) -> str:
        return self.qualified.rpartition(".")[2]

    @property
    def view(self) -> str:
        prefix = self.qualified.rpartition(".")[0]
        return VIEWS[f"{prefix}." if prefix else ""]


@functools.cache
def methods() -> tuple[Method, ...]:
    """Every method, in the protocols' order (read once)."""
    found = []
    for prefix, protocol in PROTOCOLS.items():
        for short, member in vars(protocol).items():
            if short.startswith("_") or not inspect.isfunction(member):
                continue
            s = spec(prefix + short)
            if s is None or not s.parameters or s.parameters[0].role not in _FIRST_ROLES:
                continue
            params = list(s.signature.parameters.values())
            arrays = frozenset(p.name for p in s.parameters[1:] if p.role in _ARRAY_ROLES)
            found.append(Method(prefix + short, s.signature.replace(parameters=params[1:]),
                                params[0].kind is _KINDS.VAR_POSITIONAL, arrays,
                                str(s.signature.return_annotation)))
    return tuple(found)


def _default(value: object) -> str:
    text = repr(value)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"default {value!r} has no literal")
    if ast.literal_eval(text) != value:
        raise ValueError(f"default {value!r} does not survive repr")
    return text


def _parameters(method: Method, annotate: bool) -> tuple[str, str, str]:
    """(parameter list, positional call arguments, keyword call arguments)."""
    params = ["self"] if not method.first_variadic else ["self", f"*{_OTHERS}"]
    positional, keywords = [], []
    slash = star = method.first_variadic
    for p in method.signature.parameters.values():
        if p.kind is not _KINDS.POSITIONAL_ONLY and not slash:
            params.append("/")
            slash = True
        if p.kind is _KINDS.KEYWORD_ONLY and not star:
            params.append("*")
            star = True
        text = p.name
        if annotate:
            text += f": {_argument_type(str(p.annotation))}"
        if p.default is not _KINDS.empty:
            text += f" = {_default(p.default)}" if annotate else f"={_default(p.default)}"
        params.append(text)
        value = _unwrapped(p.name) if p.name in method.arrays else p.name
        if p.kind is _KINDS.KEYWORD_ONLY:
            keywords.append(f"{p.name}={value}")
        else:
            positional.append(value)
    if not slash:
        params.append("/")
    return ", ".join(params), ", ".join(positional), ", ".join(keywords)


def _unwrapped(name: str) -> str:
    """An argument's native array, inline: a call to a helper would cost as
    much as the rest of the method. (A fluent array of another backend goes
    through as it is, and that backend's function rejects it.)"""
    return f"({name}.raw if _type({name}) is _Fluent else {name})"


def _argument_type(annotation: str) -> str:
    return _ARRAY_WORD.sub("Fluent[A] | A", annotation)


def _return_type(annotation: str) -> str:
    return _ARRAY_WORD.sub("Fluent[A]", annotation)


def _wrapping(method: Method, call: str) -> list[str]:
    if method.returns == "Array":
        return ["out = _Fluent()", f"out.raw = {call}", "return out"]
    if method.returns == _RESULT_TUPLE:
        return [f"return _wrap_each({call})"]
    if method.returns.endswith("Result"):
        return [f"return _wrap_fields({call})"]
    return [f"return {call}"]


def _runtime_method(method: Method) -> str:
    params, positional, keywords = _parameters(method, annotate=False)
    target = f"_f_{method.qualified.replace('.', '_')}"
    first = "self.raw"
    if method.first_variadic:
        first = f"self.raw, *[_raw(a) for a in {_OTHERS}]"
    head = ", ".join(a for a in (first, positional) if a)
    keyword_params = [p for p in method.signature.parameters.values()
                      if p.kind is _KINDS.KEYWORD_ONLY]
    lines = [f"def {runtime_name(method)}({params}):"]
    if not keyword_params:
        lines += [f"    {line}" for line in _wrapping(method, f"{target}({head})")]
    else:
        # Keywords left at their defaults are not passed: builtins parse them
        # measurably slower, and the namespace function has the same defaults.
        at_default = " and ".join(_is_default(p) for p in keyword_params)
        lines.append(f"    if {at_default}:")
        lines += [f"        {line}" for line in _wrapping(method, f"{target}({head})")]
        lines += [f"    {line}" for line in _wrapping(method, f"{target}({head}, {keywords})")]
    return "\n".join(lines)


def runtime_name(method: Method) -> str:
    """The name of ``method``'s compiled function in the runtime source
    (``linalg.``/``fft.`` methods prefixed by their view: ``matmul`` is in both)."""
    return method.name if method.view == "FluentMethods" else f"{method.view}_{method.name}"


def _is_default(p: inspect.Parameter) -> str:
    if p.default is None or isinstance(p.default, bool):
        return f"{p.name} is {p.default!r}"
    return f"(_type({p.name}) is {type(p.default).__name__} and {p.name} == {_default(p.default)})"


def _runtime_operators() -> str:
    lines = []
    for dunder, function in BINARY_OPERATORS.items():
        lines += [f"def {dunder}(self, other, /):",
                  "    out = _Fluent()",
                  f"    out.raw = _f_{function}(self.raw, {_unwrapped('other')})",
                  "    return out"]
    for dunder, function in REFLECTED_OPERATORS.items():
        lines += [f"def {dunder}(self, other, /):",
                  "    out = _Fluent()",
                  f"    out.raw = _f_{function}(other, self.raw)",
                  "    return out"]
    for dunder, function in UNARY_OPERATORS.items():
        lines += [f"def {dunder}(self, /):",
                  "    out = _Fluent()",
                  f"    out.raw = _f_{function}(self.raw)",
                  "    return out"]
    return "\n".join(lines)


_WRAP = """def _wrap(self, raw, /):
    out = _Fluent()
    out.raw = raw
    return out
def _linalg_view(self):
    out = _FluentLinalg()
    out.raw = self.raw
    return out
def _fft_view(self):
    out = _FluentFFT()
    out.raw = self.raw
    return out"""


def runtime_source(table: Sequence[Method]) -> str:
    """The methods and operators as Python source, calling ``_f_<name>`` (the
    backend's functions, bound in by the caller) and making results with
    ``_Fluent`` (the backend's fluent class); ``_wrap(self, raw)`` makes one
    for the class's hand-written members, ``_linalg_view``/``_fft_view`` the
    views ``.linalg``/``.fft`` (classes ``_FluentLinalg``/``_FluentFFT``)."""
    return "\n".join([*(_runtime_method(m) for m in table), _runtime_operators(), _WRAP]) + "\n"


def _api_method(method: Method) -> str:
    params, _, _ = _parameters(method, annotate=True)
    if method.first_variadic:
        params = params.replace(f"*{_OTHERS}", f"*{_OTHERS}: Fluent[A] | A")
    returns = _return_type(method.returns)
    return (f"    def {method.name}({params}) -> {returns}:\n"
            f'        """``{method.qualified}`` of the standard with this array first."""\n'
            f"        raise _absent(self, {method.qualified!r})\n")


def _api_operators() -> str:
    lines = []
    operand = "Fluent[A] | A | complex"
    for dunder in (*BINARY_OPERATORS, *REFLECTED_OPERATORS):
        ignore = "  # type: ignore[override]" if dunder in ("__eq__", "__ne__") else ""
        lines.append(f"    def {dunder}(self, other: {operand}, /) -> Fluent[A]:{ignore}\n"
                     f"        raise _absent(self, {dunder!r})\n")
    for dunder in UNARY_OPERATORS:
        lines.append(f"    def {dunder}(self, /) -> Fluent[A]:\n"
                     f"        raise _absent(self, {dunder!r})\n")
    return "\n".join(lines)


_API_HEADER = '''"""Typed declarations of the fluent array's methods. GENERATED by
``python -m xport._fluent`` from the standard's signatures
(:class:`xport.Namespace`); do not edit. At run time each backend's fluent class
overrides every method with one calling that backend's function; a method left
here means the backend's namespace lacks the function, and it says so.
"""

# Parameter names are the standard's, builtins' names included (type, min, max, ord).
# ruff: noqa: A002, E501
from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from .._typing import (
    Device,
    DType,
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    UniqueAllResult,
    UniqueCountsResult,
    UniqueInverseResult,
    _Axis,
    _FFTNorm,
)

if TYPE_CHECKING:
    from .core import Fluent

A = TypeVar("A")

__all__ = ["FluentFFT", "FluentLinalg", "FluentMethods"]


def _absent(view: Any, name: str) -> AttributeError:
    return AttributeError(f"{type(view).__name__} has no {name}: the backend's namespace "
                          "does not provide it")
'''


def api_source(table: Sequence[Method]) -> str:
    """The source of ``api.py``."""
    parts = [_API_HEADER]
    for view in VIEWS.values():
        doc = {"FluentMethods": "The standard's functions that take an array first, "
                                "as methods, and its operators.",
               "FluentLinalg": "The ``linalg`` extension's functions, as methods of "
                               "``fluent(x).linalg``.",
               "FluentFFT": "The ``fft`` extension's functions, as methods of "
                            "``fluent(x).fft``."}[view]
        body = [_api_method(m) for m in table if m.view == view]
        head = "    __slots__ = ()\n    raw: A\n"
        if view == "FluentMethods":
            body.append(_api_operators())
            head += "    __hash__ = None  # type: ignore[assignment]  # == is elementwise\n"
        parts.append(f"\n\nclass {view}(Generic[A]):\n"
                     f'    """{doc}"""\n\n' + head + "\n" + "\n".join(body))
    return "".join(parts).rstrip() + "\n"


API_PATH = Path(__file__).with_name("api.py")
