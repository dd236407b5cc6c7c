// hip_bfloat16, HIP's first bf16 type (ROCm clr hipamd/include/hip/amd_detail/amd_hip_bfloat16.h,
// 6.3), which rocWMMA uses as its bfloat16_t: a trivial standard-layout struct whose only member is
// the raw `data`, an explicit constructor from float that rounds to nearest even (or truncates,
// with the `truncate` tag), an implicit conversion to float, and float arithmetic rounded back.
// ROCm's host and device code are the same C++, so these are the GPU's bits too. The newer
// __hip_bfloat16 (hip_bf16.h) is a separate type.
#pragma once

#include <cstdint>
#include <ostream>
#include <type_traits>

#include "wmmasim/hip/detail/bf16.hpp"
#include "wmmasim/hip/detail/float_rounding.hpp"
#include "wmmasim/hip/detail/qualifiers.hpp"

typedef std::uint16_t __hip_uint16_t;

struct hip_bfloat16 {
  __hip_uint16_t data;

  enum truncate_t { truncate };

  __host__ __device__ hip_bfloat16() = default;
  explicit __host__ __device__ hip_bfloat16(float f) : data(round_bits(f)) {}
  explicit __host__ __device__ hip_bfloat16(float f, truncate_t) : data(truncate_bits(f)) {}

  __host__ __device__ operator float() const {
    return wmmasim::hip::detail::bit_copy<float>(static_cast<std::uint32_t>(data) << 16);
  }
  __host__ __device__ hip_bfloat16& operator=(const float& f) {
    data = round_bits(f);
    return *this;
  }

  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f) {
    hip_bfloat16 b;
    b.data = round_bits(f);
    return b;
  }
  static __host__ __device__ hip_bfloat16 round_to_bfloat16(float f, truncate_t) {
    hip_bfloat16 b;
    b.data = truncate_bits(f);
    return b;
  }

 private:
  // Round to nearest even on the float's bits; a NaN keeps its top payload bits and gets the
  // lowest bf16 payload bit when any dropped bit was set (it must stay a NaN). The same rule as
  // __hip_bfloat16's, so one function serves both.
  static __host__ __device__ __hip_uint16_t round_bits(float f) { return wmmasim::hip::detail::bf16_from_float(f); }
  // The top half of the float, with the same care for a NaN whose payload is all in the bottom half.
  static __host__ __device__ __hip_uint16_t truncate_bits(float f) {
    const std::uint32_t u = wmmasim::hip::detail::bit_copy<std::uint32_t>(f);
    const bool nan_payload_dropped = (u & 0x7f800000u) == 0x7f800000u && (u & 0xffffu) != 0;
    return static_cast<__hip_uint16_t>((u >> 16) | (nan_payload_dropped ? 1u : 0u));
  }
};

// What C code sees of it (ROCm's check that the C++ class keeps the C layout).
typedef struct {
  __hip_uint16_t data;
} hip_bfloat16_public;
static_assert(std::is_standard_layout_v<hip_bfloat16> && std::is_trivial_v<hip_bfloat16>,
              "hip_bfloat16 must stay a C-compatible type");
static_assert(sizeof(hip_bfloat16) == sizeof(hip_bfloat16_public) && alignof(hip_bfloat16) == 2);

inline std::ostream& operator<<(std::ostream& os, const hip_bfloat16& b) { return os << float(b); }

// Operators as ROCm declares them (free functions, host and device): the float operation, rounded.
inline __host__ __device__ hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
inline __host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a) {
  a.data ^= 0x8000;
  return a;
}
inline __host__ __device__ hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) { return hip_bfloat16(float(a) + float(b)); }
inline __host__ __device__ hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) { return hip_bfloat16(float(a) - float(b)); }
inline __host__ __device__ hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) { return hip_bfloat16(float(a) * float(b)); }
inline __host__ __device__ hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) { return hip_bfloat16(float(a) / float(b)); }
inline __host__ __device__ bool operator<(hip_bfloat16 a, hip_bfloat16 b) { return float(a) < float(b); }
inline __host__ __device__ bool operator==(hip_bfloat16 a, hip_bfloat16 b) { return float(a) == float(b); }
inline __host__ __device__ bool operator>(hip_bfloat16 a, hip_bfloat16 b) { return b < a; }
inline __host__ __device__ bool operator<=(hip_bfloat16 a, hip_bfloat16 b) { return !(a > b); }
inline __host__ __device__ bool operator!=(hip_bfloat16 a, hip_bfloat16 b) { return !(a == b); }
inline __host__ __device__ bool operator>=(hip_bfloat16 a, hip_bfloat16 b) { return !(a < b); }
inline __host__ __device__ hip_bfloat16& operator+=(hip_bfloat16& a, hip_bfloat16 b) { return a = a + b; }
inline __host__ __device__ hip_bfloat16& operator-=(hip_bfloat16& a, hip_bfloat16 b) { return a = a - b; }
inline __host__ __device__ hip_bfloat16& operator*=(hip_bfloat16& a, hip_bfloat16 b) { return a = a * b; }
inline __host__ __device__ hip_bfloat16& operator/=(hip_bfloat16& a, hip_bfloat16 b) { return a = a / b; }
inline __host__ __device__ hip_bfloat16& operator++(hip_bfloat16& a) { return a += hip_bfloat16(1.0f); }
inline __host__ __device__ hip_bfloat16& operator--(hip_bfloat16& a) { return a -= hip_bfloat16(1.0f); }
inline __host__ __device__ hip_bfloat16 operator++(hip_bfloat16& a, int) {
  const hip_bfloat16 before = a;
  ++a;
  return before;
}
inline __host__ __device__ hip_bfloat16 operator--(hip_bfloat16& a, int) {
  const hip_bfloat16 before = a;
  --a;
  return before;
}

// ROCm adds these classifications to namespace std (iszero is not a standard name).
namespace std {
constexpr __host__ __device__ bool isinf(hip_bfloat16 a) { return (a.data & 0x7fff) == 0x7f80; }
constexpr __host__ __device__ bool isnan(hip_bfloat16 a) { return (a.data & 0x7fff) > 0x7f80; }
constexpr __host__ __device__ bool iszero(hip_bfloat16 a) { return (a.data & 0x7fff) == 0; }
}  // namespace std
