// The cross-lane builtins other than DPP: readlane/readfirstlane, ds_permute/ds_bpermute,
// ds_swizzle, permlane16/permlanex16 (and gfx12's _var forms), permlane64, the ballots and
// comparisons that return a lane mask, read_exec, and wave_barrier. Each is a wave collective; lane
// maps follow the RDNA4 ISA guide's pseudocode (RDNA3's where the two differ, said at the function).
#pragma once

#include <cmath>
#include <cstdint>
#include <source_location>

#include "wmmasim/hip/detail/amdgcn_lane_exchange.hpp"
#include "wmmasim/hip/detail/amdgcn_support.hpp"

namespace wmmasim::hip::detail::amdgcn {

// ---- lane maps --------------------------------------------------------------------------------

// DS_PERMUTE/DS_BPERMUTE: the lane an address names is address / 4, high bits ignored. RDNA4 takes it
// modulo the wave size; RDNA3 "modulo 32 regardless of wave size": a wave64 executes as two halves,
// each exchanging within itself (AMD's LLPC emulates a wave64 shuffle on gfx11 with v_permlane64
// plus two ds_bpermute for that reason), so on gfx11 a wave64 lane addresses its own half.
constexpr int permute_lane(std::uint32_t address, int lane, int wave, bool gfx12) {
  const int named = static_cast<int>(address >> 2);
  if (gfx12 || wave == 32) return named & (wave - 1);
  return (named & 31) | (lane & 32);
}

// DS_SWIZZLE_B32 (offset = the 16-bit pattern): the lane that `lane` reads, or -1 for none (0).
constexpr int swizzle_source(std::uint32_t offset, int lane, int wave) {
  int j;
  if (offset >= 0xE000) {  // FFT: bit-reversed lane, shifted by the ones of the mask, OR-ed with them
    const int mask = static_cast<int>(offset & 0x1F);
    int r = 0;
    for (int b = 0; b < 5; ++b) r |= ((lane >> b) & 1) << (4 - b);
    j = (r >> __builtin_popcount(static_cast<unsigned>(mask))) | (lane & mask) | (lane & 0x20);
  } else if (offset >= 0xC000) {  // rotate the lanes outside the mask by offset[9:5], left if offset[10]
    const int mask = static_cast<int>(offset & 0x1F);
    int rotate = static_cast<int>(offset >> 5 & 0x1F);
    if (offset & 0x400) rotate = -rotate;
    j = ((lane & mask) | ((lane + rotate) & ~mask & 0x1F)) | (lane & 0x20);
  } else if (offset & 0x8000) {  // quad permute: lane 4q+i reads 4q + offset[2i+1:2i]
    j = (lane & ~3) | static_cast<int>(offset >> (2 * (lane & 3)) & 3);
  } else {  // bit masks within 32 lanes: ((lane & and) | or) ^ xor
    const int and_mask = static_cast<int>(offset & 0x1F), or_mask = static_cast<int>(offset >> 5 & 0x1F),
              xor_mask = static_cast<int>(offset >> 10 & 0x1F);
    j = ((((lane & 0x1F) & and_mask) | or_mask) ^ xor_mask) | (lane & 0x20);
  }
  return j < wave ? j : -1;
}

// V_PERMLANE16_B32 / V_PERMLANEX16_B32: lane i of a row reads lane sel[4i+3:4i] of its own row or
// (x16) of the other row of its pair (rows 0<->1, 2<->3); sel = {src2, src1}.
constexpr int permlane16_source(std::uint64_t sel, int lane, bool cross) {
  const int row = (lane >> 4) ^ (cross ? 1 : 0);
  return row * 16 + static_cast<int>(sel >> (4 * (lane & 15)) & 0xF);
}

// ---- collectives ------------------------------------------------------------------------------

inline int readlane(const char* builtin, int value, int lane_index, bool first, std::source_location where) {
  return static_cast<int>(exchange(
      builtin, LaneWord{static_cast<std::uint32_t>(value), static_cast<std::uint32_t>(lane_index), 0},
      [first](LaneWords in, LaneResults out) {
        // The lane operand is an SGPR: the compiler makes it uniform with v_readfirstlane, so the
        // first lane's index counts; only its low 5 (wave32) or 6 (wave64) bits select.
        const std::uint32_t source = first ? 0u : in[0].operand & static_cast<std::uint32_t>(in.size() - 1);
        for (auto& o : out) o = in[source].value;
      },
      where, false));
}

inline std::uint32_t permute(const char* builtin, std::uint32_t address, std::uint32_t value, bool push,
                             std::source_location where) {
  return exchange(
      builtin, LaneWord{value, address, 0},
      [push](LaneWords in, LaneResults out) {
        const int n = static_cast<int>(in.size());
        for (auto& o : out) o = 0;  // DS_PERMUTE: a lane no source names receives 0
        for (int lane = 0; lane < n; ++lane) {
          const int other = permute_lane(in[lane].operand, lane, n, kGfx12);
          if (push) out[other] = in[lane].value;  // ascending: the highest source lane wins
          else out[lane] = in[other].value;
        }
      },
      where, false);
}

inline std::uint32_t permlane16(const char* builtin, std::uint32_t value, std::uint64_t sel, bool cross,
                                std::source_location where) {
  return exchange(
      builtin, LaneWord{value, 0, sel},
      [cross](LaneWords in, LaneResults out) {
        // src1/src2 are SGPRs: the first lane's selects count (the compiler's v_readfirstlane).
        const std::uint64_t s = in[0].control;
        for (std::size_t lane = 0; lane < in.size(); ++lane)
          out[lane] = in[permlane16_source(s, static_cast<int>(lane), cross)].value;
      },
      where, false);
}

inline std::uint32_t permlane16_var(const char* builtin, std::uint32_t value, std::uint32_t sel, bool cross,
                                    std::source_location where) {
  return exchange(
      builtin, LaneWord{value, sel, 0},
      [cross](LaneWords in, LaneResults out) {
        for (std::size_t lane = 0; lane < in.size(); ++lane) {
          const int row = (static_cast<int>(lane) >> 4) ^ (cross ? 1 : 0);
          out[lane] = in[row * 16 + static_cast<int>(in[lane].operand & 0xF)].value;
        }
      },
      where, false);
}

// One bit per lane whose predicate holds (lane 0 in bit 0).
inline std::uint64_t lane_mask(const char* builtin, bool predicate, std::source_location where) {
  return simt::wave_collective<bool, std::uint64_t>(
      builtin, predicate,
      [](simt::LaneValues<const bool> in, simt::LaneValues<std::uint64_t> out) {
        std::uint64_t mask = 0;
        for (std::size_t lane = 0; lane < in.size(); ++lane)
          if (in[lane]) mask |= std::uint64_t{1} << lane;
        for (auto& o : out) o = mask;
      },
      where);
}

// LLVM's comparison predicates, which __builtin_amdgcn_[us]icmp[l] and fcmp[f] take (CmpInst).
inline constexpr bool is_icmp_predicate(int p) { return p >= 32 && p <= 41; }
inline constexpr bool is_fcmp_predicate(int p) { return p >= 0 && p <= 15; }

template <class T> constexpr bool icmp(int p, T a, T b) {
  using U = std::make_unsigned_t<T>;
  using S = std::make_signed_t<T>;
  const U ua = static_cast<U>(a), ub = static_cast<U>(b);
  const S sa = static_cast<S>(a), sb = static_cast<S>(b);
  switch (p) {
    case 32: return ua == ub;
    case 33: return ua != ub;
    case 34: return ua > ub;
    case 35: return ua >= ub;
    case 36: return ua < ub;
    case 37: return ua <= ub;
    case 38: return sa > sb;
    case 39: return sa >= sb;
    case 40: return sa < sb;
    default: return sa <= sb;
  }
}

// Bits of the FCmp predicate: 1 = equal, 2 = greater, 4 = less, 8 = unordered (FCMP_OEQ = 1 ...
// FCMP_UNE = 14, FCMP_TRUE = 15).
template <class T> bool fcmp(int p, T a, T b) {
  const int relation = std::isnan(a) || std::isnan(b) ? 8 : a == b ? 1 : a > b ? 2 : 4;
  return (p & relation) != 0;
}

}  // namespace wmmasim::hip::detail::amdgcn

