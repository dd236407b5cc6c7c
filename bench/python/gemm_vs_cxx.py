"""wmmasim.gemm from Python against the C++ matrix API, measured in the same run.

Each repetition runs the C++ reference (bench/python/python_gemm_reference: wmmasim::gemm on BitMatrix
inputs, timed around the call) and then wmmasim.gemm on the same inputs as numpy arrays (timed around
the Python call, so the numpy <-> raw-bit conversions are included), on one thread and on all cores.
Reports medians, the Python/C++ time ratio and each side's parallel efficiency t1 / (n * tn), and
checks that both produce the same bits.

    PYTHONPATH=build/python python3 bench/python/gemm_vs_cxx.py --reference build/bench/python/python_gemm_reference
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np
import wmmasim

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--reference", required=True, help="the python_gemm_reference program")
parser.add_argument("--builtin", default="wmma_f32_16x16x16_bf16_w32_gfx12")
parser.add_argument("--size", type=int, default=1024, help="M = N = K")
parser.add_argument("--reps", type=int, default=5)
args = parser.parse_args()

b = wmmasim.builtin(args.builtin)
n = args.size
cores = os.cpu_count() or 1
a = wmmasim.random_matrix(n, n, b.types["A"], 1, 0)  # the reference's inputs: same seed and streams
bm = wmmasim.random_matrix(n, n, b.types["B"], 1, 1)
c = wmmasim.random_matrix(n, n, b.types["D"], 1, 2)
if b.types["A"] == "f16":  # give each format its natural numpy dtype
    a, bm = a.view(np.float16), bm.view(np.float16)
if b.types["D"] == "f32":
    c = c.view(np.float32)

wmmasim.gemm(b, a, bm, c)  # warm-up, as the reference warms up before its timed call
times = {(side, t): [] for side in ("cxx", "python") for t in (1, cores)}
with tempfile.TemporaryDirectory() as tmp:
    d_file = os.path.join(tmp, "d.bin")
    for rep in range(args.reps):
        for threads in (1, cores):
            out = subprocess.run([args.reference, b.name, str(n), str(threads), d_file], capture_output=True, text=True,
                                 check=True).stdout
            times["cxx", threads].append(float(out))
            start = time.perf_counter()
            d = wmmasim.gemm(b, a, bm, c, threads=threads, raw=True)
            times["python", threads].append(time.perf_counter() - start)
            if rep == 0 and not np.array_equal(d.astype(np.uint32).ravel(), np.fromfile(d_file, np.uint32)):
                raise SystemExit("wmmasim.gemm and the C++ matrix API gave different bits")

med = {key: statistics.median(v) for key, v in times.items()}
print(f"{b.full_name}, {n}^3, medians of {args.reps} interleaved runs, {cores} cores")
for threads in (1, cores):
    py, cxx = med["python", threads], med["cxx", threads]
    print(f"  threads={threads}: C++ matrix API {cxx * 1e3:8.1f} ms, wmmasim.gemm {py * 1e3:8.1f} ms, "
          f"ratio python/C++ {py / cxx:.3f}")
if cores > 1:
    eff = {side: med[side, 1] / (cores * med[side, cores]) for side in ("cxx", "python")}
    print(f"  parallel efficiency: C++ {eff['cxx']:.1%}, Python {eff['python']:.1%} "
          f"(difference {100 * (eff['python'] - eff['cxx']):+.1f} points)")
print("  bits: identical")
