// One benchmark per builtin of the instruction table (dense and SWMMAC, wave32 and wave64): how many
// instructions compute_d emulates per second with the builtin's default model. Each reports
// ratio_vs_eigen = emulated instructions/s divided by Eigen 16x16xK float GEMMs (D = A*B + C, the
// same FLOPs) per second, measured in the same process just before.
// Plain names use the best kernels of this CPU (simd_paths.hpp); <builtin>/general, /portable and
// /avx2 force the per-element general path (the implementation before the vectorised kernels) and the
// narrower vectorised variants, for comparison in the same run. <builtin>/registers is the whole
// register-level call the SIMT builtins and the wave API make (run_wave_builtin: the lanes' words
// unpacked through the layouts, compute_d, D packed back), same inputs. <builtin>/vs_former_default
// (FP8/BF8 builtins) times the default and the model it replaced in alternating bursts.
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <bit>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/numerics/numerics.hpp"
#include "wmmasim/numerics/simd_paths.hpp"
#include "wmmasim/wave/builtin_call.hpp"
#include "wmmasim/wave/register_file.hpp"

namespace {

using namespace wmmasim;

// Finite random elements of moderate magnitude (what a GEMM sees), in raw bits of their format.
std::uint32_t random_element(Format f, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
  if (f == Format::iu8) return rng() & 0xFFu;
  if (f == Format::iu4) return rng() & 0xFu;
  if (f == Format::i32) return rng() & 0xFFFFu;
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(dist(rng));
  return f == Format::f32 ? bits : convert_from_f32(bits, f);
}

struct Operands {
  std::vector<std::uint32_t> a, b, c, d;
  std::vector<std::uint8_t> index;
};

Operands make_operands(const Instruction& ins, unsigned seed) {
  std::mt19937 rng(seed);
  Operands o;
  const int a_cols = ins.family == Family::swmmac ? ins.k / 2 : ins.k;
  for (int e = 0; e < 16 * a_cols; ++e) o.a.push_back(random_element(ins.a, rng));
  for (int e = 0; e < ins.k * 16; ++e) o.b.push_back(random_element(ins.b, rng));
  for (int e = 0; e < 256; ++e) o.c.push_back(random_element(ins.cd, rng));
  for (int e = 0; e < 16 * ins.k / 4; ++e) o.index.push_back(static_cast<std::uint8_t>(0 | 1 << 2 | (rng() % 2) << 3));
  o.d = o.c;
  return o;
}

// Eigen GEMMs of the instruction's shape per second, timed for about 50 ms.
double eigen_gemms_per_second(int k) {
  Eigen::MatrixXf a = Eigen::MatrixXf::Random(16, k), b = Eigen::MatrixXf::Random(k, 16), c = Eigen::MatrixXf::Random(16, 16);
  Eigen::MatrixXf d(16, 16);
  long n = 0;
  const auto t0 = std::chrono::steady_clock::now();
  double elapsed = 0;
  do {
    for (int r = 0; r < 256; ++r) {
      d.noalias() = a * b;
      d += c;
      benchmark::DoNotOptimize(d.data());
      benchmark::ClobberMemory();
    }
    n += 256;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } while (elapsed < 0.05);
  return static_cast<double>(n) / elapsed;
}

void emulate(benchmark::State& state, const Instruction* ins, SimdPath path) {
  force_simd_path(path);
  const Model& model = default_model(*ins);
  std::vector<Operands> sets;
  for (unsigned s = 0; s < 4; ++s) sets.push_back(make_operands(*ins, s));
  Modifiers mods;
  const double eigen_rate = eigen_gemms_per_second(ins->k);
  std::size_t n = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) {
    Operands& o = sets[n++ % sets.size()];
    compute_d(*ins, o.a.data(), o.b.data(), o.c.data(), o.index.data(), mods, model, o.d.data());
    benchmark::DoNotOptimize(o.d.data());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double rate = static_cast<double>(state.iterations()) / seconds;
  state.counters["instr_per_s"] = rate;
  state.counters["eigen_gemm_per_s"] = eigen_rate;
  state.counters["ratio_vs_eigen"] = rate / eigen_rate;  // < 1: the emulation is slower than Eigen
  state.SetLabel(std::string(model.name) + " " + std::string(simd_path_name(active_simd_path())));
  force_simd_path(SimdPath::automatic);
}

// The FP8/BF8 default (fp8-dot8-quads-hypothesis, numerics.md 7.5) against the model it replaced
// (fp8-dot4-hypothesis; for SWMMAC swmmac-dot4-hypothesis) and the Eigen reference. The two models
// alternate in bursts of 64 instructions inside each iteration (one iteration = 64 of each), so that
// both see the same machine load: us_per_instr and former_us_per_instr are their own bursts' wall time
// per instruction, ratio_vs_former_default = the default's instructions/s over the former default's
// (< 1: the default is slower), ratio_vs_eigen as for the other benchmarks.
void emulate_against_former_default(benchmark::State& state, const Instruction* ins) {
  constexpr int kBurst = 64;
  const Model& model = default_model(*ins);
  const Model& former = *find_model(ins->family == Family::swmmac ? "swmmac-dot4-hypothesis" : "fp8-dot4-hypothesis");
  std::vector<Operands> sets;
  for (unsigned s = 0; s < 4; ++s) sets.push_back(make_operands(*ins, s));
  const double eigen_rate = eigen_gemms_per_second(ins->k);
  const Modifiers mods;
  std::size_t n = 0;
  double seconds[2] = {0, 0};
  for (auto _ : state)
    for (int which = 0; which < 2; ++which) {
      const Model& m = which == 0 ? model : former;
      const auto t0 = std::chrono::steady_clock::now();
      for (int r = 0; r < kBurst; ++r) {
        Operands& o = sets[n++ % sets.size()];
        compute_d(*ins, o.a.data(), o.b.data(), o.c.data(), o.index.data(), mods, m, o.d.data());
        benchmark::DoNotOptimize(o.d.data());
      }
      seconds[which] += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
  const double count = static_cast<double>(state.iterations()) * kBurst;
  const double rate = count / seconds[0], former_rate = count / seconds[1];
  state.counters["us_per_instr"] = 1e6 / rate;
  state.counters["former_us_per_instr"] = 1e6 / former_rate;
  state.counters["ratio_vs_eigen"] = rate / eigen_rate;
  state.counters["ratio_vs_former_default"] = rate / former_rate;
  state.SetLabel(std::string(model.name) + " vs " + std::string(former.name) + " " +
                 std::string(simd_path_name(active_simd_path())));
}

// The same operands as each lane's register words (lane-major, as a wave call holds them).
struct LaneWords {
  std::vector<std::uint32_t> a, b, c, index;
};

LaneWords lane_words(const Instruction& ins, const Operands& o) {
  RegisterFile regs(ins.wave);
  const int at_a = 0, at_b = 16, at_c = 32, at_index = 48;
  write_matrix(ins, Operand::a, o.a, regs, at_a);
  write_matrix(ins, Operand::b, o.b, regs, at_b);
  write_matrix(ins, ins.family == Family::swmmac ? Operand::d : Operand::c, o.c, regs, at_c);
  if (ins.family == Family::swmmac) {  // every index set gets the same fields
    const LinearLayout l = operand_layout(ins, Operand::index);
    std::vector<std::uint32_t> fields(static_cast<std::size_t>(l.rows()) * l.cols() * l.keys());
    for (std::size_t i = 0; i < fields.size(); ++i) fields[i] = o.index[i % o.index.size()];
    write_matrix(ins, Operand::index, fields, regs, at_index);
  }
  LaneWords w;
  const auto take = [&](std::vector<std::uint32_t>& out, int first, int count) {
    for (int lane = 0; lane < ins.wave; ++lane)
      for (int v = 0; v < count; ++v) out.push_back(regs.at(first + v, lane));
  };
  take(w.a, at_a, ins.vgprs_a);
  take(w.b, at_b, ins.vgprs_b);
  take(w.c, at_c, ins.vgprs_cd);
  if (ins.family == Family::swmmac) take(w.index, at_index, 1);
  return w;
}

void emulate_registers(benchmark::State& state, const Instruction* ins) {
  std::vector<LaneWords> sets;
  for (unsigned s = 0; s < 4; ++s) sets.push_back(lane_words(*ins, make_operands(*ins, s)));
  std::vector<WaveBuiltinLanes> calls(sets.size());
  for (std::size_t i = 0; i < sets.size(); ++i) {
    WaveBuiltinLanes& call = calls[i];
    call.ins = ins;
    for (int lane = 0; lane < ins->wave; ++lane) {
      call.a[lane] = sets[i].a.data() + lane * ins->vgprs_a;
      call.b[lane] = sets[i].b.data() + lane * ins->vgprs_b;
      call.c[lane] = sets[i].c.data() + lane * ins->vgprs_cd;
      if (!sets[i].index.empty()) call.index[lane] = sets[i].index.data() + lane;
    }
  }
  std::vector<std::uint32_t> d(static_cast<std::size_t>(ins->wave) * ins->vgprs_cd);
  const double eigen_rate = eigen_gemms_per_second(ins->k);
  std::size_t n = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) {
    run_wave_builtin(calls[n++ % calls.size()], d.data());
    benchmark::DoNotOptimize(d.data());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double rate = static_cast<double>(state.iterations()) / seconds;
  state.counters["instr_per_s"] = rate;
  state.counters["eigen_gemm_per_s"] = eigen_rate;
  state.counters["ratio_vs_eigen"] = rate / eigen_rate;
  state.SetLabel(std::string(builtin_model(*ins).name) + " registers");
}

int register_all() {
  for (const Instruction& ins : kInstructions)
    if (ins.family != Family::load_tr)
      benchmark::RegisterBenchmark(std::string(ins.name).c_str(), emulate, &ins, SimdPath::automatic)
          ->Unit(benchmark::kMicrosecond);
  for (const Instruction& ins : kInstructions)
    if (ins.family != Family::load_tr)
      benchmark::RegisterBenchmark((std::string(ins.name) + "/registers").c_str(), emulate_registers, &ins)
          ->Unit(benchmark::kMicrosecond);
  for (const Instruction& ins : kInstructions)
    if (ins.family != Family::load_tr && (ins.a == Format::fp8 || ins.a == Format::bf8))
      benchmark::RegisterBenchmark((std::string(ins.name) + "/vs_former_default").c_str(), emulate_against_former_default,
                                   &ins)
          ->Unit(benchmark::kMicrosecond);
  for (SimdPath path : {SimdPath::general, SimdPath::portable, SimdPath::avx2}) {
    if (!simd_path_supported(path)) continue;
    for (const Instruction& ins : kInstructions)
      if (ins.family != Family::load_tr)
        benchmark::RegisterBenchmark((std::string(ins.name) + "/" + std::string(simd_path_name(path))).c_str(), emulate,
                                     &ins, path)
            ->Unit(benchmark::kMicrosecond);
  }
  return 0;
}
const int registered = register_all();

}  // namespace

BENCHMARK_MAIN();
