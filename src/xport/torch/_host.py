"""Whether the host may look at tensor values for free."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import torch

_functorch: Any = torch._C._functorch  # pyright: ignore[reportAttributeAccessIssue]
transforms_active: Any = torch._C._are_functorch_transforms_active  # pyright: ignore[reportAttributeAccessIssue]
# torch.compiler.is_compiling() (torch.compile or torch.export tracing) is
# spelled `dynamo_compiling() or compiler._is_compiling_flag` on hot paths: the
# same answer without its two Python calls. Dynamo folds is_dynamo_compiling()
# to True; export and compile sessions set the flag.
# Both are read defensively: a PyTorch without is_dynamo_compiling asks
# is_compiling instead; one without the flag reads it as never set.
dynamo_compiling = getattr(torch.compiler, "is_dynamo_compiling", torch.compiler.is_compiling)
compiler: Any = (torch.compiler if hasattr(torch.compiler, "_is_compiling_flag")
                 else SimpleNamespace(_is_compiling_flag=False))
_tracing_state = torch._C._get_tracing_state


def plain_eager(*tensors: Any) -> bool:
    """Whether ``tensors`` are plain eager tensors: outside ``torch.compile`` /
    ``torch.jit`` tracing and not wrapped by ``torch.func`` (any device)."""
    if dynamo_compiling() or compiler._is_compiling_flag or _tracing_state() is not None:
        return False
    if not transforms_active():  # then nothing is wrapped: no tensor to ask
        return True
    for t in tensors:
        if isinstance(t, torch.Tensor) and _functorch.is_functorch_wrapped_tensor(t):
            return False
    return True


def host_reads(*tensors: Any) -> bool:
    """Whether reading values of ``tensors`` on the host (or catching a kernel's
    index error) costs no device sync and bakes nothing into a graph: plain CPU
    tensors, outside ``torch.compile``/``torch.jit`` tracing and ``torch.func``."""
    if not plain_eager(*tensors):
        return False
    for t in tensors:
        if isinstance(t, torch.Tensor) and not t.is_cpu:
            return False
    return True
