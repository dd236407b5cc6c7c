// Deliberately wrong WMMA kernels, one per catalogue mistake, written the way a kernel author would:
// per-lane index arithmetic in kernel.hpp style, not the layout library. Each computes one 16x16
// tile D = A (16x16, row-major) * B (16x16, row-major) + C (16x16, row-major). `correct_*` are the
// same kernels with the ISA layouts (docs/spec/layouts.md 4.1, 6), the baseline the others break.
#pragma once

#include "wmmasim/kernel.hpp"

namespace wrong {

using namespace wmmasim;

// ---- RDNA4 wave32 f16 -> f32 (v_wmma_f32_16x16x16_f16): A/B "k0 k1 k3 | m0..m3 k2", D "r0 r1 r2 | c0..c3 r3"
// K of element e in lane group g, for the ISA and for the contiguous relabelling.
inline int k_isa(int e, int g) { return (e & 3) + 4 * g + 8 * (e >> 2); }
inline int k_contiguous(int e, int g) { return e + 8 * g; }

struct Knobs {
  bool a_transposed = false, b_transposed = false, lanes_swapped_a = false;
  bool a_contiguous = false, b_contiguous = false;
  bool a_rows_short = false;  // rows from lane % 8: matches no catalogue entry
  int d_rows = 0;             // 0 ISA, 1 RDNA3 interleaved, 2 lowest VGPR bit and lane group exchanged
  bool a_b_rdna3 = false;     // A/B with RDNA3's replicated, K-contiguous layout
  int a_elements = 8;         // 4: a wave64 fragment in a wave32 kernel
};

inline void f16_w32(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<const float> C,
                    global_ptr<float> D, Knobs kn) {
  const int lane = lane_id(), g = lane / 16, mn = lane % 16;
  v8h a = {}, b = {};
  for (int e = 0; e < 8; ++e) {
    const int ka = kn.a_b_rdna3 ? e : kn.a_contiguous ? k_contiguous(e, g) : k_isa(e, g);
    const int kb = kn.a_b_rdna3 ? e : kn.b_contiguous ? k_contiguous(e, g) : k_isa(e, g);
    const int m = kn.a_rows_short ? lane % 8 : kn.lanes_swapped_a ? (lane ^ 16) % 16 : mn;
    const int ka_lane = kn.lanes_swapped_a ? k_isa(e, 1 - g) : ka;
    if (e < kn.a_elements) a[e] = kn.a_transposed ? A[ka_lane * 16 + m] : A[m * 16 + ka_lane];
    b[e] = kn.b_transposed ? B[mn * 16 + kb] : B[kb * 16 + mn];
  }
  v8f c;
  for (int v = 0; v < 8; ++v) c[v] = C[(v + 8 * g) * 16 + mn];
  const v8f d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
  for (int v = 0; v < 8; ++v) {
    const int row = kn.d_rows == 0 ? v + 8 * g : kn.d_rows == 1 ? 2 * v + g : (v & 6) + g + 8 * (v & 1);
    D[row * 16 + mn] = d[v];
  }
}

// ---- RDNA4 wave64 f16 (v4h A/B): "k0 k1 | m0..m3 k2 k3"; a wave32 formula ignores lane bit 5.
inline void f16_w64(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<float> D, bool wave32_formula) {
  const int lane = lane_id(), mn = lane % 16;
  const int g0 = (lane >> 4) & 1, g1 = wave32_formula ? 0 : lane >> 5;
  v4h a, b;
  for (int e = 0; e < 4; ++e) {
    const int k = (e & 3) + 4 * g0 + 8 * g1;
    a[e] = A[mn * 16 + k];
    b[e] = B[(e + 4 * ((lane >> 4) & 1) + 8 * (lane >> 5)) * 16 + mn];
  }
  const v4f d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a, b, v4f{});
  // D "r0 r1 | c0..c3 r3 r2"
  for (int v = 0; v < 4; ++v) D[(v + 8 * ((lane >> 4) & 1) + 4 * (lane >> 5)) * 16 + mn] = d[v];
}

// ---- RDNA3 wave32 f16 -> f32: A/B replicated, K contiguous; D "r1 r2 r3 | c0..c3 r0".
inline void rdna3_f32(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<float> D, bool rdna4_rows) {
  const int lane = lane_id(), g = lane / 16, mn = lane % 16;
  v16h a, b;
  for (int e = 0; e < 16; ++e) {
    a[e] = A[mn * 16 + e];
    b[e] = B[e * 16 + mn];
  }
  const v8f d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, v8f{});
  for (int v = 0; v < 8; ++v) D[(rdna4_rows ? v + 8 * g : 2 * v + g) * 16 + mn] = d[v];
}

// ---- RDNA3 wave32 f16 -> f16 with OPSEL = 0: D row 2v+g in bits [15:0] of VGPR v (v16h element 2v).
inline void rdna3_f16(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<_Float16> D, bool high_half) {
  const int lane = lane_id(), g = lane / 16, mn = lane % 16;
  v16h a, b;
  for (int e = 0; e < 16; ++e) {
    a[e] = A[mn * 16 + e];
    b[e] = B[e * 16 + mn];
  }
  const v16h d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(a, b, v16h{}, false);
  for (int v = 0; v < 8; ++v) D[(2 * v + g) * 16 + mn] = d[2 * v + (high_half ? 1 : 0)];
}

