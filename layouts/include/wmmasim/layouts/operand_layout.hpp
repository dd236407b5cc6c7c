// The layout of every operand of every instruction of the table, as bit tables (spec layouts.md:
// 4.1/4.2 dense RDNA4, 5.2/5.3 SWMMAC, 6 RDNA3, 7 global_load_tr). K labels are the ISA's.
//
// Bit-table tokens name, for each hardware bit in the order P0.., V0.., L0.., the matrix index bit
// it carries. A/B tables are written once in terms of m (the row of A, the column of B) and k; the
// builder turns them into row/column bits for the operand at hand.
#pragma once

#include <string_view>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/layouts/linear_layout.hpp"

namespace wmmasim {

// K labelling of dense A/B. `isa` is canonical. `contig16` is the relabelling several libraries use
// for 16-bit wave32 operands (lane group g holds K 8g..8g+7): K bits 2 and 3 exchanged. It gives
// the same dense product but a different rounding order, and it is not valid for SWMMAC.
enum class Labelling : std::uint8_t { isa, contig16 };

struct LayoutOptions {
  int opsel = 0;  // RDNA3 16-bit C/D: the register half that holds the result
  Labelling labelling = Labelling::isa;
};

namespace layout_detail {

// A/B tables in m/k tokens -> r/c tokens: for A, m = row and k = column; for B the reverse.
WMMASIM_HD constexpr LinearLayout ab_layout(Operand op, int pos_bits, int vgpr_bits, int element_bits,
                                           std::string_view mk_tokens) {
  char buf[64] = {};
  std::size_t n = 0;
  for (char ch : mk_tokens) {
    if (ch == 'm') ch = op == Operand::a ? 'r' : 'c';
    else if (ch == 'k') ch = op == Operand::a ? 'c' : 'r';
    buf[n++] = ch;
  }
  return make_layout(pos_bits, vgpr_bits, element_bits, std::string_view(buf, n));
}

WMMASIM_HD constexpr LinearLayout unknown_layout() {
  LinearLayout l;
  l.evidence = Evidence::unknown;
  return l;
}

// RDNA4 dense and SWMMAC accumulators (4.1/4.2): rows in VGPRs and lane bit 4 (and 5 in wave64).
WMMASIM_HD constexpr LinearLayout rdna4_cd(const Instruction& ins) {
  const bool w64 = ins.wave == 64;
  const std::string_view t = w64 ? "r0 r1 c0 c1 c2 c3 r3 r2" : "r0 r1 r2 c0 c1 c2 c3 r3";
  // 16-bit outputs pack two rows per VGPR: row bit 0 becomes the position bit.
  return format_bits(ins.cd) == 16 ? make_layout(1, w64 ? 1 : 2, 16, t) : make_layout(0, w64 ? 2 : 3, 32, t);
}

WMMASIM_HD constexpr LinearLayout rdna4_dense_ab(const Instruction& ins, Operand op, Labelling lab) {
  const bool w64 = ins.wave == 64;
  switch (format_bits(ins.a)) {
    case 16: {
      LinearLayout l = w64 ? ab_layout(op, 1, 1, 16, "k0 k1 m0 m1 m2 m3 k2 k3")
                           : ab_layout(op, 1, 2, 16, "k0 k1 k3 m0 m1 m2 m3 k2");
      if (lab == Labelling::contig16 && !w64) {
        const int k_base = op == Operand::a ? 0 : l.col_bits;
        l = swap_logical_bits(l, k_base + 2, k_base + 3);
      }
      return l;
    }
    case 8:
      return w64 ? ab_layout(op, 2, 0, 8, "k0 k1 m0 m1 m2 m3 k3 k2") : ab_layout(op, 2, 1, 8, "k0 k1 k2 m0 m1 m2 m3 k3");
    default:  // iu4
      if (ins.k == 32)
        return w64 ? ab_layout(op, 3, 0, 4, "k0 k1 k2 m0 m1 m2 m3 k4 k3") : ab_layout(op, 3, 1, 4, "k0 k1 k2 k3 m0 m1 m2 m3 k4");
      return w64 ? ab_layout(op, 3, 0, 4, "k0 k1 k2 m0 m1 m2 m3 k3 x") : ab_layout(op, 3, 0, 4, "k0 k1 k2 m0 m1 m2 m3 k3");
  }
}

// SWMMAC A holds stored slots: column = slot number 2*G + s (G = dense group of 4, s = which of the
// two kept values). Its tables are the dense A tables with K replaced by the slot number.
WMMASIM_HD constexpr LinearLayout swmmac_a(const Instruction& ins) {
  const bool w64 = ins.wave == 64;
  switch (format_bits(ins.a)) {
    case 16: return w64 ? make_layout(1, 1, 16, "c0 c1 r0 r1 r2 r3 c2 c3") : make_layout(1, 2, 16, "c0 c1 c3 r0 r1 r2 r3 c2");
    case 8: return w64 ? make_layout(2, 0, 8, "c0 c1 r0 r1 r2 r3 c3 c2") : make_layout(2, 1, 8, "c0 c1 c2 r0 r1 r2 r3 c3");
    default:
      if (ins.k == 64)
        return w64 ? make_layout(3, 0, 4, "c0 c1 c2 r0 r1 r2 r3 c4 c3") : make_layout(3, 1, 4, "c0 c1 c2 c3 r0 r1 r2 r3 c4");
      return w64 ? make_layout(3, 0, 4, "c0 c1 c2 r0 r1 r2 r3 c3 x") : make_layout(3, 0, 4, "c0 c1 c2 r0 r1 r2 r3 c3");
  }
}

WMMASIM_HD constexpr LinearLayout swmmac_b(const Instruction& ins, Operand op) {
  const bool w64 = ins.wave == 64;
  switch (format_bits(ins.b)) {
    case 16: return w64 ? ab_layout(op, 1, 2, 16, "k0 k1 k2 m0 m1 m2 m3 k3 k4") : ab_layout(op, 1, 3, 16, "k0 k1 k2 k4 m0 m1 m2 m3 k3");
    case 8: return w64 ? ab_layout(op, 2, 1, 8, "k0 k1 k2 m0 m1 m2 m3 k4 k3") : ab_layout(op, 2, 2, 8, "k0 k1 k2 k3 m0 m1 m2 m3 k4");
    default:
      if (ins.k == 64)
        return w64 ? ab_layout(op, 3, 1, 4, "k0 k1 k2 k3 m0 m1 m2 m3 k5 k4") : ab_layout(op, 3, 2, 4, "k0 k1 k2 k3 k4 m0 m1 m2 m3 k5");
      return w64 ? ab_layout(op, 3, 0, 4, "k0 k1 k2 m0 m1 m2 m3 k4 k3") : ab_layout(op, 3, 1, 4, "k0 k1 k2 k3 m0 m1 m2 m3 k4");
  }
}

// The index VGPR: 4-bit field f of lane L describes A slot f of lane L (spec 5.1); column = dense
// group G, key = index set. Each field holds idx0 | idx1 << 2.
WMMASIM_HD constexpr LinearLayout swmmac_index(const Instruction& ins) {
  const bool w64 = ins.wave == 64;
  switch (format_bits(ins.a)) {
    case 16: return w64 ? make_layout(3, 0, 4, "c0 y0 y1 r0 r1 r2 r3 c1 c2") : make_layout(3, 0, 4, "c0 c2 y0 r0 r1 r2 r3 c1");
    case 8: return w64 ? make_layout(3, 0, 4, "c0 y0 y1 r0 r1 r2 r3 c2 c1") : make_layout(3, 0, 4, "c0 c1 y0 r0 r1 r2 r3 c2");
    default: {
      // IU4: which stored nibble a field governs, and which B row it names, is contested by a
      // public gfx1201 report (evidence.hpp); the nibble placement itself is not.
      LinearLayout l = ins.k == 64 ? (w64 ? make_layout(3, 0, 4, "c0 c1 y0 r0 r1 r2 r3 c3 c2") : make_layout(3, 0, 4, "c0 c1 c2 r0 r1 r2 r3 c3"))
                                   : (w64 ? make_layout(3, 0, 4, "c0 c1 y0 r0 r1 r2 r3 c2 x") : make_layout(3, 0, 4, "c0 c1 y0 r0 r1 r2 r3 c2"));
      l.evidence = Evidence::contested;
      return l;
    }
  }
}

// RDNA3: K contiguous in a lane, A/B replicated in every lane group; C/D rows interleaved.
WMMASIM_HD constexpr LinearLayout rdna3(const Instruction& ins, Operand op, const LayoutOptions& o) {
  const bool w64 = ins.wave == 64;
  if (op == Operand::a || op == Operand::b) {
    const std::string_view t = w64 ? "k0 k1 k2 k3 m0 m1 m2 m3 - -" : "k0 k1 k2 k3 m0 m1 m2 m3 -";
    switch (format_bits(ins.a)) {
      case 16: return ab_layout(op, 1, 3, 16, t);
      case 8: return ab_layout(op, 2, 2, 8, t);
      default: return ab_layout(op, 3, 1, 4, t);
    }
  }
  const std::string_view t = w64 ? "r2 r3 c0 c1 c2 c3 r0 r1" : "r1 r2 r3 c0 c1 c2 c3 r0";
  LinearLayout l = make_layout(0, w64 ? 2 : 3, format_bits(ins.cd), t);
  if (format_bits(ins.cd) == 16) l.bit_offset = static_cast<std::uint8_t>(16 * (o.opsel & 1));
  return l;
}

// global_load_tr: result place -> (source lane, source element) of the per-lane loads (spec 7).
// Rows are source lanes, columns the element index inside the source lane's load.
WMMASIM_HD constexpr LinearLayout load_tr(const Instruction& ins) {
  if (ins.wave == 64) return unknown_layout();
  if (ins.cd == Format::b16) return make_layout(1, 2, 16, "r0 r1 r2 c0 c1 c2 r3 r4");
  // tr_b64: no AMD document; one public gfx1201 probe reports this very map (evidence.hpp).
  LinearLayout l = make_layout(2, 1, 8, "r0 r1 r3 c0 c1 c2 r2 r4");
  l.evidence = Evidence::third_party_report;
  return l;
}

}  // namespace layout_detail

// The layout of `op` of `ins`; evidence == unknown where the operand does not exist or has no
// public layout (wave64 global_load_tr).
WMMASIM_HD constexpr LinearLayout operand_layout(const Instruction& ins, Operand op, LayoutOptions o = {}) {
  using namespace layout_detail;
  if (!ins.has_operand(op)) return unknown_layout();
  if (ins.family == Family::load_tr) return load_tr(ins);
  if (ins.arch == Arch::rdna3) return rdna3(ins, op, o);
  if (op == Operand::c || op == Operand::d) return rdna4_cd(ins);
  if (ins.family == Family::wmma) return rdna4_dense_ab(ins, op, o.labelling);
  if (op == Operand::a) return swmmac_a(ins);
  if (op == Operand::b) return swmmac_b(ins, op);
  return swmmac_index(ins);
}

// The element width of an operand in a register (the index operand: 4-bit fields).
WMMASIM_HD constexpr int operand_element_bits(const Instruction& ins, Operand op) {
  switch (op) {
    case Operand::a: return format_bits(ins.a);
    case Operand::b: return format_bits(ins.b);
    case Operand::index: return 4;
    default: return format_bits(ins.cd);
  }
}

WMMASIM_HD constexpr int operand_vgprs(const Instruction& ins, Operand op) {
  switch (op) {
    case Operand::a: return ins.vgprs_a;
    case Operand::b: return ins.vgprs_b;
    case Operand::index: return ins.vgprs_index;
    default: return ins.vgprs_cd;
  }
}

}  // namespace wmmasim
