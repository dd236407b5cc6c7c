#include "example_programs.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"

namespace wmmasim::hw {

const std::vector<ExampleKernel>& example_kernels() {
  // Itanium mangling of the kernels in namespace wmmasim::examples (global_ptr<T> is T* on HIP);
  // tests/hw/example_code_object_test.cpp checks every symbol against the built code objects.
  static const std::vector<ExampleKernel> list = {
      {"tiled_gemm_f16", "_ZN7wmmasim8examples14tiled_gemm_f16EPKDF16_S2_Pfiii", ExampleAbi::gemm},
      {"tiled_gemm_fp8", "_ZN7wmmasim8examples14tiled_gemm_fp8EPKhS2_Pfiii", ExampleAbi::gemm},
      {"tiled_gemm_i8", "_ZN7wmmasim8examples13tiled_gemm_i8EPKaS2_Piiii", ExampleAbi::gemm},
      {"tiled_gemm_f16_load_tr", "_ZN7wmmasim8examples22tiled_gemm_f16_load_trEPKDF16_S2_Pfiii", ExampleAbi::gemm},
      {"wmma_chain_f16", "_ZN7wmmasim8examples14wmma_chain_f16EPKDF16_S2_PKfPfi", ExampleAbi::chain},
  };
  return list;
}

const ExampleKernel* find_example_kernel(std::string_view program) {
  for (const ExampleKernel& k : example_kernels())
    if (k.program == program) return &k;
  return nullptr;
}

std::vector<unsigned char> pack_elements(const BitMatrix& m) {
  const std::size_t bytes = static_cast<std::size_t>(format_bits(m.format)) / 8;
  std::vector<unsigned char> out(m.bits.size() * bytes);
  for (std::size_t i = 0; i < m.bits.size(); ++i) std::memcpy(&out[i * bytes], &m.bits[i], bytes);  // little-endian
  return out;
}

BitMatrix unpack_elements(const std::vector<unsigned char>& bytes, int rows, int cols, Format format) {
  const std::size_t width = static_cast<std::size_t>(format_bits(format)) / 8;
  BitMatrix m{rows, cols, format, std::vector<std::uint32_t>(static_cast<std::size_t>(rows) * cols, 0)};
  if (bytes.size() != m.bits.size() * width) throw std::logic_error("unpack_elements: buffer size does not match the matrix");
  for (std::size_t i = 0; i < m.bits.size(); ++i) std::memcpy(&m.bits[i], &bytes[i * width], width);
  return m;
}

namespace {
runfile::Matrix to_run_matrix(const BitMatrix& m) {
  return runfile::Matrix{std::string(format_name(m.format)), m.rows, m.cols, 1, m.bits, ""};
}
}  // namespace

runfile::ProgramRecord example_record(const examples::Program& program, const examples::ProgramSetup& setup,
                                      std::uint64_t seed, const std::string& target, const BitMatrix& d,
                                      const KernelTimes& times) {
  const Instruction& ins = *program.instruction;
  runfile::ProgramRecord p;
  p.program = program.name;
  p.arch = target;
  p.wave_size = ins.wave;
  p.seed = seed;
  p.instruction = full_builtin_name(ins);
  p.modifiers = setup.modifiers;
  p.mode = "values";
  p.inputs = {{"A", to_run_matrix(setup.a)}, {"B", to_run_matrix(setup.b)}, {"C", to_run_matrix(setup.c)}};
  p.outputs = {{"D", to_run_matrix(d)}};
  char text[256];
  if (!times.event_ms.empty()) {
    std::vector<float> sorted = times.event_ms;
    std::sort(sorted.begin(), sorted.end());
    std::snprintf(text, sizeof text,
                  "kernel time %.6f ms median, %.6f ms min of %zu launches after one warm-up (hipEventElapsedTime "
                  "between events on the null stream)",
                  static_cast<double>(sorted[sorted.size() / 2]), static_cast<double>(sorted.front()), sorted.size());
    p.notes.push_back(text);
  }
  std::snprintf(text, sizeof text,
                "first launch wall time %.6f s (host steady_clock around hipModuleLaunchKernel and "
                "hipDeviceSynchronize, code upload and launch overhead included)",
                times.first_launch_host_seconds);
  p.notes.push_back(text);
  p.notes.push_back("example kernel " + program.name + " (examples/kernels/), grid " + std::to_string(setup.grid_x) + " x " +
                    std::to_string(setup.grid_y) + " of " + std::to_string(setup.block) +
                    " work-items; D is its output buffer, pre-filled with 0xFF bytes; no cycle counts are recorded");
  return p;
}

}  // namespace wmmasim::hw
