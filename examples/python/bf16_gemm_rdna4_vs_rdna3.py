# %% [markdown]
# # wmmasim from Python: RDNA4 vs RDNA3, a bit-exact bf16 GEMM and its error
#
# The A operand of `v_wmma_f32_16x16x16_bf16` is laid out differently on RDNA4 (gfx12) and RDNA3
# (gfx11), and the two architectures round the dot products differently. This example shows both
# layouts, computes the same bf16 GEMM with each architecture's bit-exact model (it prints whether
# the model is hardware-qualified), and plots the error of each against a float64 GEMM.
# Run as a script (`python3 bf16_gemm_rdna4_vs_rdna3.py --out DIR`) or as the notebook beside it.

# %%
import argparse
import os

import matplotlib

matplotlib.use("Agg")  # files only: the notebook shows the PNG through IPython.display
import matplotlib.pyplot as plt
import numpy as np
import wmmasim

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--out", default=".", help="directory for the PNG and SVG files")
parser.add_argument("--size", type=int, default=256, help="M = N = K of the GEMM")
args, _ = parser.parse_known_args()  # a notebook kernel passes its own arguments
os.makedirs(args.out, exist_ok=True)

# %% [markdown]
# ## The A layouts
# Each cell of these grids is the lane that holds `A[i][k]`. RDNA4 splits the 16 K values of a row
# over two lane groups (lanes i and i+16); RDNA3 keeps a whole row in lane i and replicates it in
# lane i+16.

# %%
rdna4 = wmmasim.builtin("v_wmma_f32_16x16x16_bf16", arch="gfx12")
rdna3 = wmmasim.builtin("v_wmma_f32_16x16x16_bf16", arch="gfx11")
for b in (rdna4, rdna3):
    a = b.layout("A")
    print(f"{b.full_name}: A in {a.vgprs} VGPRs per lane, {a.replicas} place(s) per element")
    print("lane holding A[i][k] (rows i = 0..3, columns k = 0..15):")
    print(a.lane[:4])
    print(a.where("A[3][9]"))
    with open(os.path.join(args.out, f"A_{b.arch}.svg"), "w") as f:
        f.write(a.svg())
rdna4.layout("A")  # in Jupyter: the layout drawn as SVG

# %% [markdown]
# ## A bf16 GEMM, bit for bit
# Inputs are rounded to bf16 with the same rounding the C++ uses (`to_bits`), then each
# architecture's GEMM is emulated tile by tile, exactly as a kernel issuing the instruction.

# %%
rng = np.random.default_rng(2026)
n = args.size
a64 = rng.standard_normal((n, n))
b64 = rng.standard_normal((n, n))
a_bits = wmmasim.to_bits(a64.astype(np.float32), "bf16")  # uint16 raw bf16 bits
b_bits = wmmasim.to_bits(b64.astype(np.float32), "bf16")
a_exact = wmmasim.to_float(a_bits, "bf16").astype(np.float64)  # the bf16 values, exactly
b_exact = wmmasim.to_float(b_bits, "bf16").astype(np.float64)

d_rdna4 = wmmasim.gemm(rdna4, a_bits, b_bits)  # float32, the bits gfx12 hardware produces
d_rdna3 = wmmasim.gemm(rdna3, a_bits, b_bits)
d_numpy = a_exact.astype(np.float32) @ b_exact.astype(np.float32)
reference = a_exact @ b_exact  # float64: the products of bf16 values are exact, the sums nearly so

# The same first tile through single instructions, chaining D into C over K, gives the same bits.
tile = np.zeros((16, 16), np.float32)
for q in range(0, n, 16):
    tile = wmmasim.mma(rdna4, a_bits[:16, q:q + 16], b_bits[q:q + 16, :16], tile)
assert np.array_equal(tile.view(np.uint32), d_rdna4[:16, :16].view(np.uint32))

for b in (rdna4, rdna3):
    m = b.default_model
    print(f"{b.arch}: model {m.name}, {'hardware-qualified' if m.hardware_qualified else 'not hardware-qualified'}")
differ = np.count_nonzero(d_rdna4.view(np.uint32) != d_rdna3.view(np.uint32))
print(f"{n}x{n}x{n} bf16 GEMM: RDNA4 and RDNA3 differ in {differ} of {n * n} elements")
print(f"D[0][0]: RDNA4 0x{d_rdna4.view(np.uint32)[0, 0]:08x}, RDNA3 0x{d_rdna3.view(np.uint32)[0, 0]:08x}, "
      f"numpy float32 0x{d_numpy.view(np.uint32)[0, 0]:08x}, float64 {reference[0, 0]!r}")

# %% [markdown]
# ## Error against float64
# Each element's error scaled by the size of its dot product, |D - D64| / (|A| |B|), in units of
# float32's unit roundoff 2^-24: the measure that accumulation order and rounding change.

# %%
scale = np.abs(a_exact) @ np.abs(b_exact)
errors = {name: (np.abs(d.astype(np.float64) - reference) / scale / 2.0**-24).ravel()
          for name, d in (("RDNA4 (gfx12-dot4)", d_rdna4), ("RDNA3 (gfx11-dot2)", d_rdna3), ("numpy float32", d_numpy))}
fig, ax = plt.subplots(figsize=(7, 4))
bins = np.linspace(0, max(e.max() for e in errors.values()) * 1.01, 60)
for name, e in errors.items():
    ax.hist(e, bins=bins, histtype="step", linewidth=1.5, label=f"{name}: mean {e.mean():.3f}, max {e.max():.2f}")
ax.set_xlabel("|D - D_float64| / (|A| |B|), in units of 2^-24")
ax.set_ylabel("elements")
ax.set_yscale("log")
ax.set_title(f"{n}x{n}x{n} GEMM of bf16 inputs")
ax.legend()
png = os.path.join(args.out, "bf16_gemm_error.png")
fig.savefig(png, dpi=120, bbox_inches="tight")
for name, e in errors.items():
    print(f"{name}: mean {e.mean():.3f}, max {e.max():.3f} (units of 2^-24 |A||B|)")
print(f"wrote {png}")
try:  # in a notebook, show the picture
    from IPython import get_ipython
    from IPython.display import Image, display

    if get_ipython() is not None:
        display(Image(png))
except ImportError:
    pass
