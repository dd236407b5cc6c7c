// Matrix shapes for the layout check, as text: what CheckOptions::shapes holds, written so that it
// can be given without recompiling (WMMASIM_CHECK_SHAPES, docs/diagnosis.md):
//
//   dA=16x64:col, dB=64x32, dP=16x64:iu4
//
// Entries are separated by commas or line breaks; each is BUFFER=ROWSxCOLS, then optionally ":row"
// (the default) or ":col", and a format name (":iu4" says each byte holds two int4 elements). BUFFER
// is the buffer's name as the check prints it. In a file, '#' starts a comment.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/diagnosis/check.hpp"

namespace wmmasim::diagnosis {

// The shapes `text` declares; bad input throws UserError, one sentence that names `source` and the
// entry ("WMMASIM_CHECK_SHAPES entry 2 ('dB=32x'): ...", "shapes.txt:3: ...").
std::vector<MatrixShape> parse_shapes(std::string_view text, std::string_view source);

// A WMMASIM_CHECK_SHAPES value: the shapes themselves, or "@path" for a file that holds them.
std::vector<MatrixShape> shapes_setting(std::string_view value);

// "dA=16x64:col" (the form parse_shapes reads).
std::string shape_text(const MatrixShape& s);

}  // namespace wmmasim::diagnosis
