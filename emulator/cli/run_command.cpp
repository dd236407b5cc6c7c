// `wmmasim run PROGRAM`: a program on the emulator (the default backend). `gemm` is a whole GEMM
// through the matrix API with any builtin; the other programs are the example kernels, run per lane
// through the SIMT runtime and checked against the matrix API bit for bit. `--cycles` adds the cycle
// model's prediction of what the waves issued; `--out` writes a run file.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <unistd.h>

#include "command.hpp"
#include "programs/programs.hpp"
#include "run_hip_source.hpp"
#include "wmmasim/cycles/from_simt.hpp"
#include "wmmasim/cycles/model.hpp"
#include "wmmasim/cycles/parameters.hpp"
#include "wmmasim/cycles/report.hpp"
#include "wmmasim/diagnosis/check.hpp"
#include "wmmasim/files/atomic_file.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"
#include "wmmasim/runfile/probe_calibration.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::cli {
namespace {

struct RunArgs {
  std::string program;
  int m = 256, n = 256, k = 256, threads = 0;
  std::string builtin = "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12", model, out, calibration, svg;
  std::uint64_t seed = 1;
  bool a_signed = true, b_signed = true, clamp = false, list = false, cycles = false, check_layouts = false;
  std::string check_json;
  std::vector<std::string> hipcc_options, program_args;  // a plain HIP source
};

runfile::Matrix to_run_matrix(const BitMatrix& m) {
  return runfile::Matrix{std::string(format_name(m.format)), m.rows, m.cols, 1, m.bits, ""};
}

void write_run(const RunArgs& args, const Instruction& ins, const Model* model, const BitMatrix& a, const BitMatrix& b,
               const BitMatrix& c, const BitMatrix& d, std::vector<std::string> modifiers) {
  runfile::RunFile run;
  run.producer = {"emulator", "wmmasim " WMMASIM_VERSION, model ? std::optional<std::string>(std::string(model->name)) : std::nullopt};
  run.environment = {{"host", "CPU emulator"}};
  runfile::ProgramRecord p;
  p.program = args.program;
  p.arch = ins.arch == Arch::rdna4 ? "gfx1201" : "gfx1100";
  p.wave_size = ins.wave;
  p.seed = args.seed;
  p.instruction = full_builtin_name(ins);
  p.modifiers = std::move(modifiers);
  p.mode = "values";
  p.inputs = {{"A", to_run_matrix(a)}, {"B", to_run_matrix(b)}, {"C", to_run_matrix(c)}};
  p.outputs = {{"D", to_run_matrix(d)}};
  if (model && !model->hardware_qualified) p.notes.push_back("model " + std::string(model->name) + " is not hardware-qualified");
  run.programs.push_back(std::move(p));
  runfile::write_run_file(run, args.out);
  std::printf("run file: %s\n", args.out.c_str());
}

void print_model(const Model& model) {
  std::printf("model: %s (%s)\n", std::string(model.name).c_str(),
              model.hardware_qualified ? "hardware-qualified" : "NOT hardware-qualified: a hypothesis or reference model");
}

int run_gemm(const RunArgs& args) {
  const Instruction& ins = resolve_instruction(args.builtin);
  if (ins.family == Family::load_tr) throw UserError(args.builtin + " is a load, not a matrix multiply");
  if (args.m <= 0 || args.n <= 0 || args.k <= 0) throw UserError("--m, --n and --k must be positive");
  if (args.cycles) throw UserError("--cycles needs a kernel program (see --list); gemm runs the matrix API, which issues no waves");
  if (args.check_layouts) throw UserError("--check-layouts needs a kernel program (see --list); gemm runs the matrix API, which has no kernel fragments");
  // A calibration file's numerics part (docs/hw.md) chooses the default model per builtin.
  const runfile::Calibration calibration = args.calibration.empty() ? runfile::Calibration{} : runfile::load_calibration_file(args.calibration);
  const Model* model = args.model.empty() ? &runfile::calibrated_model(calibration, ins) : find_model(args.model);
  if (!model) throw UserError("unknown model '" + args.model + "'");
  GemmOptions options;
  options.model = model;
  options.threads = args.threads;
  std::vector<std::string> modifiers;
  if (ins.integer_inputs()) {
    options.modifiers.neg = static_cast<std::uint8_t>((args.a_signed ? 1 : 0) | (args.b_signed ? 2 : 0));
    options.modifiers.clamp = args.clamp;
    if (args.a_signed) modifiers.push_back("signed_a");
    if (args.b_signed) modifiers.push_back("signed_b");
    if (args.clamp) modifiers.push_back("clamp");
  }
  if (isatty(STDERR_FILENO))
    options.progress = [](long done, long total) {
      std::fprintf(stderr, "\r  %ld/%ld tiles (%3.0f%%)", done, total, 100.0 * static_cast<double>(done) / static_cast<double>(total));
      if (done == total) std::fputc('\n', stderr);
    };
  BitMatrix a = random_matrix(args.m, args.k, ins.a, args.seed, 0);
  const BitMatrix b = random_matrix(args.k, args.n, ins.b, args.seed, 1);
  const BitMatrix c = random_matrix(args.m, args.n, ins.cd, args.seed, 2);
  if (ins.family == Family::swmmac)  // keep the first two values of every group of four K: 2:4 sparse
    for (int i = 0; i < a.rows; ++i)
      for (int kk = 0; kk < a.cols; ++kk)
        if (kk % 4 >= 2) a.at(i, kk) = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const BitMatrix d = gemm(ins, a, b, c, options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const FloatComparison cmp = compare_with_float_gemm(ins, a, b, c, d);
  const double instructions = static_cast<double>((args.m + 15) / 16) * ((args.n + 15) / 16) * ((args.k + ins.k - 1) / ins.k);
  std::string signedness;
  if (ins.integer_inputs())
    signedness = std::string(" (A ") + (args.a_signed ? "signed" : "unsigned") + ", B " + (args.b_signed ? "signed" : "unsigned") +
                 (args.clamp ? ", clamp)" : ")");
  std::printf("gemm %dx%dx%d with %s%s\n", args.m, args.n, args.k, full_builtin_name(ins).c_str(), signedness.c_str());
  print_model(*model);
  std::printf("time: %.3f s, %.0f emulated instructions, %.3g instructions/s, %.3g GFLOP/s\n", seconds, instructions,
              instructions / seconds, 2.0 * args.m * args.n * args.k / seconds * 1e-9);
  std::printf("vs %s of the same inputs: %ld of %ld elements differ, max %.0f ULP, mean %.3g ULP, max |error| %.3g\n",
              ins.cd == Format::i32 ? "exact 64-bit integer GEMM" : "Eigen float GEMM", cmp.differing, cmp.elements,
              cmp.max_ulp, cmp.mean_ulp, cmp.max_abs_error);
  if (!args.out.empty()) write_run(args, ins, model, a, b, c, d, modifiers);
  return 0;
}

int run_program(const RunArgs& args) {
  const examples::Program& program = examples::find_program(args.program);
  if (!args.model.empty()) throw UserError("--model applies to gemm; example programs use each builtin's default model");
  simt::TraceRecorder recorder;
  examples::ProgramArgs pa{args.m, args.n, args.k, args.seed, args.cycles ? &recorder : nullptr};
  diagnosis::CheckOptions check_options;
  check_options.shapes = {{"A", args.m, args.k}, {"B", args.k, args.n}, {"C", args.m, args.n}, {"D", args.m, args.n}};
  check_options.json_path = args.check_json;
  diagnosis::LayoutChecker checker(check_options);
  if (args.check_layouts) pa.check_layouts = &checker;
  const examples::ProgramRun run = program.run(pa);
  const Model& model = default_model(*program.instruction);
  std::printf("%s %dx%dx%d: %s\n", program.name.c_str(), args.m, args.n, args.k, program.description.c_str());
  print_model(model);
  std::printf("SIMT launch: %.3f s\n", run.seconds);
  const long bad = run.mismatches();
  std::printf("kernel vs matrix API (the same GEMM, emulated wave by wave): %s\n",
              bad == 0 ? "identical, bit for bit" : (std::to_string(bad) + " elements differ").c_str());
  long layout_errors = 0;
  if (args.check_layouts) {
    const std::vector<diagnosis::Finding> findings = checker.findings();
    for (const diagnosis::Finding& f : findings) {
      std::printf("%s\n", diagnosis::finding_line(f).c_str());
      layout_errors += f.severity == diagnosis::Finding::Severity::error;
    }
    std::printf("layout check: %zu matrix instruction executions, %zu fragments compared with their layouts, %ld errors, %zu notes\n",
                checker.instructions_checked(), checker.fragments_checked(), layout_errors,
                findings.size() - static_cast<std::size_t>(layout_errors));
  }
  if (args.cycles) {
    const cycles::Parameters parameters = args.calibration.empty() ? cycles::Parameters{} : runfile::load_calibration_file(args.calibration).cycles;
    const cycles::Program traced = cycles::program_from_simt(program.name, recorder.waves);
    const cycles::Prediction prediction = cycles::simulate(traced, parameters);
    std::printf("\ncycle model (from the SIMT trace: WMMA issue and result dependencies are exact; memory is coarse; "
                "__shared__ arrays are traced where the kernel uses load_as/store_as):\n%s",
                cycles::text_report(prediction).c_str());
    if (!args.svg.empty()) {
      files::write_atomically(args.svg, cycles::svg_timeline(traced, prediction), "the timeline");
      std::printf("timeline: %s\n", args.svg.c_str());
    }
  }
  if (!args.out.empty()) write_run(args, *program.instruction, &model, run.a, run.b, run.c, run.d, program.setup(pa).modifiers);
  return bad == 0 && layout_errors == 0 ? 0 : 1;
}

int list_programs() {
  std::printf("%-24s %-40s %s\n", "program", "builtin", "what it does");
  std::printf("%-24s %-40s %s\n", "gemm", "--builtin (any)", "D = A*B + C through the matrix API, any M, N, K, all cores");
  for (const examples::Program& p : examples::programs())
    std::printf("%-24s %-40s %s%s\n", p.name.c_str(), std::string(p.instruction->name).c_str(), p.description.c_str(),
                p.constraints.empty() ? "" : (" [" + p.constraints + "]").c_str());
  return 0;
}

RegisterCommand run_command("run", "Run a program on the emulator (the default backend); --list shows the programs", [](CLI::App& sub) {
  auto args = std::make_shared<RunArgs>();
  sub.add_option("program", args->program, "gemm, an example kernel program (see --list), or a plain HIP source (prog.hip)");
  sub.add_option("program_args", args->program_args, "a HIP program's own arguments (after --)");
  sub.add_option("--hipcc", args->hipcc_options, "a HIP source: an option for wmmasim-hipcc (repeatable), e.g. --hipcc=-mwavefrontsize64");
  sub.add_flag("--list", args->list, "list the programs");
  sub.add_option("--m", args->m, "rows of A and D")->capture_default_str();
  sub.add_option("--n", args->n, "columns of B and D")->capture_default_str();
  sub.add_option("--k", args->k, "columns of A, rows of B")->capture_default_str();
  sub.add_option("--seed", args->seed, "seed of the random inputs")->capture_default_str();
  sub.add_option("--builtin", args->builtin, "gemm: the clang builtin (or mnemonic) to tile with")->capture_default_str();
  sub.add_option("--model", args->model, "gemm: arithmetic model (default: the builtin's default model)");
  sub.add_option("--threads", args->threads, "gemm: worker threads (0: all cores)")->capture_default_str();
  sub.add_option("--a-signed", args->a_signed, "gemm, integer builtins: A is signed")->capture_default_str();
  sub.add_option("--b-signed", args->b_signed, "gemm, integer builtins: B is signed")->capture_default_str();
  sub.add_flag("--clamp", args->clamp, "gemm, integer builtins: saturate the i32 result");
  sub.add_flag("--cycles", args->cycles, "kernel programs: predict cycles with the cycle model from what the waves issued");
  sub.add_option("--calibration", args->calibration, "a calibration JSON: the cycle model's (with --cycles), or a probe verdict's (its numerics part picks gemm's default model)");
  sub.add_option("--svg", args->svg, "with --cycles: write the SIMD timeline as SVG to this file");
  sub.add_option("--out", args->out, "write a run file (inputs, raw outputs) to this path");
  sub.add_flag("--check-layouts", args->check_layouts, "kernel programs: check every fragment of every matrix instruction against its "
                                                       "layout and name known mistakes (docs/diagnosis.md); exit 1 on an error");
  sub.add_option("--check-json", args->check_json, "with --check-layouts: also write the findings as JSON to this file");
  return std::function<int()>([args] {
    if (args->list) return list_programs();
    if (args->program.empty()) throw UserError("name a program to run (gemm, one of --list, or a .hip file)");
    if (is_hip_source(args->program)) return run_hip_source(args->program, args->hipcc_options, args->program_args);
    if (!args->program_args.empty() || !args->hipcc_options.empty())
      throw UserError("program arguments and --hipcc apply to a HIP source (prog.hip)");
    if (args->m <= 0 || args->n <= 0 || args->k <= 0) throw UserError("--m, --n and --k must be positive");
    check_gemm_fits_in_memory(args->m, args->n, args->k);  // before any matrix is allocated
    return args->program == "gemm" ? run_gemm(*args) : run_program(*args);
  });
});

}  // namespace
}  // namespace wmmasim::cli