// ---- the builtins -------------------------------------------------------------------------------

inline int __builtin_amdgcn_readfirstlane(int value, std::source_location where = std::source_location::current()) {
  return ::wmmasim::hip::detail::amdgcn::readlane("__builtin_amdgcn_readfirstlane", value, 0, true, where);
}
inline int __builtin_amdgcn_readlane(int value, int lane, std::source_location where = std::source_location::current()) {
  return ::wmmasim::hip::detail::amdgcn::readlane("__builtin_amdgcn_readlane", value, lane, false, where);
}
inline int __builtin_amdgcn_ds_bpermute(int address, int value,
                                        std::source_location where = std::source_location::current()) {
  return static_cast<int>(::wmmasim::hip::detail::amdgcn::permute("__builtin_amdgcn_ds_bpermute",
                                                                   static_cast<std::uint32_t>(address),
                                                                   static_cast<std::uint32_t>(value), false, where));
}
inline int __builtin_amdgcn_ds_permute(int address, int value,
                                       std::source_location where = std::source_location::current()) {
  return static_cast<int>(::wmmasim::hip::detail::amdgcn::permute("__builtin_amdgcn_ds_permute",
                                                                   static_cast<std::uint32_t>(address),
                                                                   static_cast<std::uint32_t>(value), true, where));
}

