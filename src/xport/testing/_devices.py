"""Short names for the devices of any backend (``cpu``, ``cuda:0``, ``device1``),
for test ids and assertion messages."""

from __future__ import annotations

import re
from typing import Any

# Text inside quotes (array_api_strict.Device('device1')), CuPy's
# <CUDA Device 0>, MXNet's gpu(0), TensorFlow's /job:.../device:GPU:0.
_QUOTED = re.compile(r"'([^']*)'")
_CUPY = re.compile(r"<CUDA Device (\d+)>")
_CALL = re.compile(r"^(\w+)\((\d+)\)$")


def device_label(device: Any) -> str:
    """A short lower-case name for ``device`` of any backend: ``cpu``,
    ``cuda:0``, ``gpu:1``, ``cpu_device``, ``device1``."""
    platform, index = getattr(device, "platform", None), getattr(device, "id", None)
    if isinstance(platform, str) and isinstance(index, int):  # JAX
        return f"{platform}:{index}"
    text = str(device)
    if "device:" in text:  # TensorFlow
        text = text.rpartition("device:")[2]
    for pattern, form in ((_CUPY, "cuda:{}"), (_QUOTED, "{}")):
        found = pattern.search(text)
        if found is not None:
            text = form.format(found.group(1))
    call = _CALL.match(text)
    if call is not None:  # MXNet
        text = f"{call.group(1)}:{call.group(2)}"
    return text.lower()


def device_kind(device: Any) -> str:
    """The kind of ``device``: ``cpu``, ``cuda`` (GPUs, whatever the library
    calls them) or its label's first word (``mps``, ``tpu``, ``device1``)."""
    word = re.split(r"[:_]", device_label(device), maxsplit=1)[0]
    return "cuda" if word in ("cuda", "gpu") else word
