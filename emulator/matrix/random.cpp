#include "wmmasim/matrix/random.hpp"

#include "wmmasim/hw/inputs.hpp"

namespace wmmasim {

// The hardware backend's generator (hw/include/wmmasim/hw/inputs.hpp, documented in docs/hw.md),
// so that an emulator run and a GPU run with the same seed start from the same bits.
BitMatrix random_matrix(int rows, int cols, Format format, std::uint64_t seed, std::uint64_t stream) {
  BitMatrix m{rows, cols, format, std::vector<std::uint32_t>(static_cast<std::size_t>(rows) * cols)};
  hw::SplitMix64 rng = hw::input_stream(seed, stream);
  for (std::uint32_t& bits : m.bits) bits = hw::random_element(format, rng.next());
  return m;
}

}  // namespace wmmasim
