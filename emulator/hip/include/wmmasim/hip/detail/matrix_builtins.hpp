// The WMMA, SWMMAC and global_load_tr builtins for plain HIP code, with clang-19's rules for a
// gfx12 (or gfx11) device compile: vector arguments of the parameter's size are taken whatever their
// element type (clang bitcasts them: __fp16, _Float16 and short vectors all pass), the result is a
// GCC vector (no .x swizzle), the constant flags must be compile-time constants, and a builtin of the
// other architecture or wave size does not compile. Each call is the same wave collective that
// kernel.hpp kernels use (wmmasim/wave/builtins.hpp), so results are the emulator's bits.
#pragma once

#include <cstring>
#include <source_location>
#include <type_traits>

#include "wmmasim/hip/detail/coordinates.hpp"
#define WMMASIM_HIP_FRONT_END
#include "wmmasim/wave/builtins.hpp"

namespace wmmasim::hip::detail {

using builtin_types::param_count;
using builtin_types::param_t;
using builtin_types::result_t;

#if defined(__GFX11__)
inline constexpr Arch kTargetArch = Arch::rdna3;
#else
inline constexpr Arch kTargetArch = Arch::rdna4;
#endif

template <std::size_t Ins>
inline constexpr bool kAvailable = kInstructions[Ins].arch == kTargetArch && kInstructions[Ins].wave == warpSize;

template <class T>
concept lane_vector = !std::is_class_v<T> && !std::is_pointer_v<T> && !std::is_array_v<T> && requires(T v) { v[0]; };
template <class> inline constexpr bool kNever = false;

// An argument as the builtin's parameter: vectors of equal size are bitcast, scalars converted.
template <class P, class A> P as_param(const A& a) {
  if constexpr (std::is_same_v<A, P>) {
    return a;
  } else if constexpr (lane_vector<A> && lane_vector<P>) {
    static_assert(sizeof(A) == sizeof(P),
                  "a WMMA builtin argument is a vector of the wrong size for this parameter (clang rejects it too)");
    P p;
    std::memcpy(static_cast<void*>(&p), &a, sizeof(P));
    return p;
  } else if constexpr (std::is_arithmetic_v<A> && std::is_arithmetic_v<P>) {
    return static_cast<P>(a);
  } else {
    static_assert(kNever<A>, "a WMMA builtin argument has a type clang does not accept for this parameter");
  }
}

template <std::size_t Ins> using M = lane_builtins::Matrix<Ins>;

#define WMMASIM_NEEDS_TARGET \
  __attribute__((enable_if(kAvailable<Ins>, "this builtin needs another target: see its architecture and wave size in 'wmmasim layout --list'")))
#define WMMASIM_CONSTANT(x) \
  __attribute__((enable_if(x == x, "argument '" #x "' must be a constant integer (as clang requires)")))

template <std::size_t Ins, int N = param_count<Ins>, bool FourthIsFlag = false> struct Builtin;

// WMMA, float inputs: (A, B, C).
template <std::size_t Ins> struct Builtin<Ins, 3, false> {
  template <class A, class B, class C>
  result_t<Ins> operator()(const A& a, const B& b, const C& c,
                           std::source_location w = std::source_location::current()) const WMMASIM_NEEDS_TARGET {
    return M<Ins>::call(w, as_param<param_t<Ins, 0>>(a), as_param<param_t<Ins, 1>>(b), as_param<param_t<Ins, 2>>(c));
  }
};
// SWMMAC, float inputs: (A, B, C, index).
template <std::size_t Ins> struct Builtin<Ins, 4, false> {
  template <class A, class B, class C, class I>
  result_t<Ins> operator()(const A& a, const B& b, const C& c, const I& index,
                           std::source_location w = std::source_location::current()) const WMMASIM_NEEDS_TARGET {
    return M<Ins>::call(w, as_param<param_t<Ins, 0>>(a), as_param<param_t<Ins, 1>>(b), as_param<param_t<Ins, 2>>(c),
                        as_param<param_t<Ins, 3>>(index));
  }
};
// RDNA3 16-bit outputs: (A, B, C, opsel) with a constant opsel.
template <std::size_t Ins> struct Builtin<Ins, 4, true> {
  template <class A, class B, class C>
  result_t<Ins> operator()(const A& a, const B& b, const C& c, bool opsel,
                           std::source_location w = std::source_location::current()) const
      WMMASIM_NEEDS_TARGET WMMASIM_CONSTANT(opsel) {
    return M<Ins>::call(w, opsel, as_param<param_t<Ins, 0>>(a), as_param<param_t<Ins, 1>>(b), as_param<param_t<Ins, 2>>(c));
  }
};
// WMMA, integer inputs: (a_sign, A, b_sign, B, C, clamp).
template <std::size_t Ins> struct Builtin<Ins, 6, false> {
  template <class A, class B, class C>
  result_t<Ins> operator()(bool a_sign, const A& a, bool b_sign, const B& b, const C& c, bool clamp,
                           std::source_location w = std::source_location::current()) const
      WMMASIM_NEEDS_TARGET WMMASIM_CONSTANT(a_sign) WMMASIM_CONSTANT(b_sign) WMMASIM_CONSTANT(clamp) {
    return M<Ins>::call(w, a_sign, b_sign, clamp, as_param<param_t<Ins, 1>>(a), as_param<param_t<Ins, 3>>(b),
                        as_param<param_t<Ins, 4>>(c));
  }
};
// SWMMAC, integer inputs: (a_sign, A, b_sign, B, C, index, clamp).
template <std::size_t Ins> struct Builtin<Ins, 7, false> {
  template <class A, class B, class C, class I>
  result_t<Ins> operator()(bool a_sign, const A& a, bool b_sign, const B& b, const C& c, const I& index, bool clamp,
                           std::source_location w = std::source_location::current()) const
      WMMASIM_NEEDS_TARGET WMMASIM_CONSTANT(a_sign) WMMASIM_CONSTANT(b_sign) WMMASIM_CONSTANT(clamp) {
    return M<Ins>::call(w, a_sign, b_sign, clamp, as_param<param_t<Ins, 1>>(a), as_param<param_t<Ins, 3>>(b),
                        as_param<param_t<Ins, 4>>(c), as_param<param_t<Ins, 5>>(index));
  }
};
// global_load_tr: the lane reads through its own plain pointer (a guard page stops a read past a
// hipMalloc buffer), then the wave exchanges. clang declares the parameter in address space 1; code
// passes it cast with __attribute__((address_space(1))), which the CPU compile accepts and drops.
template <std::size_t Ins> struct Builtin<Ins, 1, false> {
  using Value = result_t<Ins>;
  template <class P>
  Value operator()(P* p, std::source_location w = std::source_location::current()) const WMMASIM_NEEDS_TARGET {
    static_assert(sizeof(P) == sizeof(Value) || std::is_void_v<P>,
                  "global_load_tr takes a pointer to a vector of the size it loads (clang rejects others too)");
    Value v;
    std::memcpy(static_cast<void*>(&v), (const void*)p, sizeof(Value));
    return lane_builtins::load_tr_exchange<Ins>(v, w);
  }
};

template <std::size_t Ins> constexpr bool fourth_is_flag() {
  if constexpr (param_count<Ins> == 4) return std::is_same_v<param_t<Ins, 3>, bool>;
  else return false;
}

#undef WMMASIM_NEEDS_TARGET
#undef WMMASIM_CONSTANT
}  // namespace wmmasim::hip::detail

#define WMMASIM_HIP_BUILTIN(name)                                                                       \
  inline constexpr ::wmmasim::hip::detail::Builtin<::wmmasim::builtin_types::builtin_index(#name),      \
                                                   ::wmmasim::builtin_types::param_count<                \
                                                       ::wmmasim::builtin_types::builtin_index(#name)>,  \
                                                   ::wmmasim::hip::detail::fourth_is_flag<               \
                                                       ::wmmasim::builtin_types::builtin_index(#name)>()> \
      __builtin_amdgcn_##name{};
WMMASIM_FOR_EACH_BUILTIN(WMMASIM_HIP_BUILTIN)
#undef WMMASIM_HIP_BUILTIN
