// The probe kernels in the built code objects do what their probe says: the intended matrix
// instruction (with its modifier bits, index_key or inline-constant C), the s_setreg of MODE before it
// where the probe sets MODE, the EXEC write before it and the restore before the stores where the probe
// sets EXEC (and no EXEC write elsewhere in a values kernel), and for timed probes the instruction
// count of the shape between fenced timer reads, with the v_nop / v_fma_f32 counts of T4 and T5.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "disassembly.hpp"
#include "wmmasim/hw/probes.hpp"

namespace wmmasim::hw {
namespace {

using test::Inst;

bool is_matrix_op(const Inst& i) { return i.mnemonic.rfind("v_wmma_", 0) == 0 || i.mnemonic.rfind("v_swmmac_", 0) == 0; }
bool is_timer(const Inst& i) {
  return (i.mnemonic == "s_getreg_b32" && i.text.find("SHADER_CYCLES") != std::string::npos) ||
         (i.mnemonic == "s_sendmsg_rtn_b64" && i.text.find("MSG_RTN_GET_REALTIME") != std::string::npos);
}
std::size_t first_of(const std::vector<Inst>& v, bool (*f)(const Inst&)) {
  return static_cast<std::size_t>(std::find_if(v.begin(), v.end(), f) - v.begin());
}
std::size_t last_of(const std::vector<Inst>& v, bool (*f)(const Inst&)) {
  for (std::size_t i = v.size(); i-- > 0;)
    if (f(v[i])) return i;
  return v.size();
}

bool writes_exec(const Inst& i) {
  return !i.operands.empty() && (i.operands[0] == "exec" || i.operands[0] == "exec_lo" || i.operands[0] == "exec_hi");
}

// 12.11: saved copy, then the mask (exec_lo, and exec_hi in wave64, as literals), the instruction, the
// restore from the saved copy, and only then the stores; dense WMMA's D registers get the marker first.
void check_exec(const Probe& p, const std::vector<Inst>& code, std::size_t op) {
  const bool w64 = p.ins->wave == 64;
  std::vector<std::size_t> writes;
  for (std::size_t i = 0; i < code.size(); ++i)
    if (writes_exec(code[i])) writes.push_back(i);
  ASSERT_EQ(writes.size(), w64 ? 3u : 2u) << p.name << ": the mask write(s) and the restore, nothing else";
  const std::size_t restore = writes.back();
  // The saved copy: the last read of EXEC into an SGPR before the first write.
  std::size_t save = code.size();
  for (std::size_t i = 0; i < writes.front(); ++i)
    if (code[i].mnemonic == (w64 ? "s_mov_b64" : "s_mov_b32") && code[i].operands.size() == 2 &&
        code[i].operands[1] == (w64 ? "exec" : "exec_lo"))
      save = i;
  ASSERT_LT(save, code.size()) << p.name << ": EXEC is not saved before it is written";
  const std::string saved = code[save].operands[0];
  auto literal = [](const Inst& i) { return std::stoull(i.operands.at(1), nullptr, 0); };
  EXPECT_EQ(code[writes[0]].mnemonic, "s_mov_b32") << code[writes[0]].text;
  EXPECT_EQ(code[writes[0]].operands[0], "exec_lo") << code[writes[0]].text;
  EXPECT_EQ(literal(code[writes[0]]), p.exec_mask & 0xFFFFFFFFu) << code[writes[0]].text;
  if (w64) {
    EXPECT_EQ(code[writes[1]].operands[0], "exec_hi") << code[writes[1]].text;
    EXPECT_EQ(literal(code[writes[1]]), p.exec_mask >> 32) << code[writes[1]].text;
  }
  EXPECT_LT(writes[writes.size() - 2], op) << p.name << ": EXEC must be set before the instruction";
  EXPECT_GT(restore, op) << p.name << ": EXEC must be restored after the instruction";
  EXPECT_EQ(code[restore].mnemonic, w64 ? "s_mov_b64" : "s_mov_b32") << code[restore].text;
  EXPECT_EQ(code[restore].operands[0], w64 ? "exec" : "exec_lo") << code[restore].text;
  EXPECT_EQ(code[restore].operands.at(1), saved) << code[restore].text << ": restored from another register than " << saved;
  int stores = 0;
  for (std::size_t i = 0; i < code.size(); ++i)
    if (code[i].mnemonic.rfind("global_store", 0) == 0) {
      ++stores;
      EXPECT_GT(i, restore) << p.name << ": a store before EXEC is restored: " << code[i].text;
    }
  EXPECT_GT(stores, 0) << p.name;
  if (p.ins->family == Family::wmma) {
    // Every register of D holds the marker when the instruction issues: follow v_mov (and VOPD dual
    // moves) of the literal and of registers holding it; any other VALU or load writing a register
    // clears it.
    std::set<int> marked;
    for (std::size_t i = 0; i < op; ++i) {
      if (code[i].mnemonic.rfind("v_", 0) != 0 && code[i].mnemonic.rfind("global_load", 0) != 0) continue;
      std::string text = code[i].text;
      for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find(" :: ", start);
        if (end == std::string::npos) end = text.size();
        std::istringstream part(text.substr(start, end - start));
        std::string mnemonic, dst, src;
        part >> mnemonic >> dst >> src;
        if (!dst.empty() && dst.back() == ',') dst.pop_back();
        if (!src.empty() && src.back() == ',') src.pop_back();
        const test::Register r = test::vgpr_of(dst), from = test::vgpr_of(src);
        const bool move = mnemonic == "v_mov_b32_e32" || mnemonic == "v_mov_b32" || mnemonic == "v_dual_mov_b32";
        const bool marker = move && (src == "0x7fa57fa5" || (from.count == 1 && marked.count(from.first)));
        for (int v = r.first; v >= 0 && v < r.first + r.count; ++v) {
          if (marker) marked.insert(v);
          else marked.erase(v);
        }
        start = end + 4;
      }
    }
    const test::Register d = test::vgpr_of(code[op].operands.at(0));
    ASSERT_GT(d.count, 0) << code[op].text;
    for (int v = d.first; v < d.first + d.count; ++v) EXPECT_TRUE(marked.count(v)) << p.name << ": v" << v << " of D lacks the marker";
  }
}

int expected_matrix_ops(const Probe& p) {
  switch (p.body) {
    case ProbeBody::timer_only:
    case ProbeBody::timer_dependent: return 0;
    case ProbeBody::chain_c:
    case ProbeBody::chain_a:
    case ProbeBody::fma_between: return 64;
    case ProbeBody::index_from_wmma: return 64;  // 32 pairs
    default: return 1;
  }
}

void check_probe(const Probe& p, const std::vector<Inst>& code) {
  std::vector<const Inst*> ops;
  for (const Inst& i : code)
    if (is_matrix_op(i)) ops.push_back(&i);
  ASSERT_EQ(static_cast<int>(ops.size()), expected_matrix_ops(p)) << p.name;
  for (const Inst* i : ops)
    if (!p.producer || i->mnemonic != p.producer->mnemonic) EXPECT_EQ(i->mnemonic, p.ins->mnemonic) << p.name;
  if (!p.timed()) {
    const Inst& i = *ops.at(0);
    if (p.neg & 4) EXPECT_NE(i.modifiers.find("neg_lo:[0,0,1]"), std::string::npos) << i.text;
    if (p.neg_hi & 4) EXPECT_NE(i.modifiers.find("neg_hi:[0,0,1]"), std::string::npos) << i.text;
    if (!p.neg && !p.neg_hi && !(p.flags & (kSignA | kSignB))) EXPECT_EQ(i.modifiers.find("neg_"), std::string::npos) << i.text;
    if (p.flags & kClamp) EXPECT_NE(i.modifiers.find("clamp"), std::string::npos) << i.text;
    if (p.index_key) EXPECT_NE(i.modifiers.find("index_key:" + std::to_string(p.index_key)), std::string::npos) << i.text;
    if (p.inline_c >= 0) EXPECT_EQ(i.operands.back(), p.inline_c == 129 ? "1" : "1.0") << i.text;
    const auto setreg = std::find_if(code.begin(), code.end(), [](const Inst& x) { return x.mnemonic == "s_setreg_imm32_b32"; });
    if (p.sets_mode) {
      ASSERT_NE(setreg, code.end()) << p.name;
      EXPECT_NE(setreg->text.find("hwreg(HW_REG_MODE, " + std::to_string(p.mode_offset) + ", " + std::to_string(p.mode_size) + ")"),
                std::string::npos) << setreg->text;
      EXPECT_LT(setreg - code.begin(), &i - code.data()) << p.name << ": MODE must be written before the instruction";
    } else {
      EXPECT_EQ(setreg, code.end()) << p.name;
    }
    EXPECT_EQ(first_of(code, is_timer), code.size()) << p.name << ": a values probe reads no timer";
    if (p.body == ProbeBody::exec_call) check_exec(p, code, static_cast<std::size_t>(&i - code.data()));
    else EXPECT_TRUE(std::none_of(code.begin(), code.end(), writes_exec)) << p.name << ": only EXEC probes write EXEC";
    return;
  }
  // Timed: every matrix instruction between the first and the last timer read.
  const std::size_t t0 = first_of(code, is_timer), t1 = last_of(code, is_timer);
  ASSERT_LT(t0, code.size()) << p.name;
  for (const Inst* i : ops) {
    EXPECT_GT(i - code.data(), static_cast<std::ptrdiff_t>(t0)) << p.name;
    EXPECT_LT(i - code.data(), static_cast<std::ptrdiff_t>(t1)) << p.name;
  }
  if (p.body == ProbeBody::valu_after) {
    const std::size_t w = static_cast<std::size_t>(ops[0] - code.data());
    const auto add = std::find_if(code.begin() + static_cast<std::ptrdiff_t>(w), code.end(),
                                  [](const Inst& x) { return x.mnemonic.rfind("v_add_f32", 0) == 0; });
    ASSERT_NE(add, code.end()) << p.name;
    EXPECT_GE(std::count_if(code.begin() + static_cast<std::ptrdiff_t>(w), add, [](const Inst& x) { return x.mnemonic == "v_nop"; }),
              p.count) << p.name;
  }
  if (p.body == ProbeBody::fma_between)
    EXPECT_EQ(std::count_if(code.begin(), code.end(), [](const Inst& x) { return x.mnemonic.rfind("v_fma_f32", 0) == 0; }),
              64 * p.count) << p.name;
}

TEST(ProbeCodeObjects, EveryProbeKernelHoldsWhatItsProbeNames) {
  std::stringstream list(WMMASIM_HW_CODE_OBJECTS);
  std::string item;
  int checked = 0;
  while (std::getline(list, item, ',')) {
    const auto a = item.find('|'), b = item.find('|', a + 1);
    const std::string target = item.substr(0, a), path = item.substr(b + 1);
    const int wave = std::stoi(item.substr(a + 1, b - a - 1));
    const auto arch = arch_of_target(target);
    if (!arch) continue;
    const auto kernels = test::disassemble(WMMASIM_HW_OBJDUMP, path, target, wave == 64);
    for (const Probe* p : probes_for(*arch, wave)) {
      SCOPED_TRACE(target + " " + p->name);
      const auto k = kernels.find(p->symbol());
      ASSERT_NE(k, kernels.end()) << p->symbol() << " missing from " << path;
      check_probe(*p, k->second);
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace wmmasim::hw
