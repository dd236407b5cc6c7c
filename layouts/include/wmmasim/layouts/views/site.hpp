// The layout explorer: one self-contained static page (data, script and style inline; no server,
// works from file://) that shows every operand of every builtin of the instruction table, how the
// default numerics model sums a D element, and the SWMMAC index and global_load_tr views.
//
// The page holds no layout logic of its own: every placement it draws comes from OperandView (the
// same source as `wmmasim layout --format json`) and every summation order from the numerics
// models, serialised into the page by site_data().
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>

namespace wmmasim::views {

// The page's data: every builtin with its operands (placements deduplicated into a table of
// distinct layouts), its RDNA3/RDNA4 and wave32/wave64 counterparts and its default model's
// summation order. Deterministic, so a checked-in copy can be compared byte for byte.
std::string site_data();

// The whole page.
void print_site(std::ostream& out);

// Writes DIR/index.html (creating DIR if needed), whole or not at all. Throws UserError when DIR
// cannot be created or written.
void write_site(const std::filesystem::path& dir);

}  // namespace wmmasim::views
