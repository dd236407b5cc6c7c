#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job on the default backend (the CPU emulator):
# a layout and a query, every hardware capture replayed bit for bit, a bit-exact GEMM, and an
# example kernel's own per-lane code run on the CPU with its cycle prediction.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
w=build/emulator/cli/wmmasim
step() { printf '\n== %s\n' "$*"; }

step "Where every element of A lives (RDNA4 f16 WMMA, wave32), and one query"
"$w" layout --builtin __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12 --operand A
"$w" layout --builtin v_wmma_f32_16x16x16_f16 --where 'A[3][9]'

step "Every hardware capture (gfx1201 and gfx1100) replayed on the emulator"
"$w" import tests/data/fixtures/*.jsonl --out build/captures.json
"$w" diff build/captures.json | tail -n 1

step "A bit-exact 512x512x512 BF16 GEMM through the matrix API"
"$w" run gemm --m 512 --n 512 --k 512 --builtin wmma_f32_16x16x16_bf16_w32_gfx12

step "The example tiled GEMM kernel, per lane on the CPU, with the cycle model's prediction"
"$w" run tiled_gemm_f16 --m 256 --n 256 --k 256 --cycles | head -n 14
