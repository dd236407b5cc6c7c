// A library's own host operators for __half, defined as rocWMMA's types_ext.hpp defines them when
// __HIP_NO_HALF_OPERATORS__ is not set (ROCm's __half operators are device functions, so a library
// adds host ones in its namespace). Host and device code are one compile on the CPU: the library's
// operators must be chosen without ambiguity where they are visible, and the header's elsewhere.
#include <gtest/gtest.h>

#include <cmath>

#include "hip/hip_fp16.h"

namespace mylib {

using hfloat16_t = __half;

// Approximate equality, as rocWMMA's host operator== is: within 2 ulps relative.
inline bool operator==(const hfloat16_t& x, const hfloat16_t& y) {
  const float d = std::fabs(__half2float(x) - __half2float(y)), s = std::fabs(__half2float(x) + __half2float(y));
  return d <= 0.0009765625f * s * 2.0f;
}
inline bool operator!=(const hfloat16_t& x, const hfloat16_t& y) { return !(x == y); }
inline hfloat16_t operator+(const hfloat16_t& x, const hfloat16_t& y) {
  return __float2half(__half2float(x) + __half2float(y));
}
inline hfloat16_t operator-(const hfloat16_t& x) { return __short_as_half(static_cast<short>(__half_as_short(x) ^ 0x8000)); }
inline hfloat16_t& operator+=(hfloat16_t& x, const hfloat16_t& y) { return x = x + y; }

bool same_within_tolerance(hfloat16_t a, hfloat16_t b) { return a == b; }
hfloat16_t sum(const hfloat16_t* v, int n) {
  hfloat16_t acc = __float2half(0.0f);
  for (int i = 0; i < n; ++i) acc += v[i];
  return acc;
}

}  // namespace mylib

namespace {

TEST(HipHalfUserOperators, TheLibrarysOperatorsWinInItsNamespace) {
  const __half one = __float2half(1.0f), next = __ushort_as_half(0x3c01);  // one ulp above 1
  EXPECT_TRUE(mylib::same_within_tolerance(one, next));                    // mylib's approximate ==
  EXPECT_FALSE(one == next);                                               // the header's exact ==
  const __half v[3] = {__float2half(0.5f), __float2half(0.25f), __float2half(-2.0f)};
  EXPECT_EQ(__half2float(mylib::sum(v, 3)), -1.25f);
  using mylib::operator-;
  EXPECT_EQ(__half_as_ushort(-one), 0xbc00);
  EXPECT_EQ(__half_as_ushort(one + next), 0x4000);  // the header's +: 2 + 2^-10 rounds to even, 2
}

}  // namespace
