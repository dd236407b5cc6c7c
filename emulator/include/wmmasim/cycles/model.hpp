// The cycle-approximate model (timing.md 4.2): every SIMD issues from its waves in order, one
// instruction per port per cycle, least-recently-issued wave first; WMMAs hold the VALU port for P
// cycles; results become ready after role-dependent latencies; LDS, global memory, barriers and timer
// reads are coarse. The model is not hardware-qualified: model_name() says so in every report.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "wmmasim/cycles/hazards.hpp"
#include "wmmasim/cycles/parameters.hpp"
#include "wmmasim/cycles/trace.hpp"

namespace wmmasim::cycles {

using Cycle = std::int64_t;

// Why a wave did not issue in a cycle: the constraint that was satisfied last.
enum class StallCause : std::uint8_t {
  wmma_to_c,       // waiting for a WMMA result used as the next C (accumulation chain, b_acc)
  wmma_to_ab,      // waiting for a WMMA result used as A or B (L_ab)
  wmma_to_index,   // waiting for a WMMA result used as a SWMMAC index (L_idx)
  wmma_to_valu,    // a VALU/memory access of a WMMA result (L_valu)
  valu_result,     // waiting for an ordinary VALU result (L_v)
  lds_data,        // waiting for LDS data, or for the wave's LDS stores before a barrier
  global_data,     // waiting for global-memory data
  valu_port_busy,  // the SIMD's VALU port is held by a WMMA (or a wave64 VALU)
  arbitration,     // ready, but another wave won the port this cycle
  barrier,         // waiting for the rest of the workgroup at s_barrier
  timer,           // the shader-cycle read has not returned yet (L_sgetreg)
  count_
};
inline constexpr std::size_t kStallCauseCount = static_cast<std::size_t>(StallCause::count_);
std::string_view stall_name(StallCause c);
using StallCounts = std::array<Cycle, kStallCauseCount>;

// One issued instruction, for timelines.
struct IssueRecord {
  Cycle issue;
  Cycle port_busy;      // cycles it held its port (P for a WMMA)
  std::uint32_t index;  // position in the wave's trace
};

struct WaveResult {
  int wave_id = 0, simd = 0, block = 0, wave_size = 32;
  Cycle launch = 0;         // when the wave got its slot
  Cycle end = 0;            // when its last result was ready
  Cycle wmma_count = 0;
  std::uint64_t ops = 0;    // matrix ops (2*M*N*K per WMMA)
  StallCounts stalls{};
  std::vector<Cycle> timer_reads;  // the counter value of every timer event, in order
  std::vector<IssueRecord> issues;

  Cycle cycles() const { return end - launch; }
  // What a hardware run measures: last timer read minus first (0 with fewer than two reads).
  Cycle timed_cycles() const;
};

struct SimdResult {
  int simd = 0;
  int waves = 0;
  Cycle end = 0;                  // last result of its last wave
  Cycle wmma_busy = 0;            // cycles the VALU port held a WMMA
  Cycle valu_busy = 0;            // cycles it held an ordinary VALU instruction
  std::uint64_t ops = 0;
  Cycle wmma_first = -1, wmma_last_release = -1;  // first WMMA issue, last WMMA port release
  double utilization() const;     // wmma_busy / end
  double flop_per_clk() const;    // ops / end
  // ops over [first WMMA issue, last WMMA release): the rate microbenchmark T1 measures.
  double sustained_flop_per_clk() const;
};

struct Prediction {
  std::string program;
  std::string model;     // model_name(parameters)
  Parameters parameters;
  Cycle kernel_cycles = 0;
  std::vector<WaveResult> waves;
  std::vector<SimdResult> simds;
  std::vector<Hazard> hazards;
  StallCounts stalls{};  // summed over waves

  std::uint64_t ops() const;
  const WaveResult& wave(int wave_id) const;
  const SimdResult& simd(int simd_id) const;
};

// "wmmasim-cycles-v1 (uncalibrated defaults, not hardware-qualified)" or "(calibrated: <origin>, ...)".
std::string model_name(const Parameters& p);

struct SimulationOptions {
  bool strict = false;  // WH1/WH2 throw UserError instead of being reported as warnings
};

// Runs the model. Throws UserError for traces it cannot time (a wave that alone does not fit on its
// SIMD, a wave64 matrix instruction in a wave32 trace, a barrier some wave of the block never reaches).
Prediction simulate(const Program& program, const Parameters& parameters = {}, SimulationOptions options = {});

}  // namespace wmmasim::cycles
