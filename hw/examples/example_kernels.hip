// The example kernels of examples/kernels/ for the GPU: one code object per gfx12 target, embedded in
// wmmasim beside the table's programs and run by `wmmasim hw run tiled_gemm_f16` etc. (docs/hw.md).
// Unlike the generated programs this source uses <hip/hip_runtime.h> (through wmmasim/kernel.hpp),
// so it is compiled with WMMASIM_HIP_EXAMPLE_FLAGS (no -nogpuinc). The kernels keep their C++ names;
// the runner looks them up by their mangled symbols (hw/runner/example_programs.cpp).
#include "kernels/tiled_gemm.hpp"
#include "kernels/tiled_gemm_load_tr.hpp"
#include "kernels/wmma_chain.hpp"
