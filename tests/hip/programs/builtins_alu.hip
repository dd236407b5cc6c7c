// The per-lane builtins as a kernel uses them: operands come from memory (so neither compiler folds
// them), each lane computes with its own, and a few results are checked against values worked out
// by hand from the ISA pseudocode (amdgcn_builtins_test.cpp checks many more). Built for the GPU by
// clang++-19 too, whose code must have each instruction.
#include "builtin_checks.h"

#include <cstring>

struct Inputs {
  unsigned u[4];
  float f[4];
};

__global__ void alu(const Inputs* in, unsigned* out) {
  const int lane = threadIdx.x;
  const unsigned a = in->u[0] + lane, b = in->u[1], c = in->u[2];
  const float x = in->f[0] + static_cast<float>(lane), y = in->f[1], z = in->f[2];
  unsigned* o = out + lane * 32;
  o[0] = __builtin_amdgcn_perm(a, b, c);
  o[1] = __builtin_amdgcn_alignbit(a, b, c & 31);
  o[2] = __builtin_amdgcn_ubfe(a, 4, 8);
  o[3] = __builtin_amdgcn_sbfe(a, 4, 8);
  o[4] = __builtin_amdgcn_lerp(a, b, c);
  o[5] = __builtin_amdgcn_sad_u8(a, b, c);
  o[6] = __builtin_amdgcn_msad_u8(a, b, c);
  o[7] = __builtin_amdgcn_udot4(a, b, c, false);
  o[8] = static_cast<unsigned>(__builtin_amdgcn_sudot4(true, static_cast<int>(a), false, static_cast<int>(b),
                                                       static_cast<int>(c), false));
  o[9] = __builtin_amdgcn_udot8(a, b, c, false);
  typedef _Float16 half2_t __attribute__((ext_vector_type(2)));
  half2_t h2;
  std::memcpy(&h2, &a, 4);
  o[10] = __float_as_uint(__builtin_amdgcn_fdot2(h2, h2, y, false));
  o[11] = __float_as_uint(__builtin_amdgcn_fmed3f(x, y, z));
  o[12] = __float_as_uint(__builtin_amdgcn_ldexpf(x, static_cast<int>(c & 7)));
  o[13] = __float_as_uint(__builtin_amdgcn_frexp_mantf(x));
  o[14] = static_cast<unsigned>(__builtin_amdgcn_frexp_expf(x));
  o[15] = __float_as_uint(__builtin_amdgcn_fractf(x));
  o[16] = __builtin_amdgcn_classf(x, 0x100) ? 1u : 0u;
  o[17] = __float_as_uint(__builtin_amdgcn_cubeid(x, y, z));
#if defined(__GFX12__)
  o[18] = __float_as_uint(__builtin_amdgcn_dot4_f32_fp8_bf8(a, b, y));
  o[19] = static_cast<unsigned>(__builtin_amdgcn_cvt_pk_fp8_f32(x, y, static_cast<int>(c), false));
  o[20] = __float_as_uint(__builtin_amdgcn_cvt_f32_fp8(static_cast<int>(a), 1));
  o[21] = static_cast<unsigned>(__builtin_amdgcn_cvt_sr_bf8_f32(x, static_cast<int>(b), static_cast<int>(c), 2));
#endif
}

int main() {
  const Inputs host_in = {{0x3C003C00u, 0x01020304u, 0x07060504u, 0}, {1.5f, 2.0f, -3.0f, 0}};
  Inputs* in = nullptr;
  unsigned* out = nullptr;
  (void)hipMalloc(&in, sizeof host_in);
  (void)hipMalloc(&out, 64 * 32 * sizeof(unsigned));
  (void)hipMemcpy(in, &host_in, sizeof host_in, hipMemcpyHostToDevice);
  alu<<<1, warpSize>>>(in, out);
  static unsigned r[64 * 32];
  (void)hipMemcpy(r, out, sizeof r, hipMemcpyDeviceToHost);
  // Lane 0: a = 0x3C003C00 (two f16 ones), b = 0x01020304, c = 0x07060504, x = 1.5, y = 2, z = -3.
  const unsigned* l0 = r;
  expect_equal("perm selects src0's bytes", 0, l0[0], 0x3C003C00u);         // c picks bytes 4-7 = a
  expect_equal("alignbit by 4", 0, l0[1], 0x00102030u);                       // {a, b} >> 4, low 32 bits
  expect_equal("ubfe", 0, l0[2], 0xC0u);
  expect_equal("sbfe", 0, l0[3], 0xFFFFFFC0u);                                 // 0xC0 has its top bit set
  expect_equal("lerp", 0, l0[4], 0x1F012002u);                                 // (3C+01+1)/2, (00+02+0)/2, ...
  expect_equal("sad_u8", 0, l0[5], 0x07060504u + 0x04 + 0x39 + 0x02 + 0x3B);
  expect_equal("udot4", 0, l0[7], 0x07060504u + 0x3C * 0x03 + 0x3C * 0x01);   // bytes 00, 3C, 00, 3C of a
  expect_equal("fdot2 of (1, 1) . (1, 1) + 2", 0, l0[10], 0x40800000u);        // 4.0
  expect_equal("fmed3", 0, l0[11], 0x3FC00000u);                               // median of 1.5, 2, -3
  expect_equal("ldexpf by 4", 0, l0[12], 0x41C00000u);                         // 1.5 * 16 = 24
  expect_equal("frexp_mantf", 0, l0[13], 0x3F400000u);                         // 0.75
  expect_equal("frexp_expf", 0, l0[14], 1u);
  expect_equal("fractf", 0, l0[15], 0x3F000000u);                              // 0.5
  expect_equal("classf positive normal", 0, l0[16], 1u);
  expect_equal("cubeid: z major, negative", 0, l0[17], 0x40A00000u);          // 5.0
#if defined(__GFX12__)
  // fp8 bytes 00, 3C, 00, 3C (E4M3 0x3C = 1.5) times bf8 04, 03, 02, 01 (E5M2 subnormals 2^-14, 3*2^-16, ...)
  expect_equal("dot4_f32_fp8_bf8", 0, l0[18], 0x40000180u);                  // 2 + 1.5*(3 + 1)*2^-16, exact
  expect_equal("cvt_pk_fp8_f32 (1.5, 2)", 0, l0[19], 0x0706403Cu);
  expect_equal("cvt_f32_fp8 byte 1", 0, l0[20], 0x3FC00000u);                // 0x3C = 1.5
#endif
  (void)hipFree(in);
  (void)hipFree(out);
  return report("builtins_alu");
}
