"""Wrappers that take exactly the parameters of the function they wrap.

A wrapper written ``def w(*args, **kwargs): return f(*args, **kwargs)`` packs
and unpacks a tuple and a dict on every call, which costs about 0.2 us in
CPython: as much as a small PyTorch kernel's whole dispatch. A wrapper with
``f``'s own parameter list forwards them as plain arguments (about 0.03 us).
:func:`guarded` writes such a wrapper from ``f``'s signature: a condition on
the arguments picks ``f`` (the fast path) or another function taking the same
arguments (the slow path). Functions without an introspectable signature
(most builtins) get the generic ``*args, **kwargs`` wrapper.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

_KINDS = inspect.Parameter


def _parameters(signature: inspect.Signature, env: dict[str, Any]
                ) -> tuple[str, str, list[str]]:
    """(parameter list, forwarding call arguments, names of the parameters)
    of ``signature``; defaults are stored in ``env`` and named from there."""
    params: list[str] = []
    call: list[str] = []
    slash = star = False
    for i, p in enumerate(signature.parameters.values()):
        if p.kind is _KINDS.POSITIONAL_ONLY:
            slash = True
        elif slash:
            params.append("/")
            slash = False
        if p.kind is _KINDS.KEYWORD_ONLY and not star:
            params.append("*")
            star = True
        text = p.name
        if p.default is not _KINDS.empty:
            env[f"_default{i}"] = p.default
            text += f"=_default{i}"
        if p.kind is _KINDS.VAR_POSITIONAL:
            text, star = f"*{p.name}", True
            call.append(text)
        elif p.kind is _KINDS.VAR_KEYWORD:
            text = f"**{p.name}"
            call.append(text)
        elif p.kind is _KINDS.KEYWORD_ONLY:
            call.append(f"{p.name}={p.name}")
        else:
            call.append(p.name)
        params.append(text)
    if slash:
        params.append("/")
    return ", ".join(params), ", ".join(call), list(signature.parameters)


def signature_of(function: Callable[..., Any]) -> inspect.Signature | None:
    """``function``'s signature, or None where it has none to read (builtins)
    or its first parameter is variadic."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    first = next(iter(signature.parameters.values()), None)
    if first is None or first.kind in (_KINDS.VAR_POSITIONAL, _KINDS.VAR_KEYWORD):
        return None
    return signature


def _given(**keywords: Any) -> dict[str, Any]:
    return {k: v for k, v in keywords.items() if v is not None}


def guarded(function: Callable[..., Any], fallback: Callable[..., Any],
            condition: str, env: dict[str, Any], *, name: str,
            signature: inspect.Signature | None = None) -> Callable[..., Any]:
    """A function with ``function``'s parameters that calls ``function`` where
    the Python expression ``condition`` holds and ``fallback`` (same
    arguments) elsewhere.

    ``condition`` is a format string: ``{first}`` and ``{second}`` stand for
    the first two parameters (``{second}`` only where ``function`` has a
    second positional one); it may use the names in ``env``.

    ``signature`` gives the wrapper the parameters of a ``function`` that has
    none to read (a builtin such as ``torch.abs``): positional ones, and
    keyword-only ones defaulting to ``None``. The fast path is then taken
    only where each keyword-only one is ``None``, and passes ``function`` the
    positional ones alone (a builtin parses even a keyword of ``None``);
    ``fallback`` gets those that are not ``None``.
    Without either signature the wrapper takes ``(first, /, *args,
    **kwargs)``, and ``{second}`` is ``args[0]``.
    """
    declared = signature is not None
    if signature is None:
        signature = signature_of(function)
    scope: dict[str, Any] = {**env, "_function": function, "_fallback": fallback}
    if signature is None:
        params, call = "first, /, *args, **kwargs", "first, *args, **kwargs"
        names = ["first", "args[0]"]
    else:
        params, call, names = _parameters(signature, scope)
    test = condition.format(first=names[0], second=names[1] if len(names) > 1 else None)
    fast = f"_function({call})"
    if signature is None:  # builtins parse an empty *args or **kwargs measurably slower
        fast = ("(_function(first, *args, **kwargs) if kwargs else "
                "_function(first, *args) if args else _function(first))")
    elif not declared and call.endswith(", **" + names[-1]):
        # A call without ** is an ordinary one, which CPython runs inline;
        # one with ** merges a dict first, even an empty one.
        fast = f"(_function({call}) if {names[-1]} else _function({call[:call.rindex(', **')]}))"
    elif declared:
        parameters = signature.parameters.values()
        keywords = [p.name for p in parameters if p.kind is _KINDS.KEYWORD_ONLY]
        others = [p.name for p in parameters if p.kind is not _KINDS.KEYWORD_ONLY]
        test = " and ".join([f"({test})", *(f"{k} is None" for k in keywords)])
        fast = f"_function({', '.join(others)})"
        given = ", ".join(f"{k}={k}" for k in keywords)
        call = ", ".join([*others, f"**_given({given})"])  # None: not given
        scope["_given"] = _given
    source = (f"def {name}({params}):\n"
              f"    if {test}:\n"
              f"        return {fast}\n"
              f"    return _fallback({call})\n")
    exec(compile(source, f"<xport.guarded {name}>", "exec"), scope)
    wrapper: Callable[..., Any] = scope[name]
    wrapper.__wrapped__ = function  # type: ignore[attr-defined]  # inspect shows its signature
    if declared:
        wrapper.__signature__ = signature  # type: ignore[attr-defined]  # the builtin has none
    return wrapper
