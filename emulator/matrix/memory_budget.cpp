#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "wmmasim/error.hpp"
#include "wmmasim/matrix/gemm.hpp"

namespace wmmasim {

std::uint64_t gemm_working_bytes(std::uint64_t m, std::uint64_t n, std::uint64_t k) {
  // 32-bit words: A, B, C, D, and A and B again padded into register images; the float reference:
  // A, B and C as float, its result and that result converted back. In long double, so no product
  // of int dimensions overflows.
  const long double words = 3.0L * m * k + 3.0L * k * n + 5.0L * m * n;
  const long double bytes = 4.0L * words;
  return bytes > 1.8e19L ? UINT64_MAX : static_cast<std::uint64_t>(bytes);
}

std::uint64_t usable_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  std::uint64_t limit = pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : UINT64_MAX;
  rlimit as{};
  if (::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY && as.rlim_cur < limit) limit = as.rlim_cur;
  return limit;
}

namespace {
std::string gib(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0));
  return buf;
}
}  // namespace

void check_gemm_fits_in_memory(int m, int n, int k) {
  const std::uint64_t need = gemm_working_bytes(static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(k));
  const std::uint64_t have = usable_memory_bytes();
  if (need > have)
    throw UserError("a " + std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k) + " GEMM needs about " + gib(need) +
                    " for its matrices, more than the " + gib(have) + " this process may use; choose smaller --m, --n or --k");
}

}  // namespace wmmasim
