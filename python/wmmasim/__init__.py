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
    "Builtin", "Layout", "Model", "builtin", "builtin_table", "builtins", "diff", "execute", "gemm",
    "import_captures", "inline_constant", "mma", "model", "models", "predict_gemm", "random_matrix",
    "read_run", "to_bits", "to_float", "ulp_distance", "write_run",
]
