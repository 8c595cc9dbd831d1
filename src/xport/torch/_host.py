"""Whether the host may look at tensor values for free."""

from __future__ import annotations

from typing import Any

import torch

_functorch: Any = torch._C._functorch  # pyright: ignore[reportAttributeAccessIssue]


def host_reads(*tensors: Any) -> bool:
    """Whether reading values of ``tensors`` on the host (or catching a kernel's
    index error) costs no device sync and bakes nothing into a graph: plain CPU
    tensors, outside ``torch.compile``/``torch.jit`` tracing and ``torch.func``."""
    return (not torch.compiler.is_compiling() and torch._C._get_tracing_state() is None
            and all(not isinstance(t, torch.Tensor)
                    or (t.device.type == "cpu" and not _functorch.is_functorch_wrapped_tensor(t))
                    for t in tensors))