inline int __builtin_amdgcn_ds_swizzle(int value, int pattern, std::source_location where = std::source_location::current())
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_ds_swizzle", pattern) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  // The pattern is the instruction's 16-bit offset field (clang keeps its low 16 bits).
  return static_cast<int>(exchange(
      "__builtin_amdgcn_ds_swizzle", LaneWord{static_cast<std::uint32_t>(value), 0, static_cast<std::uint32_t>(pattern) & 0xFFFFu},
      [](LaneWords in, LaneResults out) {
        const auto offset = static_cast<std::uint32_t>(in[0].control);
        const int n = static_cast<int>(in.size());
        for (int lane = 0; lane < n; ++lane) {
          const int j = swizzle_source(offset, lane, n);
          out[lane] = j < 0 ? 0u : in[j].value;
        }
      },
      where));
}

// old, fi and bound_ctrl only decide what inactive lanes read or keep; a CPU wave has none.
inline unsigned __builtin_amdgcn_permlane16(unsigned old, unsigned src0, unsigned src1, unsigned src2, bool fi,
                                            bool bound_ctrl, std::source_location where = std::source_location::current())
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_permlane16", fi) WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_permlane16", bound_ctrl) {
  (void)old;
  return ::wmmasim::hip::detail::amdgcn::permlane16("__builtin_amdgcn_permlane16", src0,
                                                    std::uint64_t{src2} << 32 | src1, false, where);
}
inline unsigned __builtin_amdgcn_permlanex16(unsigned old, unsigned src0, unsigned src1, unsigned src2, bool fi,
                                             bool bound_ctrl, std::source_location where = std::source_location::current())
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_permlanex16", fi)
        WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_permlanex16", bound_ctrl) {
  (void)old;
  return ::wmmasim::hip::detail::amdgcn::permlane16("__builtin_amdgcn_permlanex16", src0,
                                                    std::uint64_t{src2} << 32 | src1, true, where);
}

#if !defined(__GFX11__)
inline unsigned __builtin_amdgcn_permlane16_var(unsigned old, unsigned src0, unsigned src1, bool fi, bool bound_ctrl,
                                                std::source_location where = std::source_location::current())
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_permlane16_var", fi)
        WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_permlane16_var", bound_ctrl) {
  (void)old;
  return ::wmmasim::hip::detail::amdgcn::permlane16_var("__builtin_amdgcn_permlane16_var", src0, src1, false, where);
}
inline unsigned __builtin_amdgcn_permlanex16_var(unsigned old, unsigned src0, unsigned src1, bool fi, bool bound_ctrl,
                                                 std::source_location where = std::source_location::current())
    WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_permlanex16_var", fi)
        WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_permlanex16_var", bound_ctrl) {
  (void)old;
  return ::wmmasim::hip::detail::amdgcn::permlane16_var("__builtin_amdgcn_permlanex16_var", src0, src1, true, where);
}
#endif

// V_PERMLANE64_B32 swaps the halves of a wave64; in wave32 it is a no-op (the value comes back).
inline unsigned __builtin_amdgcn_permlane64(unsigned src, std::source_location where = std::source_location::current()) {
  using namespace ::wmmasim::hip::detail::amdgcn;
  return exchange(
      "__builtin_amdgcn_permlane64", LaneWord{src, 0, 0},
      [](LaneWords in, LaneResults out) {
        const std::size_t n = in.size();
        for (std::size_t lane = 0; lane < n; ++lane) out[lane] = n == 64 ? in[lane ^ 32].value : in[lane].value;
      },
      where);
}

