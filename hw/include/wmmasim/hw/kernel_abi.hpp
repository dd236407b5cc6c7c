// The buffers every hw kernel takes, shared by the device-code generator and the runner:
//   kernel(const uint32_t* in, uint32_t* out, uint64_t* timing, int32_t iterations)
// `in` holds the input blocks one after another, each lane-major (lane L's words of one operand are
// contiguous, so a lane loads its fragment with one vector load); every wave reads the same inputs.
// `out` holds D per wave, lane-major. `timing` holds kTimingWords per wave (timed kernels only).
// One wave per work-group; the grid has one work-group per wave.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "wmmasim/hw/load_tr_addressing.hpp"
#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim::hw {

// timing[wave * kTimingWords + ...]: SHADER_CYCLES delta, REALTIME delta, the readfirstlane value
// the end read depended on, and the number of timed iterations that ran.
inline constexpr int kTimingWords = 4;
// Timed kernels run their region this often and report the last pass: the first pass warms the
// instruction cache (timing.md 5.3, item 3).
inline constexpr int kTimedIterations = 2;

struct InputBlock {
  std::string name;  // "A", "B", "C", "index" or, for load_tr, "memory"
  Operand op = Operand::a;
  int words_per_lane = 0;  // memory: 0 (one block of memory_words)
  std::size_t offset = 0;  // in 32-bit words from the start of `in`
  std::size_t words = 0;
};

struct KernelAbi {
  int lanes = 32;
  std::vector<InputBlock> inputs;
  std::size_t input_words = 0;
  int output_words_per_lane = 0;
  const InputBlock* block(std::string_view name) const {
    for (const InputBlock& b : inputs)
      if (b.name == name) return &b;
    return nullptr;
  }
};

inline KernelAbi kernel_abi(const Instruction& ins) {
  KernelAbi abi;
  abi.lanes = ins.wave;
  abi.output_words_per_lane = ins.vgprs_cd;
  auto add = [&](std::string name, Operand op, int per_lane, std::size_t words) {
    abi.inputs.push_back({std::move(name), op, per_lane, abi.input_words, words});
    abi.input_words += words;
  };
  if (ins.family == Family::load_tr) {
    add("memory", Operand::d, 0, static_cast<std::size_t>(tile_elements() * format_bits(ins.cd) / 32));
    return abi;
  }
  for (Operand op : {Operand::a, Operand::b, Operand::c, Operand::index}) {
    // SWMMAC has no C operand: its accumulator input is D's registers, passed as the builtin's C.
    const bool present = op == Operand::c ? ins.family != Family::load_tr : ins.has_operand(op);
    if (!present) continue;
    const int per_lane = op == Operand::c ? ins.vgprs_cd : operand_vgprs(ins, op);
    add(std::string(operand_name(op)), op, per_lane, static_cast<std::size_t>(per_lane) * ins.wave);
  }
  return abi;
}

}  // namespace wmmasim::hw
