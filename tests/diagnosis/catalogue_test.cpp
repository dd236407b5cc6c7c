// The catalogue as layout transformations, checked against maps computed here independently.
#include <gtest/gtest.h>

#include <set>

#include "wmmasim/diagnosis/catalogue.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

namespace {

using namespace wmmasim;
using namespace wmmasim::diagnosis;

TEST(Catalogue, EveryCandidateIsACatalogueIdAndDiffersFromTheLayout) {
  std::set<std::string> ids;
  for (const Mistake& m : mistakes()) ids.insert(std::string(m.id));
  int n = 0;
  for (const Instruction& ins : kInstructions)
    for (Operand op : {Operand::a, Operand::b, Operand::c, Operand::d})
      for (const Candidate& c : candidates(ins, op)) {
        EXPECT_TRUE(ids.count(c.id)) << c.id;
        EXPECT_FALSE(c.map == operand_slot_map(ins, op)) << ins.name << " " << c.id;
        ++n;
      }
  EXPECT_GT(n, 100);
}

const Candidate* find(const std::vector<Candidate>& cs, const std::string& id) {
  for (const Candidate& c : cs)
    if (c.id == id) return &c;
  return nullptr;
}

TEST(Catalogue, ContiguousKIsKBits2And3Swapped) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const std::vector<Candidate> all = candidates(ins, Operand::a);
  const Candidate* c = find(all, "contiguous-k-16bit");
  ASSERT_NE(c, nullptr);
  // ISA: lane group g, element e holds K (e&3) + 4g + 8(e>>2); contiguous: e + 8g.
  for (int lane = 0; lane < 32; ++lane)
    for (int e = 0; e < 8; ++e) {
      EXPECT_EQ(c->map.at(lane, e).row, lane % 16);
      EXPECT_EQ(c->map.at(lane, e).col, e + 8 * (lane / 16));
    }
}

TEST(Catalogue, Rdna3OnRdna4DIsInterleavedRows) {
  const Instruction& ins = *find_builtin("wmma_f32_16x16x16_f16_w32_gfx12");
  const std::vector<Candidate> all = candidates(ins, Operand::d);
  const Candidate* c = find(all, "rdna3-layout-on-rdna4");
  ASSERT_NE(c, nullptr);
  for (int lane = 0; lane < 32; ++lane)
    for (int v = 0; v < 8; ++v) {
      EXPECT_EQ(c->map.at(lane, v).row, 2 * v + lane / 16);
      EXPECT_EQ(c->map.at(lane, v).col, lane % 16);
    }
}

TEST(Catalogue, ByteAndNibbleOrder) {
  const Instruction& i8 = *find_builtin("wmma_i32_16x16x16_iu8_w32_gfx12");
  const std::vector<Candidate> bytes = candidates(i8, Operand::a);
  const Candidate* b = find(bytes, "8bit-byte-order");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->map.at(0, 0).col, 3);  // byte 0 holds what byte 3 should: K 3
  EXPECT_EQ(b->map.at(0, 4).col, 7);
  const Instruction& i4 = *find_builtin("wmma_i32_16x16x16_iu4_w32_gfx12");
  const std::vector<Candidate> nibbles = candidates(i4, Operand::b);
  const Candidate* n = find(nibbles, "int4-nibble-order");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->map.at(17, 0).row, 9);  // lane group 1, nibble 0 holds K 8+1
}

TEST(Catalogue, IdsAreUnique) {
  std::set<std::string_view> seen;
  for (const Mistake& m : mistakes()) EXPECT_TRUE(seen.insert(m.id).second) << m.id;
}

}  // namespace
