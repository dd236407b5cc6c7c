// Wave-level builtins: functions named and typed like the clang builtins (wmmasim::wave::<name>),
// taking one value per lane for the whole wave and returning one value per lane. Constant flags
// (a_sign, b_sign, clamp, opsel) are plain bools.
//   std::vector<v8h> a(32), b(32); std::vector<v8f> c(32);
//   std::vector<v8f> d = wmmasim::wave::wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
#pragma once

#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include "wmmasim/error.hpp"
#include "wmmasim/wave/builtin_call.hpp"
#include "wmmasim/wave/builtin_list.hpp"

namespace wmmasim::wave {
namespace detail {

using builtin_types::param_count;
using builtin_types::param_t;
using builtin_types::result_t;

template <class T> constexpr int words_of() { return static_cast<int>((sizeof(T) + 3) / 4); }

template <class T> void append_words(std::vector<std::uint32_t>& out, const T& value) {
  std::uint32_t w[words_of<T>()] = {};
  std::memcpy(w, &value, sizeof(T));
  out.insert(out.end(), w, w + words_of<T>());
}

template <class T> T from_words(const std::uint32_t* w) {
  T value;
  std::memcpy(&value, w, sizeof(T));
  return value;
}

// Routes argument I of builtin Ins into the call: constant bools to flags, lane values to A, B, C, index.
template <std::size_t Ins, int I, class Arg>
void absorb(WaveBuiltinCall& call, int& data_slot, int& flag_slot, const Arg& arg) {
  using Param = param_t<Ins, I>;
  if constexpr (std::is_same_v<Param, bool>) {
    static_assert(std::is_integral_v<Arg>, "this builtin parameter is a constant bool");
    const bool v = static_cast<bool>(arg);
    const Instruction& ins = *call.ins;
    if (ins.integer_inputs()) (flag_slot == 0 ? call.a_sign : flag_slot == 1 ? call.b_sign : call.clamp) = v;
    else call.opsel = v;
    ++flag_slot;
  } else {
    using Lane = std::remove_cvref_t<decltype(*std::data(arg))>;
    static_assert(std::is_same_v<Lane, Param>, "per-lane argument type differs from the clang builtin's parameter type");
    if (std::size(arg) != call.ins->wave)
      throw UserError(std::string(call.ins->name) + " argument " + std::to_string(I + 1) + " has " +
                      std::to_string(std::size(arg)) + " lane values; the wave has " + std::to_string(call.ins->wave));
    std::vector<std::uint32_t>* dst[] = {&call.a, &call.b, &call.c, &call.index};
    for (const auto& v : arg) append_words(*dst[data_slot], v);
    ++data_slot;
  }
}

template <std::size_t Ins, class... Args, int... I>
std::vector<result_t<Ins>> call(std::integer_sequence<int, I...>, const Args&... args) {
  WaveBuiltinCall c;
  c.ins = &kInstructions[Ins];
  int data_slot = 0, flag_slot = 0;
  (absorb<Ins, I>(c, data_slot, flag_slot, args), ...);
  const std::vector<std::uint32_t> d = run_wave_builtin(c);
  std::vector<result_t<Ins>> out(c.ins->wave);
  for (int lane = 0; lane < c.ins->wave; ++lane) out[lane] = from_words<result_t<Ins>>(&d[static_cast<std::size_t>(lane) * c.ins->vgprs_cd]);
  return out;
}

template <std::size_t Ins, class... Args> std::vector<result_t<Ins>> call(const Args&... args) {
  static_assert(sizeof...(Args) == param_count<Ins>, "wrong number of arguments for this builtin");
  static_assert(kInstructions[Ins].family != Family::load_tr, "global_load_tr reads memory: call it inside a SIMT kernel");
  return call<Ins>(std::make_integer_sequence<int, sizeof...(Args)>{}, args...);
}

}  // namespace detail

#define WMMASIM_WAVE_BUILTIN(name)                                                        \
  template <class... Args> auto name(const Args&... args) {                               \
    return detail::call<builtin_types::builtin_index(#name)>(args...);                    \
  }
WMMASIM_FOR_EACH_BUILTIN(WMMASIM_WAVE_BUILTIN)
#undef WMMASIM_WAVE_BUILTIN

}  // namespace wmmasim::wave
