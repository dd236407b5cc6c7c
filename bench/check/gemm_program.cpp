// The program the checking benchmark runs: bench/hip's plain-HIP tiled GEMM (plain_hip_gemm.hip)
// at SIZE³ on deterministic inputs, three launches. Built by wmmasim-hipcc, as a user's program is.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "plain_hip_gemm.h"

int main(int argc, char** argv) {
  const int s = argc > 1 ? std::atoi(argv[1]) : 256;
  std::vector<std::uint16_t> a(static_cast<std::size_t>(s) * s), b(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<std::uint16_t>(0x3c00 + i % 7);  // 1.0 .. 1.006 in f16
    b[i] = static_cast<std::uint16_t>(0x3c00 + i % 5);
  }
  if (plain_hip_gemm_setup(a.data(), b.data(), s, s, s) != 0) return 1;
  for (int r = 0; r < 3; ++r)
    if (plain_hip_gemm_run(false) != 0) return 1;
  plain_hip_gemm_teardown();
  return 0;
}
