// The example programs (examples/programs/: tiled_gemm_f16, ... wmma_chain_f16) on the GPU: their
// kernels in the embedded example code objects, how their buffers are laid out, and the run-file
// record `wmmasim hw run PROGRAM` writes — the same shape as `wmmasim run PROGRAM --out`, so
// `wmmasim diff` replays it. Inputs and shape rules come from examples::Program::setup, the same code
// the emulator runs. No HIP here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "programs/programs.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::hw {

enum class ExampleAbi {
  gemm,   // (const In* A, const In* B, Out* C, int M, int N, int K): C = A*B, M x N
  chain,  // (const In* A, const In* B, const Out* C, Out* D, int K): D = A*B + C, 16 x 16
};

struct ExampleKernel {
  std::string_view program;  // examples::Program::name
  std::string_view symbol;   // the kernel's (mangled) symbol in the example code object
  ExampleAbi abi;
};

const std::vector<ExampleKernel>& example_kernels();
const ExampleKernel* find_example_kernel(std::string_view program);  // nullptr if not an example program

// A matrix as the kernel's buffer holds it: row-major elements of format_bits(format) / 8 bytes.
std::vector<unsigned char> pack_elements(const BitMatrix& m);
BitMatrix unpack_elements(const std::vector<unsigned char>& bytes, int rows, int cols, Format format);

// How long an example kernel ran: one warm-up launch timed on the host (steady_clock around the
// launch and hipDeviceSynchronize), then kTimedLaunches launches timed by HIP events.
inline constexpr int kTimedLaunches = 5;
struct KernelTimes {
  double first_launch_host_seconds = 0;
  std::vector<float> event_ms;
};

// The record of one example run: program, arch (the device's target), wave_size, seed, full builtin
// name, modifiers (iu8: signed_a, signed_b), mode "values", inputs A, B, C and output D as whole
// matrices, and notes (among them the kernel times; no cycle counts).
runfile::ProgramRecord example_record(const examples::Program& program, const examples::ProgramSetup& setup,
                                      std::uint64_t seed, const std::string& target, const BitMatrix& d,
                                      const KernelTimes& times);

}  // namespace wmmasim::hw