#if __AMDGCN_WAVEFRONT_SIZE != 64
inline unsigned __builtin_amdgcn_ballot_w32(bool predicate, std::source_location where = std::source_location::current()) {
  return static_cast<unsigned>(::wmmasim::hip::detail::amdgcn::lane_mask("__builtin_amdgcn_ballot_w32", predicate, where));
}
#endif
inline unsigned long __builtin_amdgcn_ballot_w64(bool predicate,
                                                 std::source_location where = std::source_location::current()) {
  return ::wmmasim::hip::detail::amdgcn::lane_mask("__builtin_amdgcn_ballot_w64", predicate, where);
}

// EXEC: every lane of a CPU wave is active at a wave function, so this is the mask of the wave's lanes.
inline unsigned long __builtin_amdgcn_read_exec(std::source_location where = std::source_location::current()) {
  return ::wmmasim::hip::detail::amdgcn::lane_mask("__builtin_amdgcn_read_exec", true, where);
}
inline unsigned __builtin_amdgcn_read_exec_lo(std::source_location where = std::source_location::current()) {
  return static_cast<unsigned>(::wmmasim::hip::detail::amdgcn::lane_mask("__builtin_amdgcn_read_exec_lo", true, where));
}
inline unsigned __builtin_amdgcn_read_exec_hi(std::source_location where = std::source_location::current()) {
  return static_cast<unsigned>(::wmmasim::hip::detail::amdgcn::lane_mask("__builtin_amdgcn_read_exec_hi", true, where) >> 32);
}

#define WMMASIM_AMDGCN_ICMP(name, T)                                                                               \
  inline unsigned long __builtin_amdgcn_##name(T a, T b, int predicate,                                            \
                                               std::source_location where = std::source_location::current())       \
      WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_" #name, predicate) __attribute__((diagnose_if(                    \
          !::wmmasim::hip::detail::amdgcn::is_icmp_predicate(predicate),                                           \
          "'__builtin_amdgcn_" #name "' takes an integer comparison predicate (LLVM's CmpInst 32-41, ICMP_EQ to "  \
          "ICMP_SLE); on the GPU another value gives an undefined mask",                                           \
          "error"))) {                                                                                             \
    return ::wmmasim::hip::detail::amdgcn::lane_mask(                                                             \
        "__builtin_amdgcn_" #name, ::wmmasim::hip::detail::amdgcn::icmp(predicate, a, b), where);                  \
  }
WMMASIM_AMDGCN_ICMP(uicmp, unsigned)
WMMASIM_AMDGCN_ICMP(uicmpl, unsigned long)
WMMASIM_AMDGCN_ICMP(sicmp, int)
WMMASIM_AMDGCN_ICMP(sicmpl, long)
#undef WMMASIM_AMDGCN_ICMP

#define WMMASIM_AMDGCN_FCMP(name, T)                                                                              \
  inline unsigned long __builtin_amdgcn_##name(T a, T b, int predicate,                                           \
                                               std::source_location where = std::source_location::current())      \
      WMMASIM_AMDGCN_CONSTANT("__builtin_amdgcn_" #name, predicate) __attribute__((diagnose_if(                   \
          !::wmmasim::hip::detail::amdgcn::is_fcmp_predicate(predicate),                                          \
          "'__builtin_amdgcn_" #name "' takes a floating-point comparison predicate (LLVM's CmpInst 0-15, "       \
          "FCMP_FALSE to FCMP_TRUE); on the GPU another value gives an undefined mask",                           \
          "error"))) {                                                                                            \
    return ::wmmasim::hip::detail::amdgcn::lane_mask(                                                            \
        "__builtin_amdgcn_" #name, ::wmmasim::hip::detail::amdgcn::fcmp(predicate, a, b), where);                 \
  }
WMMASIM_AMDGCN_FCMP(fcmp, double)
WMMASIM_AMDGCN_FCMP(fcmpf, float)
#undef WMMASIM_AMDGCN_FCMP

// A rendezvous of the wave's lanes. On the GPU the lanes run in lockstep and the builtin only stops
// the compiler from moving memory operations across it; on the CPU lanes run one at a time, so every
// lane must reach it before any goes on, which is what makes an intra-wave LDS exchange correct here.
inline void __builtin_amdgcn_wave_barrier(std::source_location where = std::source_location::current()) {
  (void)::wmmasim::simt::wave_collective<char, char>(
      "__builtin_amdgcn_wave_barrier", char{}, [](::wmmasim::simt::LaneValues<const char>, ::wmmasim::simt::LaneValues<char>) {},
      where);
}
