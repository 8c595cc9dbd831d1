"""Checked functions and namespaces, generated from the standard's signatures
(:mod:`.roles`) and rules (``_spec.rules``): every function validates its
arguments before it calls the backend's."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .._common.typenames import type_name
from .._hooks import descriptor
from .._spec import promote_names
from .._spec.rules import (
    AXIS_COUNTING,
    AXIS_REQUIRED_ABOVE_1D,
    INPUT_DOMAINS,
    PARAMETER_DOMAINS,
    PROMOTED_OPERANDS,
    SHAPE_RELATIONS,
    SIZE_PARAMETERS,
)
from . import checks
from .checks import Call, Target
from .errors import fail
from .relations import RELATIONS
from .roles import Parameter, Spec, spec

Check = Callable[[Call], None]
_ARRAY_ROLES = {"array", "optional array", "array or scalar", "optional array or scalar",
                "array sequence", "dtype or array", "integer or array"}
_CREATION_SHAPES = {"empty", "ones", "zeros", "full", "broadcast_to"}


def _first_array(call: Call, spec_: Spec) -> Any:
    for param in spec_.parameters:
        if param.role not in _ARRAY_ROLES:
            continue
        value = call.arguments.get(param.name)
        if param.role == "array sequence" or param.variadic:
            value = value[0] if value else None
        if call.target.is_array(value):
            return value
    return None


def _operand_dtype(call: Call, name: str) -> str | None:
    """The dtype an operand's Python scalar must suit: the other promoted
    operands' (x1 for x2, x for clip's bounds), else the first array's."""
    peers = PROMOTED_OPERANDS.get(call.function, ())
    for peer in peers:
        value = call.arguments.get(peer)
        if peer != name and call.target.is_array(value):
            return call.target.array_dtype(value)
    return None


def _array_check(function: str, param: Parameter) -> Check:
    domain = PARAMETER_DOMAINS.get((function, param.name), INPUT_DOMAINS.get(function))
    name, role = param.name, param.role

    def check(call: Call) -> None:
        if name not in call.arguments:
            return
        value = call.arguments[name]
        if role == "array sequence" or param.variadic:
            if not isinstance(value, (tuple, list)):
                raise call.error(TypeError, f"{name} must be a tuple or list of arrays, got "
                                 f"{type_name(value)}", f"pass {name} as a tuple")
            if not value and role == "array sequence":
                raise call.error(ValueError, f"{name} is empty", "pass at least one array")
            for i, item in enumerate(value):
                checks.check_array(call, f"{name}[{i}]", item, domain)
            return
        if value is None and role is not None and role.startswith("optional"):
            return
        if call.target.is_array(value) or role in {"array", "optional array"}:
            checks.check_array(call, name, value, domain)
        elif role == "integer or array":
            checks.check_integer(call, name, value, 0)
        elif role == "dtype or array":
            checks.check_dtype(call, name, value)
        else:
            checks.check_scalar(call, name, value, _operand_dtype(call, name), domain)

    return check


def _axis_check(function: str, spec_: Spec, param: Parameter) -> Check:
    counting = AXIS_COUNTING.get(function, "existing")
    required = function in AXIS_REQUIRED_ABOVE_1D

    def check(call: Call) -> None:
        x = _first_array(call, spec_)
        if x is None:
            return
        ndim = len(x.shape)
        value = call.arguments.get(param.name)
        if value is None:
            if required and ndim > 1 and param.name == "axis":
                raise call.error(ValueError, f"x has {ndim} dimensions and no axis was given",
                                 "pass axis=...")
            return
        if counting == "none":
            return  # checked with the shapes (tensordot's pairs of axes)
        axes = checks.as_axes(call, param.name, value, param.several)
        if counting == "new":
            ndim += len(axes) if function == "expand_dims" else 1
        checks.check_axes(call, param.name, axes, ndim)

    return check


def _scalar_check(function: str, param: Parameter) -> Check | None:
    name, role = param.name, param.role
    if role in {"dtype", "optional dtype"}:
        optional = role == "optional dtype"

        def check_dtype(call: Call) -> None:
            value = call.arguments.get(name)
            if name in call.arguments and not (optional and value is None):
                checks.check_dtype(call, name, value)
        return check_dtype
    if role in {"flag", "optional flag"}:
        return lambda call: None if name not in call.arguments else checks.check_flag(
            call, name, call.arguments[name], role == "optional flag")
    if role in {"integer", "optional integer"}:
        minimum = SIZE_PARAMETERS.get((function, name))
        return lambda call: None if call.arguments.get(name) is None else checks.check_integer(
            call, name, call.arguments[name], minimum)
    if role in {"real number", "optional real number", "number"}:
        return lambda call: None if call.arguments.get(name) is None else checks.check_real(
            call, name, call.arguments[name], role == "number")
    if role == "choice":
        return lambda call: None if name not in call.arguments else checks.check_choice(
            call, name, call.arguments[name], param.choices, param.numbers)
    if role == "shape" and function in _CREATION_SHAPES:
        def check_shape(call: Call) -> None:
            if name in call.arguments:
                dtype = call.arguments.get("dtype")
                dtype_name = call.target.dtype_name(dtype) if dtype is not None else None
                checks.check_shape(call, name, call.arguments[name], dtype_name or "float64")
        return check_shape
    return None


