// `wmmasim run gemm`: a whole GEMM through one builtin, bit-exact, on all cores, compared with Eigen.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "command.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

namespace wmmasim::cli {
namespace {

struct GemmArgs {
  int m = 256, n = 256, k = 256, threads = 0;
  std::string builtin = "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12", model;
  std::uint64_t seed = 1;
  bool a_signed = true, b_signed = true, clamp = false;
};

int run_gemm(const GemmArgs& args) {
  const Instruction& ins = resolve_instruction(args.builtin);
  if (ins.family == Family::load_tr) throw UserError(args.builtin + " is a load, not a matrix multiply");
  if (args.m <= 0 || args.n <= 0 || args.k <= 0) throw UserError("--m, --n and --k must be positive");
  const Model* model = args.model.empty() ? &default_model(ins) : find_model(args.model);
  if (!model) throw UserError("unknown model '" + args.model + "'");
  GemmOptions options;
  options.model = model;
  options.threads = args.threads;
  if (ins.integer_inputs()) {
    options.modifiers.neg = static_cast<std::uint8_t>((args.a_signed ? 1 : 0) | (args.b_signed ? 2 : 0));
    options.modifiers.clamp = args.clamp;
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
  std::printf("model: %s (%s)\n", std::string(model->name).c_str(),
              model->hardware_qualified ? "hardware-qualified" : "NOT hardware-qualified: a hypothesis or reference model");
  std::printf("time: %.3f s, %.0f emulated instructions, %.3g instructions/s, %.3g GFLOP/s\n", seconds, instructions,
              instructions / seconds, 2.0 * args.m * args.n * args.k / seconds * 1e-9);
  std::printf("vs %s of the same inputs: %ld of %ld elements differ, max %.0f ULP, mean %.3g ULP, max |error| %.3g\n",
              ins.cd == Format::i32 ? "exact 64-bit integer GEMM" : "Eigen float GEMM", cmp.differing, cmp.elements,
              cmp.max_ulp, cmp.mean_ulp, cmp.max_abs_error);
  return 0;
}

RegisterCommand run_command("run", "Run a program on the emulator (default backend)", [](CLI::App& sub) {
  auto args = std::make_shared<GemmArgs>();
  sub.require_subcommand(1);
  CLI::App* gemm = sub.add_subcommand("gemm", "D = A*B + C for any M, N, K with one builtin, bit-exact, on all cores");
  gemm->add_option("--m", args->m, "rows of A and D")->capture_default_str();
  gemm->add_option("--n", args->n, "columns of B and D")->capture_default_str();
  gemm->add_option("--k", args->k, "columns of A, rows of B")->capture_default_str();
  gemm->add_option("--builtin", args->builtin, "clang builtin name (or mnemonic)")->capture_default_str();
  gemm->add_option("--model", args->model, "arithmetic model (default: the builtin's default model)");
  gemm->add_option("--seed", args->seed, "seed of the random inputs")->capture_default_str();
  gemm->add_option("--threads", args->threads, "worker threads (0: all cores)")->capture_default_str();
  gemm->add_option("--a-signed", args->a_signed, "integer builtins: A is signed")->capture_default_str();
  gemm->add_option("--b-signed", args->b_signed, "integer builtins: B is signed")->capture_default_str();
  gemm->add_flag("--clamp", args->clamp, "integer builtins: saturate the i32 result");
  return std::function<int()>([args, gemm] {
    if (gemm->parsed()) return run_gemm(*args);
    return 2;
  });
});

}  // namespace
}  // namespace wmmasim::cli
