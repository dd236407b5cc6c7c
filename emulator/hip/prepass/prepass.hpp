// The one source rewrite wmmasim-hipcc needs before a HIP file compiles as host C++: the constructs
// that are syntax rather than library. It reads clang's preprocessed output (line markers keep the
// user's file names and lines) and rewrites
//   - `kernel<<<grid, block[, shared[, stream]]>>>(args)` into a launch through the CPU runtime,
//   - `extern __shared__ T name[];` into the launch's dynamic shared memory,
// and registers each non-template __global__ function for hipLaunchKernel. It also gives __device__
// and __constant__ entities the linkage a GPU build gives them (see PrepassOptions). Anything it
// cannot rewrite exactly is an error naming the user's file and line; it never guesses.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace wmmasim::hip {

struct PrepassError : std::runtime_error {
  using std::runtime_error::runtime_error;  // "file.hip:12: <sentence>"
};

struct PrepassOptions {
  // hipcc's -fgpu-rdc. Without it (hipcc's default) every source is its own code object on the GPU:
  // a __device__ or __constant__ function or variable that is not also __host__ exists once per
  // source (ROCm's host side keeps only an internal shadow of it), so a header that defines one links
  // however many sources include it, and two sources may each define their own. The pre-pass gives
  // such a namespace-scope definition internal linkage (an out-of-line member function: inline).
  // With -fgpu-rdc the GPU links all sources' device code together, so they keep external linkage
  // and a duplicate fails to link, as it does there. Host functions (and __host__ __device__ ones)
  // keep their linkage either way.
  bool relocatable_device_code = false;
};

std::string translate_preprocessed(std::string_view source, const PrepassOptions& options = {});

}  // namespace wmmasim::hip
