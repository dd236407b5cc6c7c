// Fixed facts about the gfx1200/gfx1201 compute unit that the cycle model needs (timing.md section 1,
// all [H]). These are not calibration parameters: they are architecture, not latency guesses.
#pragma once

namespace wmmasim::cycles {

inline constexpr int kSimdsPerCu = 2;
inline constexpr int kVgprsPerSimd = 1536;      // wave32 VGPRs per SIMD
inline constexpr int kVgprGranule = 24;         // allocation granule
inline constexpr int kMaxWavesPerSimd = 16;
// 128 KiB per WGP as on gfx1100, shared by its two CUs in CU mode [M]; one workgroup may use 64 KiB.
inline constexpr int kLdsBytesPerCu = 64 * 1024;

// Waves of one kernel that fit on a SIMD when each lane uses `vgprs` VGPRs. A wave64 VGPR is two
// wave32 VGPRs of the same 192 KiB file, so it counts twice (an inference from the file size).
// 96 -> 16, 128 -> 10, 192 -> 8, 256 -> 5 (wave32), as LLVM computes for gfx1201.
constexpr int waves_per_simd(int vgprs, int wave_size = 32) {
  if (vgprs <= 0) return kMaxWavesPerSimd;
  const int granted = (vgprs + kVgprGranule - 1) / kVgprGranule * kVgprGranule;
  const int per_wave = granted * (wave_size == 64 ? 2 : 1);
  const int fit = kVgprsPerSimd / per_wave;
  return fit < kMaxWavesPerSimd ? fit : kMaxWavesPerSimd;
}
static_assert(waves_per_simd(96) == 16 && waves_per_simd(128) == 10 && waves_per_simd(192) == 8 &&
              waves_per_simd(256) == 5);

}  // namespace wmmasim::cycles
