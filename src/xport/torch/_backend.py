"""xport.torch as its descriptor tells the rest of xport (see ``_common/backend``)."""

from __future__ import annotations

from typing import Any

import torch

from .._common.backend import Backend, RandomHooks, device_as_context
from . import _autodiff, _random, _random_compiled, _scatter, _transforms
from ._host import host_reads


def _to_device(x: Any, target: Any, stream: Any) -> Any:
    if stream is not None:
        raise NotImplementedError(
            f"to_device(): PyTorch copies on its current stream; got stream={stream!r}. "
            "Use `with torch.cuda.stream(s): x.to(device)` instead.")
    return x.to(target)


BACKEND = Backend("torch", to_device=_to_device, default_device=device_as_context,
                  scatter=_scatter, autodiff=_autodiff,
                  transforms=_transforms,
                  random=RandomHooks(words=_random.TorchWords, block=_random.BLOCK,
                                     blockwise=_random.blockwise, reads_values=host_reads,
                                     compiled_stream=_random_compiled.stream,
                                     in_place_native=torch,
                                     compiling=torch.compiler.is_compiling,
                                     tabulates=_random.tabulates,
                                     keeps_table=_random.keeps_table))
