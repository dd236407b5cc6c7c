// Host-side name resolution for users: builtin names, mnemonics, operands, with suggestions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim {

// Accepts a clang builtin name (with or without "__builtin_amdgcn_"), or a mnemonic (with or without
// the "v_" prefix) plus a wave size; `arch` picks RDNA3 or RDNA4 for mnemonics both have.
// Throws UserError naming the closest builtins when nothing matches.
const Instruction& resolve_instruction(std::string_view name, int wave = 32, Arch arch = Arch::rdna4);

// The `count` builtin names closest to `name` (edit distance), best first.
std::vector<std::string_view> closest_builtins(std::string_view name, std::size_t count = 3);

// "A", "B", "C", "D", "index" (any case); throws UserError if the instruction lacks the operand.
Operand resolve_operand(const Instruction& ins, std::string_view name);

std::string full_builtin_name(const Instruction& ins);

// Levenshtein distance, for "did you mean" suggestions anywhere in the tool.
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace wmmasim
