// The WMMA, SWMMAC and global_load_tr builtins for plain HIP code, with clang-19's rules for a
// gfx12 (or gfx11) device compile: vector arguments of the parameter's size are taken whatever their
// element type (clang bitcasts them: __fp16, _Float16 and short vectors all pass), the result is a
// GCC vector (no .x swizzle), the constant flags must be compile-time constants, and a builtin of the
// other architecture or wave size does not compile. Each rule is checked at the user's call by
// diagnose_if and names the builtin (one error at the user's line, never a template backtrace).
// Each call is the same wave collective that kernel.hpp kernels use (wmmasim/wave/builtins.hpp),
// so results are the emulator's bits. The names and target features come from the builtin list
// (amdgcn_builtin_list.hpp, rows marked `matrix`).
#pragma once

#include <cstring>
#include <source_location>
#include <type_traits>

#include "wmmasim/hip/detail/amdgcn_builtin_list.hpp"
#include "wmmasim/hip/detail/amdgcn_support.hpp"
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

// clang's front end refuses a builtin of the other wave size, and a gfx12 one for gfx11; it accepts
// a gfx11 WMMA for gfx12 (gfx12 has gfx11-insts), whose backend then cannot select the intrinsic.
template <std::size_t Ins> inline constexpr bool kWaveMatches = kInstructions[Ins].wave == amdgcn::kWaveSize;
template <std::size_t Ins>
inline constexpr bool kFeatureMissing = !kWaveMatches<Ins> || (kTargetArch == Arch::rdna3 && kInstructions[Ins].arch == Arch::rdna4);
template <std::size_t Ins>
inline constexpr bool kCannotSelect = !kFeatureMissing<Ins> && kInstructions[Ins].arch != kTargetArch;

using amdgcn::lane_vector;

// Whether clang passes an argument of type A to parameter type P: a vector of the same size, or a
// scalar to a scalar (converted).
template <class P, class A> constexpr bool argument_fits() {
  if constexpr (std::is_same_v<A, P>) return true;
  else if constexpr (lane_vector<P>) return lane_vector<A> && sizeof(A) == sizeof(P);
  else return std::is_arithmetic_v<A> && std::is_arithmetic_v<P>;
}

// An argument as the builtin's parameter: vectors of equal size are bitcast, scalars converted. An
// argument that does not fit has already failed to compile at the call.
template <class P, class A> P as_param(const A& a) {
  if constexpr (std::is_same_v<A, P>) {
    return a;
  } else if constexpr (lane_vector<A> && lane_vector<P> && sizeof(A) == sizeof(P)) {
    P p;
    std::memcpy(static_cast<void*>(&p), &a, sizeof(P));
    return p;
  } else if constexpr (std::is_arithmetic_v<A> && std::is_arithmetic_v<P>) {
    return static_cast<P>(a);
  } else {
    return P{};
  }
}

template <std::size_t Ins> using M = lane_builtins::Matrix<Ins>;

// The builtins' shapes (clang's parameter lists).
enum class Shape { load_tr, wmma_float, swmmac_float, wmma_opsel, wmma_int, swmmac_int };
template <std::size_t Ins> constexpr Shape shape() {
  if constexpr (param_count<Ins> == 1) return Shape::load_tr;
  else if constexpr (param_count<Ins> == 3) return Shape::wmma_float;
  else if constexpr (param_count<Ins> == 4 && std::is_same_v<param_t<Ins, 3>, bool>) return Shape::wmma_opsel;
  else if constexpr (param_count<Ins> == 4) return Shape::swmmac_float;
  else if constexpr (param_count<Ins> == 6) return Shape::wmma_int;
  else return Shape::swmmac_int;
}

}  // namespace wmmasim::hip::detail

// Per builtin: an object whose call operators (one per shape, only its own enabled) check clang's
// rules at the call. NAME is the builtin's full name, FEATURE what clang says it needs.
#define WMMASIM_MATRIX_TARGET(NAME, FEATURE)                                                                          \
  __attribute__((diagnose_if(::wmmasim::hip::detail::kFeatureMissing<N>, "'" NAME "' needs target feature " FEATURE \
                                                                         " (clang-19 refuses it for this target too)", \
                             "error")))                                                                               \
  __attribute__((diagnose_if(::wmmasim::hip::detail::kCannotSelect<N>,                                              \
                             "'" NAME "' is a gfx11 WMMA: clang-19 accepts the call for gfx12, but its backend "      \
                             "cannot select the instruction ('Cannot select: intrinsic')",                            \
                             "error")))
#define WMMASIM_MATRIX_ARG(NAME, I, A, what)                                                                  \
  __attribute__((diagnose_if(!::wmmasim::hip::detail::argument_fits<::wmmasim::builtin_types::param_t<N, I>, A>(), \
                             "argument " what " of '" NAME "' does not fit its parameter (clang takes a vector of " \
                             "the parameter's size, or a number for a number)",                                 \
                             "error")))
#define WMMASIM_MATRIX_CONSTANT(NAME, x) \
  __attribute__((diagnose_if(!__builtin_constant_p(x), "argument to '" NAME "' must be a constant integer", "error")))

