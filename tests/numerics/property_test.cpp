// Property tests: the fast library against the independent exact reference (reference/), on random
// operands, for every arithmetic instruction of the table and every model that applies to it.
#include <gtest/gtest.h>

#include <iostream>

#include "random_operands.hpp"
#include "reference/reference.hpp"
#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/numerics/numerics.hpp"

namespace wmmasim::test {
namespace {

// Output elements per (instruction, model): the default model gets at least 10^5 per instruction.
constexpr int kDefaultModelElements = 100'000;
constexpr int kOtherModelElements = 12'800;

int compare_model(const Instruction& ins, const Model& model, int elements, std::uint64_t seed) {
  OperandGenerator gen(seed);
  int compared = 0, reported = 0;
  while (compared < elements) {
    const RandomCase rc = gen.next(ins);
    std::vector<std::uint32_t> fast = rc.d_in, slow = rc.d_in;
    compute_d(ins, rc.a.data(), rc.b.data(), rc.c.data(), rc.index.empty() ? nullptr : rc.index.data(), rc.mods,
              model, fast.data());
    reference::reference_d(ins, rc.a, rc.b, rc.c, rc.index, rc.mods, model, slow);
    for (int e = 0; e < 256; ++e)
      if (fast[e] != slow[e] && reported++ < 5)
        ADD_FAILURE() << ins.name << " model " << model.name << " case " << compared / 256 << " D[" << e / 16 << "]["
                      << e % 16 << "] neg=" << int(rc.mods.neg) << " neg_hi=" << int(rc.mods.neg_hi) << std::hex
                      << " mode=0x" << rc.mods.mode << " fast 0x" << fast[e] << " reference 0x" << slow[e];
    compared += 256;
  }
  EXPECT_EQ(reported, 0) << ins.name << " " << model.name << ": " << reported << " mismatching elements";
  return compared;
}

std::vector<const Instruction*> arithmetic_instructions() {
  std::vector<const Instruction*> out;
  for (const Instruction& ins : kInstructions)
    if (ins.family != Family::load_tr) out.push_back(&ins);
  return out;
}

class AgainstReference : public ::testing::TestWithParam<const Instruction*> {};

TEST_P(AgainstReference, EveryModelBitExact) {
  const Instruction& ins = *GetParam();
  const Model& preferred = default_model(ins);
  int total = 0;
  std::uint64_t seed = 0x5eed0000u + static_cast<std::uint64_t>(GetParam() - kInstructions);
  for (const Model* m : models_for(ins)) {
    const int n = compare_model(ins, *m, m == &preferred ? kDefaultModelElements : kOtherModelElements, seed++);
    std::cout << "[property] " << ins.name << " " << m->name << ": " << n << " elements\n";
    total += n;
  }
  RecordProperty("elements", total);
}

INSTANTIATE_TEST_SUITE_P(AllInstructions, AgainstReference, ::testing::ValuesIn(arithmetic_instructions()),
                         [](const auto& info) { return std::string(info.param->name); });

}  // namespace
}  // namespace wmmasim::test
