// A predicted tiled GEMM: one CU running workgroups of the macro-tile kernel shape hipBLASLt uses on
// gfx1201 (MT128x128x32, 4 waves, 4x4 WMMA tiles per wave; timing.md 7.2), built as a trace and timed
// by the model. Global and LDS traffic are modelled coarsely (parameters.hpp), so the result is an
// estimate of the compute-side ceiling, not of DRAM behaviour.
#pragma once

#include <string>

#include "wmmasim/cycles/model.hpp"

namespace wmmasim::cycles {

struct GemmTileConfig {
  std::string builtin = "wmma_f32_16x16x16_f16_w32_gfx12";
  int macro_m = 128, macro_n = 128, macro_k = 32;
  int waves = 4;                        // per workgroup, laid out waves_m x waves_n over the macro tile
  int wave_tiles_m = 4, wave_tiles_n = 4;  // WMMA tiles per wave
  int k = 4096;                         // GEMM K: the kernel loops k / macro_k times
  int blocks = 4;                       // workgroups run on the CU, one after another as slots free
  bool prefetch = true;                 // global loads of step i+1 issue before the WMMAs of step i
};

struct GemmPrediction {
  GemmTileConfig config;
  Program program;
  Prediction prediction;
  int vgprs_per_wave = 0;
  int lds_bytes_per_block = 0;
  int resident_blocks = 0;              // workgroups on the CU at once (VGPR and LDS limits)
  double flop_per_clk_per_cu = 0;
  double peak_flop_per_clk_per_cu = 0;  // 2 SIMDs x ops / P
  double fraction_of_peak() const { return flop_per_clk_per_cu / peak_flop_per_clk_per_cu; }
};

// Throws UserError when the configuration does not tile (the waves do not cover the macro tile, K
// is not a multiple of macro_k, ...), naming the offending field.
Program tiled_gemm_program(const GemmTileConfig& config);
GemmPrediction predict_tiled_gemm(const GemmTileConfig& config, const Parameters& parameters = {});

}  // namespace wmmasim::cycles
