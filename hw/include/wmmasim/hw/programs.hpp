// The hardware programs: one per builtin, flag combination and mode, all derived from the
// instruction table. A program's name is what users type (`wmmasim hw run NAME`); its symbol is
// the kernel's name in the code object. Grammar: builtin ["+" flag]... ["@" variant], e.g.
//   wmma_i32_16x16x16_iu8_w32_gfx12+signed_a+clamp    (one WMMA, A signed, clamped)
//   wmma_f32_16x16x16_f16_w32_gfx12@timed               (the same under fenced timer reads)
//   global_load_tr_b128_v8i16@isa_b                     (a load_tr layout probe and its addressing)
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/hw/builtin_call.hpp"
#include "wmmasim/hw/load_tr_addressing.hpp"
#include "wmmasim/layouts/instruction_table.hpp"

namespace wmmasim::hw {

enum class Mode : std::uint8_t {
  values,  // one builtin call; the outputs are the point
  timed,   // the same call between fenced SHADER_CYCLES/REALTIME reads (timing.md 5.3)
};

inline std::string_view mode_name(Mode m) { return m == Mode::timed ? "timed" : "values"; }

struct Program {
  const Instruction* ins = nullptr;
  std::uint16_t flags = 0;  // subset of flag_modifiers(*ins) set to true
  Mode mode = Mode::values;
  Addressing addressing = Addressing::none;

  std::vector<std::string> flag_names() const {
    std::vector<std::string> out;
    for (Modifier m : flag_modifiers(*ins))
      if (flags & m) out.emplace_back(flag_name(m));
    return out;
  }
  std::string name() const {
    std::string n(ins->name);
    for (const std::string& f : flag_names()) n += "+" + f;
    if (mode == Mode::timed) n += "@timed";
    if (addressing != Addressing::none) n += std::string("@") + addressing_name(addressing);
    return n;
  }
  // Kernel symbol: the name with '+' and '@' spelled out, so it is a C identifier.
  std::string symbol() const {
    std::string s = "wmmasim_";
    for (char ch : name()) {
      if (ch == '+') s += "__";
      else if (ch == '@') s += "__at_";
      else s += ch;
    }
    return s;
  }
};

// Every program: values kernels for every flag combination, a timed kernel per matrix builtin (flags
// off: timing is not expected to depend on them), and each applicable addressing of each load_tr.
inline std::vector<Program> all_programs() {
  std::vector<Program> out;
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr) {
      for (Addressing a : {Addressing::linear, Addressing::documented_8x32, Addressing::isa_b})
        if (addressing_applies(ins, a)) out.push_back({&ins, 0, Mode::values, a});
      continue;
    }
    std::uint16_t all_flags = 0;
    for (Modifier m : flag_modifiers(ins)) all_flags = static_cast<std::uint16_t>(all_flags | m);
    // Every subset of the flags, enumerated as sub-masks of all_flags in increasing order.
    for (std::uint32_t f = 0;; f = (f - all_flags) & all_flags) {
      out.push_back({&ins, static_cast<std::uint16_t>(f), Mode::values, Addressing::none});
      if (f == all_flags) break;
    }
    out.push_back({&ins, 0, Mode::timed, Addressing::none});
  }
  return out;
}

// "gfx1201" -> rdna4, "gfx1100" -> rdna3; empty for targets without these instructions.
inline std::optional<Arch> arch_of_target(std::string_view target) {
  if (target.substr(0, 5) == "gfx12" && target.size() == 7) return Arch::rdna4;
  if (target.substr(0, 5) == "gfx11" && target.size() == 7) return Arch::rdna3;
  return std::nullopt;
}

inline std::vector<Program> programs_for(Arch arch, int wave) {
  std::vector<Program> out;
  for (const Program& p : all_programs())
    if (p.ins->arch == arch && p.ins->wave == wave) out.push_back(p);
  return out;
}

inline std::optional<Program> find_program(std::string_view name) {
  if (name.substr(0, kBuiltinPrefix.size()) == kBuiltinPrefix) name.remove_prefix(kBuiltinPrefix.size());
  for (const Program& p : all_programs())
    if (p.name() == name) return p;
  return std::nullopt;
}

// The `count` program names closest to `name` by edit distance, for "did you mean" sentences.
inline std::vector<std::string> closest_program_names(std::string_view name, std::size_t count = 3) {
  auto distance = [](std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t diag = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
        diag = up;
      }
    }
    return row[b.size()];
  };
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const Program& p : all_programs()) scored.emplace_back(distance(name, p.name()), p.name());
  std::stable_sort(scored.begin(), scored.end(), [](auto& x, auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && i < count; ++i) out.push_back(scored[i].second);
  return out;
}

}  // namespace wmmasim::hw