#define WMMASIM_MATRIX_OPERATORS(NAME, FEATURE)                                                                         \
  template <std::size_t N = Ins, class A, class B, class C>                                                                                  \
    requires(::wmmasim::hip::detail::shape<N>() == ::wmmasim::hip::detail::Shape::wmma_float)                       \
  ::wmmasim::builtin_types::result_t<N> operator()(const A& a, const B& b, const C& c,                                \
                                                      std::source_location w = std::source_location::current()) const   \
      WMMASIM_MATRIX_TARGET(NAME, FEATURE) WMMASIM_MATRIX_ARG(NAME, 0, A, "A") WMMASIM_MATRIX_ARG(NAME, 1, B, "B")      \
          WMMASIM_MATRIX_ARG(NAME, 2, C, "C") {                                                                         \
    using namespace ::wmmasim::hip::detail;                                                                             \
    return M<N>::call(w, as_param<param_t<N, 0>>(a), as_param<param_t<N, 1>>(b), as_param<param_t<N, 2>>(c));   \
  }                                                                                                                     \
  template <std::size_t N = Ins, class A, class B, class C, class I>                                                                         \
    requires(::wmmasim::hip::detail::shape<N>() == ::wmmasim::hip::detail::Shape::swmmac_float)                     \
  ::wmmasim::builtin_types::result_t<N> operator()(const A& a, const B& b, const C& c, const I& index,                \
                                                      std::source_location w = std::source_location::current()) const   \
      WMMASIM_MATRIX_TARGET(NAME, FEATURE) WMMASIM_MATRIX_ARG(NAME, 0, A, "A") WMMASIM_MATRIX_ARG(NAME, 1, B, "B")      \
          WMMASIM_MATRIX_ARG(NAME, 2, C, "C") WMMASIM_MATRIX_ARG(NAME, 3, I, "index") {                                 \
    using namespace ::wmmasim::hip::detail;                                                                             \
    return M<N>::call(w, as_param<param_t<N, 0>>(a), as_param<param_t<N, 1>>(b), as_param<param_t<N, 2>>(c),    \
                        as_param<param_t<N, 3>>(index));                                                              \
  }                                                                                                                     \
  template <std::size_t N = Ins, class A, class B, class C>                                                                                  \
    requires(::wmmasim::hip::detail::shape<N>() == ::wmmasim::hip::detail::Shape::wmma_opsel)                       \
  ::wmmasim::builtin_types::result_t<N> operator()(const A& a, const B& b, const C& c, bool opsel,                    \
                                                      std::source_location w = std::source_location::current()) const   \
      WMMASIM_MATRIX_TARGET(NAME, FEATURE) WMMASIM_MATRIX_ARG(NAME, 0, A, "A") WMMASIM_MATRIX_ARG(NAME, 1, B, "B")      \
          WMMASIM_MATRIX_ARG(NAME, 2, C, "C") WMMASIM_MATRIX_CONSTANT(NAME, opsel) {                                    \
    using namespace ::wmmasim::hip::detail;                                                                             \
    return M<N>::call(w, opsel, as_param<param_t<N, 0>>(a), as_param<param_t<N, 1>>(b),                           \
                        as_param<param_t<N, 2>>(c));                                                                  \
  }                                                                                                                     \
  template <std::size_t N = Ins, class A, class B, class C>                                                                                  \
    requires(::wmmasim::hip::detail::shape<N>() == ::wmmasim::hip::detail::Shape::wmma_int)                         \
  ::wmmasim::builtin_types::result_t<N> operator()(bool a_sign, const A& a, bool b_sign, const B& b, const C& c,      \
                                                      bool clamp, std::source_location w = std::source_location::current()) const \
      WMMASIM_MATRIX_TARGET(NAME, FEATURE) WMMASIM_MATRIX_ARG(NAME, 1, A, "A") WMMASIM_MATRIX_ARG(NAME, 3, B, "B")      \
          WMMASIM_MATRIX_ARG(NAME, 4, C, "C") WMMASIM_MATRIX_CONSTANT(NAME, a_sign) WMMASIM_MATRIX_CONSTANT(NAME, b_sign) \
              WMMASIM_MATRIX_CONSTANT(NAME, clamp) {                                                                    \
    using namespace ::wmmasim::hip::detail;                                                                             \
    return M<N>::call(w, a_sign, b_sign, clamp, as_param<param_t<N, 1>>(a), as_param<param_t<N, 3>>(b),           \
                        as_param<param_t<N, 4>>(c));                                                                  \
  }                                                                                                                     \
  template <std::size_t N = Ins, class A, class B, class C, class I>                                                                         \
    requires(::wmmasim::hip::detail::shape<N>() == ::wmmasim::hip::detail::Shape::swmmac_int)                       \
  ::wmmasim::builtin_types::result_t<N> operator()(bool a_sign, const A& a, bool b_sign, const B& b, const C& c,      \
                                                      const I& index, bool clamp,                                       \
                                                      std::source_location w = std::source_location::current()) const   \
      WMMASIM_MATRIX_TARGET(NAME, FEATURE) WMMASIM_MATRIX_ARG(NAME, 1, A, "A") WMMASIM_MATRIX_ARG(NAME, 3, B, "B")      \
          WMMASIM_MATRIX_ARG(NAME, 4, C, "C") WMMASIM_MATRIX_ARG(NAME, 5, I, "index")                                   \
              WMMASIM_MATRIX_CONSTANT(NAME, a_sign) WMMASIM_MATRIX_CONSTANT(NAME, b_sign)                               \
                  WMMASIM_MATRIX_CONSTANT(NAME, clamp) {                                                                \
    using namespace ::wmmasim::hip::detail;                                                                             \
    return M<N>::call(w, a_sign, b_sign, clamp, as_param<param_t<N, 1>>(a), as_param<param_t<N, 3>>(b),           \
                        as_param<param_t<N, 4>>(c), as_param<param_t<N, 5>>(index));                                \
  }                                                                                                                     \
  /* global_load_tr: the lane reads through its own plain pointer (a guard page stops a read past a hipMalloc          \
     buffer), then the wave exchanges. clang declares the parameter in address space 1; code passes it cast with       \
     __attribute__((address_space(1))), which the CPU compile accepts and drops. */                                     \
  template <std::size_t N = Ins, class P>                                                                                                    \
    requires(::wmmasim::hip::detail::shape<N>() == ::wmmasim::hip::detail::Shape::load_tr)                          \
  ::wmmasim::builtin_types::result_t<N> operator()(P* p, std::source_location w = std::source_location::current()) const \
      WMMASIM_MATRIX_TARGET(NAME, FEATURE) __attribute__((diagnose_if(                                                 \
          sizeof(P) != sizeof(::wmmasim::builtin_types::result_t<N>) && !std::is_void_v<P>,                           \
          "'" NAME "' takes a pointer to a vector of the size it loads", "error"))) {                                   \
    using Value = ::wmmasim::builtin_types::result_t<N>;                                                              \
    Value v;                                                                                                            \
    std::memcpy(static_cast<void*>(&v), (const void*)p, sizeof(Value));                                                 \
    return ::wmmasim::lane_builtins::load_tr_exchange<N>(v, w);                                                       \
  }

