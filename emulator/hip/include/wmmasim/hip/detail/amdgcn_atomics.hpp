// The atomic builtins the targets have: the wrapping increment/decrement (atomic_inc/dec32/64, with
// C11 memory order and a scope string), f32 add to LDS, global and flat memory, the legacy ds_fadd/
// fmin/fmax, and gfx12's packed f16/bf16 adds. Each is a real atomic read-modify-write (blocks run on
// several OS threads), sequentially consistent whatever order is asked for (never weaker than the
// GPU's). Pointers may carry clang's address-space attribute, as device code passes them.
#pragma once

#include <cmath>
#include <cstdint>

#include "wmmasim/hip/detail/amdgcn_support.hpp"
#include "wmmasim/hip/detail/atomics.hpp"
#include "wmmasim/hip/detail/float_rounding.hpp"

namespace wmmasim::hip::detail::amdgcn {

template <class T, class F> T atomic_rmw(T* p, F next) {
  T old = __atomic_load_n(written_atomically(p), __ATOMIC_SEQ_CST);
  while (!__atomic_compare_exchange_n(p, &old, next(old), true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
  }
  return old;
}

// DS/GLOBAL_ATOMIC_INC: old >= limit wraps to 0; DEC: 0 or old > limit becomes limit.
template <class T> T atomic_inc(T* p, T limit) {
  return atomic_rmw(p, [limit](T old) { return old >= limit ? T{0} : T(old + 1); });
}
template <class T> T atomic_dec(T* p, T limit) {
  return atomic_rmw(p, [limit](T old) { return old == 0 || old > limit ? limit : T(old - 1); });
}

inline float atomic_fadd(float* p, float v) { return atomic_update(p, [v](float old) { return old + v; }); }

// DS_MIN_NUM_F32 / DS_MAX_NUM_F32: a NaN operand loses to a number (two NaNs give the quieted data);
// -0 is below +0.
inline float min_num(float mem, float data, bool max) {
  if (std::isnan(data) && std::isnan(mem)) return std::nanf("");
  if (std::isnan(data)) return mem;
  if (std::isnan(mem)) return data;
  const bool data_first = max ? (data > mem || (data == mem && !std::signbit(data) && std::signbit(mem)))
                              : (data < mem || (data == mem && std::signbit(data) && !std::signbit(mem)));
  return data_first ? data : mem;
}

// Packed adds: each 16-bit half is added and rounded to nearest even on its own (f16: IEEE with
// subnormals; bf16: the bf16 grid); rounding of packed atomics is not verified on hardware.
inline std::uint32_t packed_add(std::uint32_t old, std::uint32_t v, IeeeFormat f) {
  std::uint32_t r = 0;
  for (int h = 0; h < 2; ++h) {
    const double a = widen_ieee(static_cast<std::uint16_t>(old >> (16 * h)), f);
    const double b = widen_ieee(static_cast<std::uint16_t>(v >> (16 * h)), f);
    r |= std::uint32_t{round_to_ieee(a + b, f, RoundMode::nearest_even)} << (16 * h);  // exact sum in double
  }
  return r;
}
template <class V> V atomic_packed_add(void* p, V v, IeeeFormat f) {
  const auto bits = argument_bits<std::uint32_t>(v);
  return argument_bits<V>(atomic_rmw(static_cast<std::uint32_t*>(p), [bits, f](std::uint32_t old) { return packed_add(old, bits, f); }));
}

}  // namespace wmmasim::hip::detail::amdgcn

#define WMMASIM_AMDGCN_ATOMIC_WRAP(name, op, T)                                                            \
  template <class P>                                                                                      \
  T __builtin_amdgcn_##name(P* p, T limit, unsigned order, const char* scope)                             \
      WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_" #name, order) {                                         \
    (void)scope;                                                                                          \
    return ::wmmasim::hip::detail::amdgcn::op((T*)p, limit);                                              \
  }
WMMASIM_AMDGCN_ATOMIC_WRAP(atomic_inc32, atomic_inc, unsigned)
WMMASIM_AMDGCN_ATOMIC_WRAP(atomic_inc64, atomic_inc, unsigned long)
WMMASIM_AMDGCN_ATOMIC_WRAP(atomic_dec32, atomic_dec, unsigned)
WMMASIM_AMDGCN_ATOMIC_WRAP(atomic_dec64, atomic_dec, unsigned long)
#undef WMMASIM_AMDGCN_ATOMIC_WRAP

template <class P> float __builtin_amdgcn_ds_atomic_fadd_f32(P* p, float v) {
  return ::wmmasim::hip::detail::amdgcn::atomic_fadd((float*)p, v);
}
template <class P> float __builtin_amdgcn_global_atomic_fadd_f32(P* p, float v) {
  return ::wmmasim::hip::detail::amdgcn::atomic_fadd((float*)p, v);
}

#define WMMASIM_AMDGCN_DS_LEGACY(name, expr)                                                                   \
  template <class P>                                                                                          \
  float __builtin_amdgcn_##name(P* p, float v, int ordering, int scope, bool is_volatile)                     \
      WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_" #name, ordering) WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_" #name, scope) \
          WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_" #name, is_volatile) {                                     \
    (void)ordering, (void)scope, (void)is_volatile;                                                           \
    return ::wmmasim::hip::detail::atomic_update((float*)p, [v](float old) { return expr; });                 \
  }
WMMASIM_AMDGCN_DS_LEGACY(ds_faddf, old + v)
WMMASIM_AMDGCN_DS_LEGACY(ds_fminf, ::wmmasim::hip::detail::amdgcn::min_num(old, v, false))
WMMASIM_AMDGCN_DS_LEGACY(ds_fmaxf, ::wmmasim::hip::detail::amdgcn::min_num(old, v, true))
#undef WMMASIM_AMDGCN_DS_LEGACY

#if !defined(__GFX11__)
#define WMMASIM_AMDGCN_PACKED_ADD(name, format)                                                        \
  template <class P, class V>                                                                         \
  V __builtin_amdgcn_##name(P* p, V v) WMMASIM_AMDGCN_VECTOR_BYTES("__builtin_amdgcn_" #name, V, 4) { \
    return ::wmmasim::hip::detail::amdgcn::atomic_packed_add((void*)p, v, ::wmmasim::hip::detail::format); \
  }
WMMASIM_AMDGCN_PACKED_ADD(ds_atomic_fadd_v2f16, kF16)
WMMASIM_AMDGCN_PACKED_ADD(global_atomic_fadd_v2f16, kF16)
WMMASIM_AMDGCN_PACKED_ADD(flat_atomic_fadd_v2f16, kF16)
WMMASIM_AMDGCN_PACKED_ADD(ds_atomic_fadd_v2bf16, kBf16)
WMMASIM_AMDGCN_PACKED_ADD(global_atomic_fadd_v2bf16, kBf16)
WMMASIM_AMDGCN_PACKED_ADD(flat_atomic_fadd_v2bf16, kBf16)
#undef WMMASIM_AMDGCN_PACKED_ADD
#endif
