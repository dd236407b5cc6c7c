#include "wmmasim/matrix/random.hpp"

#include <cmath>
#include <cstring>

#include "wmmasim/numerics/formats.hpp"

namespace wmmasim {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

BitMatrix random_matrix(int rows, int cols, Format format, std::uint64_t seed, std::uint64_t stream) {
  BitMatrix m{rows, cols, format, std::vector<std::uint32_t>(static_cast<std::size_t>(rows) * cols)};
  std::uint64_t state = seed * 0x2545F4914F6CDD1Dull + stream;
  for (std::uint32_t& bits : m.bits) {
    const std::uint64_t r = splitmix64(state);
    if (is_float_format(format)) {
      // value = +-(1 + frac) * 2^e with a 23-bit fraction: an exact f32, then rounded to the format.
      const std::uint32_t f32 = static_cast<std::uint32_t>(r >> 63) << 31 |
                                static_cast<std::uint32_t>(127 - 4 + (r >> 40 & 7)) << 23 |
                                static_cast<std::uint32_t>(r & 0x7FFFFF);
      bits = format == Format::f32 ? f32 : convert_from_f32(f32, format);
    } else if (format == Format::i32) {
      bits = static_cast<std::uint32_t>(static_cast<std::int32_t>(r % (1u << 21)) - (1 << 20));
    } else {
      bits = static_cast<std::uint32_t>(r) & ((1u << format_bits(format)) - 1u);
    }
  }
  return m;
}

}  // namespace wmmasim
