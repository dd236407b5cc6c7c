// Seeded random operands, identical on every compiler and machine (splitmix64, no std distributions),
// so the emulator and the hardware backend generate the same inputs from the same seed.
#pragma once

#include <cstdint>

#include "wmmasim/matrix/gemm.hpp"

namespace wmmasim {

// Floats: random sign, binary exponent uniform in [-4, 3], uniform significand, rounded (RNE) to the
// format, so products and sums round in every step. Integers: uniform over the signed range of the
// format (i32: [-2^20, 2^20)). `stream` separates the operands of one seed (A = 0, B = 1, C = 2, ...).
BitMatrix random_matrix(int rows, int cols, Format format, std::uint64_t seed, std::uint64_t stream);

}  // namespace wmmasim
