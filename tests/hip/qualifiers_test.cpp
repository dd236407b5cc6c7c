// The qualifier macros expand to host C++ that keeps the declarations' meaning, and leave
// libstdc++'s own use of __noinline__ intact.
#include <gtest/gtest.h>

#include "wmmasim/hip/detail/qualifiers.hpp"

#include <memory>  // after the macros: must still compile (libstdc++ spells __noinline__)

namespace {

__device__ __forceinline__ int twice(int x) { return 2 * x; }
__host__ __device__ __noinline__ int thrice(int x) { return 3 * x; }
__global__ void __launch_bounds__(256) scale_kernel(int* out, int v) { *out = twice(v); }
__global__ void __launch_bounds__(128, 2) other_kernel(int* out) { *out = thrice(1); }
template <int N> __global__ void templated_kernel(int* out) { *out = N; }
struct __align__(16) Aligned {
  int v;
};

TEST(HipQualifiers, DeclarationsKeepTheirMeaning) {
  int out = 0;
  scale_kernel(&out, 21);
  EXPECT_EQ(out, 42);
  other_kernel(&out);
  EXPECT_EQ(out, 3);
  templated_kernel<7>(&out);
  EXPECT_EQ(out, 7);
  EXPECT_EQ(alignof(Aligned), 16u);
  auto p = std::make_shared<int>(5);  // <memory> works after the macros
  EXPECT_EQ(*p, 5);
}

}  // namespace
