// HIP's vector types (char1 .. double4) on ROCm's design (ROCm clr
// hipamd/include/hip/amd_detail/amd_hip_vector_types.h, 6.3), in three levels that library code
// builds on (rocWMMA's vector.hpp names them):
//   1. Native_vec_: the storage, a clang ext_vector_type for ranks 1, 2 and 4, a struct of three
//      elements with element-wise operators for rank 3;
//   2. HIP_vector_base<T, rank>: a union of `data` (a Native_vec_) with the members x, y, z, w.
//      Only ranks 1-4 are specialised here; a program may specialise it for other ranks and element
//      types (rocWMMA does, for ranks 8-256 and for __half), giving its own Native_vec_ and `data`;
//   3. HIP_vector_type<T, rank> : HIP_vector_base<T, rank>, the operators, written on `data` only,
//      so they work for any storage that has element-wise operators and operator[].
// Sizes and alignments are the vector's (float4: 16/16, int2: 8/8, double4: 32/32; float3: 12/4).
// dim3 is declared by the runtime headers, not here.
#pragma once

#include <cstddef>
#include <type_traits>

#include "wmmasim/hip/detail/qualifiers.hpp"

template <typename T, unsigned int rank> struct HIP_vector_base;

template <typename T> struct HIP_vector_base<T, 1> {
  using Native_vec_ = T __attribute__((ext_vector_type(1)));
  union {
    Native_vec_ data;
    struct {
      T x;
    };
  };
  using value_type = T;

  __host__ __device__ HIP_vector_base() = default;
  __host__ __device__ explicit constexpr HIP_vector_base(T x_) noexcept : data{x_} {}
  __host__ __device__ constexpr HIP_vector_base(const HIP_vector_base&) = default;
  __host__ __device__ constexpr HIP_vector_base(HIP_vector_base&&) = default;
  __host__ __device__ ~HIP_vector_base() = default;
  __host__ __device__ HIP_vector_base& operator=(const HIP_vector_base&) = default;
};

template <typename T> struct HIP_vector_base<T, 2> {
  using Native_vec_ = T __attribute__((ext_vector_type(2)));
  union {
    Native_vec_ data;
    struct {
      T x, y;
    };
  };
  using value_type = T;

  __host__ __device__ HIP_vector_base() = default;
  __host__ __device__ explicit constexpr HIP_vector_base(T x_) noexcept : data{x_, x_} {}
  __host__ __device__ constexpr HIP_vector_base(T x_, T y_) noexcept : data{x_, y_} {}
  __host__ __device__ constexpr HIP_vector_base(const HIP_vector_base&) = default;
  __host__ __device__ constexpr HIP_vector_base(HIP_vector_base&&) = default;
  __host__ __device__ ~HIP_vector_base() = default;
  __host__ __device__ HIP_vector_base& operator=(const HIP_vector_base&) = default;
};

