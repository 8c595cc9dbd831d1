"""Whether the host may look at tensor values for free."""

from __future__ import annotations

from typing import Any

import torch

_functorch: Any = torch._C._functorch  # pyright: ignore[reportAttributeAccessIssue]


def plain_eager(*tensors: Any) -> bool:
    """Whether ``tensors`` are plain eager tensors: outside ``torch.compile`` /
    ``torch.jit`` tracing and not wrapped by ``torch.func`` (any device)."""
    return (not torch.compiler.is_compiling() and torch._C._get_tracing_state() is None
            and all(not isinstance(t, torch.Tensor)
                    or not _functorch.is_functorch_wrapped_tensor(t) for t in tensors))


def host_reads(*tensors: Any) -> bool:
    """Whether reading values of ``tensors`` on the host (or catching a kernel's
    index error) costs no device sync and bakes nothing into a graph: plain CPU
    tensors, outside ``torch.compile``/``torch.jit`` tracing and ``torch.func``."""
    return plain_eager(*tensors) and all(
        not isinstance(t, torch.Tensor) or t.device.type == "cpu" for t in tensors)
