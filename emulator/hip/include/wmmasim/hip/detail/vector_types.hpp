// HIP's vector types (char1 .. double4) with ROCm's layout and operators (ROCm clr
// hipamd/include/hip/amd_detail/amd_hip_vector_types.h, 6.3): 1-, 2- and 4-element types hold a
// clang ext_vector_type, so their size and alignment are the vector's (float4: 16/16, int2: 8/8,
// double4: 32/32); 3-element types are three plain elements (float3: 12/4). Members .x .y .z .w
// alias the elements. dim3 is declared by the runtime headers, not here.
#pragma once

#include <cstddef>
#include <type_traits>

namespace wmmasim::hip::detail {

template <class T, unsigned n> struct VectorStorage;

template <class T> struct VectorStorage<T, 1> {
  typedef T Native __attribute__((ext_vector_type(1)));
  union {
    Native data;
    struct {
      T x;
    };
  };
  VectorStorage() = default;
  constexpr explicit VectorStorage(T a) noexcept : data{a} {}
};

template <class T> struct VectorStorage<T, 2> {
  typedef T Native __attribute__((ext_vector_type(2)));
  union {
    Native data;
    struct {
      T x, y;
    };
  };
  VectorStorage() = default;
  constexpr explicit VectorStorage(T a) noexcept : data{a, a} {}
  constexpr VectorStorage(T a, T b) noexcept : data{a, b} {}
};

template <class T> struct VectorStorage<T, 3> {
  struct Native {
    T d[3];
    constexpr T& operator[](unsigned i) noexcept { return d[i]; }
    constexpr const T& operator[](unsigned i) const noexcept { return d[i]; }
  };
  union {
    Native data;
    struct {
      T x, y, z;
    };
  };
  VectorStorage() = default;
  constexpr explicit VectorStorage(T a) noexcept : data{{a, a, a}} {}
  constexpr VectorStorage(T a, T b, T c) noexcept : data{{a, b, c}} {}
};

template <class T> struct VectorStorage<T, 4> {
  typedef T Native __attribute__((ext_vector_type(4)));
  union {
    Native data;
    struct {
      T x, y, z, w;
    };
  };
  VectorStorage() = default;
  constexpr explicit VectorStorage(T a) noexcept : data{a, a, a, a} {}
  constexpr VectorStorage(T a, T b, T c, T d) noexcept : data{a, b, c, d} {}
};

}  // namespace wmmasim::hip::detail

// ROCm's name for the template, kept so that code naming HIP_vector_type<float, 4> compiles.
template <class T, unsigned int rank> struct HIP_vector_type : wmmasim::hip::detail::VectorStorage<T, rank> {
  using Base = wmmasim::hip::detail::VectorStorage<T, rank>;
  using Base::data;
  using typename Base::Native;
  using value_type = T;
  static constexpr unsigned size = rank;

  HIP_vector_type() = default;
  template <class U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
  constexpr explicit HIP_vector_type(U v) noexcept : Base{static_cast<T>(v)} {}
  template <class... Us, std::enable_if_t<(rank > 1) && sizeof...(Us) == rank>* = nullptr>
  constexpr HIP_vector_type(Us... vs) noexcept : Base{static_cast<T>(vs)...} {}
  constexpr HIP_vector_type(const HIP_vector_type&) = default;
  constexpr HIP_vector_type(HIP_vector_type&&) = default;
  HIP_vector_type& operator=(const HIP_vector_type&) = default;
  HIP_vector_type& operator=(HIP_vector_type&&) = default;

  // Element access for the operators below (ROCm's type has no operator[]; neither has this one).
  T& element(unsigned i) noexcept { return reinterpret_cast<T*>(this)[i]; }
  const T& element(unsigned i) const noexcept { return reinterpret_cast<const T*>(this)[i]; }

#define WMMASIM_VECTOR_COMPOUND(op, cond)                                                       \
  template <class V = T, std::enable_if_t<cond<V>>* = nullptr>                                  \
  HIP_vector_type& operator op##=(const HIP_vector_type& o) noexcept {                          \
    for (unsigned i = 0; i != rank; ++i) element(i) op## = o.element(i);                                \
    return *this;                                                                               \
  }                                                                                             \
  template <class U, std::enable_if_t<std::is_convertible_v<U, T> && cond<T>>* = nullptr>       \
  HIP_vector_type& operator op##=(U v) noexcept {                                               \
    return *this op## = HIP_vector_type{v};                                                     \
  }
  template <class V> static constexpr bool any = true;
  template <class V> static constexpr bool integral = std::is_integral_v<V>;
  WMMASIM_VECTOR_COMPOUND(+, any)
  WMMASIM_VECTOR_COMPOUND(-, any)
  WMMASIM_VECTOR_COMPOUND(*, any)
  WMMASIM_VECTOR_COMPOUND(/, any)
  WMMASIM_VECTOR_COMPOUND(%, integral)
  WMMASIM_VECTOR_COMPOUND(^, integral)
  WMMASIM_VECTOR_COMPOUND(|, integral)
  WMMASIM_VECTOR_COMPOUND(&, integral)
  WMMASIM_VECTOR_COMPOUND(>>, integral)
  WMMASIM_VECTOR_COMPOUND(<<, integral)
