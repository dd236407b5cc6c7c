// HIP vector types: ROCm's sizes and alignments, member aliasing, element-wise operators.
#include <gtest/gtest.h>

#include <cstddef>

#include "hip/hip_vector_types.h"

namespace {

// Sizes and alignments of ROCm's HIP_vector_type (ext_vector_type for 1, 2, 4 elements; three
// plain elements for 3), as clang lays them out for amdgcn and x86-64 alike.
template <class V, std::size_t size, std::size_t align> void expect_layout() {
  EXPECT_EQ(sizeof(V), size);
  EXPECT_EQ(alignof(V), align);
}

TEST(HipVectorTypes, SizesAndAlignments) {
  expect_layout<char1, 1, 1>();
  expect_layout<char2, 2, 2>();
  expect_layout<char3, 3, 1>();
  expect_layout<uchar4, 4, 4>();
  expect_layout<short2, 4, 4>();
  expect_layout<ushort3, 6, 2>();
  expect_layout<short4, 8, 8>();
  expect_layout<int1, 4, 4>();
  expect_layout<int2, 8, 8>();
  expect_layout<int3, 12, 4>();
  expect_layout<uint4, 16, 16>();
  expect_layout<long2, 16, 16>();
  expect_layout<ulong1, 8, 8>();
  expect_layout<longlong4, 32, 32>();
  expect_layout<ulonglong3, 24, 8>();
  expect_layout<float1, 4, 4>();
  expect_layout<float2, 8, 8>();
  expect_layout<float3, 12, 4>();
  expect_layout<float4, 16, 16>();
  expect_layout<double2, 16, 16>();
  expect_layout<double3, 24, 8>();
  expect_layout<double4, 32, 32>();
}

TEST(HipVectorTypes, MembersAliasTheElements) {
  float4 v = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  const float* p = reinterpret_cast<const float*>(&v);
  EXPECT_EQ(&v.x, p);
  EXPECT_EQ(&v.w, p + 3);
  EXPECT_EQ(p[2], 3.0f);
  v.y = 9.0f;
  EXPECT_EQ(v.data[1], 9.0f);
  int3 i = make_int3(-1, 0, 7);
  EXPECT_EQ(reinterpret_cast<const int*>(&i)[2], 7);
  EXPECT_EQ(offsetof(int3, z), 8u);
  char4 c = make_char4(1, -2, 3, -4);
  EXPECT_EQ(c.y, -2);
  double3 d = make_double3(0.5, 1.5, 2.5);
  EXPECT_EQ(d.z, 2.5);
  ulonglong2 u = make_ulonglong2(~0ull, 1);
  EXPECT_EQ(u.x, ~0ull);
}

TEST(HipVectorTypes, ElementWiseOperators) {
  const float4 a = make_float4(1, 2, 3, 4);
  const float4 b = a * 2.0f + a - make_float4(1, 1, 1, 1);
  EXPECT_TRUE(b == make_float4(2, 5, 8, 11));
  EXPECT_TRUE(b != a);
  float4 c = 1.0f / make_float4(1, 2, 4, 8);
  EXPECT_EQ(c.w, 0.125f);
  c += 1;
  EXPECT_EQ(c.x, 2.0f);
  EXPECT_EQ((-c).y, -1.5f);
  int2 i = make_int2(7, -9);
  i %= 4;
  EXPECT_EQ(i.x, 3);
  EXPECT_EQ(i.y, -1);
  i = ~i << 1;
  EXPECT_EQ(i.x, -8);
  EXPECT_EQ(i.y, 0);
  uint3 u = make_uint3(1, 2, 3);
  u = (u | 8u) ^ make_uint3(1, 1, 1);
  EXPECT_TRUE(u == make_uint3(8, 11, 10));
  ++u;
  EXPECT_EQ(u.z, 11u);
  u >>= 1;
  EXPECT_EQ(u.x, 4u);
  const float3 f3 = 2 * make_float3(1, 2, 3);
  EXPECT_EQ(f3.z, 6.0f);
  HIP_vector_type<float, 4> generic(1.5f);  // ROCm's name, broadcasting constructor
  EXPECT_EQ(generic.w, 1.5f);
}

}  // namespace
