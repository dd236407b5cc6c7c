// Where the layout check meets the builtins. Every per-lane front end runs a matrix builtin through
// wmmasim::run_lane_builtin and a global_load_tr through wmmasim::run_lane_load_tr (wave/builtin_call.hpp);
// those call these hooks while a checked launch is in one of its tagged runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <source_location>

#include "wmmasim/layouts/instruction.hpp"

namespace wmmasim::diagnosis {

// One matrix instruction of one wave: each lane's register words per operand (null for absent ones).
struct MatrixCall {
  const Instruction* ins = nullptr;
  int opsel = 0;  // RDNA3 16-bit C/D half; SWMMAC index set
  const std::uint32_t* const* a = nullptr;
  const std::uint32_t* const* b = nullptr;
  const std::uint32_t* const* c = nullptr;
  const std::uint32_t* const* index = nullptr;
  int lanes = 0;
};

namespace detail {
class Checker;
extern std::atomic<Checker*> g_tagging;  // the checker whose tagged run is under way, or null
}  // namespace detail

// True while a tagged run is under way: then the builtins are not computed.
inline bool tagging() { return detail::g_tagging.load(std::memory_order_relaxed) != nullptr; }

// Records the operands and writes tagged D (lane-major, vgprs_cd words per lane) instead of a result.
void observe_matrix(const MatrixCall& call, std::uint32_t* d, std::source_location where);

// Records what each lane fetched (lane-major, vgprs_cd words) and the shuffled result.
void observe_load_tr(const Instruction& ins, const std::uint32_t* fetched, const std::uint32_t* result, int lanes,
                     std::source_location where);

}  // namespace wmmasim::diagnosis
