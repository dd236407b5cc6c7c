#include "programs.hpp"

#include <chrono>
#include <cstring>

#include "../kernels/tiled_gemm.hpp"
#include "../kernels/tiled_gemm_load_tr.hpp"
#include "../kernels/wmma_chain.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/matrix/random.hpp"

namespace wmmasim::examples {
namespace {

template <class T> std::vector<T> to_host(const BitMatrix& m) {
  std::vector<T> out(m.bits.size());
  for (std::size_t i = 0; i < out.size(); ++i) std::memcpy(&out[i], &m.bits[i], sizeof(T));
  return out;
}
template <class T> BitMatrix from_host(const std::vector<T>& v, int rows, int cols, Format f) {
  BitMatrix m{rows, cols, f, std::vector<std::uint32_t>(v.size())};
  for (std::size_t i = 0; i < v.size(); ++i) std::memcpy(&m.bits[i], &v[i], sizeof(T));
  return m;
}

const Instruction& builtin(const char* name) { return *find_builtin(name); }

// The tiled GEMM kernels of tiled_gemm.hpp: C = A*B from C = 0, a grid of 64 x 64 block tiles of
// 128 threads (2 x 2 waves of 32).
constexpr int kBlockTile = 64;
constexpr unsigned kBlockThreads = 128;

template <class Op>
ProgramSetup setup_tiled(const ProgramArgs& args) {
  const Instruction& ins = builtin(Op::builtin);
  ProgramSetup s;
  s.a = random_matrix(args.m, args.k, ins.a, args.seed, 0);
  s.b = random_matrix(args.k, args.n, ins.b, args.seed, 1);
  s.c = BitMatrix{args.m, args.n, ins.cd, std::vector<std::uint32_t>(static_cast<std::size_t>(args.m) * args.n, 0)};
  s.grid_x = static_cast<unsigned>((args.n + kBlockTile - 1) / kBlockTile);
  s.grid_y = static_cast<unsigned>((args.m + kBlockTile - 1) / kBlockTile);
  s.block = kBlockThreads;
  if (ins.integer_inputs()) s.modifiers = {"signed_a", "signed_b"};  // the kernels' iu8 op is signed x signed
  return s;
}

ProgramSetup setup_tiled_load_tr(const ProgramArgs& args) {
  if (args.n % 16 || args.k % 16) throw UserError("tiled_gemm_f16_load_tr needs N and K to be multiples of 16");
  return setup_tiled<WmmaF16>(args);
}

template <class Op, class Kernel>
ProgramRun run_tiled(Kernel kernel, const char* name, const ProgramSetup& s, const ProgramArgs& args) {
  const Instruction& ins = builtin(Op::builtin);
  ProgramRun r;
  r.a = s.a;
  r.b = s.b;
  r.c = s.c;
  GemmOptions options;
  if (ins.integer_inputs()) options.modifiers.neg = 3;  // the kernels' iu8 op is signed x signed
  r.expected = gemm(ins, r.a, r.b, r.c, options);
  simt::Buffer<typename Op::In> A("A", to_host<typename Op::In>(r.a)), B("B", to_host<typename Op::In>(r.b));
  simt::Buffer<typename Op::Out> C("C", static_cast<std::size_t>(args.m) * args.n);
  simt::LaunchOptions launch;
  launch.trace = args.trace;
  launch.check_layouts = args.check_layouts;
  const auto t0 = std::chrono::steady_clock::now();
  simt::launch(name, simt::dim3{s.grid_x, s.grid_y}, simt::dim3{s.block}, launch, kernel, A, B, C, args.m, args.n, args.k);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.d = from_host(C.to_host(), args.m, args.n, ins.cd);
  return r;
}

// wmma_chain.hpp: one wave, one 16 x 16 tile, C random.
ProgramSetup setup_chain(const ProgramArgs& args) {
  const Instruction& ins = builtin(WmmaF16::builtin);
  if (args.m != 16 || args.n != 16) throw UserError("wmma_chain_f16 computes one 16 x 16 tile: use --m 16 --n 16");
  if (args.k % 16) throw UserError("wmma_chain_f16 needs K to be a multiple of 16");
  ProgramSetup s;
  s.a = random_matrix(16, args.k, ins.a, args.seed, 0);
  s.b = random_matrix(args.k, 16, ins.b, args.seed, 1);
  s.c = random_matrix(16, 16, ins.cd, args.seed, 2);
  s.block = 32;
  return s;
}

ProgramRun run_chain(const ProgramArgs& args) {
  const Instruction& ins = builtin(WmmaF16::builtin);
  const ProgramSetup s = setup_chain(args);
  ProgramRun r;
  r.a = s.a;
  r.b = s.b;
  r.c = s.c;
  r.expected = gemm(ins, r.a, r.b, r.c);
  simt::Buffer<_Float16> A("A", to_host<_Float16>(r.a)), B("B", to_host<_Float16>(r.b));
  simt::Buffer<float> C("C", to_host<float>(r.c)), D("D", 256);
  simt::LaunchOptions launch;
  launch.trace = args.trace;
  launch.check_layouts = args.check_layouts;
  const auto t0 = std::chrono::steady_clock::now();
  simt::launch("wmma_chain_f16", simt::dim3{s.grid_x, s.grid_y}, simt::dim3{s.block}, launch, wmma_chain_f16, A, B, C, D, args.k);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.d = from_host(D.to_host(), 16, 16, ins.cd);
  return r;
}

}  // namespace

long ProgramRun::mismatches() const {
  long n = 0;
  for (std::size_t i = 0; i < d.bits.size(); ++i) n += d.bits[i] != expected.bits[i];
  return n;
}

const std::vector<Program>& programs() {
  static const std::vector<Program> list = {
      {"tiled_gemm_f16", "tiled GEMM, LDS tiles, 2x2 waves, f16 inputs, f32 accumulation", &builtin(WmmaF16::builtin), "",
       [](const ProgramArgs& a) { return run_tiled<WmmaF16>(tiled_gemm_f16, "tiled_gemm_f16", setup_tiled<WmmaF16>(a), a); },
       setup_tiled<WmmaF16>},
      {"tiled_gemm_fp8", "the same GEMM with OCP FP8 (E4M3) inputs (fp8-dot8-quads-hypothesis numerics)", &builtin(WmmaFp8::builtin), "",
       [](const ProgramArgs& a) { return run_tiled<WmmaFp8>(tiled_gemm_fp8, "tiled_gemm_fp8", setup_tiled<WmmaFp8>(a), a); },
       setup_tiled<WmmaFp8>},
      {"tiled_gemm_i8", "the same GEMM with signed INT8 inputs and i32 accumulation", &builtin(WmmaI8::builtin), "",
       [](const ProgramArgs& a) { return run_tiled<WmmaI8>(tiled_gemm_i8, "tiled_gemm_i8", setup_tiled<WmmaI8>(a), a); },
       setup_tiled<WmmaI8>},
      {"tiled_gemm_f16_load_tr", "the f16 GEMM with B loaded by global_load_tr_b128 (one-call addressing: a hypothesis)",
       &builtin(WmmaF16::builtin), "N and K multiples of 16",
       [](const ProgramArgs& a) {
         return run_tiled<WmmaF16>(tiled_gemm_f16_load_tr, "tiled_gemm_f16_load_tr", setup_tiled_load_tr(a), a);
       },
       setup_tiled_load_tr},
      {"wmma_chain_f16", "one wave, one 16x16 tile, a chain of f16 WMMAs over K (D feeds C)", &builtin(WmmaF16::builtin),
       "M = N = 16, K a multiple of 16", run_chain, setup_chain},
  };
  return list;
}

const Program& find_program(const std::string& name) {
  std::string names;
  for (const Program& p : programs()) {
    if (p.name == name) return p;
    names += (names.empty() ? "" : ", ") + p.name;
  }
  throw UserError("unknown program '" + name + "'; programs: gemm, " + names);
}

}  // namespace wmmasim::examples
