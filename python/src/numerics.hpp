// Shared by mma/execute (numerics.cpp) and gemm (gemm.cpp): models and modifiers from keyword arguments.
#pragma once

#include <optional>

#include "arrays.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::python {

// None: the builtin's default model; a Model; or a model name. ValueError if it does not apply.
const Model& pick_model(const Instruction& ins, const py::object& model);

// neg / neg_hi: None, a 3-bit mask (bit 0 = A, 1 = B, 2 = C) or a sequence of three flags (A, B, C).
std::uint8_t source_bits(const py::object& flags, const char* what);

struct ModifierArgs {
  py::object neg, neg_hi, is_signed;  // is_signed: None or (signed_a, signed_b)
  bool clamp = false, fp16_ovfl = false;
};

// Integer forms: A/B are signed when `signed` says so, else when their dtype is int8 (neg bits 0/1
// are the same flags in the ISA, so they count too).
Modifiers make_modifiers(const Instruction& ins, const ModifierArgs& args, std::optional<bool> a_signed,
                         std::optional<bool> b_signed);

}  // namespace wmmasim::python