#undef WMMASIM_VECTOR_COMPOUND

  HIP_vector_type& operator++() noexcept { return *this += HIP_vector_type{1}; }
  HIP_vector_type operator++(int) noexcept {
    auto t(*this);
    ++*this;
    return t;
  }
  HIP_vector_type& operator--() noexcept { return *this -= HIP_vector_type{1}; }
  HIP_vector_type operator--(int) noexcept {
    auto t(*this);
    --*this;
    return t;
  }
  template <class V = T, std::enable_if_t<std::is_signed_v<V>>* = nullptr>
  HIP_vector_type operator-() const noexcept {
    auto t(*this);
    for (unsigned i = 0; i != rank; ++i) t.element(i) = -t.element(i);
    return t;
  }
  template <class V = T, std::enable_if_t<std::is_integral_v<V>>* = nullptr>
  HIP_vector_type operator~() const noexcept {
    auto t(*this);
    for (unsigned i = 0; i != rank; ++i) t.element(i) = ~t.element(i);
    return t;
  }
};

// Binary operators: vector op vector, vector op scalar and scalar op vector, element by element.
#define WMMASIM_VECTOR_BINARY(op)                                                                          \
  template <class T, unsigned n>                                                                           \
  inline HIP_vector_type<T, n> operator op(const HIP_vector_type<T, n>& a, const HIP_vector_type<T, n>& b) { \
    return HIP_vector_type<T, n>{a} op## = b;                                                              \
  }                                                                                                        \
  template <class T, unsigned n, class U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>        \
  inline HIP_vector_type<T, n> operator op(const HIP_vector_type<T, n>& a, U b) {                         \
    return HIP_vector_type<T, n>{a} op## = HIP_vector_type<T, n>{b};                                       \
  }                                                                                                        \
  template <class T, unsigned n, class U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>        \
  inline HIP_vector_type<T, n> operator op(U a, const HIP_vector_type<T, n>& b) {                         \
    return HIP_vector_type<T, n>{a} op## = b;                                                              \
  }
WMMASIM_VECTOR_BINARY(+)
WMMASIM_VECTOR_BINARY(-)
WMMASIM_VECTOR_BINARY(*)
WMMASIM_VECTOR_BINARY(/)
WMMASIM_VECTOR_BINARY(%)
WMMASIM_VECTOR_BINARY(^)
WMMASIM_VECTOR_BINARY(|)
WMMASIM_VECTOR_BINARY(&)
WMMASIM_VECTOR_BINARY(>>)
WMMASIM_VECTOR_BINARY(<<)
#undef WMMASIM_VECTOR_BINARY

// == and != compare every element and give one bool, as ROCm's do.
template <class T, unsigned n>
inline bool operator==(const HIP_vector_type<T, n>& a, const HIP_vector_type<T, n>& b) {
  for (unsigned i = 0; i != n; ++i)
    if (!(a.element(i) == b.element(i))) return false;
  return true;
}
template <class T, unsigned n, class U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
inline bool operator==(const HIP_vector_type<T, n>& a, U b) {
  return a == HIP_vector_type<T, n>{b};
}
template <class T, unsigned n, class U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
inline bool operator==(U a, const HIP_vector_type<T, n>& b) {
  return HIP_vector_type<T, n>{a} == b;
}
template <class T, unsigned n>
inline bool operator!=(const HIP_vector_type<T, n>& a, const HIP_vector_type<T, n>& b) {
  return !(a == b);
}
template <class T, unsigned n, class U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
inline bool operator!=(const HIP_vector_type<T, n>& a, U b) {
  return !(a == b);
}
template <class T, unsigned n, class U, std::enable_if_t<std::is_convertible_v<U, T>>* = nullptr>
inline bool operator!=(U a, const HIP_vector_type<T, n>& b) {
  return !(a == b);
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
