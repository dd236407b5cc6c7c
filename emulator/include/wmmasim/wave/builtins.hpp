// The clang builtins as CPU functions for kernels run by the SIMT runtime: each is a callable object
// named like the builtin (__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c)), typed from the
// table's clang type string, and wave-collective: every lane passes its own fragment and receives its
// own result. Included by wmmasim/kernel.hpp on the CPU side; never on the GPU, where the real
// builtins exist.
#pragma once

#include <array>
#include <cstring>
#include <source_location>
#include <span>
#include <string>

#include "wmmasim/error.hpp"
#include "wmmasim/simt/checked_ptr.hpp"
#include "wmmasim/simt/trace.hpp"
#include "wmmasim/simt/wave_collective.hpp"
#include "wmmasim/wave/builtin_call.hpp"
#include "wmmasim/wave/builtin_list.hpp"

namespace wmmasim::lane_builtins {

using builtin_types::param_count;
using builtin_types::param_t;
using builtin_types::result_t;

// What one lane brings to a matrix builtin: its register words and the constant flags.
struct LaneOperands {
  std::array<std::uint32_t, 8> words[4] = {};  // A, B, C, index
  bool flags[3] = {};                          // a_sign, b_sign, clamp   (or opsel)
  int flag_count = 0;
};
template <class R> struct LaneResult { R value{}; };

// The cycle model needs to know which WMMA consumes which result. Kernel values have no register
// names on the CPU, so a value is identified by its contents across the wave (an FNV-1a hash): a D
// passed on unchanged as the next call's C (or A/B) is recognised; so, in principle, is an
// unrelated value that happens to hold the same bits (docs/simt.md).
inline std::uint64_t value_id(std::span<const std::uint32_t> words) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::uint32_t w : words) h = (h ^ w) * 0x100000001b3ull;
  return h | 1;  // 0 means "unknown" in a trace
}
// The same hash over `words` words of each of `count` lanes, in lane order.
inline std::uint64_t value_id(const std::uint32_t* const* lanes, std::size_t count, int words) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t lane = 0; lane < count; ++lane)
    for (int v = 0; v < words; ++v) h = (h ^ lanes[lane][v]) * 0x100000001b3ull;
  return h | 1;
}

template <class T> void store_words(std::array<std::uint32_t, 8>& dst, const T& v) {
  static_assert(sizeof(T) <= sizeof(dst), "operand larger than 8 VGPRs");
  std::memcpy(dst.data(), &v, sizeof(T));
}

template <std::size_t Ins> struct Matrix {
  static const Instruction& ins() { return kInstructions[Ins]; }

  template <class... P> static result_t<Ins> call(std::source_location where, const P&... args) {
    LaneOperands mine;
    int data = 0;
    auto absorb = [&](const auto& a) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(a)>, bool>) mine.flags[mine.flag_count++] = a;
      else store_words(mine.words[data++], a);
    };
    (absorb(args), ...);
    return simt::wave_collective<LaneOperands, LaneResult<result_t<Ins>>>(
               ins().name.data(), mine,  // table names are string literals: NUL-terminated
               [where](auto in, auto out) { run(in, out, where); }, where)
        .value;
  }

  static void run(simt::LaneValues<const LaneOperands> in, simt::LaneValues<LaneResult<result_t<Ins>>> out,
                  std::source_location where) {
    const Instruction& i = ins();
    if (static_cast<int>(in.size()) != i.wave)
      throw UserError(std::string(i.name) + " needs a wave of " + std::to_string(i.wave) + " lanes, this kernel runs waves of " +
                      std::to_string(in.size()));
    const LaneOperands& first = in[0];
    WaveBuiltinLanes call;
    call.ins = &i;
    for (std::size_t lane = 0; lane < in.size(); ++lane) {
      const LaneOperands& l = in[lane];
      for (int f = 0; f < l.flag_count; ++f)
        if (l.flags[f] != first.flags[f])
          throw UserError(std::string(i.name) + ": constant argument " + std::to_string(f + 1) +
                          " differs between lanes; clang requires a compile-time constant");
      call.a[lane] = l.words[0].data();
      call.b[lane] = l.words[1].data();
      call.c[lane] = l.words[2].data();
      call.index[lane] = l.words[3].data();
    }
    if (i.integer_inputs()) {
      call.a_sign = first.flags[0];
      call.b_sign = first.flags[1];
      call.clamp = first.flags[2];
    } else if (first.flag_count) {
      call.opsel = first.flags[0];
    }
    std::uint32_t d[64 * 8];
    run_lane_builtin(call, d, where);
    const std::size_t words = static_cast<std::size_t>(i.vgprs_cd);
    for (std::size_t lane = 0; lane < out.size(); ++lane) std::memcpy(&out[lane].value, d + lane * words, sizeof(result_t<Ins>));
    if (simt::tracing()) {
      simt::TraceEvent e;
      e.kind = simt::EventKind::wmma;
      e.name = i.name.data();
      e.write = value_id(std::span<const std::uint32_t>(d, words * in.size()));
      const int vgprs[4] = {i.vgprs_a, i.vgprs_b, i.vgprs_cd, i.family == Family::swmmac ? 1 : 0};
      const std::uint32_t* const* lanes[4] = {call.a, call.b, call.c, call.index};
      for (int op = 0; op < 4; ++op)
        if (vgprs[op]) e.reads[op] = value_id(lanes[op], in.size(), vgprs[op]);
      simt::trace_event(e);
    }
  }
};

