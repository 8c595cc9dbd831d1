"""The parameters of each standard function and what each one is (an array, an
axis, a shape, a dtype, a flag, ...), read from the standard's signatures as
:class:`xport.Namespace` declares them (the signatures are tested against
array-api-strict's)."""

from __future__ import annotations

import functools
import inspect
import re
from dataclasses import dataclass
from typing import Any

from .._typing import FFTNamespace, LinalgNamespace, Namespace

PROTOCOLS: dict[str, type] = {"": Namespace, "linalg.": LinalgNamespace, "fft.": FFTNamespace}

# annotation (as written in _typing.py) -> role. Parameters named axis/axes or
# shape get their role from the name; unknown annotations are not checked.
ANNOTATION_ROLES: dict[str, str] = {
    "Array": "array",
    "Array | None": "optional array",
    "Array | complex": "array or scalar",
    "Array | float": "array or scalar",
    "Array | int": "array or scalar",
    "Array | builtins.bool": "array or scalar",
    "Array | int | float": "array or scalar",
    "Array | float | None": "optional array or scalar",
    "float | Array | None": "optional array or scalar",
    "tuple[Array, ...] | list[Array]": "array sequence",
    "DType": "dtype",
    "DType | None": "optional dtype",
    "DType | Array": "dtype or array",
    "Array | DType | complex": "dtype, array or scalar",
    "builtins.bool": "flag",
    "builtins.bool | None": "optional flag",
    "int": "integer",
    "int | None": "optional integer",
    "float": "real number",
    "float | None": "optional real number",
    "complex": "number",
    "int | Array": "integer or array",
}
NAMED_ROLES: dict[str, str] = {"axis": "axis", "axes": "axis", "source": "axis",
                               "destination": "axis", "shape": "shape", "s": "shape"}
_LITERAL = re.compile(r"Literal\[(.*)\]")


@dataclass(frozen=True)
class Parameter:
    name: str
    role: str | None  # None: not checked
    variadic: bool = False
    several: bool = False  # an axis parameter that takes a tuple of axes too
    choices: tuple[object, ...] = ()  # a Literal's values
    numbers: bool = False  # a choice that may also be a Python int or float


@dataclass(frozen=True)
class Spec:
    """A standard function's signature (without ``self``) and its parameters."""

    name: str
    signature: inspect.Signature
    parameters: tuple[Parameter, ...]

    def text(self) -> str:
        """The signature as the standard writes it, without annotations, for messages."""
        bare = self.signature.replace(
            parameters=[p.replace(annotation=inspect.Parameter.empty)
                        for p in self.signature.parameters.values()],
            return_annotation=inspect.Signature.empty)
        return f"{self.name.rpartition('.')[2]}{bare}"

    @functools.cached_property
    def _binding(self) -> tuple[tuple[str, ...], frozenset[str], str | None, tuple[str, ...]]:
        kinds = inspect.Parameter
        params = list(self.signature.parameters.values())
        positional = tuple(p.name for p in params
                           if p.kind in (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD))
        keywords = frozenset(p.name for p in params
                             if p.kind in (kinds.POSITIONAL_OR_KEYWORD, kinds.KEYWORD_ONLY))
        variadic = next((p.name for p in params if p.kind is kinds.VAR_POSITIONAL), None)
        required = tuple(p.name for p in params if p.default is kinds.empty
                         and p.kind is not kinds.VAR_POSITIONAL)
        return positional, keywords, variadic, required

    def bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        """The arguments of a call by parameter name, as :meth:`inspect.Signature.bind`
        gives them (defaults not filled in), in a fraction of its time; TypeError
        for a call the signature does not take."""
        positional, keywords, variadic, required = self._binding
        if len(args) > len(positional) and variadic is None:
            raise TypeError(f"takes {len(positional)} positional argument"
                            f"{'s' if len(positional) != 1 else ''} but {len(args)} were given")
        arguments = dict(zip(positional, args, strict=False))
        if variadic is not None:
            arguments[variadic] = args[len(positional):]
        for key, value in kwargs.items():
            if key not in keywords:
                raise TypeError(f"got {key!r} as a keyword, which the standard's signature "
                                "takes only by position" if key in positional
                                else f"got an unexpected keyword argument {key!r}")
            if key in arguments:
                raise TypeError(f"got multiple values for argument {key!r}")
            arguments[key] = value
        missing = [name for name in required if name not in arguments]
        if missing:
            raise TypeError(f"missing required argument{'s' if len(missing) > 1 else ''} "
                            + ", ".join(repr(m) for m in missing))
        return arguments


def _role(param: inspect.Parameter) -> Parameter:
    annotation = param.annotation if isinstance(param.annotation, str) else ""
    variadic = param.kind is inspect.Parameter.VAR_POSITIONAL
    literal = _LITERAL.search(annotation)
    if literal is not None and param.name not in NAMED_ROLES:
        choices = tuple(eval(f"[{literal.group(1)}]", {}))  # our own annotations' literals
        rest = annotation.replace(literal.group(0), "")
        if "None" in rest:
            choices += (None,)
        return Parameter(param.name, "choice", variadic, choices=choices,
                         numbers="float" in rest or "int" in rest)
    if param.name in NAMED_ROLES and annotation not in {"Array", "Array | None"}:
        several = annotation == "_Axis" or "tuple" in annotation or "Sequence" in annotation
        return Parameter(param.name, NAMED_ROLES[param.name], variadic, several)
    return Parameter(param.name, ANNOTATION_ROLES.get(annotation), variadic)


@functools.cache
def spec(name: str) -> Spec | None:
    """The :class:`Spec` of the standard function ``name`` (``linalg.``/``fft.``
    prefixed for the extensions), or None if the protocols do not declare it."""
    prefix, _, short = name.rpartition(".")
    protocol = PROTOCOLS.get(f"{prefix}." if prefix else "")
    method: Any = getattr(protocol, short, None) if protocol is not None else None
    if not inspect.isfunction(method):
        return None
    signature = inspect.signature(method)
    params = list(signature.parameters.values())[1:]  # drop self
    return Spec(name, signature.replace(parameters=params), tuple(_role(p) for p in params))