def _some_array_check(function: str, operands: tuple[str, ...]) -> Check:
    def check(call: Call) -> None:
        if not any(call.target.is_array(call.arguments.get(name)) for name in operands):
            raise call.error(TypeError, "got no array, only Python scalars",
                             "make at least one operand an array with xp.asarray(...)")
    return check


def _promotion_check(function: str) -> Check:
    operands = PROMOTED_OPERANDS[function]

    def check(call: Call) -> None:
        dtypes = [(n, call.target.array_dtype(call.arguments[n])) for n in operands
                  if call.target.is_array(call.arguments.get(n))]
        if len(dtypes) > 1 and len({d for _, d in dtypes}) > 1:
            try:
                promote_names(*(d for _, d in dtypes))
            except (KeyError, ValueError, TypeError):
                listed = " and ".join(f"{n} ({d})" for n, d in dtypes)
                raise call.error(TypeError, f"the standard does not promote {listed} together "
                                 "(mixed kinds)", "cast one with xp.astype(...) first") from None

    return check


@functools.cache
def _plan(function: str) -> tuple[Spec, tuple[Check, ...]] | None:
    spec_ = spec(function)
    if spec_ is None:
        return None
    plan: list[Check] = []
    for param in spec_.parameters:
        if param.role in _ARRAY_ROLES or (param.variadic and param.role == "array"):
            plan.append(_array_check(function, param))
        elif param.role == "axis":
            plan.append(_axis_check(function, spec_, param))
        elif (scalar := _scalar_check(function, param)) is not None:
            plan.append(scalar)
    operands = [p for p in spec_.parameters if p.role in {"array", "array or scalar"}]
    if operands and all(p.role == "array or scalar" for p in operands):
        plan.append(_some_array_check(function, tuple(p.name for p in operands)))
    if function in PROMOTED_OPERANDS:
        plan.append(_promotion_check(function))
    plan += [RELATIONS[name] for name in SHAPE_RELATIONS.get(function, ())]
    return spec_, tuple(plan)


def checked_function(function: str, fn: Callable[..., Any], target: Target
                     ) -> Callable[..., Any]:
    """``fn`` (the standard function ``function`` of ``target``'s namespace), with
    its arguments checked first; ``fn`` itself where the standard's signature is
    unknown."""
    planned = _plan(function)
    if planned is None:
        return fn
    spec_, plan = planned
    bind = spec_.bind

    @functools.wraps(fn)
    def checked(*args: Any, **kwargs: Any) -> Any:
        try:
            arguments = bind(args, kwargs)
        except TypeError as exc:
            raise fail(TypeError, function, str(exc),
                       f"call it as the standard declares it: {spec_.text()}") from None
        call = Call(function, arguments, target)
        for check in plan:
            check(call)
        return fn(*args, **kwargs)

    checked.__signature__ = spec_.signature  # type: ignore[attr-defined]
    return checked


def _non_standard(module_name: str, unchecked: str) -> Callable[[str], Any]:
    def __getattr__(name: str) -> Any:  # noqa: N807 - the module hook's name
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(f"{module_name}.{name}: not a name of the Array API standard, "
                             f"so the checked namespace does not have it; use {unchecked}."
                             f"{name} (unchecked) if the code need not be portable")
    return __getattr__


def build_namespace(ns: ModuleType, name: str, target: Target, prefix: str = "") -> ModuleType:
    """A module with the standard names of ``ns``: functions checked, everything
    else (dtypes, constants) as is; ``linalg`` and ``fft`` checked too."""
    module = ModuleType(name, f"{ns.__name__}, every function checking its arguments "
                              "against the standard first (xport's checked mode).")
    names = list(getattr(ns, "__all__", ()))
    for attr in names:
        value = getattr(ns, attr)
        if attr in {"linalg", "fft"} and isinstance(value, ModuleType):
            value = build_namespace(value, f"{name}.{attr}", target, f"{attr}.")
        elif callable(value) and spec(prefix + attr) is not None:
            value = checked_function(prefix + attr, value, target)
        setattr(module, attr, value)
    module.__all__ = names  # type: ignore[attr-defined]
    if not prefix:
        # The plain namespace's descriptor: every extension takes its routes.
        module.__xport_backend__ = descriptor(ns)  # type: ignore[attr-defined]
    if hasattr(ns, "__array_api_version__"):
        module.__array_api_version__ = ns.__array_api_version__  # type: ignore[attr-defined]
    setattr(module, "__getattr__", _non_standard(name, ns.__name__))  # noqa: B010 - a module hook
    sys.modules.setdefault(name, module)
    return module
