"""wmmasim: layouts, bit-exact numerics, GEMMs, run files and cycle predictions of the AMD RDNA4
(and RDNA3) WMMA/SWMMAC matrix instructions, from Python.

    >>> import wmmasim
    >>> print(wmmasim.builtin('v_wmma_f32_16x16x16_f16').layout('A').where('A[3][9]'))

Everything is computed by wmmasim's C++ libraries (the extension module wmmasim._core); this package
only re-exports it. Bad input raises ValueError with the same one-sentence message the CLI prints.
See docs/python.md.
"""

from ._core import (  # noqa: F401
    Builtin,
    Layout,
    Model,
    builtin,
    builtin_table,
    builtins,
    caveats,
    diff,
    execute,
    gemm,
    import_captures,
    inline_constant,
    mma,
    model,
    models,
    predict_gemm,
    random_matrix,
    read_run,
    to_bits,
    to_float,
    ulp_distance,
    write_run,
)

__all__ = [
    "Builtin", "Layout", "Model", "builtin", "builtin_table", "builtins", "caveats", "diff", "execute", "gemm",
    "import_captures", "inline_constant", "mma", "model", "models", "predict_gemm", "random_matrix",
    "read_run", "to_bits", "to_float", "ulp_distance", "write_run",
]


def run_matrix(matrix):
    """The raw bits of one run-file matrix (a dict of read_run's 'inputs'/'outputs') as a numpy array:
    uint8/uint16/uint32 by element width, shape (rows, cols), or (keys, rows, cols) for index sets."""
    import numpy

    width = {"f16": 16, "bf16": 16, "b16": 16, "f32": 32, "i32": 32}.get(matrix["format"], 8)
    dtype = {8: numpy.uint8, 16: numpy.uint16, 32: numpy.uint32}[width]
    bits = numpy.array([int(x, 16) for x in matrix["bits"]], dtype=dtype)
    keys = matrix.get("keys", 1)
    return bits.reshape((keys, matrix["rows"], matrix["cols"]) if keys > 1 else (matrix["rows"], matrix["cols"]))


__all__.append("run_matrix")
