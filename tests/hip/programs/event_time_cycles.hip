// WMMASIM_EVENT_TIME=cycles: hipEventElapsedTime reports the cycle model's predicted GPU time of the
// launches between the two events, at WMMASIM_EVENT_CLOCK_MHZ (2400 by default). The kernel is one
// wave running a chain of dependent WMMAs on register values, so the trace the runtime hands the
// model is exactly that chain; the test builds the same chain with the model's own builder, times it
// with the model, and compares the elapsed time with that prediction bit for bit (two launches: twice).
#include <hip/hip_runtime.h>

#include <cstdio>

#include "wmmasim/cycles/builder.hpp"
#include "wmmasim/cycles/model.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

typedef __fp16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));

constexpr int kChain = 24;

__global__ void chain(float* out) {
  const int lane = threadIdx.x;
  half8 a, b;
  for (int i = 0; i < 8; ++i) {
    a[i] = static_cast<__fp16>((lane + i) % 5);
    b[i] = static_cast<__fp16>((lane * 3 + i) % 7);
  }
  float8 acc = {};
  for (int n = 0; n < kChain; ++n) acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
  for (int i = 0; i < 8; ++i) out[lane * 8 + i] = acc[i];
}

int main() {
  using namespace wmmasim::cycles;
  const wmmasim::Instruction& f16 = *wmmasim::find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  ProgramBuilder p("chain");
  WaveBuilder& w = p.wave({.simd = 0, .block = 0});
  const VgprRange a = w.alloc(f16.vgprs_a), b = w.alloc(f16.vgprs_b), zero = w.alloc(f16.vgprs_cd);
  VgprRange acc = zero;
  for (int n = 0; n < kChain; ++n) {
    const VgprRange d = n == 0 ? w.alloc(f16.vgprs_cd) : acc;
    w.wmma(f16, d, a, b, acc);
    acc = d;
  }
  const Prediction predicted = simulate(p.take());
  const double one_launch_ms = static_cast<double>(predicted.kernel_cycles) / (2400.0 * 1e3);

  float* out = nullptr;
  hipEvent_t start, stop;
  if (hipMalloc(&out, 32 * 8 * sizeof(float)) || hipEventCreate(&start) || hipEventCreate(&stop)) return 1;
  (void)hipEventRecord(start, nullptr);
  chain<<<1, 32>>>(out);
  (void)hipEventRecord(stop, nullptr);
  (void)hipEventSynchronize(stop);
  float one = 0, two = 0;
  (void)hipEventElapsedTime(&one, start, stop);
  (void)hipEventRecord(start, nullptr);
  chain<<<1, 32>>>(out);
  chain<<<1, 32>>>(out);
  (void)hipEventRecord(stop, nullptr);
  (void)hipEventElapsedTime(&two, start, stop);
  if (hipDeviceSynchronize() != hipSuccess) return 1;

  const float want_one = static_cast<float>(one_launch_ms);
  const float want_two = static_cast<float>((one_launch_ms + one_launch_ms + one_launch_ms) - one_launch_ms);
  std::printf("event_time_cycles: model %lld cycles per launch; one launch %.9g ms (model %.9g), two launches %.9g ms (model %.9g)\n",
              static_cast<long long>(predicted.kernel_cycles), one, want_one, two, want_two);
  const bool ok = predicted.kernel_cycles > 0 && one == want_one && two == want_two;
  std::printf("event_time_cycles: %s\n", ok ? "elapsed times equal the cycle model's" : "FAILED");
  (void)hipFree(out);
  return ok ? 0 : 1;
}
