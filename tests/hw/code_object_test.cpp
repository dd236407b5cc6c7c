// The built code objects contain what the table says: every program's kernel holds its intended
// instruction, with the table's register tuples for its wave size and the modifier bits of its flags;
// timed kernels read both timers around the instruction, and the end reads wait for its result.
#include <gtest/gtest.h>

#include <sstream>

#include "disassembly.hpp"
#include "wmmasim/hw/programs.hpp"

namespace wmmasim::hw {
namespace {

using test::Inst;

struct CodeObjectFile {
  std::string target, path;
  int wave = 32;
};

std::vector<CodeObjectFile> code_object_files() {
  std::vector<CodeObjectFile> out;
  std::stringstream list(WMMASIM_HW_CODE_OBJECTS);
  std::string item;
  while (std::getline(list, item, ',')) {
    const auto a = item.find('|'), b = item.find('|', a + 1);
    out.push_back({item.substr(0, a), item.substr(b + 1), std::stoi(item.substr(a + 1, b - a - 1))});
  }
  return out;
}

bool is_matrix_op(const Inst& i) {
  return i.mnemonic.rfind("v_wmma_", 0) == 0 || i.mnemonic.rfind("v_swmmac_", 0) == 0 ||
         i.mnemonic.rfind("global_load_tr", 0) == 0;
}
bool is_cycles_read(const Inst& i) { return i.mnemonic == "s_getreg_b32" && i.text.find("SHADER_CYCLES") != std::string::npos; }
bool is_realtime_read(const Inst& i) {
  return i.mnemonic == "s_sendmsg_rtn_b64" && i.text.find("MSG_RTN_GET_REALTIME") != std::string::npos;
}

void expect_tuple(const Inst& inst, std::size_t operand, int vgprs, const char* what) {
  ASSERT_GT(inst.operands.size(), operand) << inst.text;
  const test::Register r = test::vgpr_of(inst.operands[operand]);
  EXPECT_EQ(r.count, vgprs) << what << " of " << inst.text;
}

std::string expected_neg_lo(const Program& p) {
  if (!(p.flags & (kSignA | kSignB))) return "";
  return std::string("neg_lo:[") + ((p.flags & kSignA) ? "1" : "0") + "," + ((p.flags & kSignB) ? "1" : "0") + ",0]";
}

bool has_token(const std::string& text, const std::string& token) {
  std::istringstream in(text);
  std::string t;
  while (in >> t)
    if (t == token) return true;
  return false;
}

void check_modifiers(const Program& p, const Inst& inst) {
  const std::string neg = expected_neg_lo(p);
  if (neg.empty()) {
    EXPECT_EQ(inst.modifiers.find("neg_lo"), std::string::npos) << inst.text;
  } else {
    EXPECT_NE(inst.modifiers.find(neg), std::string::npos) << inst.text;
  }
  EXPECT_EQ(has_token(inst.modifiers, "clamp"), (p.flags & kClamp) != 0) << inst.text;
  EXPECT_EQ(inst.modifiers.find("op_sel:[0,0,1]") != std::string::npos, (p.flags & kOpselD) != 0) << inst.text;
  EXPECT_EQ(inst.modifiers.find("index_key"), std::string::npos) << "the builtins use index set 0: " << inst.text;
}

// Timed kernels: w0 = REALTIME, c0 = SHADER_CYCLES, instruction, readfirstlane of its D, c1, w1.
void check_timers(const std::vector<Inst>& code, std::size_t op_at) {
  std::vector<std::size_t> cycles, realtime;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (is_cycles_read(code[i])) cycles.push_back(i);
    if (is_realtime_read(code[i])) realtime.push_back(i);
  }
  ASSERT_EQ(realtime.size(), 2u);
  ASSERT_FALSE(cycles.empty());
  ASSERT_EQ(cycles.size() % 2, 0u);
  const std::size_t half = cycles.size() / 2;  // gfx12: HI, LO, HI per read; gfx11: one 20-bit read
  EXPECT_LT(realtime[0], cycles.front()) << "REALTIME start outside the cycle region";
  EXPECT_LT(cycles[half - 1], op_at) << "a start SHADER_CYCLES read after the instruction";
  EXPECT_GT(cycles[half], op_at) << "an end SHADER_CYCLES read before the instruction";
  EXPECT_GT(realtime[1], cycles.back()) << "REALTIME end inside the cycle region";
  EXPECT_LT(realtime[0], op_at);
  EXPECT_GT(realtime[1], op_at);
  const test::Register d = test::vgpr_of(code[op_at].operands.at(0));
  bool dependent = false;
  for (std::size_t i = op_at + 1; i < cycles[half]; ++i)
    if (code[i].mnemonic == "v_readfirstlane_b32") {
      const test::Register src = test::vgpr_of(code[i].operands.at(1));
      dependent |= src.first >= d.first && src.first < d.first + d.count;
    }
  EXPECT_TRUE(dependent) << "no v_readfirstlane of a D register between the instruction and the end read";
}

TEST(CodeObjects, EveryProgramHasItsInstructionRegistersModifiersAndTimers) {
  const auto files = code_object_files();
  ASSERT_FALSE(files.empty());
  for (const CodeObjectFile& f : files) {
    SCOPED_TRACE(f.target + " wave" + std::to_string(f.wave) + " " + f.path);
    const auto kernels = test::disassemble(WMMASIM_HW_OBJDUMP, f.path, f.target, f.wave == 64);
    const auto meta = test::kernel_metadata(WMMASIM_HW_READELF, f.path);
    const auto arch = arch_of_target(f.target);
    ASSERT_TRUE(arch.has_value());
    ASSERT_TRUE(kernels.count("wmmasim_realtime_probe"));
    int checked = 0;
    for (const Program& p : programs_for(*arch, f.wave)) {
      SCOPED_TRACE(p.name());
      const auto k = kernels.find(p.symbol());
      ASSERT_NE(k, kernels.end()) << "kernel missing from the code object";
      ASSERT_TRUE(meta.count(p.symbol()));
      EXPECT_EQ(meta.at(p.symbol()).wavefront_size, f.wave) << "kernel metadata wave size";
      const std::vector<Inst>& code = k->second;
      std::vector<std::size_t> ops;
      for (std::size_t i = 0; i < code.size(); ++i)
        if (is_matrix_op(code[i])) ops.push_back(i);
      ASSERT_EQ(ops.size(), 1u) << "exactly one matrix instruction per kernel";
      const Inst& inst = code[ops[0]];
      EXPECT_EQ(inst.mnemonic, p.ins->mnemonic);
      // Register tuples as the table says for this wave size (wave64 disassembled as wave64); every
      // register named lies below the kernel's VGPR allocation.
      expect_tuple(inst, 0, p.ins->vgprs_cd, "D");
      if (p.ins->family != Family::load_tr) {
        expect_tuple(inst, 1, p.ins->vgprs_a, "A");
        expect_tuple(inst, 2, p.ins->vgprs_b, "B");
        expect_tuple(inst, 3, p.ins->family == Family::swmmac ? 1 : p.ins->vgprs_cd, p.ins->family == Family::swmmac ? "index" : "C");
        check_modifiers(p, inst);
        if (p.ins->tied) {
          EXPECT_EQ(inst.operands[0], inst.operands[3]) << "tied: D is C's registers";
        }
      }
      EXPECT_FALSE(std::any_of(code.begin(), code.end(), [](const Inst& i) { return i.mnemonic == "s_getpc_b64"; }))
          << "the kernel reads constant data (a table entry that did not fold?)";
      int high = -1;
      for (const Inst& i : code) high = std::max(high, test::highest_vgpr(i));
      EXPECT_LT(high, meta.at(p.symbol()).vgpr_count) << "a register beyond the allocation: wrong wave size?";
      const bool any_timer = std::any_of(code.begin(), code.end(), [](const Inst& i) { return is_cycles_read(i) || is_realtime_read(i); });
      if (p.mode == Mode::timed) {
        check_timers(code, ops[0]);
      } else {
        EXPECT_FALSE(any_timer) << "timer reads in an untimed kernel";
      }
      ++checked;
    }
    EXPECT_GT(checked, 0);
    std::cout << "[ checked  ] " << f.target << " wave" << f.wave << ": " << checked << " kernels\n";
  }
}

}  // namespace
}  // namespace wmmasim::hw
