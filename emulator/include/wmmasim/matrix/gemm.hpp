// Whole-matrix GEMM, D = A*B + C for any M, N, K, computed with one instruction of the table exactly
// as a kernel issuing it tile by tile would: 16x16 output tiles, K in instruction-sized chunks taken in
// increasing order, each chunk one emulated instruction whose D feeds the next one's C.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include <Eigen/Core>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim {

// Element raw bits, row-major.
struct BitMatrix {
  int rows = 0, cols = 0;
  Format format = Format::f32;
  std::vector<std::uint32_t> bits;
  std::uint32_t at(int r, int c) const { return bits[static_cast<std::size_t>(r) * cols + c]; }
  std::uint32_t& at(int r, int c) { return bits[static_cast<std::size_t>(r) * cols + c]; }
};

struct GemmOptions {
  const Model* model = nullptr;  // default_model(ins) when null
  Modifiers modifiers;           // integer forms: neg bits 0/1 = A/B signed; clamp
  int threads = 0;               // 0: all cores
  // Called from the calling thread with (tiles done, tiles total) while the GEMM runs.
  std::function<void(long, long)> progress;
};

// A: M x K in ins.a, B: K x N in ins.b, C: M x N in ins.cd. SWMMAC instructions take a dense A that
// must be 2:4 sparse in every group of four K values; it is compressed as the hardware expects.
// Shapes not multiple of the instruction shape are padded with zeros (C and D are cropped).
BitMatrix gemm(const Instruction& ins, const BitMatrix& a, const BitMatrix& b, const BitMatrix& c,
               const GemmOptions& options = {});

// Converts to and from float for the Eigen-facing API (RNE; integers by rounding and saturation).
BitMatrix to_bits(const Eigen::MatrixXf& m, Format f);
Eigen::MatrixXf to_float(const BitMatrix& m);

// How an emulated result differs from Eigen's float GEMM of the same (already converted) inputs.
struct FloatComparison {
  long elements = 0, differing = 0;
  double max_ulp = 0, mean_ulp = 0;   // in units of the output format
  double max_abs_error = 0;
};
FloatComparison compare_with_float_gemm(const Instruction& ins, const BitMatrix& a, const BitMatrix& b,
                                        const BitMatrix& c, const BitMatrix& d);

// Bytes an M x N x K GEMM holds at its peak with its float comparison (inputs, result, padded
// register images, the float reference), and the memory this process may use (physical memory, or
// RLIMIT_AS when lower). check_gemm_fits_in_memory throws UserError before anything is allocated
// when the first exceeds the second, instead of the allocation failing or the machine swapping.
std::uint64_t gemm_working_bytes(std::uint64_t m, std::uint64_t n, std::uint64_t k);
std::uint64_t usable_memory_bytes();
void check_gemm_fits_in_memory(int m, int n, int k);

}  // namespace wmmasim