// Three elements are not a vector type (a 3-element ext_vector_type has the size of four), so the
// storage is a plain array with the element-wise operators HIP_vector_type needs from it.
template <typename T> struct HIP_vector_base<T, 3> {
  struct Native_vec_ {
    T d[3];

    __host__ __device__ Native_vec_() = default;
    __host__ __device__ explicit constexpr Native_vec_(T x_) noexcept : d{x_, x_, x_} {}
    __host__ __device__ constexpr Native_vec_(T x_, T y_, T z_) noexcept : d{x_, y_, z_} {}

    __host__ __device__ constexpr T& operator[](unsigned int i) noexcept { return d[i]; }
    __host__ __device__ constexpr T operator[](unsigned int i) const noexcept { return d[i]; }

#define WMMASIM_NATIVE3_COMPOUND(op)                                          \
  __host__ __device__ constexpr Native_vec_& operator op(const Native_vec_& o) noexcept { \
    for (unsigned i = 0; i != 3; ++i) d[i] op o.d[i];                         \
    return *this;                                                             \
  }
    WMMASIM_NATIVE3_COMPOUND(+=)
    WMMASIM_NATIVE3_COMPOUND(-=)
    WMMASIM_NATIVE3_COMPOUND(*=)
    WMMASIM_NATIVE3_COMPOUND(/=)
#undef WMMASIM_NATIVE3_COMPOUND
#define WMMASIM_NATIVE3_INTEGRAL_COMPOUND(op)                                                   \
  template <typename U = T, std::enable_if_t<std::is_integral_v<U>>* = nullptr>                 \
  __host__ __device__ constexpr Native_vec_& operator op(const Native_vec_& o) noexcept {       \
    for (unsigned i = 0; i != 3; ++i) d[i] op o.d[i];                                           \
    return *this;                                                                               \
  }
    WMMASIM_NATIVE3_INTEGRAL_COMPOUND(%=)
    WMMASIM_NATIVE3_INTEGRAL_COMPOUND(^=)
    WMMASIM_NATIVE3_INTEGRAL_COMPOUND(|=)
    WMMASIM_NATIVE3_INTEGRAL_COMPOUND(&=)
    WMMASIM_NATIVE3_INTEGRAL_COMPOUND(>>=)
    WMMASIM_NATIVE3_INTEGRAL_COMPOUND(<<=)
#undef WMMASIM_NATIVE3_INTEGRAL_COMPOUND
    template <typename U = T, std::enable_if_t<std::is_signed_v<U>>* = nullptr>
    __host__ __device__ constexpr Native_vec_ operator-() const noexcept {
      return Native_vec_(-d[0], -d[1], -d[2]);
    }
    template <typename U = T, std::enable_if_t<std::is_integral_v<U>>* = nullptr>
    __host__ __device__ constexpr Native_vec_ operator~() const noexcept {
      return Native_vec_(~d[0], ~d[1], ~d[2]);
    }
  };

  union {
    Native_vec_ data;
    struct {
      T x, y, z;
    };
  };
  using value_type = T;

  __host__ __device__ HIP_vector_base() = default;
  __host__ __device__ explicit constexpr HIP_vector_base(T x_) noexcept : data{x_, x_, x_} {}
  __host__ __device__ constexpr HIP_vector_base(T x_, T y_, T z_) noexcept : data{x_, y_, z_} {}
  __host__ __device__ constexpr HIP_vector_base(const HIP_vector_base&) = default;
  __host__ __device__ constexpr HIP_vector_base(HIP_vector_base&&) = default;
  __host__ __device__ ~HIP_vector_base() = default;
  __host__ __device__ HIP_vector_base& operator=(const HIP_vector_base&) = default;
  __host__ __device__ HIP_vector_base& operator=(HIP_vector_base&&) = default;
};

template <typename T> struct HIP_vector_base<T, 4> {
  using Native_vec_ = T __attribute__((ext_vector_type(4)));
  union {
    Native_vec_ data;
    struct {
      T x, y, z, w;
    };
  };
  using value_type = T;

  __host__ __device__ HIP_vector_base() = default;
  __host__ __device__ explicit constexpr HIP_vector_base(T x_) noexcept : data{x_, x_, x_, x_} {}
  __host__ __device__ constexpr HIP_vector_base(T x_, T y_, T z_, T w_) noexcept : data{x_, y_, z_, w_} {}
  __host__ __device__ constexpr HIP_vector_base(const HIP_vector_base&) = default;
  __host__ __device__ constexpr HIP_vector_base(HIP_vector_base&&) = default;
  __host__ __device__ ~HIP_vector_base() = default;
  __host__ __device__ HIP_vector_base& operator=(const HIP_vector_base&) = default;
};

