// What the __builtin_amdgcn_* headers share: the compiled target, clang's builtin operand types on the
// CPU, and the compile-time rules clang applies to a device call (constant arguments). Every rule is
// checked at the user's call with diagnose_if, so a wrong call gives one error at the user's line in
// clang's words, not a template backtrace.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace wmmasim::hip::detail::amdgcn {

// The target wmmasim-hipcc compiles for (it defines __GFX12__ or __GFX11__ and the wave size).
#if defined(__GFX11__)
inline constexpr bool kGfx12 = false;
#else
inline constexpr bool kGfx12 = true;
#endif
#ifdef __AMDGCN_WAVEFRONT_SIZE
inline constexpr int kWaveSize = __AMDGCN_WAVEFRONT_SIZE;
#else
inline constexpr int kWaveSize = 32;
#endif

// clang's builtin vector types: GCC vectors (V4Ui = vec<unsigned, 4>) and ext vectors (E2h).
template <class T, int N> using vec = T __attribute__((vector_size(N * sizeof(T))));
template <class T, int N> using ext = T __attribute__((ext_vector_type(N)));

// clang passes a vector argument of the parameter's size whatever its element type (it bitcasts
// __fp16, _Float16 and short vectors alike); a scalar is not a vector.
template <class T>
concept lane_vector = !std::is_class_v<T> && !std::is_pointer_v<T> && !std::is_array_v<T> && requires(T v) { v[0]; };

template <class To, class From> To bit_copy(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "bit_copy needs objects of one size");
  To to;
  std::memcpy(static_cast<void*>(&to), static_cast<const void*>(&from), sizeof(To));
  return to;
}

// The bits of a user's argument as a parameter of `To`'s size. An argument of another size has already
// failed to compile at the call (diagnose_if); this only keeps that the one error.
template <class To, class From> To argument_bits(const From& from) {
  To to{};
  std::memcpy(static_cast<void*>(&to), static_cast<const void*>(&from), sizeof(To) < sizeof(From) ? sizeof(To) : sizeof(From));
  return to;
}

}  // namespace wmmasim::hip::detail::amdgcn

// clang requires these arguments to be integer constant expressions and says so at the argument; a
// call with a variable fails to compile here with the same sentence.
#define WMMASIM_AMDGCN_CONSTANT(builtin, arg) \
  __attribute__((diagnose_if(!__builtin_constant_p(arg), "argument to '" builtin "' must be a constant integer", "error")))

// A vector argument must have the parameter's size (clang: "cannot initialize a parameter of type ...").
#define WMMASIM_AMDGCN_VECTOR_BYTES(builtin, T, bytes)                                                   \
  __attribute__((diagnose_if(sizeof(T) != (bytes) || !::wmmasim::hip::detail::amdgcn::lane_vector<T>, \
                             "argument to '" builtin "' must be a vector of " #bytes " bytes", "error")))
