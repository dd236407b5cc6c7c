// A plain HIP-style program fragment, written as a user writes host and device helpers, built with
// the public type headers alone and as C++17: __half, float4/make_float4, __hip_fp8_e4m3.
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_fp8.h>
#include <hip/hip_vector_types.h>
#include <wmmasim/hip/detail/atomics.hpp>
#include <wmmasim/hip/detail/device_math.hpp>
#include <wmmasim/hip/detail/integer_intrinsics.hpp>

#include <gtest/gtest.h>

#include <vector>

__device__ __forceinline__ float4 axpy4(float a, float4 x, float4 y) { return a * x + y; }

__device__ inline __half relu(__half x) { return __hgt(x, __float2half(0.0f)) ? x : __float2half(0.0f); }

// Host-side encoding of WMMA inputs, as the FP8 examples do it.
static std::vector<__hip_fp8_storage_t> encode_e4m3(const std::vector<float>& v) {
  std::vector<__hip_fp8_storage_t> out;
  for (float f : v) out.push_back(__hip_fp8_e4m3(f).__x);
  return out;
}

TEST(HipSnippet, HostCodeWithHipTypes) {
  const float4 r = axpy4(2.0f, make_float4(1, 2, 3, 4), make_float4(0.5f, 0.5f, 0.5f, 0.5f));
  EXPECT_EQ(r.x, 2.5f);
  EXPECT_EQ(r.w, 8.5f);

  std::vector<__half> h(4);
  for (int i = 0; i < 4; ++i) h[i] = __float2half(static_cast<float>(i) - 1.5f);
  EXPECT_EQ(__half2float(relu(h[0])), 0.0f);
  EXPECT_EQ(__half2float(relu(h[3])), 1.5f);
  __half acc = 0.0f;
  for (const __half& x : h) acc = __hfma(x, x, acc);
  EXPECT_EQ(static_cast<float>(acc), 5.0f);

  const std::vector<__hip_fp8_storage_t> e = encode_e4m3({1.0f, -0.5f, 1000.0f, 0.0f});
  EXPECT_EQ(e, (std::vector<__hip_fp8_storage_t>{0x38, 0xb0, 0x7e, 0x00}));
  const float back = __hip_fp8_e4m3(0.75f);
  EXPECT_EQ(back, 0.75f);

  __hip_bfloat16 b = __float2bfloat16(3.0f);
  EXPECT_EQ(__bfloat162float(b * b), 9.0f);
  unsigned int hits = 0;
  atomicAdd(&hits, 2u);
  EXPECT_EQ(hits + __popc(0xffu), 10u);
  EXPECT_EQ(__float2int_rn(__expf(0.0f)), 1);
}