template <typename T, unsigned int rank> struct HIP_vector_type : public HIP_vector_base<T, rank> {
  using HIP_vector_base<T, rank>::data;
  using typename HIP_vector_base<T, rank>::Native_vec_;

  __host__ __device__ HIP_vector_type() = default;
  template <typename U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
  __host__ __device__ explicit constexpr HIP_vector_type(U x_) noexcept : HIP_vector_base<T, rank>{static_cast<T>(x_)} {}
  template <typename... Us, std::enable_if_t<(rank > 1) && sizeof...(Us) == rank>* = nullptr>
  __host__ __device__ constexpr HIP_vector_type(Us... xs) noexcept : HIP_vector_base<T, rank>{static_cast<T>(xs)...} {}
  __host__ __device__ constexpr HIP_vector_type(const HIP_vector_type&) = default;
  __host__ __device__ constexpr HIP_vector_type(HIP_vector_type&&) = default;
  __host__ __device__ ~HIP_vector_type() = default;
  __host__ __device__ HIP_vector_type& operator=(const HIP_vector_type&) = default;
  __host__ __device__ HIP_vector_type& operator=(HIP_vector_type&&) = default;

  // Non-template members, as ROCm's: a program may specialise them (rocWMMA does, for bfloat16).
  __host__ __device__ HIP_vector_type& operator++() noexcept { return *this += HIP_vector_type{1}; }
  __host__ __device__ HIP_vector_type operator++(int) noexcept {
    auto before(*this);
    ++*this;
    return before;
  }
  __host__ __device__ HIP_vector_type& operator--() noexcept { return *this -= HIP_vector_type{1}; }
  __host__ __device__ HIP_vector_type operator--(int) noexcept {
    auto before(*this);
    --*this;
    return before;
  }

#define WMMASIM_VECTOR_COMPOUND(op)                                                                \
  __host__ __device__ HIP_vector_type& operator op##=(const HIP_vector_type& o) noexcept {          \
    data op## = o.data;                                                                            \
    return *this;                                                                                  \
  }                                                                                                \
  template <typename U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>                  \
  __host__ __device__ HIP_vector_type& operator op##=(U x) noexcept {                              \
    return *this op## = HIP_vector_type{x};                                                        \
  }
  WMMASIM_VECTOR_COMPOUND(+)
  WMMASIM_VECTOR_COMPOUND(-)
  WMMASIM_VECTOR_COMPOUND(*)
  WMMASIM_VECTOR_COMPOUND(/)
#undef WMMASIM_VECTOR_COMPOUND

  friend __host__ __device__ inline constexpr HIP_vector_type operator*(HIP_vector_type x, const HIP_vector_type& y) noexcept {
    return HIP_vector_type{x} *= y;
  }
  friend __host__ __device__ inline constexpr HIP_vector_type operator/(HIP_vector_type x, const HIP_vector_type& y) noexcept {
    return HIP_vector_type{x} /= y;
  }

  template <typename U = T, std::enable_if_t<std::is_signed_v<U>>* = nullptr>
  __host__ __device__ HIP_vector_type operator-() const noexcept {
    auto r(*this);
    r.data = -r.data;
    return r;
  }
  template <typename U = T, std::enable_if_t<std::is_integral_v<U>>* = nullptr>
  __host__ __device__ HIP_vector_type operator~() const noexcept {
    auto r(*this);
    r.data = ~r.data;
    return r;
  }

#define WMMASIM_VECTOR_INTEGRAL_COMPOUND(op)                                                    \
  template <typename U = T, std::enable_if_t<std::is_integral_v<U>>* = nullptr>                 \
  __host__ __device__ HIP_vector_type& operator op##=(const HIP_vector_type& o) noexcept {      \
    data op## = o.data;                                                                         \
    return *this;                                                                               \
  }                                                                                             \
  template <typename U, std::enable_if_t<std::is_convertible_v<U, T> && std::is_integral_v<T>>* = nullptr> \
  __host__ __device__ HIP_vector_type& operator op##=(U x) noexcept {                           \
    return *this op## = HIP_vector_type{x};                                                     \
  }
  // With a scalar too (not in ROCm 6.3, whose integral compound operators take vectors only; kept
  // because wmmasim's earlier headers had them).
  WMMASIM_VECTOR_INTEGRAL_COMPOUND(%)
  WMMASIM_VECTOR_INTEGRAL_COMPOUND(^)
  WMMASIM_VECTOR_INTEGRAL_COMPOUND(|)
  WMMASIM_VECTOR_INTEGRAL_COMPOUND(&)
  WMMASIM_VECTOR_INTEGRAL_COMPOUND(>>)
  WMMASIM_VECTOR_INTEGRAL_COMPOUND(<<)
