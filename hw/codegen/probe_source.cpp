// Device code of the probe suite (wmmasim/hw/probes.hpp): one kernel per probe, same ABI and helpers
// as the program kernels (device_source.cpp). Values probes use the builtin where clang has one for
// what they test, and inline asm with the table's mnemonic where it has none (C modifiers on FP8,
// SWMMAC index_key, inline-constant C, EXEC around the instruction). MODE is written with s_setreg in
// asm, because clang turns the s_setreg builtin for round/denorm fields into s_round_mode/s_denorm_mode,
// and the probe should issue what the question names.
#include "probe_source.hpp"

#include "device_source.hpp"

#include <sstream>
#include <stdexcept>

#include "wmmasim/hw/kernel_abi.hpp"

namespace wmmasim::hw {
namespace {

constexpr int kTimedChain = 64;   // WMMAs per timed chain (timing.md 6: >= 64)
constexpr int kIndexPairs = 32;   // T8 producer/SWMMAC pairs, as in cycles/microbenchmarks.cpp

// Operand loads from the input blocks; `prefix` names them (the T8 producer uses "p").
void emit_loads(std::ostream& o, const Instruction& ins, const std::string& prefix, std::size_t base_offset, bool full_index) {
  const BuiltinCall call = call_of(ins);
  const KernelAbi abi = kernel_abi(ins);
  for (const CallParam& prm : call.params) {
    if (prm.kind != CallParam::operand_param) continue;
    const InputBlock* b = abi.block(operand_name(prm.op));
    if (!b) throw std::logic_error(std::string(ins.name) + ": no input block for a parameter");
    const std::string t = cxx_type(prm.type);
    o << "  " << t << " " << prefix << operand_var(prm.op) << " = wm_load<" << t << ">(in + " << base_offset + b->offset
      << " + lane * " << b->words_per_lane << ");\n";
    if (prm.op == Operand::index && full_index)
      o << "  const unsigned " << prefix << "idx_word = in[" << base_offset + b->offset << " + lane];\n";
  }
}

std::string result_type(const Instruction& ins) { return cxx_type(call_of(ins).result); }

std::string inline_constant_text(int selector) {
  if (selector >= 128 && selector <= 192) return std::to_string(selector - 128);
  if (selector >= 193 && selector <= 208) return std::to_string(192 - selector);
  static const char* kFloats[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0", "0.15915494"};
  if (selector >= 240 && selector <= 248) return kFloats[selector - 240];
  throw std::logic_error("not an inline-constant selector");
}

std::string neg_text(const char* name, std::uint8_t bits) {
  if (!bits) return "";
  return std::string(" ") + name + ":[" + std::to_string(bits & 1) + "," + std::to_string(bits >> 1 & 1) + "," +
         std::to_string(bits >> 2 & 1) + "]";
}

std::string hex32(std::uint32_t v) {
  std::ostringstream o;
  o << "0x" << std::hex << v;
  return o.str();
}

// 12.11: one asm statement saves EXEC, writes the probe's mask (wave64: both halves, as 32-bit
// literals, since gfx12 SALU has no 64-bit literal), issues the instruction and restores EXEC, so no
// instruction the compiler emits runs under the probe's EXEC and the stores see all lanes again.
// D's registers hold kExecMarker before it (SWMMAC: C, which is D's own input).
void emit_exec_body(std::ostream& o, const Probe& p) {
  const Instruction& ins = *p.ins;
  const std::string r = result_type(ins);
  const bool sparse = ins.family == Family::swmmac;
  if (sparse) {
    o << "  " << r << " d = c;\n";
  } else {
    o << "  const unsigned __attribute__((vector_size(" << 4 * ins.vgprs_cd << "))) marker = {";
    for (int i = 0; i < ins.vgprs_cd; ++i) o << (i ? ", " : "") << hex32(kExecMarker) << "u";
    o << "};\n  " << r << " d = __builtin_bit_cast(" << r << ", marker);\n";
  }
  const bool w64 = ins.wave == 64;
  o << "  " << (w64 ? "wm_u64" : "unsigned") << " saved_exec;\n"
    << "  __asm__ volatile(\"" << (w64 ? "s_mov_b64 %1, exec" : "s_mov_b32 %1, exec_lo") << "\\n\\t"
    << "s_mov_b32 exec_lo, " << hex32(static_cast<std::uint32_t>(p.exec_mask)) << "\\n\\t";
  if (w64) o << "s_mov_b32 exec_hi, " << hex32(static_cast<std::uint32_t>(p.exec_mask >> 32)) << "\\n\\t";
  o << ins.mnemonic << " %0, %2, %3, %4\\n\\t" << (w64 ? "s_mov_b64 exec, %1" : "s_mov_b32 exec_lo, %1") << "\"\n"
    << "                   : \"+v\"(d), \"=&s\"(saved_exec) : \"v\"(a), \"v\"(b), \"v\"(" << (sparse ? "idx_word" : "c") << "));\n";
  if (sparse) o << "  (void)idx;\n";
}

void emit_values_body(std::ostream& o, const Probe& p) {
  const Instruction& ins = *p.ins;
  const std::string r = result_type(ins);
  o << "  (void)timing; (void)iterations;\n";
  if (p.sets_mode) {
    // The write is fenced so the scheduler cannot move the matrix instruction above it; the s_nop gives
    // the MODE write time to take effect before the next VALU instruction.
    o << "  __builtin_amdgcn_sched_barrier(0);\n"
      << "  __asm__ volatile(\"s_setreg_imm32_b32 hwreg(HW_REG_MODE, " << p.mode_offset << ", " << p.mode_size << "), "
      << p.mode_value << "\\n\\ts_nop 3\" ::: \"memory\");\n"
      << "  __builtin_amdgcn_sched_barrier(0);\n";
  }
  if (p.body == ProbeBody::builtin_call) {
    o << "  const " << r << " d = " << call_text(ins, p.flags, operand_var) << ";\n";
  } else if (p.body == ProbeBody::exec_call) {
    emit_exec_body(o, p);
  } else if (ins.family == Family::swmmac) {
    o << "  " << r << " d = c;\n"
      << "  __asm__ volatile(\"" << ins.mnemonic << " %0, %1, %2, %3" << neg_text("neg_lo", p.neg) << neg_text("neg_hi", p.neg_hi)
      << (p.index_key ? " index_key:" + std::to_string(p.index_key) : std::string()) << "\" : \"+v\"(d) : \"v\"(a), \"v\"(b), \"v\"(idx_word));\n";
  } else {
    const std::string c = p.inline_c >= 0 ? inline_constant_text(p.inline_c) : "%3";
    o << "  " << r << " d;\n"
      << "  __asm__ volatile(\"" << ins.mnemonic << " %0, %1, %2, " << c << neg_text("neg_lo", p.neg) << neg_text("neg_hi", p.neg_hi)
      << "\" : \"=&v\"(d) : \"v\"(a), \"v\"(b)" << (p.inline_c >= 0 ? "" : ", \"v\"(c)") << ");\n";
    if (p.inline_c >= 0) o << "  (void)c;\n";
  }
  const KernelAbi abi = kernel_abi(ins);
  o << "  wm_store(out + (wave * " << abi.lanes << " + lane) * " << abi.output_words_per_lane << ", d);\n";
}

// The timed loop of timing.md 5.3 around `region` (which leaves its result in `d` and sets `dep`).
void emit_timed_shell(std::ostream& o, const Probe& p, const std::string& setup, const std::string& region) {
  const Instruction& ins = *p.ins;
  const KernelAbi abi = kernel_abi(ins);
  o << "  " << result_type(ins) << " d{};\n"
    << "  wm_u64 cycles = 0, ticks = 0;\n"
    << "  unsigned dep = 0;\n"
    << "  int passes = 0;\n"
    << "#pragma clang loop unroll(disable)\n"
    << "  for (int pass = 0; pass < iterations; ++pass) {\n"
    << setup
    << "    const wm_u64 w0 = wm_realtime(), c0 = wm_cycles();\n"
    << region
    << "    const wm_u64 c1 = wm_cycles(), w1 = wm_realtime();\n"
    << "    cycles = c1 - c0;\n"
    << "    ticks = w1 - w0;\n"
    << "    ++passes;\n"
    << "  }\n"
    << "  wm_store(out + (wave * " << abi.lanes << " + lane) * " << abi.output_words_per_lane << ", d);\n"
    << "  if (lane == 0) {\n"
    << "    timing[wave * " << kTimingWords << " + 0] = cycles;\n"
    << "    timing[wave * " << kTimingWords << " + 1] = ticks;\n"
    << "    timing[wave * " << kTimingWords << " + 2] = dep;\n"
    << "    timing[wave * " << kTimingWords << " + 3] = static_cast<wm_u64>(passes);\n"
    << "  }\n";
}

// Fresh operands every pass (so nothing is hoisted out of the loop), copied before the start reads.
std::string fresh(const std::vector<std::string>& vars) {
  std::string s = "    __asm__ volatile(\"\" :";
  for (std::size_t i = 0; i < vars.size(); ++i) s += std::string(i ? "," : "") + " \"+v\"(" + vars[i] + ")";
  return s + ");\n";
}

std::vector<std::string> operand_vars(const Instruction& ins, const std::string& prefix, const std::string& acc) {
  std::vector<std::string> v;
  for (const CallParam& prm : call_of(ins).params)
    if (prm.kind == CallParam::operand_param) v.push_back(prm.op == Operand::c ? acc : prefix + operand_var(prm.op));
  return v;
}

void emit_timed_body(std::ostream& o, const Probe& p) {
  const Instruction& ins = *p.ins;
  const std::string acc_t = cxx_type(call_of(ins).param_of(Operand::c)->type);
  const std::string r = result_type(ins);
  auto with_acc = [](std::string acc) { return [acc](Operand op) { return op == Operand::c ? acc : operand_var(op); }; };
  std::ostringstream setup, region;
  switch (p.body) {
    case ProbeBody::timer_only:
      setup << fresh({"c"});
      region << "    d = c;\n";
      break;
    case ProbeBody::timer_dependent:
      setup << fresh({"c"});
      region << "    dep = __builtin_amdgcn_readfirstlane(lane);\n    d = c;\n";
      break;
    case ProbeBody::chain_c:
      setup << "    " << acc_t << " acc = c;\n" << fresh(operand_vars(ins, "", "acc"));
      region << "#pragma unroll\n    for (int i = 0; i < " << kTimedChain << "; ++i) acc = " << call_text(ins, 0, with_acc("acc")) << ";\n"
             << "    dep = __builtin_amdgcn_readfirstlane(wm_first_word(acc));\n    d = acc;\n";
      break;
    case ProbeBody::chain_a: {
      const std::string a_t = cxx_type(call_of(ins).param_of(Operand::a)->type);
      setup << "    " << acc_t << " c_pass = c;\n    " << a_t << " x = a;\n" << fresh(operand_vars(ins, "", "c_pass"));
      region << "#pragma unroll\n    for (int i = 0; i < " << kTimedChain << "; ++i) x = __builtin_bit_cast(" << a_t << ", "
             << call_text(ins, 0, [](Operand op) { return op == Operand::c ? std::string("c_pass") : op == Operand::a ? std::string("x") : operand_var(op); })
             << ");\n"
             << "    dep = __builtin_amdgcn_readfirstlane(wm_first_word(x));\n    d = __builtin_bit_cast(" << r << ", x);\n";
      break;
    }
    case ProbeBody::valu_after: {
      setup << "    " << acc_t << " c_pass = c;\n" << fresh(operand_vars(ins, "", "c_pass"));
      region << "    d = " << call_text(ins, 0, with_acc("c_pass")) << ";\n"
             << "    __builtin_amdgcn_sched_barrier(0);\n";
      if (p.count > 0) {
        region << "    __asm__ volatile(\"";
        for (int i = 0; i < p.count; ++i) region << (i ? "\\n\\t" : "") << "v_nop";
        region << "\");\n";
      }
      region << "    float x;\n"
             << "    __asm__ volatile(\"v_add_f32 %0, %1, 1.0\" : \"=v\"(x) : \"v\"(d[0]));\n"
             << "    dep = __builtin_amdgcn_readfirstlane(__builtin_bit_cast(unsigned, x));\n";
      break;
    }
    case ProbeBody::fma_between: {
      setup << "    " << acc_t << " acc0 = c, acc1 = c;\n";
      if (p.count > 0) setup << "    float s[" << p.count << "];\n    for (int j = 0; j < " << p.count << "; ++j) s[j] = static_cast<float>(lane + j);\n";
      setup << fresh(operand_vars(ins, "", "acc0")) << fresh({"acc1"});
      region << "#pragma unroll\n    for (int i = 0; i < " << kTimedChain << "; ++i) {\n"
             << "      if (i & 1) acc1 = " << call_text(ins, 0, with_acc("acc1")) << ";\n"
             << "      else acc0 = " << call_text(ins, 0, with_acc("acc0")) << ";\n"
             << "      __builtin_amdgcn_sched_barrier(0);\n";
      if (p.count > 0)
        region << "#pragma unroll\n      for (int j = 0; j < " << p.count << "; ++j) __asm__ volatile(\"v_fma_f32 %0, %0, %0, 1.0\" : \"+v\"(s[j]));\n"
               << "      __builtin_amdgcn_sched_barrier(0);\n";
      region << "    }\n"
             << "    dep = __builtin_amdgcn_readfirstlane(wm_first_word(acc0) + wm_first_word(acc1)"
             << (p.count > 0 ? " + __builtin_bit_cast(unsigned, s[0])" : "") << ");\n    d = acc0;\n";
      break;
    }
    case ProbeBody::index_from_wmma: {
      const Instruction& prod = *p.producer;
      const std::string pd_t = result_type(prod);
      const std::string idx_t = cxx_type(call_of(ins).param_of(Operand::index)->type);
      setup << "    " << acc_t << " acc = c;\n    " << pd_t << " pd{};\n"
            << fresh(operand_vars(ins, "", "acc")) << fresh(operand_vars(prod, "p", "pd"));
      region << "#pragma unroll\n    for (int i = 0; i < " << kIndexPairs << "; ++i) {\n"
             << "      pd = " << call_text(prod, 0, [](Operand op) { return op == Operand::c ? std::string("pd") : "p" + operand_var(op); }) << ";\n"
             << "      __builtin_amdgcn_sched_barrier(0);\n"
             << "      __asm__ volatile(\"v_nop\");  // WH2: one VALU between a D and its use as an index\n"
             << "      __builtin_amdgcn_sched_barrier(0);\n"
             << "      const " << idx_t << " idx_i = static_cast<" << idx_t << ">(wm_first_word(pd));\n"
             << "      acc = " << call_text(ins, 0, [](Operand op) { return op == Operand::c ? std::string("acc") : op == Operand::index ? std::string("idx_i") : operand_var(op); }) << ";\n"
             << "    }\n"
             << "    (void)idx;\n"
             << "    dep = __builtin_amdgcn_readfirstlane(wm_first_word(acc));\n    d = acc;\n";
      break;
    }
    default: throw std::logic_error("not a timed probe body");
  }
  emit_timed_shell(o, p, setup.str(), region.str());
}

}  // namespace

std::string probe_kernels_source(Arch arch, int wave) {
  std::ostringstream o;
  for (const Probe* p : probes_for(arch, wave)) {
    o << "// probe " << p->name << " (" << p->question << "): " << p->decides << "\n";
    o << "WM_KERNEL(" << wave << ") " << p->symbol() << "(WM_PARAMS) {\n";
    o << "  const unsigned lane = __builtin_amdgcn_workitem_id_x(), wave = __builtin_amdgcn_workgroup_id_x();\n";
    emit_loads(o, *p->ins, "", 0, p->body == ProbeBody::asm_call || p->body == ProbeBody::exec_call);
    // The T8 producer reads its operands from the start of the same buffer: timing does not depend on
    // their values, and the SWMMAC's blocks are larger than the producer's.
    if (p->producer) emit_loads(o, *p->producer, "p", 0, false);
    if (p->timed()) emit_timed_body(o, *p);
    else emit_values_body(o, *p);
    o << "}\n\n";
  }
  return o.str();
}

}  // namespace wmmasim::hw
