// The hardware captures replayed at register level: operands placed in a register file with the
// layouts the fixtures README states (written out here, independently of operand_layout), the
// instruction executed (decoded from its captured encoding where the capture gives one), D read back.
#include <gtest/gtest.h>

#include "../numerics/fixture_io.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/wave/execute.hpp"

namespace wmmasim {
namespace {

using test::read_jsonl;
using test::hex;
using test::matrix;

// Fixtures README, "K labelling and register layouts": (lane, vgpr, half) of A[i][k] / B[k][j].
struct Slot { int lane, vgpr, half; };
std::vector<Slot> input_slots(const std::string& arch, int wave, int m, int k) {
  if (arch == "gfx1100") {
    std::vector<Slot> s;
    for (int n = 0; n < wave / 16; ++n) s.push_back({m + 16 * n, k >> 1, k & 1});
    return s;
  }
  if (wave == 32) return {{m + 16 * ((k >> 2) & 1), 2 * (k >> 3) + ((k >> 1) & 1), k & 1}};
  return {{m + 16 * (k >> 2), (k >> 1) & 1, k & 1}};
}
Slot output_slot(const std::string& arch, int wave, bool sixteen_bit, int i, int j) {
  if (arch == "gfx1100") return wave == 32 ? Slot{j + 16 * (i & 1), i >> 1, 0} : Slot{j + 16 * (i & 3), i >> 2, 0};
  const int lane = wave == 32 ? j + 16 * (i >> 3) : j + 16 * (i >> 3) + 32 * ((i >> 2) & 1);
  if (!sixteen_bit) return {lane, wave == 32 ? (i & 7) : (i & 3), 0};
  return {lane, wave == 32 ? ((i & 7) >> 1) : ((i & 3) >> 1), i & 1};
}

void put16(RegisterFile& r, int vgpr, Slot s, std::uint32_t v) {
  std::uint32_t& w = r.at(vgpr + s.vgpr, s.lane);
  w = s.half ? (w & 0xFFFFu) | v << 16 : (w & 0xFFFF0000u) | v;
}

Arch arch_of(const std::string& a) { return a == "gfx1100" ? Arch::rdna3 : Arch::rdna4; }

// Matrix-form fixture lines (vectors, packed matrices, integer matrix, overflow witnesses).
void replay_matrix_line(const nlohmann::json& line, int& checked) {
  const std::string arch = line["arch"];
  const int wave = line["wave_size"];
  const Instruction& ins = resolve_instruction(line["instruction"].get<std::string>(), wave, arch_of(arch));
  const bool out16 = format_bits(ins.cd) == 16;
  const int half = line["modifiers"]["opsel"][2];
  const auto A = matrix(line["A"]), B = matrix(line["B"]), C = matrix(line["C"]), D = matrix(line["D"]);
  RegisterFile regs(wave);
  regs.fill(24, 8, 0x56781234u);  // D's previous contents, as the captures did
  OperandVgprs at{0, 8, SourceOperand{false, 16}, 24, 0, half};
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      for (Slot s : input_slots(arch, wave, i, k)) put16(regs, at.a, s, A[i * 16 + k]);
      for (Slot s : input_slots(arch, wave, i, k)) put16(regs, at.b, s, B[k * 16 + i]);
    }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      Slot s = output_slot(arch, wave, out16, i, j);
      if (out16 && arch == "gfx1100") s.half = half;
      if (out16) put16(regs, 16, s, C[i * 16 + j]);
      else regs.at(16 + s.vgpr, s.lane) = C[i * 16 + j];
    }
  Modifiers mods;
  if (line.contains("mode") && !line["mode"].is_null()) mods.mode = hex(line["mode"]);
  execute(ins, regs, at, mods, default_model(ins));
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      Slot s = output_slot(arch, wave, out16, i, j);
      if (out16 && arch == "gfx1100") s.half = half;
      const std::uint32_t w = regs.at(24 + s.vgpr, s.lane);
      const std::uint32_t got = out16 ? (s.half ? w >> 16 : w & 0xFFFF) : w;
      ASSERT_EQ(got, D[i * 16 + j]) << line["id"] << " D[" << i << "][" << j << "]";
      if (out16 && arch == "gfx1100") {
        ASSERT_EQ(s.half ? w & 0xFFFF : w >> 16, half ? 0x1234u : 0x5678u) << "kept half";
      }
    }
  ++checked;
}