#undef WMMASIM_VECTOR_INTEGRAL_COMPOUND
};

// Binary operators: vector op vector (* and / are the friends above), vector op scalar, scalar op
// vector, element by element. The scalar must convert to the element type.
#define WMMASIM_VECTOR_BINARY_SCALAR(op)                                                                        \
  template <typename T, unsigned int n, typename U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>  \
  __host__ __device__ inline constexpr HIP_vector_type<T, n> operator op(const HIP_vector_type<T, n>& x, U y) noexcept { \
    return HIP_vector_type<T, n>{x} op## = HIP_vector_type<T, n>{y};                                           \
  }                                                                                                            \
  template <typename T, unsigned int n, typename U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>  \
  __host__ __device__ inline constexpr HIP_vector_type<T, n> operator op(U x, const HIP_vector_type<T, n>& y) noexcept { \
    return HIP_vector_type<T, n>{x} op## = y;                                                                  \
  }
#define WMMASIM_VECTOR_BINARY(op)                                                                               \
  template <typename T, unsigned int n>                                                                        \
  __host__ __device__ inline constexpr HIP_vector_type<T, n> operator op(const HIP_vector_type<T, n>& x,       \
                                                                         const HIP_vector_type<T, n>& y) noexcept { \
    return HIP_vector_type<T, n>{x} op## = y;                                                                  \
  }                                                                                                            \
  WMMASIM_VECTOR_BINARY_SCALAR(op)
WMMASIM_VECTOR_BINARY(+)
WMMASIM_VECTOR_BINARY(-)
WMMASIM_VECTOR_BINARY_SCALAR(*)
WMMASIM_VECTOR_BINARY_SCALAR(/)
WMMASIM_VECTOR_BINARY(%)
WMMASIM_VECTOR_BINARY(^)
WMMASIM_VECTOR_BINARY(|)
WMMASIM_VECTOR_BINARY(&)
WMMASIM_VECTOR_BINARY(>>)
WMMASIM_VECTOR_BINARY(<<)
#undef WMMASIM_VECTOR_BINARY
#undef WMMASIM_VECTOR_BINARY_SCALAR

// == and != compare every element of `data` and give one bool, as ROCm's do.
namespace wmmasim::hip::detail {
template <typename V> __host__ __device__ constexpr bool all_elements_equal(const V& x, const V& y, unsigned int n) noexcept {
  for (unsigned int i = 0; i != n; ++i)
    if (x[i] != y[i]) return false;
  return true;
}
}  // namespace wmmasim::hip::detail
template <typename T, unsigned int n>
__host__ __device__ inline constexpr bool operator==(const HIP_vector_type<T, n>& x, const HIP_vector_type<T, n>& y) noexcept {
  return wmmasim::hip::detail::all_elements_equal(x.data, y.data, n);
}
template <typename T, unsigned int n, typename U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
__host__ __device__ inline constexpr bool operator==(const HIP_vector_type<T, n>& x, U y) noexcept {
  return x == HIP_vector_type<T, n>{y};
}
template <typename T, unsigned int n, typename U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
__host__ __device__ inline constexpr bool operator==(U x, const HIP_vector_type<T, n>& y) noexcept {
  return HIP_vector_type<T, n>{x} == y;
}
template <typename T, unsigned int n>
__host__ __device__ inline constexpr bool operator!=(const HIP_vector_type<T, n>& x, const HIP_vector_type<T, n>& y) noexcept {
  return !(x == y);
}
template <typename T, unsigned int n, typename U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
__host__ __device__ inline constexpr bool operator!=(const HIP_vector_type<T, n>& x, U y) noexcept {
  return !(x == y);
}
template <typename T, unsigned int n, typename U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
__host__ __device__ inline constexpr bool operator!=(U x, const HIP_vector_type<T, n>& y) noexcept {
  return !(x == y);
}

