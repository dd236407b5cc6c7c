// HIP's atomic functions with ROCm's overloads (ROCm clr hipamd/include/hip/amd_detail/
// amd_hip_atomic.h and amd_hip_unsafe_atomics.h, 6.3), on the host. Blocks of a launch may run on
// several OS threads at once, so these are real atomic read-modify-writes (GCC/clang __atomic
// builtins), relaxed as HIP's default atomics are; float and double operations are
// compare-and-swap loops on the bits. _system variants are the same operations (one process, one
// memory). atomicInc/atomicDec follow CUDA's wrap-around definition, as the GPU's instructions do.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

// initcheck (wmmasim/simt/init_notes.hpp): a read-modify-write writes its bytes, which the access
// hooks, seeing loads and stores only, do not tell. Returns at once outside a checked kernel.
extern "C" void __wmmasim_atomic_written(const void* p, unsigned bytes) noexcept;

namespace wmmasim::hip::detail {

template <class T> inline T* written_atomically(T* p) {
  __wmmasim_atomic_written(p, sizeof(T));
  return p;
}

template <class T> inline T atomic_fetch_add(T* p, T v) { return __atomic_fetch_add(written_atomically(p), v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_fetch_sub(T* p, T v) { return __atomic_fetch_sub(written_atomically(p), v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_fetch_and(T* p, T v) { return __atomic_fetch_and(written_atomically(p), v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_fetch_or(T* p, T v) { return __atomic_fetch_or(written_atomically(p), v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_fetch_xor(T* p, T v) { return __atomic_fetch_xor(written_atomically(p), v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_exchange(T* p, T v) { return __atomic_exchange_n(written_atomically(p), v, __ATOMIC_RELAXED); }
template <class T> inline T atomic_cas(T* p, T expected, T desired) {
  __atomic_compare_exchange_n(written_atomically(p), &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return expected;  // the old value, whether or not it was replaced
}

// Read-modify-write of any 4- or 8-byte value through its bits: `next(old)` gives the new value.
template <class T, class F> inline T atomic_update(T* p, F next) {
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  Bits* bits = reinterpret_cast<Bits*>(written_atomically(p));
  Bits old_bits = __atomic_load_n(bits, __ATOMIC_RELAXED);
  for (;;) {
    T old;
    std::memcpy(&old, &old_bits, sizeof(T));
    const T desired = next(old);
    Bits desired_bits;
    std::memcpy(&desired_bits, &desired, sizeof(T));
    if (__atomic_compare_exchange_n(bits, &old_bits, desired_bits, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return old;
  }
}

template <class T> inline T atomic_max(T* p, T v) {
  return atomic_update(p, [v](T old) { return v > old ? v : old; });
}
template <class T> inline T atomic_min(T* p, T v) {
  return atomic_update(p, [v](T old) { return v < old ? v : old; });
}

}  // namespace wmmasim::hip::detail

#define WMMASIM_ATOMIC_INT(T)                                                                                  \
  inline T atomicAdd(T* a, T v) { return wmmasim::hip::detail::atomic_fetch_add(a, v); }                        \
  inline T atomicSub(T* a, T v) { return wmmasim::hip::detail::atomic_fetch_sub(a, v); }                        \
  inline T atomicAnd(T* a, T v) { return wmmasim::hip::detail::atomic_fetch_and(a, v); }                        \
  inline T atomicOr(T* a, T v) { return wmmasim::hip::detail::atomic_fetch_or(a, v); }                          \
  inline T atomicXor(T* a, T v) { return wmmasim::hip::detail::atomic_fetch_xor(a, v); }                        \
  inline T atomicExch(T* a, T v) { return wmmasim::hip::detail::atomic_exchange(a, v); }                        \
  inline T atomicCAS(T* a, T compare, T v) { return wmmasim::hip::detail::atomic_cas(a, compare, v); }          \
  inline T atomicMax(T* a, T v) { return wmmasim::hip::detail::atomic_max(a, v); }                              \
  inline T atomicMin(T* a, T v) { return wmmasim::hip::detail::atomic_min(a, v); }                              \
  inline T atomicAdd_system(T* a, T v) { return atomicAdd(a, v); }                                              \
  inline T atomicSub_system(T* a, T v) { return atomicSub(a, v); }                                              \
  inline T atomicAnd_system(T* a, T v) { return atomicAnd(a, v); }                                              \
  inline T atomicOr_system(T* a, T v) { return atomicOr(a, v); }                                                \
  inline T atomicXor_system(T* a, T v) { return atomicXor(a, v); }                                              \
  inline T atomicExch_system(T* a, T v) { return atomicExch(a, v); }                                            \
  inline T atomicCAS_system(T* a, T compare, T v) { return atomicCAS(a, compare, v); }                          \
  inline T atomicMax_system(T* a, T v) { return atomicMax(a, v); }                                              \
  inline T atomicMin_system(T* a, T v) { return atomicMin(a, v); }
WMMASIM_ATOMIC_INT(int)
WMMASIM_ATOMIC_INT(unsigned int)
WMMASIM_ATOMIC_INT(unsigned long)
WMMASIM_ATOMIC_INT(unsigned long long)
#undef WMMASIM_ATOMIC_INT
// long long has only min/max (and CAS through the unsigned form) in ROCm 6.3.
inline long long atomicMax(long long* a, long long v) { return wmmasim::hip::detail::atomic_max(a, v); }
inline long long atomicMin(long long* a, long long v) { return wmmasim::hip::detail::atomic_min(a, v); }
inline long long atomicMax_system(long long* a, long long v) { return atomicMax(a, v); }
inline long long atomicMin_system(long long* a, long long v) { return atomicMin(a, v); }

// ((old >= limit) ? 0 : old + 1) and (((old == 0) || (old > limit)) ? limit : old - 1).
inline unsigned int atomicInc(unsigned int* a, unsigned int limit) {
  return wmmasim::hip::detail::atomic_update(a, [limit](unsigned old) { return old >= limit ? 0u : old + 1; });
}
inline unsigned int atomicDec(unsigned int* a, unsigned int limit) {
  return wmmasim::hip::detail::atomic_update(a, [limit](unsigned old) { return old == 0 || old > limit ? limit : old - 1; });
}

// Floating point: add/sub are one rounding of old + v (IEEE, as the GPU's atomic add); max/min
// replace the stored value only when v compares greater (smaller), so NaNs never move in or out
// (the GPU's NaN behaviour for atomic max/min is not verified; docs/hip-on-cpu.md).
#define WMMASIM_ATOMIC_FLOAT(T)                                                                               \
  inline T atomicAdd(T* a, T v) { return wmmasim::hip::detail::atomic_update(a, [v](T old) { return old + v; }); } \
  inline T atomicSub(T* a, T v) { return wmmasim::hip::detail::atomic_update(a, [v](T old) { return old - v; }); } \
  inline T atomicExch(T* a, T v) { return wmmasim::hip::detail::atomic_update(a, [v](T) { return v; }); }      \
  inline T atomicCAS(T* a, T compare, T v) {                                                                   \
    return wmmasim::hip::detail::atomic_update(a, [compare, v](T old) {                                        \
      return std::memcmp(&old, &compare, sizeof(T)) == 0 ? v : old;                                            \
    });                                                                                                        \
  }                                                                                                            \
  inline T atomicMax(T* a, T v) { return wmmasim::hip::detail::atomic_max(a, v); }                             \
  inline T atomicMin(T* a, T v) { return wmmasim::hip::detail::atomic_min(a, v); }                             \
  inline T atomicAdd_system(T* a, T v) { return atomicAdd(a, v); }                                             \
  inline T atomicSub_system(T* a, T v) { return atomicSub(a, v); }                                             \
  inline T atomicExch_system(T* a, T v) { return atomicExch(a, v); }                                           \
  inline T atomicCAS_system(T* a, T compare, T v) { return atomicCAS(a, compare, v); }                         \
  inline T atomicMax_system(T* a, T v) { return atomicMax(a, v); }                                             \
  inline T atomicMin_system(T* a, T v) { return atomicMin(a, v); }                                             \
  inline T unsafeAtomicAdd(T* a, T v) { return atomicAdd(a, v); }                                              \
  inline T safeAtomicAdd(T* a, T v) { return atomicAdd(a, v); }                                                \
  inline T unsafeAtomicMax(T* a, T v) { return atomicMax(a, v); }                                              \
  inline T safeAtomicMax(T* a, T v) { return atomicMax(a, v); }                                                \
  inline T unsafeAtomicMin(T* a, T v) { return atomicMin(a, v); }                                              \
  inline T safeAtomicMin(T* a, T v) { return atomicMin(a, v); }
WMMASIM_ATOMIC_FLOAT(float)
WMMASIM_ATOMIC_FLOAT(double)
#undef WMMASIM_ATOMIC_FLOAT
inline void atomicAddNoRet(float* a, float v) { (void)atomicAdd(a, v); }
