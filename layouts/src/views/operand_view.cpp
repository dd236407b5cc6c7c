#include "wmmasim/layouts/views/operand_view.hpp"

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/evidence.hpp"
#include "wmmasim/layouts/lookup.hpp"

namespace wmmasim::views {
namespace {

// contig16 only changes 16-bit dense wave32 A/B on RDNA4; everywhere else in dense WMMA each lane
// group already holds a contiguous K range (spec layouts.md 3.3, 4.2, 6), so it names the same map.
bool contig16_relabels(const Instruction& ins, Operand op) {
  return ins.family == Family::wmma && ins.arch == Arch::rdna4 && ins.wave == 32 &&
         (op == Operand::a || op == Operand::b) && format_bits(ins.a) == 16;
}

std::string range_text(int n) { return n == 1 ? "0" : "0.." + std::to_string(n - 1); }

}  // namespace

OperandView::OperandView(const Instruction& ins, Operand op, ViewOptions options)
    : ins_(&ins), op_(op), options_(options) {
  resolve_operand(ins, operand_name(op));  // throws, naming the operands the builtin has
  const std::string who = full_builtin_name(ins);
  if (options_.layout.opsel != 0 && options_.layout.opsel != 1)
    throw UserError("--opsel " + std::to_string(options_.layout.opsel) + " is not valid; expected 0 or 1");
  if (options_.layout.opsel == 1 && !(ins.allowed_modifiers() & kOpselD))
    throw UserError("--opsel 1 selects the register half of RDNA3 f16/bf16 C/D; " + who + " has no such choice");
  if (options_.layout.labelling == Labelling::contig16 && ins.family != Family::wmma)
    throw UserError("--labelling contig16 is not valid for " + who +
                    (ins.family == Family::swmmac ? ": its 2:4 groups and sparse-index fields refer to the physical (ISA) K order"
                                                  : ": a transposing load moves physical register slots, not K labels"));
  layout_ = operand_layout(ins, op, options_.layout);
  if (layout_.evidence == Evidence::unknown)
    throw UserError("no public source documents the lane mapping of " + who + " (" + std::string(ins.mnemonic) +
                    ", wave" + std::to_string(ins.wave) + "); its evidence is unknown, so there is no layout to show");
  if (op == Operand::index && options_.key && (*options_.key < 0 || *options_.key >= layout_.keys()))
    throw UserError("index set " + std::to_string(*options_.key) + " is outside " + who + ", which has " +
                    std::to_string(layout_.keys()) + " index set(s) (" + range_text(layout_.keys()) + ")");
}

std::string OperandView::symbol() const {
  if (ins_->family == Family::load_tr) return "in";
  if (op_ == Operand::index) return "idx";
  if (ins_->family == Family::swmmac && op_ == Operand::a) return "Ac";
  return std::string(operand_name(op_));
}

std::string OperandView::element_name(Element e) const {
  std::string s = symbol() + "[" + std::to_string(e.row) + "][" + std::to_string(e.col) + "]";
  if (op_ == Operand::index && layout_.keys() > 1) s += " key " + std::to_string(e.key);
  return s;
}

std::string OperandView::compact_name(Element e) const {
  return std::to_string(e.row) + "," + std::to_string(e.col);
}

std::string OperandView::row_axis() const {
  if (ins_->family == Family::load_tr) return "s (source lane of the per-lane load)";
  switch (op_) {
    case Operand::b: return ins_->family == Family::swmmac ? "k (dense K)" : "k";
    default: return "i";
  }
}

std::string OperandView::col_axis() const {
  if (ins_->family == Family::load_tr) return "c (element of that lane's load)";
  switch (op_) {
    case Operand::a: return ins_->family == Family::swmmac ? "n = 2G+s (stored value s of dense group G)" : "k";
    case Operand::index: return "G (dense group of 4 K values)";
    default: return "j";
  }
}

Format OperandView::format() const {
  switch (op_) {
    case Operand::a: return ins_->a;
    case Operand::b: return ins_->b;
    case Operand::index: return Format::none;
    default: return ins_->cd;
  }
}

std::string OperandView::evidence_name() const { return std::string(wmmasim::evidence_name(layout_.evidence)); }

std::string OperandView::evidence_source() const { return std::string(wmmasim::evidence_source(*ins_, op_)); }

std::string OperandView::labelling_name() const {
  if (options_.layout.labelling == Labelling::isa) return "isa";
  return contig16_relabels(*ins_, op_) ? "contig16" : "contig16 (same as isa for this operand)";
}

std::vector<int> OperandView::shown_keys() const {
  if (op_ != Operand::index) return {0};
  if (options_.key) return {*options_.key};
  std::vector<int> keys;
  for (int k = 0; k < layout_.keys(); ++k) keys.push_back(k);
  return keys;
}

std::vector<ElementPlaces> OperandView::elements() const {
  std::vector<ElementPlaces> out;
  const std::vector<int> keys = shown_keys();
  for (int r = 0; r < rows(); ++r)
    for (int c = 0; c < cols(); ++c)
      for (int k : keys) {
        const Element e{r, c, k};
        Place buf[16];
        const int n = layout_.places_of(e, buf, 16);
        out.push_back({e, std::vector<Place>(buf, buf + n)});
      }
  return out;
}

std::vector<Slot> OperandView::slots() const {
  std::vector<Slot> out;
  for (int v = 0; v < vgprs(); ++v)
    for (int p = 0; p < layout_.elements_per_vgpr(); ++p) {
      const int lo = layout_.bit_offset + p * element_bits();
      out.push_back({v, lo, lo + element_bits() - 1});
    }
  return out;
}

std::optional<Element> OperandView::element_at(int lane, const Slot& slot) const {
  Element e;
  if (!layout_.element_at(lane, slot.vgpr, slot.bit_lo, e)) return std::nullopt;
  return e;
}

std::vector<Operand> operands_of(const Instruction& ins) {
  std::vector<Operand> out;
  for (Operand o : {Operand::a, Operand::b, Operand::c, Operand::d, Operand::index})
    if (ins.has_operand(o)) out.push_back(o);
  return out;
}

std::string operand_label(Operand op) { return std::string(operand_name(op)); }

const Instruction* counterpart(const Instruction& ins) {
  if (ins.family != Family::wmma) return nullptr;
  const Instruction* plain = nullptr;
  for (const Instruction& other : kInstructions) {
    if (other.arch == ins.arch || other.mnemonic != ins.mnemonic || other.wave != ins.wave) continue;
    if (other.tied == ins.tied) return &other;
    if (!other.tied) plain = &other;
  }
  return plain;
}

std::string describe_place(const Place& p) {
  return "lane " + std::to_string(p.lane) + ", v" + std::to_string(p.vgpr) + ", bits [" + std::to_string(p.bit_hi) +
         ":" + std::to_string(p.bit_lo) + "]";
}

std::string calc_notation(const Place& p) {
  std::string s = "v" + std::to_string(p.vgpr) + "{" + std::to_string(p.lane) + "}";
  if (p.bit_lo != 0 || p.bit_hi != 31) s += ".[" + std::to_string(p.bit_hi) + ":" + std::to_string(p.bit_lo) + "]";
  return s;
}

std::string view_header(const OperandView& view, const std::string& output_format) {
  const Instruction& ins = view.instruction();
  std::string what = view.operand() == Operand::index
                         ? "4-bit index fields (idx0 | idx1 << 2)"
                         : std::string(format_name(view.format()));
  std::string s = full_builtin_name(ins) + " | " + std::string(ins.mnemonic) + ", " + std::string(arch_name(ins.arch)) +
                  ", wave" + std::to_string(ins.wave) + " | operand " + operand_label(view.operand()) + ": " +
                  std::to_string(view.rows()) + "x" + std::to_string(view.cols()) + " " + what + " in " +
                  std::to_string(view.vgprs()) + " VGPR" + (view.vgprs() > 1 ? "s" : "") + " | format " + output_format +
                  " | K labels " + view.labelling_name() + " | evidence " + view.evidence_name();
  if (ins.allowed_modifiers() & kOpselD && (view.operand() == Operand::c || view.operand() == Operand::d))
    s += " | opsel " + std::to_string(view.options().layout.opsel);
  if (view.operand() == Operand::index) {
    const auto keys = view.shown_keys();
    s += keys.size() == 1 ? " | index set " + std::to_string(keys[0])
                          : " | index sets 0.." + std::to_string(keys.size() - 1);
  }
  return s;
}

}  // namespace wmmasim::views
