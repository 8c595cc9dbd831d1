"""``import xport`` plus the first NumPy dispatch, against array-api-compat's
``import array_api_compat`` plus its first ``array_namespace``, in fresh
interpreters taken in turns (NumPy is imported before the clock starts in
both, so the figure is the shim's own cost).

    python -m benchmarks.bench_import [--runs 40]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

_PROGRAM = """
import time
import numpy as np
x = np.ones(3)
start = time.perf_counter()
{body}
print(time.perf_counter() - start)
"""

CONTENDERS = {
    "xport": "import xport\nxport.namespace_of(x)",
    "array-api-compat": "import array_api_compat\narray_api_compat.array_namespace(x)",
}


def _once(body: str) -> float:
    out = subprocess.run([sys.executable, "-c", _PROGRAM.format(body=body)],
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> None:
    """Time each contender ``--runs`` times, interleaved, and print medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in CONTENDERS}
    for _ in range(args.runs):
        for name, body in CONTENDERS.items():
            times[name].append(_once(body))
    medians = {name: statistics.median(t) for name, t in times.items()}
    for name, median in medians.items():
        print(f"{name:<18}{median * 1e3:8.2f} ms")
    print(f"ratio xport / array-api-compat: {medians['xport'] / medians['array-api-compat']:.2f}x")


if __name__ == "__main__":
    main()
