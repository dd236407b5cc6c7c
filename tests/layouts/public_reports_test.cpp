// Public hardware reports compared with the instruction table. Each source's claim is restated here
// in this file's own terms (from its published formulas, not from the table), then compared with
// operand_layout(). Agreement makes a report supporting evidence, never a capture: spec layouts.md
// 5.5 and 7.2 say how strong each one is.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>
#include <string>

#include "wmmasim/hw/load_tr_addressing.hpp"
#include "wmmasim/hw/programs.hpp"
#include "wmmasim/layouts/evidence.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim {
namespace {

// Where the table puts (row, col[, key]) of an operand: lane and the element's index inside the
// lane's concatenated VGPRs (VGPR * elements per VGPR + position), as vector-element numbers.
struct LaneElement {
  int lane, element;
  bool operator==(const LaneElement&) const = default;
};
LaneElement table_place(const Instruction& ins, Operand op, int row, int col, int key = 0) {
  const LinearLayout l = operand_layout(ins, op);
  const Place p = l.first_place(Element{row, col, key});
  return {p.lane, p.vgpr * l.elements_per_vgpr() + (p.bit_lo - l.bit_offset) / l.element_bits};
}

// ---- kmbandy/llama.cpp, global_load_tr_contract.md (commit 008d17d) ------------------------------
// The report: with lane L passing base + 8L (8 bytes each), output byte s (0..7) of lane L receives
//   base[(L & 7) + 32*((L >> 3) & 1) + 128*((L >> 4) & 1) + 8*(s & 3) + 64*((s >> 2) & 1)].
int kmbandy_byte(int lane, int s) {
  return (lane & 7) + 32 * ((lane >> 3) & 1) + 128 * ((lane >> 4) & 1) + 8 * (s & 3) + 64 * ((s >> 2) & 1);
}

TEST(KmbandyLoadTrB64, ReportedPermutationEqualsTheTableMapEverywhere) {
  const Instruction& ins = resolve_instruction("global_load_tr_b64_v2i32");
  const LinearLayout l = operand_layout(ins, Operand::d);
  std::set<int> bytes;
  int checked = 0;
  for (int lane = 0; lane < 32; ++lane)
    for (int s = 0; s < 8; ++s) {
      // Output byte s is VGPR s/4, bits [8(s%4)+7 : 8(s%4)] (little-endian v2i32).
      Element e;
      ASSERT_TRUE(l.element_at(lane, s / 4, 8 * (s % 4), e)) << lane << " " << s;
      const int byte = kmbandy_byte(lane, s);
      // The table's rows are source lanes and its columns bytes of that lane's 8-byte load; with
      // base + 8L addressing that is memory byte 8 * row + col.
      EXPECT_EQ(8 * e.row + e.col, byte) << "lane " << lane << " byte " << s;
      bytes.insert(byte);
      ++checked;
    }
  EXPECT_EQ(checked, 256);
  EXPECT_EQ(bytes.size(), 256u);  // the report's map is a permutation of the 256-byte tile, as the table's
  EXPECT_EQ(l.evidence, Evidence::third_party_report);
  EXPECT_NE(evidence_source(ins, Operand::d).find("kmbandy/llama.cpp"), std::string_view::npos);
}

// The program that would confirm the map on this project's own run: the report's addressing exactly.
TEST(KmbandyLoadTrB64, OurLinearProgramUsesTheReportsAddressing) {
  const auto p = hw::find_program("global_load_tr_b64_v2i32@linear");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(hw::elements_per_lane(*p->ins), 8);
  for (int lane = 0; lane < 32; ++lane) EXPECT_EQ(hw::lane_element_offset(*p->ins, hw::Addressing::linear, lane), 8 * lane);
}

// Only the wave32 b64 map is raised: b128 stays documented, the wave64 forms stay unknown.
TEST(KmbandyLoadTrB64, NoOtherLoadTrMapChangesEvidence) {
  for (const Instruction& ins : kInstructions) {
    if (ins.family != Family::load_tr) continue;
    const Evidence e = operand_layout(ins, Operand::d).evidence;
    if (ins.wave == 64) EXPECT_EQ(e, Evidence::unknown) << ins.name;
    else EXPECT_EQ(e, ins.cd == Format::b8 ? Evidence::third_party_report : Evidence::documented) << ins.name;
  }
}

// ---- ROCm/hip-fpsan gfx12 fragment maps ---------------------------------------------------------
// include/fpsan/amdgcn_matrix.hpp (commit 04df463, the gfx12 wave32 16x16x16 layout) and
// include/fpsan/amdgcn_swmmac_gfx12.hpp (commit 1f3cdec, the float SWMMAC dataflows, both waves).
// Its hardware tests use integer-valued inputs, which cannot see a K permutation shared by A and B,
// so only these parts are compared as evidence: the M/N lane maps of A and B, the D map, the index
// nibble positions, and which B rows a SWMMAC index field names (B's K grouping against the index).

// Dense wave32 D: (m, n) in lane n + 16*(m >> 3), output vector element m & 7.
LaneElement fpsan_dense_d(int m, int n) { return {n + 16 * (m >> 3), m & 7}; }
// SWMMAC D: wave32 as dense; wave64 row m = e + 8*((L >> 4) & 1) + 4*(L >> 5) for element e of lane L.
LaneElement fpsan_swmmac_d(int wave, int m, int n) {
  if (wave == 32) return fpsan_dense_d(m, n);
  return {n + 16 * ((m >> 3) & 1) + 32 * ((m >> 2) & 1), m & 3};
}
// SWMMAC index nibble of (row i, group g), 16-bit inputs: wave32 lane i + 16*((g >> 1) & 1) at bit
// 4*(g & 1) + 8*(g >> 2); wave64 lane i + 16*(g >> 1) at bit 4*(g & 1). 8-bit inputs: wave32 lane
// i + 16*(g >> 2) at bit 4*(g & 3); wave64 lane i + 16*(2*((g >> 1) & 1) + (g >> 2)) at bit 4*(g & 1).
struct Nibble {
  int lane, bit;
  bool operator==(const Nibble&) const = default;
};
Nibble fpsan_index_nibble(bool sixteen, int wave, int i, int g) {
  if (sixteen) return wave == 32 ? Nibble{i + 16 * ((g >> 1) & 1), 4 * (g & 1) + 8 * (g >> 2)} : Nibble{i + 16 * (g >> 1), 4 * (g & 1)};
  return wave == 32 ? Nibble{i + 16 * (g >> 2), 4 * (g & 3)} : Nibble{i + 16 * (2 * ((g >> 1) & 1) + (g >> 2)), 4 * (g & 1)};
}
// SWMMAC B[k][n]: 16-bit wave32 lane n + 16*((k >> 3) & 1), element 8*(k >> 4) + (k & 7); wave64 lane
// n + 16*(k >> 3), element k & 7. 8-bit wave32 lane n + 16*(k >> 4), byte k & 15; wave64 lane
// n + 32*((k >> 3) & 1) + 16*(k >> 4), byte 4*((k >> 2) & 1) + (k & 3).
LaneElement fpsan_swmmac_b(bool sixteen, int wave, int k, int n) {
  if (sixteen) return wave == 32 ? LaneElement{n + 16 * ((k >> 3) & 1), 8 * (k >> 4) + (k & 7)} : LaneElement{n + 16 * (k >> 3), k & 7};
  return wave == 32 ? LaneElement{n + 16 * (k >> 4), k & 15} : LaneElement{n + 32 * ((k >> 3) & 1) + 16 * (k >> 4), 4 * ((k >> 2) & 1) + (k & 3)};
}
// Which B row stored value s of group g meets: 4g + field bits [2s+1 : 2s] (p0 = field & 3, p1 = field >> 2).
int fpsan_dense_k(int g, int s, int field) { return 4 * g + (field >> (2 * s) & 3); }

bool fpsan_covers(const Instruction& ins) {  // the float gfx12 builtins hip-fpsan wraps
  return ins.arch == Arch::rdna4 && ins.family != Family::load_tr && !ins.integer_inputs();
}

TEST(HipFpsanMaps, DenseWave32MnAndDMapsAgreeWithTheTable) {
  int builtins = 0;
  for (const Instruction& ins : kInstructions) {
    if (!fpsan_covers(ins) || ins.family != Family::wmma || ins.wave != 32) continue;
    ++builtins;
    for (int m = 0; m < 16; ++m)
      for (int n = 0; n < 16; ++n) EXPECT_EQ(table_place(ins, Operand::d, m, n), fpsan_dense_d(m, n)) << ins.name;
    // A[m][k] and B[k][n] sit in a lane whose low four bits are m (resp. n), for every k.
    for (int mn = 0; mn < 16; ++mn)
      for (int k = 0; k < ins.k; ++k) {
        EXPECT_EQ(table_place(ins, Operand::a, mn, k).lane & 15, mn) << ins.name;
        EXPECT_EQ(table_place(ins, Operand::b, k, mn).lane & 15, mn) << ins.name;
      }
  }
  EXPECT_EQ(builtins, 8);  // f16/bf16 -> f32, f16, bf16 and the four FP8/BF8 pairs
}

TEST(HipFpsanMaps, SwmmacDIndexAndBGroupingAgreeWithTheTable) {
  int builtins = 0;
  for (const Instruction& ins : kInstructions) {
    if (!fpsan_covers(ins) || ins.family != Family::swmmac) continue;
    ++builtins;
    const bool sixteen = format_bits(ins.a) == 16;
    for (int m = 0; m < 16; ++m)
      for (int n = 0; n < 16; ++n) EXPECT_EQ(table_place(ins, Operand::d, m, n), fpsan_swmmac_d(ins.wave, m, n)) << ins.name;
    const LinearLayout idx = operand_layout(ins, Operand::index);
    for (int i = 0; i < 16; ++i)
      for (int g = 0; g < ins.k / 4; ++g) {
        const Place p = idx.first_place(Element{i, g, 0});
        EXPECT_EQ((Nibble{p.lane, p.bit_lo}), fpsan_index_nibble(sixteen, ins.wave, i, g)) << ins.name << " " << i << " " << g;
      }
    for (int k = 0; k < ins.k; ++k)
      for (int n = 0; n < 16; ++n) EXPECT_EQ(table_place(ins, Operand::b, k, n), fpsan_swmmac_b(sixteen, ins.wave, k, n)) << ins.name << " k " << k;
  }
  EXPECT_EQ(builtins, 16);  // 8 float SWMMAC forms x 2 wave sizes
}

// B's K grouping against the index, as the emulator computes it: stored value s of group g (A = 1
// there, 0 elsewhere) against B with only row R nonzero gives a nonzero D row exactly when R is the
// row hip-fpsan's dataflow multiplies, 4g + p_s, for every field value.
std::uint32_t one_bits(Format f) {
  switch (f) {
    case Format::f16: return 0x3C00;
    case Format::bf16: return 0x3F80;
    case Format::fp8: return 0x38;
    default: return 0x3C;  // bf8
  }
}
TEST(HipFpsanMaps, SwmmacStoredValueMeetsTheBRowHipFpsanNames) {
  int builtins = 0;
  for (const Instruction& ins : kInstructions) {
    if (!fpsan_covers(ins) || ins.family != Family::swmmac) continue;
    ++builtins;
    const Model& model = default_model(ins);
    const int groups = ins.k / 4;
    for (int g = 0; g < groups; ++g)
      for (int field = 0; field < 16; ++field)
        for (int s = 0; s < 2; ++s) {
          std::vector<std::uint32_t> a(16 * ins.k / 2, 0), d(256, 0);
          std::vector<std::uint8_t> index(16 * groups, static_cast<std::uint8_t>(field));
          for (int i = 0; i < 16; ++i) a[static_cast<std::size_t>(i) * (ins.k / 2) + 2 * g + s] = one_bits(ins.a);
          const int expected = fpsan_dense_k(g, s, field);
          for (int row = 4 * g; row < 4 * g + 4; ++row) {
            std::vector<std::uint32_t> b(static_cast<std::size_t>(ins.k) * 16, 0);
            for (int n = 0; n < 16; ++n) b[static_cast<std::size_t>(row) * 16 + n] = one_bits(ins.b);
            std::fill(d.begin(), d.end(), 0u);
            compute_d(ins, a.data(), b.data(), nullptr, index.data(), Modifiers{}, model, d.data());
            const bool met = std::all_of(d.begin(), d.end(), [](std::uint32_t x) { return x != 0; });
            const bool none = std::all_of(d.begin(), d.end(), [](std::uint32_t x) { return x == 0; });
            EXPECT_TRUE(row == expected ? met : none) << ins.name << " g " << g << " field " << field << " s " << s << " row " << row;
          }
        }
  }
  EXPECT_EQ(builtins, 16);
}

// Not evidence, recorded so nobody reads it as a disagreement: hip-fpsan stages RDNA4 FP8/BF8 dense
// A/B with the 16-bit K order (lane group (k >> 2) & 1, element 4*(k >> 3) + (k & 3)); the table
// (CALC) has lane group k >> 3, element k & 7. The two differ by exchanging K bits 2 and 3 in both A
// and B, which no integer-valued D can reveal.
TEST(HipFpsanMaps, Fp8DenseKOrderDiffersOnlyByACommonKRelabelling) {
  for (const Instruction& ins : kInstructions) {
    if (!fpsan_covers(ins) || ins.family != Family::wmma || ins.wave != 32 || format_bits(ins.a) != 8) continue;
    int differ = 0;
    for (int m = 0; m < 16; ++m)
      for (int k = 0; k < 16; ++k) {
        const LaneElement theirs{m + 16 * ((k >> 2) & 1), 4 * (k >> 3) + (k & 3)};
        const int swapped = (k & 3) | ((k >> 3) & 1) << 2 | ((k >> 2) & 1) << 3;  // K bits 2 and 3 exchanged
        EXPECT_EQ(table_place(ins, Operand::a, m, swapped), theirs) << ins.name;
        EXPECT_EQ(table_place(ins, Operand::b, swapped, m), theirs) << ins.name;
        differ += !(table_place(ins, Operand::a, m, k) == theirs);
      }
    EXPECT_GT(differ, 0) << ins.name;  // a real difference, invisible to integer tests
  }
}

}  // namespace
}  // namespace wmmasim
