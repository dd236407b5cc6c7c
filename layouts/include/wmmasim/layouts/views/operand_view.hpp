// One operand of one builtin, ready to be printed or queried: its layout (with the chosen K
// labelling, OPSEL half and index set) and every element with all of its register places.
// Host-only (std::string, std::vector, exceptions); the device-side facts stay in operand_layout.hpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim::views {

struct ViewOptions {
  LayoutOptions layout;    // opsel (RDNA3 16-bit C/D) and K labelling
  std::optional<int> key;  // index operand: show only this index set (all sets when empty)
};

struct ElementPlaces {
  Element element;
  std::vector<Place> places;  // more than one only for RDNA3's replicated A/B
};

// A register slot: one element position inside one VGPR of the operand.
struct Slot {
  int vgpr, bit_lo, bit_hi;
};

class OperandView {
 public:
  // Throws UserError for an operand the builtin lacks, a layout with no public source, a K
  // labelling that is not valid for the operand, or an OPSEL / index set out of range.
  OperandView(const Instruction& ins, Operand op, ViewOptions options = {});

  const Instruction& instruction() const { return *ins_; }
  Operand operand() const { return op_; }
  const LinearLayout& layout() const { return layout_; }
  const ViewOptions& options() const { return options_; }

  // Matrix name used in element names: A, B, C, D; "Ac" for SWMMAC's stored (compressed) A;
  // "idx" for the sparse-index fields; "in" for global_load_tr (rows = source lanes).
  std::string symbol() const;
  std::string element_name(Element e) const;  // "A[3][9]" (index: "idx[3][5] key 1")
  std::string compact_name(Element e) const;  // "3,9" (the index set is named by the column)
  std::string row_axis() const;               // what a row number means, e.g. "i (row of A)"
  std::string col_axis() const;

  Format format() const;                      // element format (index fields: none)
  int element_bits() const { return layout_.element_bits; }
  int rows() const { return layout_.rows(); }
  int cols() const { return layout_.cols(); }
  int wave() const { return instruction().wave; }
  int vgprs() const { return layout_.vgprs(); }
  std::string evidence_name() const;
  std::string evidence_source() const;        // the public source of a contested/third-party layout, else ""
  std::string labelling_name() const;         // "isa", "contig16", or "contig16 (same as isa here)"
  std::vector<int> shown_keys() const;        // {0} for operands without index sets

  // Every element shown (respecting the key filter), sorted by row, column, key.
  std::vector<ElementPlaces> elements() const;
  // Every slot of the operand's VGPRs, by VGPR then bit position.
  std::vector<Slot> slots() const;
  // The element held at a slot of a lane, if any (ignored lanes hold none).
  std::optional<Element> element_at(int lane, const Slot& slot) const;

 private:
  const Instruction* ins_;
  Operand op_;
  ViewOptions options_;
  LinearLayout layout_;
};

// Every operand the builtin has, in the order A, B, C, D, index.
std::vector<Operand> operands_of(const Instruction& ins);

// A / B / C / D / index, or the index operand's name, for headers.
std::string operand_label(Operand op);

// The same mnemonic and wave size on the other architecture (RDNA3 <-> RDNA4), if it exists.
const Instruction* counterpart(const Instruction& ins);

// "lane 3, v2, bits [31:16]" and the calculator's notation "v2{3}.[31:16]" (bits omitted when the
// element fills the VGPR).
std::string describe_place(const Place& p);
std::string calc_notation(const Place& p);

// One-line description of the builtin and operand, used as the header of every printed view.
std::string view_header(const OperandView& view, const std::string& output_format);

}  // namespace wmmasim::views
