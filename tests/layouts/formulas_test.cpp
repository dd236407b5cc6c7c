// The spec's closed-form formulas (layouts.md 4.1, 4.2, 5.2, 5.3, 6, 7), written out independently of
// the bit tables in operand_layout.hpp, compared for every element of every operand of every
// instruction, in both directions.
#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <tuple>
#include <vector>

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim {
namespace {

struct Spot { int lane, vgpr, bit_lo; };
auto operator<=>(const Spot& x, const Spot& y) { return std::tie(x.lane, x.vgpr, x.bit_lo) <=> std::tie(y.lane, y.vgpr, y.bit_lo); }
bool operator==(const Spot& x, const Spot& y) { return std::tie(x.lane, x.vgpr, x.bit_lo) == std::tie(y.lane, y.vgpr, y.bit_lo); }

// Where the spec says element (row, col[, key]) of `op` lives; several spots for RDNA3 replication.
std::vector<Spot> spec_places(const Instruction& ins, Operand op, int row, int col, int key, int opsel) {
  const bool w64 = ins.wave == 64;
  const int bits = operand_element_bits(ins, op);
  std::vector<Spot> out;
  if (ins.family == Family::load_tr) {
    // Inverse of out[L][e] = in[s][c] (spec 7.1/7.2): row = source lane s, col = element c.
    const int s = row, c = col;
    for (int L = 0; L < 32; ++L)
      for (int e = 0; e < 8; ++e) {  // 8 elements per lane: 8 halves (b128) or 8 bytes (b64)
        const bool hit = bits == 16 ? (8 * (L / 8) + e == s && L % 8 == c)
                                    : (16 * (L >> 4) + 8 * (e >> 2) + 4 * ((L >> 3) & 1) + (e & 3) == s && (L & 7) == c);
        if (hit) out.push_back({L, e * bits / 32, (e * bits) % 32});
      }
    return out;
  }
  if (ins.arch == Arch::rdna3) {
    if (op == Operand::a || op == Operand::b) {
      const int m = op == Operand::a ? row : col, k = op == Operand::a ? col : row;
      for (int g = 0; g < ins.wave / 16; ++g) {
        if (bits == 16) out.push_back({m + 16 * g, k >> 1, 16 * (k & 1)});
        if (bits == 8) out.push_back({m + 16 * g, k >> 2, 8 * (k & 3)});
        if (bits == 4) out.push_back({m + 16 * g, k >> 3, 4 * (k & 7)});
      }
      return out;
    }
    const int i = row, j = col, lo = bits == 16 ? 16 * opsel : 0;
    out.push_back(w64 ? Spot{j + 16 * (i & 3), i >> 2, lo} : Spot{j + 16 * (i & 1), i >> 1, lo});
    return out;
  }
  if (op == Operand::c || op == Operand::d) {
    const int i = row, j = col;
    const int lane = w64 ? j + 16 * (i >> 3) + 32 * ((i >> 2) & 1) : j + 16 * (i >> 3);
    if (bits == 32) out.push_back({lane, w64 ? (i & 3) : (i & 7), 0});
    else out.push_back({lane, w64 ? ((i >> 1) & 1) : ((i & 7) >> 1), 16 * (i & 1)});
    return out;
  }
  if (ins.family == Family::wmma) {
    const int m = op == Operand::a ? row : col, k = op == Operand::a ? col : row;
    if (bits == 16)
      out.push_back(w64 ? Spot{m + 16 * (k >> 2), (k >> 1) & 1, 16 * (k & 1)}
                        : Spot{m + 16 * ((k >> 2) & 1), 2 * (k >> 3) + ((k >> 1) & 1), 16 * (k & 1)});
    else if (bits == 8)
      out.push_back(w64 ? Spot{m + 32 * ((k >> 2) & 1) + 16 * (k >> 3), 0, 8 * (k & 3)}
                        : Spot{m + 16 * (k >> 3), (k >> 2) & 1, 8 * (k & 3)});
    else if (ins.k == 16)
      out.push_back({m + 16 * (k >> 3), 0, 4 * (k & 7)});  // wave64: lanes 0..31, same as wave32
    else
      out.push_back(w64 ? Spot{m + 32 * ((k >> 3) & 1) + 16 * (k >> 4), 0, 4 * (k & 7)}
                        : Spot{m + 16 * (k >> 4), (k >> 3) & 1, 4 * (k & 7)});
    return out;
  }
  // SWMMAC. A: col = slot 2G+s; index: col = G; B: (k, j).
  if (op == Operand::a) {
    const int i = row, G = col >> 1, s = col & 1;
    if (bits == 16) {
      if (w64) out.push_back({i + 16 * (G >> 1), G & 1, 16 * s});
      else out.push_back({i + 16 * ((G >> 1) & 1), 2 * (G >> 2) + (G & 1), 16 * s});
    } else if (bits == 8) {
      const int f = w64 ? (G & 1) : (G & 3);
      if (w64) out.push_back({i + 32 * ((G >> 1) & 1) + 16 * (G >> 2), 0, 16 * f + 8 * s});
      else out.push_back({i + 16 * (G >> 2), f >> 1, 16 * (f & 1) + 8 * s});
    } else if (ins.k == 32) {
      out.push_back({i + 16 * (G >> 2), 0, 8 * (G & 3) + 4 * s});
    } else {
      if (w64) out.push_back({i + 32 * ((G >> 2) & 1) + 16 * (G >> 3), 0, 8 * (G & 3) + 4 * s});
      else { const int f = G & 7; out.push_back({i + 16 * (G >> 3), f >> 2, 8 * (f & 3) + 4 * s}); }
    }
    return out;
  }
  if (op == Operand::index) {
    const int i = row, G = col;
    const int a_bits = format_bits(ins.a);
    if (a_bits == 16) {
      if (w64) out.push_back({i + 16 * (G >> 1), 0, 4 * (G & 1) + 8 * key});
      else out.push_back({i + 16 * ((G >> 1) & 1), 0, 4 * (2 * (G >> 2) + (G & 1)) + 16 * key});
    } else if (a_bits == 8) {
      if (w64) out.push_back({i + 32 * ((G >> 1) & 1) + 16 * (G >> 2), 0, 4 * (G & 1) + 8 * key});
      else out.push_back({i + 16 * (G >> 2), 0, 4 * (G & 3) + 16 * key});
    } else if (ins.k == 32) {
      out.push_back({i + 16 * (G >> 2), 0, 4 * (G & 3) + 16 * key});
    } else {
      if (w64) out.push_back({i + 32 * ((G >> 2) & 1) + 16 * (G >> 3), 0, 4 * (G & 3) + 16 * key});
      else out.push_back({i + 16 * (G >> 3), 0, 4 * (G & 7)});
    }
    return out;
  }
  const int k = row, j = col;
  if (bits == 16)
    out.push_back(w64 ? Spot{j + 16 * (k >> 3), (k >> 1) & 3, 16 * (k & 1)}
                      : Spot{j + 16 * ((k >> 3) & 1), 4 * (k >> 4) + ((k >> 1) & 3), 16 * (k & 1)});
  else if (bits == 8)
    out.push_back(w64 ? Spot{j + 32 * ((k >> 3) & 1) + 16 * (k >> 4), (k >> 2) & 1, 8 * (k & 3)}
                      : Spot{j + 16 * (k >> 4), (k >> 2) & 3, 8 * (k & 3)});
  else if (ins.k == 32)
    out.push_back(w64 ? Spot{j + 32 * ((k >> 3) & 1) + 16 * (k >> 4), 0, 4 * (k & 7)}
                      : Spot{j + 16 * (k >> 4), (k >> 3) & 1, 4 * (k & 7)});
  else
    out.push_back(w64 ? Spot{j + 32 * ((k >> 4) & 1) + 16 * (k >> 5), (k >> 3) & 1, 4 * (k & 7)}
                      : Spot{j + 16 * (k >> 5), (k >> 3) & 3, 4 * (k & 7)});
  return out;
}

constexpr Operand kOperands[] = {Operand::a, Operand::b, Operand::c, Operand::d, Operand::index};

TEST(SpecFormulas, EveryElementOfEveryOperandBothDirections) {
  long checked = 0;
  for (const Instruction& ins : kInstructions)
    for (Operand op : kOperands)
      for (int opsel = 0; opsel < (ins.arch == Arch::rdna3 ? 2 : 1); ++opsel) {
        const LinearLayout l = operand_layout(ins, op, {opsel});
        if (l.evidence == Evidence::unknown) continue;
        SCOPED_TRACE(std::string(ins.name) + " " + std::string(operand_name(op)));
        std::set<Spot> seen;
        for (int key = 0; key < l.keys(); ++key)
          for (int row = 0; row < l.rows(); ++row)
            for (int col = 0; col < l.cols(); ++col) {
              std::vector<Spot> want = spec_places(ins, op, row, col, key, opsel);
              Place got[16];
              const int n = l.places_of({row, col, key}, got, 16);
              ASSERT_EQ(n, static_cast<int>(want.size())) << "element " << row << "," << col;
              std::set<Spot> got_set, want_set(want.begin(), want.end());
              for (int p = 0; p < n; ++p) {
                got_set.insert({got[p].lane, got[p].vgpr, got[p].bit_lo});
                EXPECT_EQ(got[p].bit_hi - got[p].bit_lo + 1, operand_element_bits(ins, op));
                Element back;
                ASSERT_TRUE(l.element_at(got[p].lane, got[p].vgpr, got[p].bit_lo, back));
                EXPECT_EQ(back, (Element{row, col, key}));
              }
              EXPECT_EQ(got_set, want_set) << "element " << row << "," << col << " key " << key;
              for (const Spot& s : want) EXPECT_TRUE(seen.insert(s).second) << "two elements share a place";
              ++checked;
            }
      }
  EXPECT_GT(checked, 80000);  // guards against a loop that silently skips operands
}

// Ignored lanes (spec 4.2, 5.3): wave64 iu4 16x16x16 A/B and SWMMAC iu4 16x16x32 A/index use lanes 0-31 only.
TEST(SpecFormulas, IgnoredUpperLanesHoldNothing) {
  for (const Instruction& ins : kInstructions) {
    if (ins.arch != Arch::rdna4 || ins.wave != 64 || ins.a != Format::iu4) continue;
    for (Operand op : kOperands) {
      const LinearLayout l = operand_layout(ins, op);
      if (l.evidence == Evidence::unknown) continue;
      const bool lower_only = (ins.family == Family::wmma && ins.k == 16 && (op == Operand::a || op == Operand::b)) ||
                              (ins.family == Family::swmmac && ins.k == 32 && (op == Operand::a || op == Operand::index));
      Element e;
      EXPECT_EQ(l.element_at(40, 0, 0, e), !lower_only) << ins.name << " " << operand_name(op);
    }
  }
}

}  // namespace
}  // namespace wmmasim
