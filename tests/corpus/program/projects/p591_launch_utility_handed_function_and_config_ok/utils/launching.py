"""One place that starts the per-device processes, so scripts never call `launch` themselves."""
import time


def run_distributed(fabric, fn, *args, **kwargs):
    start = time.perf_counter()
    result = fabric.launch(fn, *args, **kwargs)
    print(f"finished in {time.perf_counter() - start:.1f}s")
    return result