TEST(RegisterReplay, MatrixCaptures) {
  for (const char* file : {"gfx1201_wmma_vectors.jsonl", "gfx1201_wmma_packed_matrices.jsonl", "gfx1100_wmma_packed_matrices.jsonl",
                           "gfx1100_wmma_integer_matrix.jsonl", "gfx1201_wmma_packed_overflow_mode.jsonl",
                           "gfx1100_wmma_packed_overflow_mode.jsonl"}) {
    int checked = 0;
    const auto lines = read_jsonl(file);
    ASSERT_FALSE(lines.empty()) << file;
    for (const auto& line : lines) replay_matrix_line(line, checked);
    EXPECT_EQ(checked, static_cast<int>(lines.size())) << file;
  }
}

// Operand captures: the captured instruction word itself, decoded and executed on uniform registers.
TEST(RegisterReplay, EncodedOperandCaptures) {
  for (const char* file : {"gfx1201_wmma_packed_operands.jsonl", "gfx1100_wmma_packed_operands.jsonl"}) {
    const auto lines = read_jsonl(file);
    ASSERT_EQ(lines.size(), 440u) << file;
    for (const auto& line : lines)
      for (int wave : {32, 64}) {
        const Arch arch = arch_of(line["arch"]);
        const DecodedInstruction dec = decode_vop3p(hex(line["encoding"][0]), hex(line["encoding"][1]), arch, wave);
        const auto& r = line["registers"];
        RegisterFile regs(wave);
        regs.fill(0, 8, hex(r["v0_v7"]));
        regs.fill(8, 8, hex(r["v8_v15"]));
        regs.fill(16, 8, hex(r["v16_v23"]));
        regs.fill(24, 8, hex(r["v24_v31_initial"]));
        Modifiers mods = dec.modifiers;
        execute(*dec.instruction, regs, dec.operands, mods, default_model(*dec.instruction));
        const int written = r["dst_vgprs_written"][std::to_string(wave)];
        for (int v = 24; v < 32; ++v)
          for (int lane = 0; lane < wave; ++lane)
            ASSERT_EQ(regs.at(v, lane), v < 24 + written ? hex(r["dst_expected"]) : hex(r["v24_v31_initial"]))
                << line["id"] << " wave" << wave << " v" << v << " lane " << lane;
      }
  }
}

TEST(Decode, RejectsWordsThatAreNotMatrixInstructions) {
  EXPECT_THROW(decode_vop3p(0x12345678, 0, Arch::rdna4, 32), UserError);
  EXPECT_THROW(decode_vop3p(0xcc7f4018, 0x1a021100, Arch::rdna4, 32), UserError);  // opcode 0x7f
  EXPECT_THROW(decode_vop3p(0xcc424018, 0x1a021000, Arch::rdna4, 32), UserError);  // SRC0 not a VGPR
}

// D may alias A, B or C (spec numerics 9.2): the result does not depend on where D is written.
TEST(RegisterReplay, DestinationMayAliasEveryInput) {
  const auto lines = read_jsonl("gfx1201_wmma_packed_matrices.jsonl");
  const auto& line = lines.front();
  const Instruction& ins = resolve_instruction(line["instruction"].get<std::string>(), line["wave_size"]);
  RegisterFile base(ins.wave);
  write_matrix(ins, Operand::a, matrix(line["A"]), base, 0);
  write_matrix(ins, Operand::b, matrix(line["B"]), base, 8);
  write_matrix(ins, Operand::c, matrix(line["C"]), base, 16);
  for (int d : {24, 0, 8, 16}) {
    RegisterFile regs = base;
    execute(ins, regs, OperandVgprs{0, 8, SourceOperand{false, 16}, d}, Modifiers{}, default_model(ins));
    EXPECT_EQ(read_matrix(ins, Operand::d, regs, d), matrix(line["D"])) << "D at v" << d;
  }
}

}  // namespace
}  // namespace wmmasim
