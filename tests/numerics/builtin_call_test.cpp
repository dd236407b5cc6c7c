// run_wave_builtin (emulator/wave/builtin_call.cpp) gathers operands through precomputed layout maps
// instead of a register file (issue 7). This checks it word for word against the register-level path
// it replaced: load the lane-major words into a RegisterFile, execute(), read D back.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/wave/builtin_call.hpp"
#include "wmmasim/wave/execute.hpp"

namespace wmmasim::test {
namespace {

// The register-file implementation of run_wave_builtin before issue 7.
std::vector<std::uint32_t> through_register_file(const WaveBuiltinCall& call) {
  const Instruction& ins = *call.ins;
  RegisterFile regs(ins.wave, 64);
  OperandVgprs at;
  at.a = 0;
  at.b = at.a + ins.vgprs_a;
  at.c.value = at.b + ins.vgprs_b;
  at.index = at.c.value + ins.vgprs_cd;
  at.d = (ins.arch == Arch::rdna3 || ins.family == Family::swmmac) ? at.c.value : at.index + 1;
  at.half = call.opsel & 1;
  auto load = [&](int first, int vgprs, const std::vector<std::uint32_t>& words) {
    for (int lane = 0; lane < ins.wave; ++lane)
      for (int v = 0; v < vgprs; ++v) regs.at(first + v, lane) = words[static_cast<std::size_t>(lane) * vgprs + v];
  };
  load(at.a, ins.vgprs_a, call.a);
  load(at.b, ins.vgprs_b, call.b);
  load(at.c.value, ins.vgprs_cd, call.c);
  if (ins.family == Family::swmmac) load(at.index, 1, call.index);
  Modifiers mods;
  if (ins.integer_inputs()) {
    mods.neg = static_cast<std::uint8_t>((call.a_sign ? 1 : 0) | (call.b_sign ? 2 : 0));
    mods.clamp = call.clamp;
  }
  execute(ins, regs, at, mods, builtin_model(ins));
  std::vector<std::uint32_t> d(static_cast<std::size_t>(ins.vgprs_cd) * ins.wave);
  for (int lane = 0; lane < ins.wave; ++lane)
    for (int v = 0; v < ins.vgprs_cd; ++v) d[static_cast<std::size_t>(lane) * ins.vgprs_cd + v] = regs.at(at.d + v, lane);
  return d;
}

TEST(RunWaveBuiltin, EqualsTheRegisterFilePathForEveryBuiltin) {
  std::mt19937_64 rng(0xb0117u);
  int checked = 0;
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr) continue;
    for (int n = 0; n < 8; ++n) {
      WaveBuiltinCall call;
      call.ins = &ins;
      auto words = [&](int vgprs) {
        std::vector<std::uint32_t> w(static_cast<std::size_t>(vgprs) * ins.wave);
        for (auto& x : w) x = static_cast<std::uint32_t>(rng());
        return w;
      };
      call.a = words(ins.vgprs_a);
      call.b = words(ins.vgprs_b);
      call.c = words(ins.vgprs_cd);
      if (ins.family == Family::swmmac) call.index = words(1);
      if (ins.integer_inputs()) {
        call.a_sign = rng() & 1;
        call.b_sign = rng() & 1;
        call.clamp = rng() & 1;
      } else if (ins.arch == Arch::rdna3) {
        call.opsel = static_cast<int>(rng() & 1);
      }
      EXPECT_EQ(run_wave_builtin(call), through_register_file(call)) << ins.name << " case " << n;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

TEST(RunWaveBuiltin, WrongWordCountsAreOneSentence) {
  WaveBuiltinCall call;
  call.ins = &kInstructions[0];
  call.a.assign(3, 0);
  EXPECT_THROW(run_wave_builtin(call), UserError);
}

}  // namespace
}  // namespace wmmasim::test
