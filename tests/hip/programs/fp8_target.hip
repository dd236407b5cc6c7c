// hip_fp8.h's target macros and conversion path, as ROCm 6.3 sets them: gfx12 device code has fp8
// conversion instructions (OCP formats only), gfx11 device code converts in software (both families).
// 449 is the telling input: the instruction rounds it to 448 (e4m3 0x7e), the software conversion
// overflows anything above 448 (0x7f, NaN) without saturation.
#include <hip/hip_fp8.h>
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void convert(unsigned char* out) {
  if (threadIdx.x == 0) out[0] = __hip_cvt_float_to_fp8(449.0f, __HIP_NOSAT, __HIP_E4M3);
}

int main() {
  unsigned char* d;
  (void)hipMallocManaged(&d, 1);
  convert<<<1, 32>>>(d);
  (void)hipDeviceSynchronize();
  const unsigned host = __hip_cvt_float_to_fp8(449.0f, __HIP_NOSAT, __HIP_E4M3);
  std::printf("fp8_target: OCP %d FNUZ %d fast path %d, device 0x%02x host 0x%02x\n", HIP_FP8_TYPE_OCP, HIP_FP8_TYPE_FNUZ,
              HIP_FP8_CVT_FAST_PATH, d[0], host);
  return 0;
}
