// Which implementation compute_d uses for the arithmetic (issue 7: bit-exact emulation as fast as the
// CPU allows). Every path gives the same bits; the choice only changes speed.
//
//   general   the per-element reference implementation (dot_step.cpp, step_models.cpp,
//             reference_models.cpp): one step at a time through gfx12_dot_step.
//   portable  the vectorised kernels (16 output columns at once) compiled for baseline x86-64 / any CPU.
//   avx2      the same kernels compiled for AVX2 (x86-64-v3).
//   avx512    the same kernels compiled for AVX-512 F/BW/DQ/VL/CD, and for integers AVX-512 VNNI.
//
// The vectorised float kernels handle every finite step themselves (all sums fit in 32-bit integers,
// spec numerics.md 3.3); a lane whose step sees a NaN or an infinity (in a factor or the accumulator)
// is handed to the general step function, so specials take exactly the general path.
#pragma once

#include <string_view>

namespace wmmasim {

struct Instruction;
struct Model;

enum class SimdPath : unsigned char { automatic, general, portable, avx2, avx512 };

// Forces a path for the whole process (tests and benchmarks); automatic = the environment variable
// WMMASIM_SIMD if set (general, portable, avx2, avx512), else the best the CPU supports.
// Throws UserError if the CPU cannot run the requested path.
void force_simd_path(SimdPath path);
SimdPath forced_simd_path();
// The path compute_d uses now (resolves automatic).
SimdPath active_simd_path();
bool simd_path_supported(SimdPath path);
std::string_view simd_path_name(SimdPath path);

// Whether the vectorised float kernels compute `model`'s steps for `ins` on every path but general
// (false: compute_d takes the general path whatever the setting, or the model is not a float step model).
bool vectorised_float_steps(const Instruction& ins, const Model& model);

}  // namespace wmmasim
