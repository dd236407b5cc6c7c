#include "wmmasim/diagnosis/catalogue.hpp"

#include <algorithm>
#include <functional>

#include "wmmasim/layouts/fragment.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim::diagnosis {
namespace {

// A map built slot by slot from the layout's own map.
SlotMap remap(const SlotMap& base, const std::function<Slot(int lane, int e)>& f) {
  SlotMap m = base;
  m.rows = m.cols = 0;  // the place index describes the layout's map, not this one
  m.slot_at.clear();
  for (int lane = 0; lane < m.lanes; ++lane)
    for (int e = 0; e < m.size; ++e) m.at(lane, e) = f(lane, e);
  return m;
}

Slot from(const SlotMap& m, int lane, int e) {
  if (lane < 0 || lane >= m.lanes || e < 0 || e >= m.size) return Slot{SlotState::empty, 0, 0};
  return m.at(lane, e);
}

// The same operand in another table entry (other architecture or wave size), if there is one.
const Instruction* sibling(const Instruction& ins, Arch arch, int wave) {
  const Instruction* s = find_mnemonic(ins.mnemonic, wave, arch);
  return s && s->family == ins.family && s->a == ins.a && s->b == ins.b && s->cd == ins.cd && s->k == ins.k ? s : nullptr;
}

// Layouts whose rows sit in other hardware bits: every other assignment of the row labels to the
// hardware bits that carry one row bit each (the layout's columns stay where they are).
std::vector<SlotMap> row_permutations(const Instruction& ins, Operand op, const LayoutOptions& o, const SlotMap& base) {
  const LinearLayout l = operand_layout(ins, op, o);
  std::vector<int> bits;  // hardware bits that carry exactly one row bit
  std::vector<std::uint16_t> labels;
  for (int h = 0; h < l.hw_bits(); ++h) {
    const std::uint16_t b = l.basis[h];
    if (b && (b & (b - 1)) == 0 && b >= (1u << l.col_bits) && b < (1u << (l.col_bits + l.row_bits))) {
      bits.push_back(h);
      labels.push_back(b);
    }
  }
  std::vector<SlotMap> out;
  std::vector<int> perm(bits.size());
  for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int>(i);
  while (std::next_permutation(perm.begin(), perm.end())) {
    LinearLayout p = l;
    for (std::size_t i = 0; i < bits.size(); ++i) p.basis[bits[i]] = labels[static_cast<std::size_t>(perm[i])];
    SlotMap m = slot_map(p, base.lanes, base.size);
    if (!(m == base)) out.push_back(std::move(m));
  }
  return out;
}

bool sixteen_bit(Format f) { return format_bits(f) == 16; }

}  // namespace

const std::vector<Mistake>& mistakes() {
  static const std::vector<Mistake> list = {
      {"a-transposed", "A read transposed: element (m, k) taken from (k, m)"},
      {"b-transposed", "B read transposed: element (k, n) taken from (n, k)"},
      {"c-transposed", "C loaded transposed"},
      {"d-transposed", "D stored transposed"},
      {"lane-groups-swapped", "the lanes of one 16-lane group hold what the other group should hold"},
      {"8bit-byte-order", "8-bit elements packed into each 32-bit word in the reverse byte order"},
      {"int4-nibble-order", "int4 elements packed with the two nibbles of each byte exchanged"},
      {"contiguous-k-16bit", "16-bit A/B in the contiguous-K relabelling (lane group g holds K 8g..8g+7: K bits 2 and 3 swapped)"},
      {"rdna3-layout-on-rdna4", "RDNA3's layout on RDNA4: A/B replicated in both lane groups with K contiguous, C/D rows interleaved"},
      {"rdna4-layout-on-rdna3", "RDNA4's layout on RDNA3: A/B split over the lane groups, C/D rows in VGPR order"},
      {"wave64-layout-under-wave32", "a wave64 fragment (half the elements per lane) in a wave32 kernel"},
      {"wave32-layout-under-wave64", "a wave32 fragment in a wave64 kernel: lanes 32-63 repeat lanes 0-31"},
      {"c-wrong-row-map", "C loaded with another assignment of rows to VGPRs and lane groups"},
      {"d-wrong-row-map", "D stored with another assignment of rows to VGPRs and lane groups"},
      {"wrong-opsel-half", "RDNA3 16-bit C/D: the other 16-bit half of each VGPR than OPSEL selects"},
      {"swmmac-index-wrong-set", "SWMMAC: the sparse index of the other index set (OPSEL / index_key)"},
      {"swmmac-index-wrong-group", "SWMMAC: the sparse index fields of another group of four K"},
      {"load-tr-address-off-by-one-row", "global_load_tr: each lane's address one row away from the one the transpose needs"},
      {"load-tr-address-off-by-one-column", "global_load_tr: each lane's address one column away from the one the transpose needs"},
  };
  return list;
}

std::string mistake_text(std::string_view id, Operand op) {
  const std::string o(operand_name(op));
  if (id == "a-transposed" || id == "b-transposed" || id == "c-transposed" || id == "d-transposed")
    return o + (op == Operand::d ? " stored transposed" : " transposed");
  if (id == "lane-groups-swapped") return o + ": lane groups swapped";
  if (id == "8bit-byte-order") return o + ": 8-bit elements in the wrong byte order";
  if (id == "int4-nibble-order") return o + ": int4 nibbles in the wrong order";
  if (id == "contiguous-k-16bit") return o + ": contiguous-K relabelling (K bits 2 and 3 swapped)";
  if (id == "rdna3-layout-on-rdna4") return o + ": RDNA3 layout used on RDNA4";
  if (id == "rdna4-layout-on-rdna3") return o + ": RDNA4 layout used on RDNA3";
  if (id == "wave64-layout-under-wave32") return o + ": wave64 layout under wave32";
  if (id == "wave32-layout-under-wave64") return o + ": wave32 layout under wave64";
  if (id == "c-wrong-row-map") return "C loaded with the wrong row map";
  if (id == "d-wrong-row-map") return "D stored with the wrong row map";
  if (id == "wrong-opsel-half") return o + ": the wrong OPSEL half";
  for (const Mistake& m : mistakes())
    if (m.id == id) return std::string(m.summary);
  return std::string(id);
}

