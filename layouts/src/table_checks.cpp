// Compile-time proofs about the instruction table and its layouts: a table edit that breaks one of
// these fails the build, not a test run.
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim {
namespace {

constexpr Operand kOperands[] = {Operand::a, Operand::b, Operand::c, Operand::d, Operand::index};

// RDNA4 operand layouts are bijections; RDNA3 A/B are onto with one copy per lane group.
constexpr bool layouts_are_exact() {
  for (const Instruction& ins : kInstructions)
    for (Operand op : kOperands) {
      const LinearLayout l = operand_layout(ins, op);
      if (l.evidence == Evidence::unknown) continue;
      const bool replicated = ins.arch == Arch::rdna3 && (op == Operand::a || op == Operand::b);
      if (replicated ? !(l.onto() && l.replication() == ins.wave / 16) : !l.bijective()) return false;
    }
  return true;
}
static_assert(layouts_are_exact(), "an operand layout is not an exact map");

// Each layout fills exactly the VGPR count the table states for its operand.
constexpr bool vgpr_counts_agree() {
  for (const Instruction& ins : kInstructions)
    for (Operand op : kOperands) {
      const LinearLayout l = operand_layout(ins, op);
      if (l.evidence == Evidence::unknown) continue;
      if (l.vgprs() != operand_vgprs(ins, op)) return false;
    }
  return true;
}
static_assert(vgpr_counts_agree(), "a layout disagrees with the table's VGPR count");

// The layout's matrix shape is the instruction's (SWMMAC A: K/2 stored slots per row).
constexpr bool shapes_agree() {
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr) continue;
    const int a_cols = ins.family == Family::swmmac ? ins.k / 2 : ins.k;
    if (operand_layout(ins, Operand::a).rows() != ins.m || operand_layout(ins, Operand::a).cols() != a_cols) return false;
    if (operand_layout(ins, Operand::b).rows() != ins.k || operand_layout(ins, Operand::b).cols() != ins.n) return false;
    if (operand_layout(ins, Operand::d).rows() != ins.m || operand_layout(ins, Operand::d).cols() != ins.n) return false;
    if (ins.has_index() && (operand_layout(ins, Operand::index).cols() != ins.k / 4 ||
                            operand_layout(ins, Operand::index).keys() != ins.index_sets()))
      return false;
  }
  return true;
}
static_assert(shapes_agree(), "a layout's matrix shape disagrees with the instruction");

}  // namespace
}  // namespace wmmasim
