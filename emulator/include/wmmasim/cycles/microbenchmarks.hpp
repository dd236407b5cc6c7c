// The microbenchmark plan of timing.md section 6 as programs: the model predicts them here, and the
// hardware backend runs the same shapes (same waves, SIMDs, instruction order, timer placement) to
// calibrate the parameters. T9 (kernel level) is the tiled GEMM of gemm.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/cycles/model.hpp"

namespace wmmasim::cycles {

// What number a test reports, computed the same way from a prediction or from a hardware run's
// per-wave timer reads (so the two are directly comparable).
enum class Metric : std::uint8_t {
  timed_cycles,         // the longest wave's last-minus-first timer read
  cycles_per_wmma,      // timed cycles / WMMAs issued on the busiest SIMD
  cycles_per_unit,      // timed cycles / `units` (one chain link, one WMMA pair, ...)
};

struct Microbenchmark {
  std::string test;        // "T1"
  std::string name;        // unique, e.g. "T1 wmma_f32_16x16x16_f16_w32_gfx12 waves/simd=2 acc=4"
  std::string decides;     // the parameter or question it calibrates
  Metric metric = Metric::timed_cycles;
  int units = 1;           // divisor for cycles_per_unit
  Program program;
};

// Every test: T0..T8. Wave32 unless the test is T7.
std::vector<Microbenchmark> microbenchmark_plan();
// One test ("T1", case-insensitive); throws UserError naming the known tests otherwise.
std::vector<Microbenchmark> microbenchmark_plan(std::string_view test);

// The benchmark's number from a prediction (or, later, from timer reads of a hardware run).
double metric_value(const Microbenchmark& m, const Prediction& p);

}  // namespace wmmasim::cycles
