#include "wmmasim/diagnosis/explain.hpp"

#include <map>

#include "wmmasim/diagnosis/catalogue.hpp"

namespace wmmasim::diagnosis {
namespace {

// The matrix a kernel with this mistake feeds the instruction: in every tile, the element the layout
// puts at a slot is replaced by the one the mistake puts there (zero outside the matrix).
BitMatrix mistaken_input(const BitMatrix& x, const SlotMap& layout, const SlotMap& mistake, int tile_rows, int tile_cols) {
  BitMatrix out = x;
  for (int r0 = 0; r0 < x.rows; r0 += tile_rows)
    for (int c0 = 0; c0 < x.cols; c0 += tile_cols)
      for (std::size_t s = 0; s < layout.slots.size(); ++s) {
        const Slot& want = layout.slots[s];
        const Slot& got = mistake.slots[s];
        if (want.state != SlotState::element || got.state == SlotState::any) continue;
        const int r = r0 + want.row, c = c0 + want.col;
        if (r >= x.rows || c >= x.cols) continue;
        const int gr = r0 + got.row, gc = c0 + got.col;
        const bool inside = got.state == SlotState::element && gr >= 0 && gc >= 0 && gr < x.rows && gc < x.cols;
        out.at(r, c) = inside ? x.at(gr, gc) : 0u;
      }
  return out;
}

// D as a kernel storing it with this mistake leaves it: the element of each slot goes where the
// mistake puts it (positions no slot reaches keep the correct value).
BitMatrix mistaken_store(const BitMatrix& d, const SlotMap& layout, const SlotMap& mistake) {
  BitMatrix out = d;
  for (int r0 = 0; r0 < d.rows; r0 += 16)
    for (int c0 = 0; c0 < d.cols; c0 += 16)
      for (std::size_t s = 0; s < layout.slots.size(); ++s) {
        const Slot& from = layout.slots[s];
        const Slot& to = mistake.slots[s];
        if (from.state != SlotState::element || to.state != SlotState::element) continue;
        const int fr = r0 + from.row, fc = c0 + from.col, tr = r0 + to.row, tc = c0 + to.col;
        if (fr < d.rows && fc < d.cols && tr >= 0 && tc >= 0 && tr < d.rows && tc < d.cols) out.at(tr, tc) = d.at(fr, fc);
      }
  return out;
}

std::string product_with(const std::string& what) { return "D equals the product with " + what; }

}  // namespace

std::vector<Explanation> explain_d(const Instruction& ins, const BitMatrix& a, const BitMatrix& b, const BitMatrix& c,
                                   const BitMatrix& observed, const GemmOptions& options) {
  std::vector<Explanation> out;
  if (ins.family != Family::wmma) return out;
  auto same = [&](const BitMatrix& d) { return d.rows == observed.rows && d.cols == observed.cols && d.bits == observed.bits; };
  std::map<std::string, const Candidate*> on_a;
  const std::vector<Candidate> ca = candidates(ins, Operand::a), cb = candidates(ins, Operand::b), cc = candidates(ins, Operand::c),
                               cd = candidates(ins, Operand::d);
  const SlotMap la = operand_slot_map(ins, Operand::a), lb = operand_slot_map(ins, Operand::b), lc = operand_slot_map(ins, Operand::c),
                ld = operand_slot_map(ins, Operand::d);
  auto note = [&](const Candidate& k, Operand op, bool both, const std::string& sentence) {
    out.push_back(Explanation{k.id, op, both, sentence + " (" + k.id + ")"});
  };
  for (const Candidate& k : ca) {
    on_a[k.id] = &k;
    if (same(gemm(ins, mistaken_input(a, la, k.map, 16, ins.k), b, c, options))) note(k, Operand::a, false, product_with(k.text));
  }
  for (const Candidate& k : cb) {
    if (same(gemm(ins, a, mistaken_input(b, lb, k.map, ins.k, 16), c, options))) note(k, Operand::b, false, product_with(k.text));
    const auto both = on_a.find(k.id);
    if (both != on_a.end() &&
        same(gemm(ins, mistaken_input(a, la, both->second->map, 16, ins.k), mistaken_input(b, lb, k.map, ins.k, 16), c, options)))
      note(k, Operand::a, true, product_with("the same mistake on A and B: " + k.text));
  }
  for (const Candidate& k : cc)
    if (same(gemm(ins, a, b, mistaken_input(c, lc, k.map, 16, 16), options))) note(k, Operand::c, false, "D equals the result with " + k.text);
  const BitMatrix d = gemm(ins, a, b, c, options);
  for (const Candidate& k : cd)
    if (same(mistaken_store(d, ld, k.map))) note(k, Operand::d, false, "D equals the correct result stored with the mistake " + k.text);
  return out;
}

}  // namespace wmmasim::diagnosis