// ROCm's conversion between vector types of ranks 1, 2 and 4 (missing elements become 0).
template <typename T, unsigned int rankT, typename U, unsigned int rankU>
__forceinline__ __host__ __device__ const HIP_vector_type<T, rankT> __hipMapVector(const HIP_vector_type<U, rankU>& u) {
  static_assert((rankT == 1 || rankT == 2 || rankT == 4) && rankU >= 1, "__hipMapVector maps ranks 1, 2 and 4");
  const T x = static_cast<T>(u.x);
  if constexpr (rankT == 1) {
    return HIP_vector_type<T, 1>(x);
  } else {
    T y = T(0), z = T(0), w = T(0);
    if constexpr (rankU >= 2) y = static_cast<T>(u.y);
    if constexpr (rankT == 2) {
      return HIP_vector_type<T, 2>(x, y);
    } else {
      if constexpr (rankU == 4) {
        z = static_cast<T>(u.z);
        w = static_cast<T>(u.w);
      }
      return HIP_vector_type<T, 4>(x, y, z, w);
    }
  }
}

#define WMMASIM_VECTOR_TYPES(name, T)          \
  using name##1 = HIP_vector_type<T, 1>;       \
  using name##2 = HIP_vector_type<T, 2>;       \
  using name##3 = HIP_vector_type<T, 3>;       \
  using name##4 = HIP_vector_type<T, 4>;
WMMASIM_VECTOR_TYPES(uchar, unsigned char)
WMMASIM_VECTOR_TYPES(char, char)
WMMASIM_VECTOR_TYPES(ushort, unsigned short)
WMMASIM_VECTOR_TYPES(short, short)
WMMASIM_VECTOR_TYPES(uint, unsigned int)
WMMASIM_VECTOR_TYPES(int, int)
WMMASIM_VECTOR_TYPES(ulong, unsigned long)
WMMASIM_VECTOR_TYPES(long, long)
WMMASIM_VECTOR_TYPES(ulonglong, unsigned long long)
WMMASIM_VECTOR_TYPES(longlong, long long)
WMMASIM_VECTOR_TYPES(float, float)
WMMASIM_VECTOR_TYPES(double, double)
#undef WMMASIM_VECTOR_TYPES

// make_<type>(...) as ROCm declares them (char types take signed char, as ROCm's do).
#define WMMASIM_MAKE_VECTOR(T, name)                                                          \
  inline constexpr name##1 make_##name##1(T x) { return name##1{x}; }                         \
  inline constexpr name##2 make_##name##2(T x, T y) { return name##2{x, y}; }                 \
  inline constexpr name##3 make_##name##3(T x, T y, T z) { return name##3{x, y, z}; }         \
  inline constexpr name##4 make_##name##4(T x, T y, T z, T w) { return name##4{x, y, z, w}; }
WMMASIM_MAKE_VECTOR(unsigned char, uchar)
WMMASIM_MAKE_VECTOR(signed char, char)
WMMASIM_MAKE_VECTOR(unsigned short, ushort)
WMMASIM_MAKE_VECTOR(short, short)
WMMASIM_MAKE_VECTOR(unsigned int, uint)
WMMASIM_MAKE_VECTOR(int, int)
WMMASIM_MAKE_VECTOR(unsigned long, ulong)
WMMASIM_MAKE_VECTOR(long, long)
WMMASIM_MAKE_VECTOR(unsigned long long, ulonglong)
WMMASIM_MAKE_VECTOR(long long, longlong)
WMMASIM_MAKE_VECTOR(float, float)
WMMASIM_MAKE_VECTOR(double, double)
#undef WMMASIM_MAKE_VECTOR