std::vector<Candidate> candidates(const Instruction& ins, Operand op, const LayoutOptions& o) {
  std::vector<Candidate> out;
  if (!ins.has_operand(op) || op == Operand::index || ins.family == Family::load_tr) return out;
  const SlotMap base = operand_slot_map(ins, op, o);
  auto add = [&](std::string id, std::string text, SlotMap m) {
    if (m == base) return;  // the mistake changes nothing for this operand
    for (const Candidate& c : out)
      if (c.map == m) return;  // an earlier, more specific name already predicts this
    out.push_back(Candidate{std::move(id), std::move(text), std::move(m)});
  };
  const bool ab = op == Operand::a || op == Operand::b;
  const std::string name(operand_name(op));

  // Transposed: every slot holds the mirrored element.
  {
    const std::string id = op == Operand::a ? "a-transposed" : op == Operand::b ? "b-transposed" : op == Operand::c ? "c-transposed" : "d-transposed";
    add(id, name + (op == Operand::d ? " stored transposed: the element of (r, c) went to (c, r)" : " transposed: element (r, c) was read from (c, r)"),
        remap(base, [&](int lane, int e) {
          Slot s = base.at(lane, e);
          std::swap(s.row, s.col);
          return s;
        }));
  }
  // Lane groups swapped: lane L holds what lane L ^ 16 should (and, in wave64, L ^ 32).
  for (int flip : {16, 32})
    if (flip < ins.wave)
      add("lane-groups-swapped", name + ": lane groups swapped (lane L holds what lane L^" + std::to_string(flip) + " should)",
          remap(base, [&](int lane, int e) { return from(base, lane ^ flip, e); }));
  if (ab && base.element_bits == 8)
    add("8bit-byte-order", name + ": the 4 bytes of each VGPR in reverse order",
        remap(base, [&](int lane, int e) { return from(base, lane, e ^ 3); }));
  if (ab && base.element_bits == 4)
    add("int4-nibble-order", name + ": the two nibbles of each byte exchanged",
        remap(base, [&](int lane, int e) { return from(base, lane, e ^ 1); }));
  if (ab && ins.arch == Arch::rdna4 && ins.family == Family::wmma && ins.wave == 32 && sixteen_bit(op == Operand::a ? ins.a : ins.b)) {
    LayoutOptions c = o;
    c.labelling = Labelling::contig16;
    add("contiguous-k-16bit", name + ": contiguous-K relabelling (lane group g holds K 8g..8g+7; K bits 2 and 3 swapped)",
        operand_slot_map(ins, op, c));
  }
  // The other architecture's layout of the same instruction, slot for slot.
  if (ins.family == Family::wmma) {
    const Arch other = ins.arch == Arch::rdna4 ? Arch::rdna3 : Arch::rdna4;
    if (const Instruction* s = sibling(ins, other, ins.wave)) {
      const SlotMap theirs = operand_slot_map(*s, op, o);
      const bool to4 = ins.arch == Arch::rdna4;
      add(to4 ? "rdna3-layout-on-rdna4" : "rdna4-layout-on-rdna3",
          name + (to4 ? ": RDNA3 layout used on RDNA4 (" : ": RDNA4 layout used on RDNA3 (") +
              (ab ? (to4 ? "A/B replicated in both lane groups, K contiguous)" : "K split over the lane groups)")
                  : (to4 ? "rows interleaved over the lane groups)" : "rows in VGPR order)")),
          remap(base, [&](int lane, int e) {
            if (e < theirs.size) return theirs.at(lane, e);
            return Slot{to4 ? SlotState::empty : SlotState::any, 0, 0};
          }));
    }
  }
  // The other wave size's layout: wave64 fragments have half the elements per lane.
  if (ins.wave == 32) {
    if (const Instruction* s = sibling(ins, ins.arch, 64)) {
      const SlotMap theirs = operand_slot_map(*s, op, o);
      add("wave64-layout-under-wave32", name + ": wave64 layout under wave32 (a wave64 fragment fills " + std::to_string(theirs.size) +
                                            " of the " + std::to_string(base.size) + " elements per lane)",
          remap(base, [&](int lane, int e) { return e < theirs.size ? theirs.at(lane, e) : Slot{SlotState::empty, 0, 0}; }));
    }
  } else if (const Instruction* s = sibling(ins, ins.arch, 32)) {
    const SlotMap theirs = operand_slot_map(*s, op, o);
    add("wave32-layout-under-wave64", name + ": wave32 layout under wave64 (lanes 32-63 repeat lanes 0-31)",
        remap(base, [&](int lane, int e) { return from(theirs, lane & 31, e); }));
  }
  if (op == Operand::c || op == Operand::d)
    for (SlotMap& m : row_permutations(ins, op, o, base))
      add(op == Operand::c ? "c-wrong-row-map" : "d-wrong-row-map",
          name + (op == Operand::c ? " loaded" : " stored") + " with the wrong row map (rows assigned to other VGPR/lane bits)", std::move(m));
  return out;
}

}  // namespace wmmasim::diagnosis
