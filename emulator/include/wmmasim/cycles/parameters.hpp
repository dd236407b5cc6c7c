// Every latency and rate the cycle model uses, with its default, its public source and a confidence
// mark (timing.md 4.1). No RDNA4 WMMA latency has been measured publicly, so most of these are
// guesses waiting for the microbenchmarks; a calibration JSON replaces them without rebuilding.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"

namespace wmmasim::cycles {

// A latency that timing.md expresses relative to the WMMA occupancy P ("P/2"):
// cycles = fixed + per_p * P, rounded down. A plain number in a calibration file sets fixed, per_p = 0.
struct LatencyRule {
  int fixed = 0;
  double per_p = 0.0;
  int cycles(int p) const { return fixed + static_cast<int>(per_p * p); }
  bool operator==(const LatencyRule&) const = default;
};
std::string to_string(const LatencyRule& r);  // "8", "P/2", "P/2 + 3", "0.75*P"

struct Parameters {
  // WMMA/SWMMAC issue.
  std::map<std::string, int, std::less<>> p_override;  // builtin name -> VALU-port cycles (T1)
  int k64 = 1;                       // wave64 multiplier on P (T7)
  bool coexec = false;               // may ordinary VALU issue while a WMMA holds the port (T5)
  // WMMA result latencies, counted from the end of P (T2, T3, T8, T4).
  int b_acc = 0;
  LatencyRule l_ab{0, 0.5};
  std::optional<LatencyRule> l_idx;  // unset: same as l_ab
  LatencyRule l_valu{0, 0.5};
  // Ordinary VALU.
  int l_v = 5;
  int valu_cycles_wave64 = 2;        // VALU-port cycles of one wave64 VALU instruction
  // Timer, memory, synchronisation (coarse).
  int l_sgetreg = 8;
  int lds_load_latency = 31;
  int lds_store_latency = 33;
  int lds_bytes_per_clk_per_cu = 128;
  int global_load_latency = 300;
  int global_store_latency = 300;
  int global_bytes_per_clk_per_cu = 64;
  int barrier_latency = 8;
  int dispatch_ramp = 0;
  std::optional<double> f_sclk_mhz;  // only converts cycles to seconds in reports

  // Where the values came from: "defaults", or the calibration file's path (and its "device").
  std::string origin = "defaults";

  // VALU-port occupancy of one WMMA/SWMMAC: the table's issue cycles (or its calibrated value),
  // times k64 for wave64.
  int occupancy(const Instruction& ins) const;
  int l_idx_cycles(int p) const { return (l_idx ? *l_idx : l_ab).cycles(p); }
  bool is_default() const { return origin == "defaults"; }
};

// One row of the parameter table (docs, `wmmasim cycles --parameters`, calibration key check).
struct ParameterInfo {
  std::string_view key;          // the calibration-file key
  std::string_view meaning;
  std::string_view default_text;
  std::string_view confidence;   // H, M or L, as in timing.md
  std::string_view source;
  std::string_view calibrated_by;
};
const std::vector<ParameterInfo>& parameter_table();

// The current value of a parameter, as text (for reports).
std::string parameter_value(const Parameters& p, std::string_view key);

// Reads a calibration file; every key present replaces the default. Throws UserError with one
// sentence naming the file and the key for unknown keys, wrong types or out-of-range values.
Parameters load_calibration(const std::string& path);
// The same from JSON text; `origin` names it in messages and reports.
Parameters parse_calibration(std::string_view json_text, const std::string& origin);

}  // namespace wmmasim::cycles
