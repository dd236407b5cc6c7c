// An independent, slow reference for the numerics rules, used only by tests. Every value is held
// exactly as a GMP integer times a power of two; alignment is big-integer floor division, rounding
// is an exact comparison of the remainder with half a unit. It shares no code with the library
// (only the instruction table and, for NEG halves, the operand layouts).
#pragma once

#include <cstdint>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::reference {

// Spec numerics.md 2: rounds the exact value (-1)^neg * mag * 2^exp (mag >= 0) to `f`, nearest-even,
// gradual underflow; overflow gives inf (E4M3: NaN) or, with saturate, the largest finite value.
// mag is passed as decimal-free raw limbs through the .cpp; the public entry takes a 64-bit mag.
std::uint32_t round_to(Format f, bool neg, std::uint64_t mag, int exp, bool saturate = false);

// The exact value of an encoding as a double-free rational check: returns true if finite and sets
// neg, mag, exp with value = (-1)^neg * mag * 2^exp.
bool exact_value(std::uint32_t bits, Format f, bool& neg, std::uint64_t& mag, int& exp);

// Whole-instruction reference: same contract as wmmasim::compute_d.
void reference_d(const Instruction& ins, const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                 const std::vector<std::uint32_t>& c, const std::vector<std::uint8_t>& index, const Modifiers& mods,
                 const Model& model, std::vector<std::uint32_t>& d);

}  // namespace wmmasim::reference
