// __HIP_NO_HALF_OPERATORS__ (this file is compiled with it): __half and __half2 lose exactly their
// operators, as in ROCm, the functions (__hadd, __hneg, __heq2, ...) keep working, and a program
// supplies operators of its own, host and device, as rocWMMA's types_ext.hpp does.
#include <gtest/gtest.h>

#include <type_traits>
#include <utility>

#include "hip/hip_fp16.h"

#if !defined(__HIP_NO_HALF_OPERATORS__)
#error "this test is compiled with -D__HIP_NO_HALF_OPERATORS__"
#endif

template <class H> concept Adds = requires(H a, H b) { a + b; };
template <class H> concept AddsInPlace = requires(H a, H b) { a += b; };
template <class H> concept Orders = requires(H a, H b) { a < b; };
template <class H> concept Increments = requires(H a) { ++a; };
template <class H> concept Negates = requires(H a) { -a; };
static_assert(!Adds<__half> && !AddsInPlace<__half> && !Orders<__half> && !Increments<__half> && !Negates<__half>);
// __half2 still converts to its native vector (as in ROCm), so `a + b` is the vector's built-in
// addition: a _Float16_2, not a __half2.
static_assert(!Increments<__half2> && !AddsInPlace<__half2>);
static_assert(std::is_same_v<decltype(std::declval<__half2>() * std::declval<__half2>()), _Float16_2>);
// The conversions stay (their own switch is __HIP_NO_HALF_CONVERSIONS__).
static_assert(std::is_convertible_v<__half, float> && std::is_constructible_v<__half, float>);

namespace rocwmma_like {
using hfloat16_t = __half;
__host__ __device__ inline bool operator==(const hfloat16_t& x, const hfloat16_t& y) { return __heq(x, y); }
__host__ __device__ inline hfloat16_t operator*(const hfloat16_t& x, const hfloat16_t& y) {
  return static_cast<hfloat16_t>(static_cast<float>(x) * static_cast<float>(y));
}
__host__ __device__ inline hfloat16_t& operator*=(hfloat16_t& x, const hfloat16_t& y) { return x = x * y; }
__host__ __device__ inline hfloat16_t square(hfloat16_t x) { return x * x; }
}  // namespace rocwmma_like

namespace {

TEST(HipHalfNoOperators, FunctionsWorkAndTheProgramsOperatorsAreUsed) {
  const __half a = __float2half(1.5f), b = __float2half(-0.25f);
  EXPECT_EQ(__half2float(__hadd(a, b)), 1.25f);
  EXPECT_EQ(__half2float(__hsub(a, b)), 1.75f);
  EXPECT_EQ(__half2float(__hmul(a, b)), -0.375f);
  EXPECT_EQ(__half2float(__hdiv(a, b)), -6.0f);
  EXPECT_EQ(__half_as_ushort(__hneg(a)), 0xbe00);
  const __half2 p = __halves2half2(a, b);
  EXPECT_EQ(__low2float(__hadd2(p, p)), 3.0f);
  EXPECT_EQ(__high2float(__hneg2(p)), 0.25f);
  EXPECT_EQ(__half2float(__low2half(__heq2(p, p))), 1.0f);
  EXPECT_EQ(__half2float(__high2half(__hisnan2(p))), 0.0f);
  using namespace rocwmma_like;
  EXPECT_EQ(__half2float(square(a)), 2.25f);
  __half c = a;
  c *= b;
  EXPECT_TRUE(c == __float2half(-0.375f));
}

}  // namespace
