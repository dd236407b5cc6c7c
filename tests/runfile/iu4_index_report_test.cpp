// The IU4 SWMMAC index report of ROCm/composable_kernel issue #3753 and PR #3759 (gfx1201), restated
// here and compared with the table's documented reading (spec layouts.md 5.1, 5.5) and with the
// probe suite's named alternative `iu4-index-swap-xor1` (question 12.15). Every D below is computed
// on this machine; nothing here is a hardware result.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "records.hpp"
#include "wmmasim/hw/probe_inputs.hpp"
#include "wmmasim/runfile/probe_verdict.hpp"

namespace wmmasim::runfile {
namespace {

// ---- The report in CK's own coordinates ---------------------------------------------------------
// PR #3759's pk_int4 compression (include/ck_tile/core/arch/mma/sparse/sparse_transforms.hpp): CK
// numbers the four 4-bit values of a group j = 0..3 over two bytes, HIGH nibble first (its
// CK_TILE_USE_PK4_LAYOUT_SHUFFLE packing), so value j sits in register nibble j ^ 1. Scanning j upward,
// the first survivor goes to the HIGH nibble of the stored byte and the second to the LOW nibble, and
// the fix writes idx1 = (first's j) ^ 1 and idx0 = (second's j) ^ 1: "swap + XOR 1".
struct CkGroup {
  int low_value_j, high_value_j;  // CK position of the value stored in the low / high nibble
  int idx0, idx1;
};
CkGroup ck_compress(int j_first, int j_second) { return {j_second, j_first, j_second ^ 1, j_first ^ 1}; }
int ck_register_nibble(int j) { return j ^ 1; }  // where CK's B value j sits too (same packing for B)

// The documented reading (spec 5.1): the stored value in nibble s meets B's register row idx_s.
int documented_row(const CkGroup& g, int s) { return s == 0 ? g.idx0 : g.idx1; }
// The report read literally in register terms: nibble s meets row idx_(1-s) ^ 1.
int literal_row(const CkGroup& g, int s) { return (s == 0 ? g.idx1 : g.idx0) ^ 1; }

TEST(CkIu4IndexReport, TheRemapIsTheDocumentedReadingOnceCksNibbleOrderIsUndone) {
  int agree_literal = 0;
  for (int j0 = 0; j0 < 4; ++j0)
    for (int j1 = j0 + 1; j1 < 4; ++j1) {
      const CkGroup g = ck_compress(j0, j1);
      // Each stored value must meet the B value of its own CK position; under the documented reading it does.
      EXPECT_EQ(documented_row(g, 0), ck_register_nibble(g.low_value_j)) << j0 << "," << j1;
      EXPECT_EQ(documented_row(g, 1), ck_register_nibble(g.high_value_j)) << j0 << "," << j1;
      agree_literal += literal_row(g, 0) == ck_register_nibble(g.low_value_j) && literal_row(g, 1) == ck_register_nibble(g.high_value_j);
    }
  // Read literally in register terms, the rule would serve CK's data only for the pairs (0,1) and (2,3).
  EXPECT_EQ(agree_literal, 2);
}

// ---- The named alternative of the probe suite ---------------------------------------------------

ProgramRecord synthetic_record(const hw::Probe& p) {
  const auto inputs = hw::probe_inputs(p, 1);
  const hw::KernelAbi abi = hw::kernel_abi(*p.ins);
  hw::RawOutput raw;
  raw.d_words.assign(static_cast<std::size_t>(abi.lanes) * abi.output_words_per_lane, 0);
  raw.timing.assign(hw::kTimingWords, 0);
  raw.timing[3] = hw::kTimedIterations;
  ProgramRecord r = hw::probe_record(p, 1, "gfx1201", inputs, raw, {1e8, "synthetic"});
  r.notes.push_back("SYNTHETIC: computed on the CPU by the emulator, not a hardware result");
  return r;
}

// D by hand from the record's matrices (unsigned IU4, index set 0), with `row_of(field, s)` choosing
// the position inside the group that stored value s meets.
template <class RowOf>
std::vector<std::uint32_t> d_by_hand(const ProgramRecord& r, RowOf row_of) {
  const Matrix &a = r.inputs.at("A"), &b = r.inputs.at("B"), &c = r.inputs.at("C"), &index = r.inputs.at("index");
  std::vector<std::uint32_t> d(256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      std::int64_t sum = static_cast<std::int32_t>(c.bits.at(static_cast<std::size_t>(i) * 16 + j));
      for (int col = 0; col < a.cols; ++col) {
        const int g = col / 2, s = col % 2;
        const std::uint32_t field = index.bits.at(static_cast<std::size_t>(i) * index.cols + g);
        const int k = 4 * g + row_of(field, s);
        sum += static_cast<std::int64_t>(a.bits.at(static_cast<std::size_t>(i) * a.cols + col)) * b.bits.at(static_cast<std::size_t>(k) * 16 + j);
      }
      d[static_cast<std::size_t>(i) * 16 + j] = static_cast<std::uint32_t>(sum);
    }
  return d;
}

std::vector<const hw::Probe*> iu4_index_probes() {
  std::vector<const hw::Probe*> out;
  for (const hw::Probe& p : hw::all_probes())
    if (p.question == "numerics 12.15") out.push_back(&p);
  return out;
}

TEST(CkIu4IndexReport, ProbesCoverEveryIu4SwmmacFormAndEveryStoredValue) {
  std::set<std::string> builtins;
  std::map<std::string, std::set<int>> driven;  // builtin -> A columns some row drives
  for (const hw::Probe* p : iu4_index_probes()) {
    builtins.insert(std::string(p->ins->name));
    EXPECT_EQ(p->alternatives, std::vector<std::string>{"iu4-index-swap-xor1"});
    EXPECT_EQ(p->body, hw::ProbeBody::asm_call) << p->name;  // the whole index VGPR reaches the instruction
    const ProgramRecord r = synthetic_record(*p);
    const Matrix& a = r.inputs.at("A");
    for (int i = 0; i < 16; ++i)
      for (int col = 0; col < a.cols; ++col)
        if (a.bits[static_cast<std::size_t>(i) * a.cols + col]) driven[std::string(p->ins->name)].insert(col);
  }
  EXPECT_EQ(builtins, (std::set<std::string>{"swmmac_i32_16x16x32_iu4_w32", "swmmac_i32_16x16x64_iu4_w32",
                                              "swmmac_i32_16x16x32_iu4_w64", "swmmac_i32_16x16x64_iu4_w64"}));
  EXPECT_EQ(iu4_index_probes().size(), 6u);  // K=32: one probe; K=64: two (32 stored values, 16 rows)
  for (const auto& [name, cols] : driven) EXPECT_EQ(static_cast<int>(cols.size()), name.find("x64") != std::string::npos ? 32 : 16) << name;
}

TEST(CkIu4IndexReport, AlternativeAndModelEqualTheirReadingsComputedByHand) {
  for (const hw::Probe* p : iu4_index_probes()) {
    const ProgramRecord r = synthetic_record(*p);
    const auto documented = d_by_hand(r, [](std::uint32_t f, int s) { return static_cast<int>(f >> (2 * s) & 3); });
    const auto literal = d_by_hand(r, [](std::uint32_t f, int s) { return static_cast<int>((f >> (2 * (1 - s)) & 3) ^ 1); });
    EXPECT_EQ(hypothesis_output(r, "iu4-index-swap-xor1").d.bits, literal) << p->name;
    EXPECT_EQ(hypothesis_output(r, "model:exact-int").d.bits, documented) << p->name;
    // One-hot: each row of D has exactly one nonzero element, and the two readings differ in every row.
    for (int i = 0; i < 16; ++i) {
      int nonzero = 0, differ = 0;
      for (int j = 0; j < 16; ++j) {
        nonzero += documented[static_cast<std::size_t>(i) * 16 + j] != 0;
        differ += documented[static_cast<std::size_t>(i) * 16 + j] != literal[static_cast<std::size_t>(i) * 16 + j];
      }
      EXPECT_EQ(nonzero, 1) << p->name << " row " << i;
      EXPECT_GT(differ, 0) << p->name << " row " << i;
    }
  }
}

TEST(CkIu4IndexReport, VerdictNamesTheReadingThatMadeASyntheticD) {
  for (const hw::Probe* p : iu4_index_probes())
    for (const std::string h : {"iu4-index-swap-xor1", "model:exact-int"}) {
      ProgramRecord r = synthetic_record(*p);
      r.outputs["D"] = hypothesis_output(r, h).d;
      RunFile run;
      run.producer = {"emulator", "wmmasim test", std::nullopt};
      run.programs = {r};
      const VerdictReport v = probe_verdicts(run, "synthetic");
      ASSERT_EQ(v.probes.size(), 1u);
      EXPECT_EQ(v.probes[0].error, "");
      const auto& m = v.probes[0].matching;
      EXPECT_NE(std::find(m.begin(), m.end(), h), m.end()) << p->name << " " << h;
      const bool alt_matches = std::find(m.begin(), m.end(), "iu4-index-swap-xor1") != m.end();
      EXPECT_EQ(alt_matches, h == "iu4-index-swap-xor1") << p->name;
    }
}

}  // namespace
}  // namespace wmmasim::runfile
