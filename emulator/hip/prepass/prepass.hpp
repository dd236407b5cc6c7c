// The one source rewrite wmmasim-hipcc needs before a HIP file compiles as host C++: the constructs
// that are syntax rather than library. It reads clang's preprocessed output (line markers keep the
// user's file names and lines) and rewrites
//   - `kernel<<<grid, block[, shared[, stream]]>>>(args)` into a launch through the CPU runtime,
//   - `extern __shared__ T name[];` into the launch's dynamic shared memory,
// and registers each non-template __global__ function for hipLaunchKernel. Anything it cannot
// rewrite exactly is an error naming the user's file and line; it never guesses.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace wmmasim::hip {

struct PrepassError : std::runtime_error {
  using std::runtime_error::runtime_error;  // "file.hip:12: <sentence>"
};

std::string translate_preprocessed(std::string_view source);

}  // namespace wmmasim::hip
