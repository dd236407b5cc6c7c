// The example kernels (examples/kernels/) as built for the GPU: every gfx12 target of
// WMMASIM_HW_ARCHS has an example code object, every example program's kernel is in it under the
// symbol the runner looks up, with wave32 metadata, and holds its builtin's v_wmma_* instruction
// (signed x signed for iu8) — and global_load_tr_b128 exactly in the load_tr variant. Nothing here
// runs a kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "disassembly.hpp"
#include "example_programs.hpp"

namespace wmmasim::hw {
namespace {

using test::Inst;

struct CodeObjectFile {
  std::string target, path;
};

std::vector<CodeObjectFile> example_code_object_files() {
  std::vector<CodeObjectFile> out;
  std::stringstream list(WMMASIM_HW_EXAMPLE_CODE_OBJECTS);
  std::string item;
  while (std::getline(list, item, ',')) {
    const auto a = item.find('|'), b = item.find('|', a + 1);
    out.push_back({item.substr(0, a), item.substr(b + 1)});
  }
  return out;
}

TEST(ExampleCodeObjects, OnePerGfx12Target) {
  std::set<std::string> expected, built;
  std::stringstream archs(WMMASIM_HW_ARCHS);
  std::string a;
  while (std::getline(archs, a, ','))
    if (a.rfind("gfx12", 0) == 0) expected.insert(a);
  for (const auto& f : example_code_object_files()) built.insert(f.target);
  EXPECT_EQ(built, expected);
  EXPECT_FALSE(expected.empty()) << "WMMASIM_HW_ARCHS has no gfx12 target";
}

TEST(ExampleCodeObjects, EveryExampleProgramHasAKernel) {
  for (const examples::Program& p : examples::programs()) EXPECT_NE(find_example_kernel(p.name), nullptr) << p.name;
  EXPECT_EQ(example_kernels().size(), examples::programs().size());
}

TEST(ExampleCodeObjects, EveryKernelHoldsItsInstructions) {
  for (const CodeObjectFile& f : example_code_object_files()) {
    SCOPED_TRACE(f.path);
    const auto kernels = test::disassemble(WMMASIM_HW_OBJDUMP, f.path, f.target, false);
    const auto meta = test::kernel_metadata(WMMASIM_HW_READELF, f.path);
    for (const ExampleKernel& k : example_kernels()) {
      SCOPED_TRACE(std::string(k.program));
      const examples::Program& p = examples::find_program(std::string(k.program));
      const std::string symbol(k.symbol);
      ASSERT_TRUE(kernels.count(symbol)) << "no kernel " << symbol;
      ASSERT_TRUE(meta.count(symbol)) << "no metadata for " << symbol;
      EXPECT_EQ(meta.at(symbol).wavefront_size, 32);
      const std::vector<Inst>& code = kernels.at(symbol);
      int wmma = 0, load_tr = 0, other_matrix = 0;
      for (const Inst& i : code) {
        if (i.mnemonic == p.instruction->mnemonic) {
          ++wmma;
          if (p.instruction->integer_inputs()) {
            EXPECT_NE(i.modifiers.find("neg_lo:[1,1,0]"), std::string::npos) << "signed x signed: " << i.text;
          }
        } else if (i.mnemonic.rfind("v_wmma_", 0) == 0 || i.mnemonic.rfind("v_swmmac_", 0) == 0) {
          ++other_matrix;
        }
        if (i.mnemonic == "global_load_tr_b128") ++load_tr;
      }
      EXPECT_GT(wmma, 0) << "no " << p.instruction->mnemonic;
      EXPECT_EQ(other_matrix, 0);
      if (k.program == "tiled_gemm_f16_load_tr") {
        EXPECT_GT(load_tr, 0) << "no global_load_tr_b128";
      } else {
        EXPECT_EQ(load_tr, 0);
      }
    }
  }
}

}  // namespace
}  // namespace wmmasim::hw
