// Converting the hardware captures (tests/data/fixtures, JSON Lines) into run files, so that
// `wmmasim diff` treats them exactly like a run made with `wmmasim hw run`.
#pragma once

#include <istream>
#include <string>

#include <nlohmann/json.hpp>

#include "wmmasim/layouts/format.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {

// One capture line; a line that holds results for both wave sizes gives two programs. Throws
// UserError with one sentence for a line that is not a capture.
std::vector<ProgramRecord> import_capture(const nlohmann::json& line);

// Every line of a JSON Lines stream; `source` names it in messages ("file.jsonl line 7: ...").
RunFile import_captures(std::istream& in, const std::string& source);

// The register word a DOT2 capture feeds as source s (0..2): the named VGPR's value, or an inline
// constant as a 16-bit source receives it, with OPSEL/OPSEL_HI picking the halves (fixtures README,
// "DOT2 inline operands").
std::uint32_t dot2_source_word(const nlohmann::json& line, int s, Format f);

}  // namespace wmmasim::runfile