// Typed entry points by arity (the builtins have 3, 4, 6 or 7 parameters): real parameter types, so
// arguments convert and mismatches fail to compile as they would with clang.
template <std::size_t Ins, int N = param_count<Ins>> struct Builtin;
template <std::size_t Ins> struct Builtin<Ins, 3> {
  result_t<Ins> operator()(param_t<Ins, 0> a, param_t<Ins, 1> b, param_t<Ins, 2> c,
                           std::source_location w = std::source_location::current()) const {
    return Matrix<Ins>::call(w, a, b, c);
  }
};
template <std::size_t Ins> struct Builtin<Ins, 4> {
  result_t<Ins> operator()(param_t<Ins, 0> a, param_t<Ins, 1> b, param_t<Ins, 2> c, param_t<Ins, 3> d,
                           std::source_location w = std::source_location::current()) const {
    return Matrix<Ins>::call(w, a, b, c, d);
  }
};
template <std::size_t Ins> struct Builtin<Ins, 6> {
  result_t<Ins> operator()(param_t<Ins, 0> as, param_t<Ins, 1> a, param_t<Ins, 2> bs, param_t<Ins, 3> b, param_t<Ins, 4> c,
                           param_t<Ins, 5> clamp, std::source_location w = std::source_location::current()) const {
    return Matrix<Ins>::call(w, as, bs, clamp, a, b, c);
  }
};
template <std::size_t Ins> struct Builtin<Ins, 7> {
  result_t<Ins> operator()(param_t<Ins, 0> as, param_t<Ins, 1> a, param_t<Ins, 2> bs, param_t<Ins, 3> b, param_t<Ins, 4> c,
                           param_t<Ins, 5> index, param_t<Ins, 6> clamp,
                           std::source_location w = std::source_location::current()) const {
    return Matrix<Ins>::call(w, as, bs, clamp, a, b, c, index);
  }
};

// global_load_tr after each lane's own read: the wave exchanges what its lanes fetched. Front ends
// differ only in how a lane reads (checked pointer here, plain pointer for plain HIP).
template <std::size_t Ins> result_t<Ins> load_tr_exchange(const result_t<Ins>& fetched_by_me, std::source_location w) {
  using Value = result_t<Ins>;
  const Instruction& i = kInstructions[Ins];
  struct Fetched { std::array<std::uint32_t, 4> words{}; };
  Fetched mine;
  std::memcpy(mine.words.data(), &fetched_by_me, sizeof(Value));
  return simt::wave_collective<Fetched, LaneResult<Value>>(
             i.name.data(), mine,
             [&i, w](simt::LaneValues<const Fetched> in, simt::LaneValues<LaneResult<Value>> out) {
               if (static_cast<int>(in.size()) != i.wave)
                 throw UserError(std::string(i.name) + " needs a wave of " + std::to_string(i.wave) + " lanes");
               const std::size_t words = static_cast<std::size_t>(i.vgprs_cd);
               std::uint32_t fetched[64 * 4], got[64 * 4];
               for (std::size_t lane = 0; lane < in.size(); ++lane)
                 std::memcpy(fetched + lane * words, in[lane].words.data(), words * sizeof(std::uint32_t));
               run_lane_load_tr(i, fetched, got, w);
               for (std::size_t lane = 0; lane < out.size(); ++lane)
                 std::memcpy(&out[lane].value, got + lane * words, sizeof(Value));
               if (simt::tracing()) {
                 simt::TraceEvent e;
                 e.kind = simt::EventKind::global_load;
                 e.name = i.name.data();
                 e.write = value_id(std::span<const std::uint32_t>(got, words * in.size()));
                 e.bytes = static_cast<std::uint32_t>(sizeof(Value));
                 simt::trace_event(e);
               }
             },
             w)
      .value;
}

// global_load_tr: each lane reads its own 64 or 128 bits (bounds-checked), then the wave shuffles.
template <std::size_t Ins> struct Builtin<Ins, 1> {
  using Value = result_t<Ins>;
  Value operator()(simt::checked_ptr<const Value> p, std::source_location w = std::source_location::current()) const {
    // The per-lane read is part of this one load: the trace gets a single event for the wave.
    const bool traced = simt::detail::t_trace_memory;
    simt::detail::t_trace_memory = false;
    const Value v = p.read(w);
    simt::detail::t_trace_memory = traced;
    return load_tr_exchange<Ins>(v, w);
  }
};

}  // namespace wmmasim::lane_builtins

// The names themselves, for kernel.hpp kernels; the plain-HIP front end (wmmasim/hip) defines them
// with clang's argument rules instead and includes this header only for the machinery above.
#ifndef WMMASIM_HIP_FRONT_END
#define WMMASIM_LANE_BUILTIN(name) \
  inline constexpr ::wmmasim::lane_builtins::Builtin<::wmmasim::builtin_types::builtin_index(#name)> __builtin_amdgcn_##name{};
WMMASIM_FOR_EACH_BUILTIN(WMMASIM_LANE_BUILTIN)
#undef WMMASIM_LANE_BUILTIN
#endif
