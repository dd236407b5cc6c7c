// Seeded random operands, identical on every compiler and machine (splitmix64, no std distributions),
// so the emulator and the hardware backend generate the same inputs from the same seed.
#pragma once

#include <cstdint>

#include "wmmasim/matrix/gemm.hpp"

namespace wmmasim {

// The hardware backend's input rules (docs/hw.md, "Inputs"): floats with a random sign, a binary
// exponent uniform in [-4, 3] and a uniform fraction of the format's width (never zero, subnormal,
// infinite or NaN); integers uniform over their bits (i32 in [-2^20, 2^20)). `stream` separates the
// operands of one seed (A = 0, B = 1, C = 2, index = 3).
BitMatrix random_matrix(int rows, int cols, Format format, std::uint64_t seed, std::uint64_t stream);

}  // namespace wmmasim