// ---- RDNA4 wave32 iu8: A/B v2i, bytes "k0 k1 k2 | m0..m3 k3": byte e of the 8 holds K e + 8g.
inline void iu8_w32(global_ptr<const signed char> A, global_ptr<const signed char> B, global_ptr<int> D, bool reversed_bytes) {
  const int lane = lane_id(), g = lane / 16, mn = lane % 16;
  unsigned char ra[8], rb[8];
  for (int e = 0; e < 8; ++e) {
    const int slot = reversed_bytes ? (e & 4) | (3 - (e & 3)) : e;
    ra[slot] = static_cast<unsigned char>(A[mn * 16 + e + 8 * g]);
    rb[e] = static_cast<unsigned char>(B[(e + 8 * g) * 16 + mn]);
  }
  v2i a, b;
  __builtin_memcpy(&a, ra, 8);
  __builtin_memcpy(&b, rb, 8);
  const v8i d = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(true, a, true, b, v8i{}, false);
  for (int v = 0; v < 8; ++v) D[(v + 8 * g) * 16 + mn] = d[v];
}

// ---- RDNA4 wave32 iu4 16x16x16: A/B one int, nibbles "k0 k1 k2 | m0..m3 k3". The matrices are int4
// packed two per byte, element 2i in the low nibble.
inline int nibble(global_ptr<const unsigned char> M, int i) { return (M[i / 2] >> (4 * (i & 1))) & 0xF; }
inline void iu4_w32(global_ptr<const unsigned char> A, global_ptr<const unsigned char> B, global_ptr<int> D, bool swapped_nibbles) {
  const int lane = lane_id(), g = lane / 16, mn = lane % 16;
  unsigned a = 0, b = 0;
  for (int e = 0; e < 8; ++e) {
    const int pos = swapped_nibbles ? e ^ 1 : e;
    a |= static_cast<unsigned>(nibble(A, mn * 16 + e + 8 * g)) << (4 * pos);
    b |= static_cast<unsigned>(nibble(B, (e + 8 * g) * 16 + mn)) << (4 * e);
  }
  const v8i d = __builtin_amdgcn_wmma_i32_16x16x16_iu4_w32_gfx12(true, static_cast<int>(a), true, static_cast<int>(b), v8i{}, false);
  for (int v = 0; v < 8; ++v) D[(v + 8 * g) * 16 + mn] = d[v];
}

}  // namespace wrong

namespace wrong {

// ---- RDNA4 wave32 SWMMAC f16 (16x16x32): A compressed from a dense 16x32 A that keeps K {0,2} of
// even groups of four and {1,3} of odd ones; A "c0 c1 c3 | r0..r3 c2" in stored slots 2G+s, index
// fields "c0 c2 y0 | r0..r3 c1" (idx0 | idx1 << 2), B "k0 k1 k2 k4 | m0..m3 k3".
inline int kept(int group, int s) { return group % 2 == 0 ? 2 * s : 1 + 2 * s; }
inline void swmmac_f16(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<float> D, bool other_groups_fields) {
  const int lane = lane_id(), g = lane / 16, mn = lane % 16;
  v8h a;
  for (int e = 0; e < 8; ++e) {
    const int slot = (e & 3) + 4 * g + 8 * (e >> 2), group = slot / 2;
    a[e] = A[mn * 32 + 4 * group + kept(group, slot % 2)];
  }
  v16h b;
  for (int e = 0; e < 16; ++e) b[e] = B[((e & 7) + 8 * g + 16 * (e >> 3)) * 16 + mn];
  unsigned index = 0;
  for (int p = 0; p < 4; ++p) {  // set 0: field p describes group (p & 1) | g << 1 | (p >> 1) << 2
    const int group = (p & 1) | g << 1 | (p >> 1) << 2, from = other_groups_fields ? group ^ 1 : group;
    index |= static_cast<unsigned>(kept(from, 0) | kept(from, 1) << 2) << (4 * p);
  }
  const v8f d = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a, b, v8f{}, static_cast<short>(index));
  for (int v = 0; v < 8; ++v) D[(v + 8 * g) * 16 + mn] = d[v];
}

}  // namespace wrong

namespace wrong {

// ---- RDNA4 wave32 f16 with B from global_load_tr_b128 (the addressing of examples/kernels/
// tiled_gemm_load_tr.hpp): lane s passes row (e&3) + 4*(s/16) + 8*(e>>2), e = s%8, column
// 8*((s/8)&1). `off_by_one`: lanes with e == 0 (1: or all lanes, 2) take the next row.
inline void load_tr_f16(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<float> D, int off_by_one) {
  const int lane = lane_id(), g = lane / 16, mn = lane % 16, e = lane % 8;
  int b_row = (e & 3) + 4 * g + 8 * (e >> 2);
  const int b_col = 8 * ((lane / 8) & 1);
  if ((off_by_one == 1 && e == 0) || off_by_one == 2) b_row += 1;
  const v8h b = __builtin_amdgcn_global_load_tr_b128_v8f16(simt::ptr_cast<const v8h>(B + (b_row * 16 + b_col)));
  v8h a;
  for (int i = 0; i < 8; ++i) a[i] = A[mn * 16 + k_isa(i, g)];
  const v8f d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, v8f{});
  for (int v = 0; v < 8; ++v) D[(v + 8 * g) * 16 + mn] = d[v];
}

}  // namespace wrong
