// The printed views of operand layouts. Each writes one self-contained document to `out`.
#pragma once

#include <iosfwd>
#include <vector>

#include "wmmasim/layouts/views/operand_view.hpp"

namespace wmmasim::views {

// Lane x register-slot table: one row per lane, one column per element position of each VGPR,
// each cell the element held there as "row,col". Columns wrap into blocks to fit `width`.
void print_ascii(std::ostream& out, const OperandView& view, int width = 120);

// The same table as GitHub markdown.
void print_markdown(std::ostream& out, const OperandView& view);

// One line per element and register place, sorted by row, column (and index set):
// row,col,lane,vgpr,bit_lo,bit_hi; the index operand has a key column after col.
void print_csv(std::ostream& out, const OperandView& view);

// Machine-readable: the builtin's facts and, per operand, every element with its places.
void print_json(std::ostream& out, const std::vector<OperandView>& views);

// The operand as a picture: the matrix as a grid, each cell coloured by lane group and showing
// the lane(s) and VGPR (and bits when a VGPR holds several elements). Standalone SVG 1.1.
void print_svg(std::ostream& out, const OperandView& view);

// One self-contained interactive page: every operand of the builtin (and of its RDNA3/RDNA4
// counterpart, side by side); hovering a matrix cell highlights its register places and back.
void print_html(std::ostream& out, const Instruction& ins, const ViewOptions& options);

// Every builtin of the instruction table: arch, wave, shape, types, VGPRs, cycles.
void print_builtin_list(std::ostream& out);

}  // namespace wmmasim::views
