// The tiled GEMM trace: each workgroup computes one macro tile, looping over K in macro_k steps.
// Every step: global loads of the next A/B slice (prefetched one step ahead, as hipBLASLt's PGR does),
// LDS loads of this step's fragments, the WMMAs, LDS stores of the prefetched slice into the other
// LDS buffer, and one s_barrier. Loop control is a few SALU instructions and two address VALUs.
#include "wmmasim/cycles/gemm.hpp"

#include <algorithm>

#include "wmmasim/cycles/builder.hpp"
#include "wmmasim/cycles/hardware.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/lookup.hpp"

namespace wmmasim::cycles {
namespace {

constexpr int kBytesPerLanePerLoad = 16;  // global_load_b128 / ds_store_b128

struct Shape {
  const Instruction* ins = nullptr;
  int waves_m = 0, waves_n = 0;
  int k_steps = 0;      // instructions along K per macro step
  int iterations = 0;   // macro steps along K
  int slice_bytes = 0;  // A and B bytes of one macro step
  int loads_per_wave = 0;
  int lds_bytes = 0;
};

Shape check(const GemmTileConfig& c) {
  Shape s;
  s.ins = &resolve_instruction(c.builtin);
  const Instruction& ins = *s.ins;
  if (ins.family != Family::wmma) throw UserError("the GEMM prediction needs a dense WMMA builtin, not " + std::string(ins.name));
  auto positive = [](int v, const char* field) {
    if (v <= 0) throw UserError(std::string("GEMM configuration field ") + field + " must be positive, not " + std::to_string(v));
  };
  positive(c.macro_m, "macro_m"), positive(c.macro_n, "macro_n"), positive(c.macro_k, "macro_k");
  positive(c.waves, "waves"), positive(c.wave_tiles_m, "wave_tiles_m"), positive(c.wave_tiles_n, "wave_tiles_n");
  positive(c.k, "k"), positive(c.blocks, "blocks");
  if (c.macro_m % (ins.m * c.wave_tiles_m) != 0 || c.macro_n % (ins.n * c.wave_tiles_n) != 0)
    throw UserError("a " + std::to_string(c.macro_m) + "x" + std::to_string(c.macro_n) + " macro tile is not a whole number of " +
                    std::to_string(ins.m * c.wave_tiles_m) + "x" + std::to_string(ins.n * c.wave_tiles_n) + " wave tiles");
  s.waves_m = c.macro_m / (ins.m * c.wave_tiles_m);
  s.waves_n = c.macro_n / (ins.n * c.wave_tiles_n);
  if (s.waves_m * s.waves_n != c.waves)
    throw UserError("the macro tile holds " + std::to_string(s.waves_m * s.waves_n) + " wave tiles but the workgroup has " +
                    std::to_string(c.waves) + " waves; set waves to " + std::to_string(s.waves_m * s.waves_n));
  if (c.waves % kSimdsPerCu != 0)
    throw UserError("waves must be a multiple of " + std::to_string(kSimdsPerCu) + " so that both SIMDs of the CU get the same share");
  if (c.macro_k % ins.k != 0)
    throw UserError("macro_k " + std::to_string(c.macro_k) + " is not a multiple of the instruction's K " + std::to_string(ins.k));
  if (c.k % c.macro_k != 0)
    throw UserError("k " + std::to_string(c.k) + " is not a multiple of macro_k " + std::to_string(c.macro_k));
  s.k_steps = c.macro_k / ins.k;
  s.iterations = c.k / c.macro_k;
  s.slice_bytes = (c.macro_m * format_bits(ins.a) + c.macro_n * format_bits(ins.b)) * c.macro_k / 8;
  const int per_wave = s.slice_bytes / c.waves;
  const int load_bytes = kBytesPerLanePerLoad * ins.wave;
  s.loads_per_wave = (per_wave + load_bytes - 1) / load_bytes;
  s.lds_bytes = s.slice_bytes * (c.prefetch ? 2 : 1);
  return s;
}

struct WaveRegisters {
  std::vector<VgprRange> staging, a, b, acc;  // a/b: [k_step * tiles + tile]
  VgprRange address;
};

WaveRegisters allocate(WaveBuilder& w, const GemmTileConfig& c, const Shape& s) {
  WaveRegisters r;
  const Instruction& ins = *s.ins;
  for (int i = 0; i < c.wave_tiles_m * c.wave_tiles_n; ++i) r.acc.push_back(w.alloc(ins.vgprs_cd));
  for (int i = 0; i < s.k_steps * c.wave_tiles_m; ++i) r.a.push_back(w.alloc(ins.vgprs_a));
  for (int i = 0; i < s.k_steps * c.wave_tiles_n; ++i) r.b.push_back(w.alloc(ins.vgprs_b));
  for (int i = 0; i < s.loads_per_wave; ++i) r.staging.push_back(w.alloc(kBytesPerLanePerLoad / 4));
  r.address = w.alloc(2);
  return r;
}

void load_global_slice(WaveBuilder& w, const WaveRegisters& r, int wave_size) {
  w.valu({r.address.slice(0)}, {r.address.slice(0)}, "v_add_nc_u32");
  for (VgprRange s : r.staging) w.global_load(s, kBytesPerLanePerLoad * wave_size);
}

void store_slice_to_lds(WaveBuilder& w, const WaveRegisters& r, int wave_size) {
  w.valu({r.address.slice(1)}, {r.address.slice(1)}, "v_add_nc_u32");
  for (VgprRange s : r.staging) w.lds_store(s, kBytesPerLanePerLoad * wave_size);
}

void compute_step(WaveBuilder& w, const GemmTileConfig& c, const Shape& s, const WaveRegisters& r) {
  const Instruction& ins = *s.ins;
  const unsigned lane_bytes = 4u * ins.wave;
  for (VgprRange a : r.a) w.lds_load(a, a.count * lane_bytes);
  for (VgprRange b : r.b) w.lds_load(b, b.count * lane_bytes);
  for (int ks = 0; ks < s.k_steps; ++ks)
    for (int i = 0; i < c.wave_tiles_m; ++i)
      for (int j = 0; j < c.wave_tiles_n; ++j) {
        const VgprRange acc = r.acc[i * c.wave_tiles_n + j];
        w.wmma(ins, acc, r.a[ks * c.wave_tiles_m + i], r.b[ks * c.wave_tiles_n + j], acc);
      }
}

void loop_control(WaveBuilder& w) {
  w.salu("s_add_u32").salu("s_cmp_lt_u32").salu("s_cbranch_scc1");
}

}  // namespace

Program tiled_gemm_program(const GemmTileConfig& c) {
  const Shape s = check(c);
  const Instruction& ins = *s.ins;
  ProgramBuilder p("tiled GEMM " + std::to_string(c.macro_m) + "x" + std::to_string(c.macro_n) + "x" + std::to_string(c.macro_k) +
                   ", " + std::to_string(c.waves) + " waves of " + std::to_string(c.wave_tiles_m) + "x" +
                   std::to_string(c.wave_tiles_n) + " " + std::string(ins.name) + ", K=" + std::to_string(c.k));
  for (int block = 0; block < c.blocks; ++block)
    for (int wi = 0; wi < c.waves; ++wi) {
      WaveBuilder& w = p.wave({.simd = wi % kSimdsPerCu, .block = block, .wave_size = ins.wave});
      w.trace().lds_bytes = s.lds_bytes;
      const WaveRegisters r = allocate(w, c, s);
      load_global_slice(w, r, ins.wave);
      store_slice_to_lds(w, r, ins.wave);
      w.barrier();
      for (int it = 0; it < s.iterations; ++it) {
        const bool more = it + 1 < s.iterations;
        if (c.prefetch && more) load_global_slice(w, r, ins.wave);
        compute_step(w, c, s, r);
        if (more) {
          if (c.prefetch) {
            store_slice_to_lds(w, r, ins.wave);
          } else {
            w.barrier();  // everyone has read the single LDS buffer before it is overwritten
            load_global_slice(w, r, ins.wave);
            store_slice_to_lds(w, r, ins.wave);
          }
        }
        loop_control(w);
        if (more) w.barrier();
      }
      for (VgprRange acc : r.acc) w.global_store(acc, acc.count * 4u * ins.wave);
    }
  return p.take();
}

GemmPrediction predict_tiled_gemm(const GemmTileConfig& config, const Parameters& parameters) {
  const Shape s = check(config);
  GemmPrediction g;
  g.config = config;
  g.program = tiled_gemm_program(config);
  g.prediction = simulate(g.program, parameters);
  g.vgprs_per_wave = g.program.waves.front().vgprs_used();
  g.lds_bytes_per_block = s.lds_bytes;
  const int by_vgprs = waves_per_simd(g.vgprs_per_wave, s.ins->wave) / (config.waves / kSimdsPerCu);
  const int by_lds = kLdsBytesPerCu / s.lds_bytes;
  g.resident_blocks = std::min({by_vgprs, by_lds, config.blocks});
  g.flop_per_clk_per_cu = double(g.prediction.ops()) / double(g.prediction.kernel_cycles);
  g.peak_flop_per_clk_per_cu = double(kSimdsPerCu) * s.ins->ops() / parameters.occupancy(*s.ins);
  return g;
}

}  // namespace wmmasim::cycles
