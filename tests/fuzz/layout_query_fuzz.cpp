// The layout queries behind `wmmasim layout --where/--expand/--lane --vgpr [--bit]`: any element
// reference text and any register numbers, for any instruction of the table, with the options the
// CLI lets through. Input: instruction index, a flags byte, lane, VGPR and bit bytes, then the text.
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/views/queries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  using namespace wmmasim;
  if (size < 5) return 0;
  const Instruction& ins = kInstructions[data[0] % kInstructionCount];
  const unsigned flags = data[1];
  const int lane = static_cast<signed char>(data[2]), vgpr = static_cast<signed char>(data[3]), bit = static_cast<signed char>(data[4]);
  const std::string_view text(reinterpret_cast<const char*>(data + 5), size - 5);
  views::ViewOptions o;
  // The CLI's checks (emulator/cli/layout_command.cpp, view_options): opsel 1 only where the
  // instruction has the choice, --key only with an index operand.
  if (flags & 1 && ins.allowed_modifiers() & kOpselD) o.layout.opsel = 1;
  if (flags & 2) o.layout.labelling = Labelling::contig16;
  if (flags & 4 && ins.has_index()) o.key = static_cast<int>((flags >> 6) & 3);
  try {
    switch ((flags >> 3) & 3) {
      case 0: views::where(ins, text, o); break;
      case 1: views::expand(ins, text, o); break;
      default: {
        std::optional<Operand> op;
        if (flags & 0x20) {
          const std::vector<Operand> ops = views::operands_of(ins);
          op = ops[static_cast<unsigned char>(text.empty() ? 0 : text[0]) % ops.size()];
          if (o.key && *op != Operand::index) o.key.reset();
        }
        views::register_contents(ins, op, lane, vgpr, flags & 0x80 ? std::optional<int>(bit) : std::nullopt, o);
      }
    }
  } catch (const UserError& e) {
    fuzz::require_one_sentence(e.what());
  }
  return 0;
}
