// __HIP_NO_HALF_CONVERSIONS__ (this file is compiled with it): __half loses exactly its implicit and
// explicit conversions from and to the arithmetic types, as in ROCm; the raw struct, the __float2half
// family and the operators keep working, and a program converts through the functions.
#include <gtest/gtest.h>

#include <type_traits>

#include "hip/hip_fp16.h"

#if !defined(__HIP_NO_HALF_CONVERSIONS__)
#error "this test is compiled with -D__HIP_NO_HALF_CONVERSIONS__"
#endif

static_assert(!std::is_constructible_v<__half, float> && !std::is_constructible_v<__half, int>);
static_assert(!std::is_constructible_v<__half, _Float16> && !std::is_constructible_v<__half, double>);
static_assert(!std::is_constructible_v<float, __half> && !std::is_constructible_v<int, __half>);
static_assert(!std::is_assignable_v<__half&, float>);
static_assert(std::is_constructible_v<__half, __half_raw> && std::is_convertible_v<__half, __half_raw>);

namespace {

TEST(HipHalfNoConversions, FunctionsAndOperatorsWork) {
  __half a = __float2half(0.75f);
  const __half b = __int2half_rn(3);
  EXPECT_EQ(__half2float(a + b), 3.75f);
  ++a;
  EXPECT_EQ(__half2float(a), 1.75f);
  EXPECT_TRUE(a < b && !(a == b));
  EXPECT_EQ(__half2int_rz(-b), -3);
  const __half2 p = __floats2half2_rn(1.0f, 65504.0f);
  EXPECT_EQ(__high2float(__hisinf2(p * p)), 1.0f);  // 65504^2 overflows to inf
  EXPECT_EQ(__low2float(__hisinf2(p * p)), 0.0f);
  __half_raw r;
  r.x = 0x3c00;
  EXPECT_EQ(__half2float(__half(r)), 1.0f);
}

}  // namespace
