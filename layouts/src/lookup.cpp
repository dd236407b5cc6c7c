#include "wmmasim/layouts/lookup.hpp"

#include <algorithm>
#include <cctype>

#include "wmmasim/error.hpp"

namespace wmmasim {
namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}


std::string full_builtin_name(const Instruction& ins) { return std::string(kBuiltinPrefix) + std::string(ins.name); }

std::vector<std::string_view> closest_builtins(std::string_view name, std::size_t count) {
  std::string key = lower(name);
  if (key.rfind(kBuiltinPrefix, 0) == 0) key.erase(0, kBuiltinPrefix.size());
  std::vector<std::pair<std::size_t, std::string_view>> scored;
  for (const Instruction& i : kInstructions) scored.emplace_back(edit_distance(key, i.name), i.name);
  std::stable_sort(scored.begin(), scored.end(), [](auto& x, auto& y) { return x.first < y.first; });
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < scored.size() && out.size() < count; ++i) out.push_back(scored[i].second);
  return out;
}

const Instruction& resolve_instruction(std::string_view name, int wave, Arch arch) {
  const std::string key = lower(name);
  if (const Instruction* i = find_builtin(key)) return *i;
  if (wave != 32 && wave != 64)
    throw UserError("wave size " + std::to_string(wave) + " is not supported; expected 32 or 64");
  const std::string mnemonic = key.rfind("v_", 0) == 0 || key.rfind("global_", 0) == 0 ? key : "v_" + key;
  if (const Instruction* i = find_mnemonic(mnemonic, wave, arch)) return *i;
  const Arch other = arch == Arch::rdna4 ? Arch::rdna3 : Arch::rdna4;
  if (find_mnemonic(mnemonic, wave, other))
    throw UserError("'" + quoted_input(name) + "' exists on " + std::string(arch_name(other)) + " but not on " +
                    std::string(arch_name(arch)) + "; pass --arch " + std::string(arch_name(other)));
  std::string msg = "unknown builtin or mnemonic '" + quoted_input(name) + "'; closest builtins: ";
  const auto near = closest_builtins(name);
  for (std::size_t i = 0; i < near.size(); ++i) msg += (i ? ", " : "") + std::string(kBuiltinPrefix) + std::string(near[i]);
  throw UserError(msg + " (see --list)");
}

Operand resolve_operand(const Instruction& ins, std::string_view name) {
  const std::string key = lower(name);
  Operand op;
  if (key == "a") op = Operand::a;
  else if (key == "b") op = Operand::b;
  else if (key == "c") op = Operand::c;
  else if (key == "d") op = Operand::d;
  else if (key == "index" || key == "idx" || key == "k") op = Operand::index;
  else throw UserError("unknown operand '" + quoted_input(name) + "'; expected A, B, C, D or index");
  if (!ins.has_operand(op)) {
    std::string have;
    for (Operand o : {Operand::a, Operand::b, Operand::c, Operand::d, Operand::index})
      if (ins.has_operand(o)) have += (have.empty() ? "" : ", ") + std::string(operand_name(o));
    throw UserError(full_builtin_name(ins) + " has no operand " + std::string(operand_name(op)) + "; its operands are " + have);
  }
  return op;
}

}  // namespace wmmasim