#define WMMASIM_MATRIX_BUILTIN_matrix(name, feature)                                                      \
  struct __wmmasim_matrix_builtin_##name {                                                                \
    static constexpr std::size_t Ins = ::wmmasim::builtin_types::builtin_index(#name);                   \
    WMMASIM_MATRIX_OPERATORS("__builtin_amdgcn_" #name, feature)                                          \
  };                                                                                                      \
  inline constexpr __wmmasim_matrix_builtin_##name __builtin_amdgcn_##name{};
#define WMMASIM_MATRIX_BUILTIN_emulated(name, feature)
#define WMMASIM_MATRIX_BUILTIN_approximate(name, feature)
#define WMMASIM_MATRIX_BUILTIN_refused(name, feature)
#define WMMASIM_MATRIX_BUILTIN(name, result, params, targets, feature, how, why) WMMASIM_MATRIX_BUILTIN_##how(name, feature)
WMMASIM_FOR_EACH_AMDGCN_BUILTIN(WMMASIM_MATRIX_BUILTIN)

// Every instruction-table builtin is a `matrix` row of the list, and no other row is in the table.
namespace wmmasim::hip::detail {
constexpr int matrix_rows_in_table() {
  int n = 0;
#define WMMASIM_MATRIX_COUNT_matrix(name) (void)::wmmasim::builtin_types::builtin_index(#name), ++n;
#define WMMASIM_MATRIX_COUNT_emulated(name)
#define WMMASIM_MATRIX_COUNT_approximate(name)
#define WMMASIM_MATRIX_COUNT_refused(name)
#define WMMASIM_MATRIX_COUNT(name, result, params, targets, feature, how, why) WMMASIM_MATRIX_COUNT_##how(name)
  WMMASIM_FOR_EACH_AMDGCN_BUILTIN(WMMASIM_MATRIX_COUNT)
#undef WMMASIM_MATRIX_COUNT
#undef WMMASIM_MATRIX_COUNT_matrix
#undef WMMASIM_MATRIX_COUNT_emulated
#undef WMMASIM_MATRIX_COUNT_approximate
#undef WMMASIM_MATRIX_COUNT_refused
  return n;
}
static_assert(matrix_rows_in_table() == static_cast<int>(kInstructionCount),
              "amdgcn_builtin_list.hpp's matrix rows and the instruction table disagree");
}  // namespace wmmasim::hip::detail

#undef WMMASIM_MATRIX_BUILTIN
#undef WMMASIM_MATRIX_BUILTIN_matrix
#undef WMMASIM_MATRIX_BUILTIN_emulated
#undef WMMASIM_MATRIX_BUILTIN_approximate
#undef WMMASIM_MATRIX_BUILTIN_refused
#undef WMMASIM_MATRIX_OPERATORS
#undef WMMASIM_MATRIX_TARGET
#undef WMMASIM_MATRIX_ARG
#undef WMMASIM_MATRIX_CONSTANT
