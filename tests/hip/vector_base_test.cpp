// HIP_vector_base<T, rank> as a template users specialise, the way rocWMMA's vector.hpp does: a
// larger rank with a clang vector as storage, and a class element type with storage of its own
// (an array with element-wise operators). HIP_vector_type must then work through `data` alone.
#include <gtest/gtest.h>

#include <type_traits>

#include "hip/hip_vector_types.h"

namespace user {

// A class element type, as __half or hip_bfloat16 are to rocWMMA: a 16.16 fixed-point number.
struct Fixed {
  int raw;
  Fixed() = default;
  constexpr Fixed(int whole) : raw(whole * 65536) {}  // NOLINT: converts like a number
  static constexpr Fixed from_raw(int r) {
    Fixed f;
    f.raw = r;
    return f;
  }
  friend constexpr Fixed operator+(Fixed a, Fixed b) { return from_raw(a.raw + b.raw); }
  friend constexpr Fixed operator-(Fixed a, Fixed b) { return from_raw(a.raw - b.raw); }
  friend constexpr Fixed operator*(Fixed a, Fixed b) { return from_raw(static_cast<int>((static_cast<long long>(a.raw) * b.raw) >> 16)); }
  friend constexpr Fixed operator/(Fixed a, Fixed b) { return from_raw(static_cast<int>((static_cast<long long>(a.raw) << 16) / b.raw)); }
  friend constexpr bool operator!=(Fixed a, Fixed b) { return a.raw != b.raw; }
  constexpr Fixed operator-() const { return from_raw(-raw); }
};

// Storage for any element type and rank: what HIP_vector_type asks of Native_vec_.
template <class T, unsigned n> struct ArrayStorage {
  T d[n];
  constexpr T& operator[](unsigned i) noexcept { return d[i]; }
  constexpr T operator[](unsigned i) const noexcept { return d[i]; }
#define USER_COMPOUND(op)                                          \
  constexpr ArrayStorage& operator op##=(const ArrayStorage& o) {  \
    for (unsigned i = 0; i != n; ++i) d[i] = d[i] op o.d[i];       \
    return *this;                                                  \
  }
  USER_COMPOUND(+)
  USER_COMPOUND(-)
  USER_COMPOUND(*)
  USER_COMPOUND(/)
#undef USER_COMPOUND
  constexpr ArrayStorage operator-() const {
    ArrayStorage r = *this;
    for (auto& e : r.d) e = -e;
    return r;
  }
};

}  // namespace user

// The specialisations, written as rocWMMA's ROCWMMA_REGISTER_HIP_VECTOR_BASE writes them.
template <> struct HIP_vector_base<user::Fixed, 8> {
  using Native_vec_ = user::ArrayStorage<user::Fixed, 8>;
  union {
    Native_vec_ data;
  };
  using value_type = user::Fixed;
  HIP_vector_base() = default;
  template <class... Args, std::enable_if_t<sizeof...(Args) == 8>* = nullptr>
  constexpr HIP_vector_base(Args... args) noexcept : data{{args...}} {}
  constexpr explicit HIP_vector_base(user::Fixed v) noexcept : data{{v, v, v, v, v, v, v, v}} {}
  constexpr HIP_vector_base(const HIP_vector_base&) = default;
  constexpr HIP_vector_base(HIP_vector_base&&) = default;
  ~HIP_vector_base() = default;
  HIP_vector_base& operator=(const HIP_vector_base&) noexcept = default;
};

template <> struct HIP_vector_base<float, 16> {
  using Native_vec_ = float __attribute__((ext_vector_type(16)));
  union {
    Native_vec_ data;
  };
  using value_type = float;
  HIP_vector_base() = default;
  template <class... Args, std::enable_if_t<sizeof...(Args) == 16>* = nullptr>
  constexpr HIP_vector_base(Args... args) noexcept : data{args...} {}
  constexpr explicit HIP_vector_base(float v) noexcept : data(static_cast<Native_vec_>(v)) {}  // every element
  constexpr HIP_vector_base(const HIP_vector_base&) = default;
  constexpr HIP_vector_base(HIP_vector_base&&) = default;
  ~HIP_vector_base() = default;
  HIP_vector_base& operator=(const HIP_vector_base&) noexcept = default;
};

// rocWMMA's quirk for element types without a conversion from int: ++ and -- specialised.
template <> inline HIP_vector_type<user::Fixed, 8>& HIP_vector_type<user::Fixed, 8>::operator++() noexcept {
  return *this += HIP_vector_type<user::Fixed, 8>{user::Fixed(1)};
}

namespace {

using Fixed8 = HIP_vector_type<user::Fixed, 8>;
using Float16v = HIP_vector_type<float, 16>;

TEST(HipVectorBase, UserSpecialisationWithAClassElementType) {
  static_assert(std::is_same_v<Fixed8::Native_vec_, user::ArrayStorage<user::Fixed, 8>>);
  static_assert(sizeof(Fixed8) == 8 * sizeof(int));
  Fixed8 a(user::Fixed(1), user::Fixed(2), user::Fixed(3), user::Fixed(4), user::Fixed(5), user::Fixed(6), user::Fixed(7),
           user::Fixed(8));
  const Fixed8 two{user::Fixed(2)};
  Fixed8 b = a * two + a;       // the friend * and the free + of HIP_vector_type, on `data`
  b -= Fixed8{user::Fixed(1)};
  for (unsigned i = 0; i != 8; ++i) EXPECT_EQ(b.data[i].raw, static_cast<int>(3 * (i + 1) - 1) * 65536) << i;
  EXPECT_EQ((b / two).data[7].raw, 23 * 32768);  // 23 / 2
  ++a;
  EXPECT_EQ(a.data[0].raw, 2 * 65536);
  EXPECT_TRUE(a == a);
  EXPECT_TRUE(a != b);
}

TEST(HipVectorBase, UserSpecialisationOfALargerNativeRank) {
  static_assert(sizeof(Float16v) == 64 && alignof(Float16v) == 64);
  Float16v v{2.0f};
  Float16v w(0.f, 1.f, 2.f, 3.f, 4.f, 5.f, 6.f, 7.f, 8.f, 9.f, 10.f, 11.f, 12.f, 13.f, 14.f, 15.f);
  const Float16v r = v * w + 1.0f;  // vector op vector, then vector op scalar
  for (int i = 0; i != 16; ++i) EXPECT_EQ(r.data[i], 2.0f * static_cast<float>(i) + 1.0f);
  w++;
  EXPECT_EQ(w.data[15], 16.0f);
  EXPECT_TRUE(r != w);
  EXPECT_TRUE((r - r) == Float16v{0.0f});
}

TEST(HipVectorBase, BuiltInRanksKeepRocmsMembers) {
  static_assert(std::is_same_v<float4::Native_vec_, float __attribute__((ext_vector_type(4)))>);
  static_assert(std::is_same_v<float4::value_type, float>);
  static_assert(std::is_base_of_v<HIP_vector_base<float, 4>, float4>);
  float4 f = make_float4(1, 2, 3, 4);
  f.data *= 2.0f;  // the native vector, as library code uses it
  EXPECT_EQ(f.w, 8.0f);
  int3 i = make_int3(1, 2, 3);
  i.data += int3::Native_vec_(10);
  EXPECT_EQ(i.z, 13);
  const float2 m = __hipMapVector<float, 2>(make_int4(5, 6, 7, 8));
  EXPECT_EQ(m.x, 5.0f);
  EXPECT_EQ(m.y, 6.0f);
}

}  // namespace
