// `wmmasim cycles`: predictions of the cycle model for the microbenchmark plan, one benchmark in full
// (text/JSON report, SVG timeline), the tiled GEMM, and the parameter table.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "command.hpp"
#include "wmmasim/cycles/gemm.hpp"
#include "wmmasim/cycles/microbenchmarks.hpp"
#include "wmmasim/cycles/report.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/files/atomic_file.hpp"

namespace wmmasim::cli {
namespace {

using namespace wmmasim::cycles;

struct CyclesArgs {
  std::string plan, bench, calibration, svg, format = "text";
  bool gemm = false, parameters = false, strict = false, no_prefetch = false;
  int simd = 0;
  long long from = 0, to = -1;
  std::string macro_tile = "128x128x32", wave_tiles = "4x4";
  GemmTileConfig config;
};

Parameters parameters_of(const CyclesArgs& a) { return a.calibration.empty() ? Parameters{} : load_calibration(a.calibration); }

// "128x128x32" -> {128, 128, 32}; `count` numbers expected.
std::vector<int> dimensions(const std::string& text, std::size_t count, const char* option) {
  std::vector<int> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t x = text.find('x', start);
    const std::string part = text.substr(start, x == std::string::npos ? std::string::npos : x - start);
    try {
      std::size_t used = 0;
      out.push_back(std::stoi(part, &used));
      if (used != part.size()) throw std::invalid_argument(part);
    } catch (const std::exception&) {
      out.clear();
      break;
    }
    if (x == std::string::npos) break;
    start = x + 1;
  }
  if (out.size() != count)
    throw UserError(std::string(option) + " '" + text + "' must be " + std::to_string(count) + " integers joined by 'x', e.g. " +
                    (count == 3 ? "128x128x32" : "4x4"));
  return out;
}

void write_file(const std::string& path, const std::string& text) {
  files::write_atomically(path, text, "the output file");
}

void emit(const CyclesArgs& a, const Program& program, const Prediction& p) {
  std::cout << (a.format == "json" ? json_report(p) + "\n" : text_report(p));
  if (!a.svg.empty()) {
    write_file(a.svg, svg_timeline(program, p, {.simd = a.simd, .from = a.from, .to = a.to}));
    if (a.format != "json") std::cout << "timeline of SIMD " << a.simd << ": " << a.svg << "\n";
  }
}

int show_parameters(const CyclesArgs& a) {
  const Parameters p = parameters_of(a);
  std::printf("parameters (%s):\n", p.origin.c_str());
  for (const ParameterInfo& row : parameter_table())
    std::printf("  %-28s = %-10s [%s] %s; default %s; source: %s; calibrated by %s\n", std::string(row.key).c_str(),
                parameter_value(p, row.key).c_str(), std::string(row.confidence).c_str(), std::string(row.meaning).c_str(),
                std::string(row.default_text).c_str(), std::string(row.source).c_str(), std::string(row.calibrated_by).c_str());
  return 0;
}

int show_plan(const CyclesArgs& a) {
  const Parameters params = parameters_of(a);
  const auto plan = a.plan == "all" ? microbenchmark_plan() : microbenchmark_plan(a.plan);
  nlohmann::json rows = nlohmann::json::array();
  if (a.format != "json") std::printf("model: %s\n%-82s %12s  %s\n", model_name(params).c_str(), "benchmark", "predicted", "metric");
  for (const Microbenchmark& m : plan) {
    const Prediction p = simulate(m.program, params, {.strict = a.strict});
    const double value = metric_value(m, p);
    const char* metric = m.metric == Metric::timed_cycles ? "timed cycles"
                         : m.metric == Metric::cycles_per_wmma ? "cycles per WMMA per SIMD"
                                                               : "cycles per unit";
    if (a.format == "json")
      rows.push_back({{"test", m.test}, {"name", m.name}, {"metric", metric}, {"units", m.units}, {"predicted", value},
                      {"decides", m.decides}, {"kernel_cycles", p.kernel_cycles}});
    else
      std::printf("%-82s %12.3f  %s\n", m.name.c_str(), value, metric);
  }
  if (a.format == "json")
    std::cout << nlohmann::json{{"format", "wmmasim-cycles-plan-1"}, {"model", model_name(params)}, {"benchmarks", rows}}.dump(2)
              << "\n";
  return 0;
}

int show_bench(const CyclesArgs& a) {
  const std::string test = a.bench.substr(0, a.bench.find(' '));
  for (const Microbenchmark& m : microbenchmark_plan(test))
    if (m.name == a.bench) {
      emit(a, m.program, simulate(m.program, parameters_of(a), {.strict = a.strict}));
      return 0;
    }
  throw UserError("no benchmark is named '" + a.bench + "'; list the names with: wmmasim cycles --plan " + test);
}

int show_gemm(CyclesArgs a) {
  const auto mt = dimensions(a.macro_tile, 3, "--macro-tile");
  const auto wt = dimensions(a.wave_tiles, 2, "--wave-tiles");
  a.config.macro_m = mt[0], a.config.macro_n = mt[1], a.config.macro_k = mt[2];
  a.config.wave_tiles_m = wt[0], a.config.wave_tiles_n = wt[1];
  a.config.prefetch = !a.no_prefetch;
  const GemmPrediction g = predict_tiled_gemm(a.config, parameters_of(a));
  if (a.format == "json") {
    auto j = nlohmann::json::parse(json_report(g.prediction));
    j["gemm"] = {{"vgprs_per_wave", g.vgprs_per_wave},
                 {"lds_bytes_per_block", g.lds_bytes_per_block},
                 {"resident_blocks", g.resident_blocks},
                 {"flop_per_clk_per_cu", g.flop_per_clk_per_cu},
                 {"peak_flop_per_clk_per_cu", g.peak_flop_per_clk_per_cu},
                 {"fraction_of_peak", g.fraction_of_peak()}};
    std::cout << j.dump(2) << "\n";
  } else {
    emit(a, g.program, g.prediction);
    std::printf("\n%s\n  %d VGPRs per wave, %d bytes of LDS per workgroup, %d workgroups resident per CU\n"
                "  %.1f FLOP/clk per CU of a %.0f peak: %.1f%% of peak (in cycles; the clock is not modelled)\n",
                g.program.name.c_str(), g.vgprs_per_wave, g.lds_bytes_per_block, g.resident_blocks, g.flop_per_clk_per_cu,
                g.peak_flop_per_clk_per_cu, 100 * g.fraction_of_peak());
  }
  if (a.format == "json" && !a.svg.empty()) write_file(a.svg, svg_timeline(g.program, g.prediction, {.simd = a.simd, .from = a.from, .to = a.to}));
  return 0;
}

RegisterCommand cycles_command(
    "cycles", "Predict cycles with the (uncalibrated) timing model: microbenchmark plan, GEMM, hazards", [](CLI::App& sub) {
      auto a = std::make_shared<CyclesArgs>();
      auto* plan = sub.add_option("--plan", a->plan, "predict a test of the microbenchmark plan (T0..T8) or 'all'");
      auto* bench = sub.add_option("--bench", a->bench, "full report of one plan benchmark, by its name (see --plan)");
      auto* gemm = sub.add_flag("--gemm", a->gemm, "predict the tiled GEMM (hipBLASLt's gfx1201 shape by default)");
      auto* params = sub.add_flag("--parameters", a->parameters, "list every parameter with value, source and confidence");
      sub.add_option("--calibration", a->calibration, "calibration JSON whose parameters replace the defaults (docs/cycles.md)");
      sub.add_option("--format", a->format, "text or json")->check(CLI::IsMember({"text", "json"}));
      sub.add_option("--svg", a->svg, "write an SVG timeline of one SIMD (--bench, --gemm)");
      sub.add_option("--simd", a->simd, "SIMD drawn by --svg")->check(CLI::NonNegativeNumber);
      sub.add_option("--from", a->from, "first cycle drawn by --svg")->check(CLI::NonNegativeNumber);
      sub.add_option("--to", a->to, "cycle where the --svg drawing stops (default: the SIMD's last cycle)");
      sub.add_flag("--strict", a->strict, "WH1/WH2 hazards are errors instead of warnings");
      sub.add_option("--builtin", a->config.builtin, "GEMM: dense WMMA builtin");
      sub.add_option("--macro-tile", a->macro_tile, "GEMM: MxNxK of a workgroup's tile");
      sub.add_option("--wave-tiles", a->wave_tiles, "GEMM: WMMA tiles per wave, MxN");
      sub.add_option("--waves", a->config.waves, "GEMM: waves per workgroup");
      sub.add_option("--k", a->config.k, "GEMM: K of the whole product");
      sub.add_option("--blocks", a->config.blocks, "GEMM: workgroups run on the simulated CU");
      sub.add_flag("--no-prefetch", a->no_prefetch, "GEMM: load the next K slice only after the WMMAs (one LDS buffer)");
      plan->excludes(bench)->excludes(gemm)->excludes(params);
      bench->excludes(gemm)->excludes(params);
      gemm->excludes(params);
      return std::function<int()>([a] {
        if (a->parameters) return show_parameters(*a);
        if (!a->plan.empty()) return show_plan(*a);
        if (!a->bench.empty()) return show_bench(*a);
        if (a->gemm) return show_gemm(*a);
        throw UserError("wmmasim cycles needs one of --plan, --bench, --gemm or --parameters (see wmmasim cycles --help)");
      });
    });

}  // namespace
}  // namespace wmmasim::cli
