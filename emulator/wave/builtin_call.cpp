#include "wmmasim/wave/builtin_call.hpp"

#include <atomic>
#include <string>

#include "wmmasim/error.hpp"
#include "wmmasim/wave/execute.hpp"

namespace wmmasim {
namespace {

std::atomic<const Model*> chosen_model{nullptr};

void load_lane_major(RegisterFile& regs, int first_vgpr, int vgprs, const std::vector<std::uint32_t>& words,
                     const Instruction& ins, const char* what) {
  if (words.size() != static_cast<std::size_t>(vgprs) * ins.wave)
    throw UserError(std::string(ins.name) + " operand " + what + " needs " + std::to_string(vgprs) +
                    " register words per lane for " + std::to_string(ins.wave) + " lanes, got " +
                    std::to_string(words.size()) + " words");
  for (int lane = 0; lane < ins.wave; ++lane)
    for (int v = 0; v < vgprs; ++v) regs.at(first_vgpr + v, lane) = words[static_cast<std::size_t>(lane) * vgprs + v];
}

}  // namespace

void set_builtin_model(const Model* model) { chosen_model = model; }

const Model& builtin_model(const Instruction& ins) {
  const Model* m = chosen_model.load();
  return m ? *m : default_model(ins);
}

std::vector<std::uint32_t> run_wave_builtin(const WaveBuiltinCall& call, const Model* model) {
  const Instruction& ins = *call.ins;
  RegisterFile regs(ins.wave, 64);
  OperandVgprs at;
  at.a = 0;
  at.b = at.a + ins.vgprs_a;
  at.c.value = at.b + ins.vgprs_b;
  at.index = at.c.value + ins.vgprs_cd;
  // RDNA3 16-bit outputs write one half: D shares C's registers so the other half keeps C.
  // SWMMAC accumulates in D itself. RDNA4 dense: a separate D.
  at.d = (ins.arch == Arch::rdna3 || ins.family == Family::swmmac) ? at.c.value : at.index + 1;
  at.half = call.opsel & 1;
  load_lane_major(regs, at.a, ins.vgprs_a, call.a, ins, "A");
  load_lane_major(regs, at.b, ins.vgprs_b, call.b, ins, "B");
  load_lane_major(regs, at.c.value, ins.vgprs_cd, call.c, ins, "C");
  if (ins.family == Family::swmmac) load_lane_major(regs, at.index, 1, call.index, ins, "index");
  Modifiers mods;
  if (ins.integer_inputs()) {
    mods.neg = static_cast<std::uint8_t>((call.a_sign ? 1 : 0) | (call.b_sign ? 2 : 0));
    mods.clamp = call.clamp;
  }
  execute(ins, regs, at, mods, model ? *model : builtin_model(ins));
  std::vector<std::uint32_t> d(static_cast<std::size_t>(ins.vgprs_cd) * ins.wave);
  for (int lane = 0; lane < ins.wave; ++lane)
    for (int v = 0; v < ins.vgprs_cd; ++v) d[static_cast<std::size_t>(lane) * ins.vgprs_cd + v] = regs.at(at.d + v, lane);
  return d;
}

std::vector<std::uint32_t> shuffle_load_tr(const Instruction& ins, const std::vector<std::uint32_t>& fetched) {
  const LinearLayout l = operand_layout(ins, Operand::d);
  if (l.evidence == Evidence::unknown)
    throw UserError(std::string(ins.name) + " has no documented lane mapping (spec layouts.md 7.3), so the emulator cannot run it");
  const int words = ins.vgprs_cd;
  if (fetched.size() != static_cast<std::size_t>(words) * ins.wave)
    throw UserError(std::string(ins.name) + " needs " + std::to_string(words) + " fetched words per lane");
  const std::uint32_t mask = (1u << l.element_bits) - 1u;
  const int per_word = 32 / l.element_bits;
  std::vector<std::uint32_t> out(fetched.size(), 0);
  for (int lane = 0; lane < ins.wave; ++lane)
    for (int v = 0; v < words; ++v)
      for (int p = 0; p < per_word; ++p) {
        Element src;
        l.element_at(lane, v, p * l.element_bits, src);  // row = source lane, col = element of its load
        const int src_bit = src.col * l.element_bits;
        const std::uint32_t value = fetched[static_cast<std::size_t>(src.row) * words + src_bit / 32] >> (src_bit % 32) & mask;
        out[static_cast<std::size_t>(lane) * words + v] |= value << (p * l.element_bits);
      }
  return out;
}

}  // namespace wmmasim
