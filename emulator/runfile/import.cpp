#include "wmmasim/runfile/import.hpp"

#include "wmmasim/error.hpp"
#include "wmmasim/json_error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/numerics/numerics.hpp"
#include "wmmasim/runfile/replay.hpp"

namespace wmmasim::runfile {
namespace {

using Json = nlohmann::json;

// A capture's register words and matrix elements: "0x" and one to eight hex digits. (eval_jsonl_fuzz
// found a stray quote reaching std::stoul, whose exception no reader caught.)
std::uint32_t hex(const Json& j) {
  const std::string s = j.is_string() ? j.get<std::string>() : j.dump();
  if (!j.is_string() || s.size() < 3 || s.size() > 10 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') ||
      s.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string::npos)
    throw UserError("a register word or element is " + quoted_input(s) + ", not a hex string of up to 8 digits such as \"0x3c00\"");
  return static_cast<std::uint32_t>(std::stoul(s.substr(2), nullptr, 16));
}

Matrix matrix(const Json& rows, const std::string& format) {
  Matrix m{format, static_cast<int>(rows.size()), static_cast<int>(rows.at(0).size()), 1, {}, ""};
  for (const Json& row : rows)
    for (const Json& x : row) m.bits.push_back(hex(x));
  return m;
}

int bit(const Json& mods, const char* key, int s) {
  return mods.contains(key) && mods.at(key).is_array() ? json_int(mods.at(key).at(s), std::string("modifiers.") + key) : 0;
}

ProgramRecord base_record(const Json& line, const std::string& program) {
  ProgramRecord p;
  p.program = program;
  p.arch = line.at("arch").get<std::string>();
  p.mode = "values";
  p.notes.push_back("hardware capture " + line.value("id", std::string()) + " (" + line.value("device", std::string()) + ")");
  return p;
}

std::vector<ProgramRecord> import_dot2(const Json& line) {
  const std::string mnemonic = line.at("instruction").get<std::string>();
  const Format f = mnemonic.find("bf16") != std::string::npos ? Format::bf16 : Format::f16;
  const std::string fmt(format_name(f));
  ProgramRecord p = base_record(line, line.at("id").get<std::string>());
  p.instruction = mnemonic;
  p.wave_size = 32;
  for (int s = 0; s < 2; ++s) {
    const std::uint32_t w = dot2_source_word(line, s, f);
    p.inputs[s ? "src1" : "src0"] = Matrix{fmt, 1, 2, 1, {w & 0xFFFFu, w >> 16}, ""};
  }
  p.inputs["src2"] = Matrix{"f32", 1, 1, 1, {dot2_source_word(line, 2, f)}, ""};
  p.outputs["D"] = Matrix{"f32", 1, 1, 1, {hex(line.at("d"))}, ""};
  return {p};
}

}  // namespace

std::uint32_t dot2_source_word(const Json& line, int s, Format f) {
  const char* names[3] = {"src0", "src1", "src2"};
  if (line.contains(names[s])) return hex(line.at(names[s]));
  if (!line.contains("operands") || !line.at("operands").is_object() || !line.at("operands").contains(names[s]))
    throw UserError(std::string("a DOT2 case needs ") + names[s] + " as a register word or in \"operands\"");
  const Json& op = line.at("operands").at(names[s]);
  std::uint32_t word;
  if (op.is_string()) {
    const std::string reg = op.get<std::string>();
    if (!line.contains(reg))
      throw UserError(std::string("operands.") + names[s] + " names register " + quoted_input(reg) + ", whose value the case does not give");
    word = hex(line.at(reg));
  } else {
    const int sel = json_int(op.at("inline_selector"), std::string("operands.") + names[s] + ".inline_selector");
    const std::uint32_t bits32 = inline_constant_bits(sel, Format::f32);
    const bool is_float = sel >= 240;
    if (s == 2) return bits32;  // the f32 accumulator takes the constant as an f32 source
    if (f == Format::bf16) {
      const std::uint32_t half = is_float ? bits32 >> 16 : bits32 & 0xFFFFu;
      word = half | half << 16;
    } else {
      word = is_float ? inline_constant_bits(sel, Format::f16) : bits32;
    }
  }
  if (s == 2) return word;
  const Json& mods = line.at("modifiers");
  const bool lo_high = bit(mods, "opsel", s) != 0;
  const bool hi_high = !mods.contains("opsel_hi") || bit(mods, "opsel_hi", s) != 0;
  const std::uint32_t e0 = lo_high ? word >> 16 : word & 0xFFFFu, e1 = hi_high ? word >> 16 : word & 0xFFFFu;
  return e0 | e1 << 16;
}

std::vector<ProgramRecord> import_capture(const Json& line) {
  if (!line.is_object() || !line.contains("instruction") || !line.contains("arch"))
    throw UserError("not a capture: it needs \"instruction\" and \"arch\"");
  const std::string mnemonic = line.at("instruction").get<std::string>();
  if (mnemonic.rfind("v_dot2_f32_", 0) == 0) return import_dot2(line);
  std::vector<int> waves;
  if (line.contains("wave_sizes") && line.at("wave_sizes").is_array()) {
    const Json& list = line.at("wave_sizes");
    for (std::size_t i = 0; i < list.size(); ++i) waves.push_back(json_int(list.at(i), "wave_sizes[" + std::to_string(i) + "]"));
  } else {
    waves.push_back(json_int(line.at("wave_size"), "wave_size"));
  }
  const Arch arch = line.at("arch").get<std::string>().rfind("gfx11", 0) == 0 ? Arch::rdna3 : Arch::rdna4;
  const Json& mods = line.at("modifiers");
  Modifiers m;
  for (int s = 0; s < 3; ++s) {
    m.neg = static_cast<std::uint8_t>(m.neg | bit(mods, "neg", s) << s);
    m.neg_hi = static_cast<std::uint8_t>(m.neg_hi | bit(mods, "neg_hi", s) << s);
  }
  std::uint32_t mode = 0;
  if (line.contains("mode") && !line.at("mode").is_null()) mode = hex(line.at("mode"));
  m.mode = mode & kModeFp16Ovfl;
  const bool clamp = mods.value("clamp", 0) != 0;
  std::vector<ProgramRecord> out;
  for (int wave : waves) {
    const Instruction& ins = resolve_instruction(mnemonic, wave, arch);
    const int opsel = ins.arch == Arch::rdna3 && format_bits(ins.cd) == 16 ? bit(mods, "opsel", 2) : 0;
    ProgramRecord p = base_record(line, line.at("id").get<std::string>() + (waves.size() > 1 ? "_w" + std::to_string(wave) : ""));
    p.wave_size = wave;
    p.instruction = full_builtin_name(ins);
    p.modifiers = modifier_names(m, opsel);
    const auto& types = line.at("types");
    p.inputs["A"] = matrix(line.at("A"), types.at("a").get<std::string>());
    p.inputs["B"] = matrix(line.at("B"), types.at("b").get<std::string>());
    p.inputs["C"] = matrix(line.at("C"), types.at("c").get<std::string>());
    p.outputs["D"] = matrix(line.at("D"), types.at("d").get<std::string>());
    if (clamp) p.notes.push_back("the captured encoding sets CLAMP, which float WMMA ignores; it is left out");
    if (mode) p.notes.push_back("captured with MODE " + line.at("mode").get<std::string>() + " (only bit 23, FP16_OVFL, matters)");
    const auto& src2 = line.at("operands").at("src2");
    if (src2.is_object())
      p.notes.push_back("C was the inline constant " + src2.at("inline_value").get<std::string>() + " (selector " +
                        std::to_string(json_int(src2.at("inline_selector"), "operands.src2.inline_selector")) + "), shown as the value each element received");
    out.push_back(std::move(p));
  }
  return out;
}

RunFile import_captures(std::istream& in, const std::string& source) {
  RunFile run;
  run.producer = {"capture", "wmmasim import", std::nullopt};
  run.environment = {{"source", source},
                     {"notice", "raw register values captured by AMD (rocjitsu fixtures, MIT license, (c) 2026 AMD); "
                                "see tests/data/fixtures/README.md"}};
  long number = 0;
  for (std::string text; std::getline(in, text);) {
    ++number;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      for (ProgramRecord& p : import_capture(Json::parse(text))) run.programs.push_back(std::move(p));
    } catch (const Json::exception& e) {
      throw UserError(source + " line " + std::to_string(number) + " is not a capture: " + e.what());
    } catch (const UserError& e) {
      throw UserError(source + " line " + std::to_string(number) + ": " + e.what());
    }
  }
  if (run.programs.empty()) throw UserError(source + " holds no capture lines");
  return run;
}

}  // namespace wmmasim::runfile
