#include "wmmasim/eval/case.hpp"

#include <cstdio>
#include <string>
#include <utility>

#include "wmmasim/error.hpp"
#include "wmmasim/json_error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/operand_layout.hpp"
#include "wmmasim/numerics/formats.hpp"
#include "wmmasim/numerics/numerics.hpp"
#include "wmmasim/runfile/import.hpp"

namespace wmmasim::eval {
namespace {

using Bits = std::vector<std::uint32_t>;

std::uint32_t parse_bits(const Json& v, int bits, const std::string& where) {
  std::uint64_t x = 0;
  if (v.is_number_unsigned()) {
    x = v.get<std::uint64_t>();
  } else if (v.is_string()) {
    const std::string s = v.get<std::string>();
    std::size_t used = 0;
    bool ok = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (ok) {
      try {
        x = std::stoull(s.substr(2), &used, 16);
      } catch (const std::exception&) {
        ok = false;
      }
      ok = ok && used == s.size() - 2;
    }
    if (!ok) throw UserError(where + " is \"" + quoted_input(s) + "\", expected a hex string such as \"0x3c00\"");
  } else {
    throw UserError(where + " must be a hex string such as \"0x3c00\"");
  }
  if (bits < 64 && x >> bits) throw UserError(where + " = " + v.dump() + " does not fit in " + std::to_string(bits) + " bits");
  return static_cast<std::uint32_t>(x);
}

Bits parse_matrix(const Json& rec, const char* key, int rows, int cols, int bits) {
  if (!rec.contains(key)) throw UserError(std::string("the case has no \"") + key + "\" matrix");
  const Json& m = rec.at(key);
  if (!m.is_array() || static_cast<int>(m.size()) != rows)
    throw UserError(std::string("\"") + key + "\" must be an array of " + std::to_string(rows) + " rows");
  Bits out;
  for (int r = 0; r < rows; ++r) {
    const Json& row = m.at(r);
    if (!row.is_array() || static_cast<int>(row.size()) != cols)
      throw UserError(std::string(key) + "[" + std::to_string(r) + "] must hold " + std::to_string(cols) + " elements");
    for (int c = 0; c < cols; ++c)
      out.push_back(parse_bits(row.at(c), bits, std::string(key) + "[" + std::to_string(r) + "][" + std::to_string(c) + "]"));
  }
  return out;
}

Arch parse_arch(const Json& rec) {
  if (!rec.contains("arch") || rec.at("arch").is_null()) return Arch::rdna4;
  const std::string a = rec.at("arch").get<std::string>();
  if (a.rfind("gfx12", 0) == 0) return Arch::rdna4;
  if (a.rfind("gfx11", 0) == 0) return Arch::rdna3;
  throw UserError("arch \"" + quoted_input(a) + "\" is neither gfx12 (RDNA4) nor gfx11 (RDNA3)");
}

std::vector<int> parse_waves(const Json& rec) {
  if (rec.contains("wave_size") && !rec.at("wave_size").is_null()) return {json_int(rec.at("wave_size"), "wave_size")};
  if (rec.contains("wave_sizes")) return rec.at("wave_sizes").get<std::vector<int>>();
  return {32};
}

std::uint8_t parse_source_bits(const Json& mods, const char* key) {
  if (!mods.contains(key)) return 0;
  const Json& list = mods.at(key);
  if (!list.is_array() || list.size() != 3) throw UserError(std::string("modifiers.") + key + " must be a list of 3 bits (A, B, C)");
  std::uint8_t m = 0;
  for (int s = 0; s < 3; ++s) {
    const int v = json_int(list.at(s), "wave_sizes[" + std::to_string(s) + "]");
    if (v != 0 && v != 1) throw UserError(std::string("modifiers.") + key + " holds " + std::to_string(v) + ", expected 0 or 1");
    if (v) m = static_cast<std::uint8_t>(m | 1u << s);
  }
  return m;
}

// Hardware captures may carry CLAMP on float forms (the encoded operand captures do): the hardware
// ignores it there (spec numerics.md 5.1), so eval does too and says so instead of refusing the case.
Modifiers parse_modifiers(const Json& rec, const Instruction& ins, bool& clamp_ignored) {
  Modifiers m;
  if (rec.contains("modifiers") && !rec.at("modifiers").is_null()) {
    const Json& f = rec.at("modifiers");
    m.neg = parse_source_bits(f, "neg");
    m.neg_hi = parse_source_bits(f, "neg_hi");
    m.clamp = f.contains("clamp") && json_int(f.at("clamp"), "modifiers.clamp") != 0;
    if (f.contains("index_key")) m.index_key = json_int(f.at("index_key"), "modifiers.index_key");
  }
  if (rec.contains("mode") && !rec.at("mode").is_null()) m.mode = parse_bits(rec.at("mode"), 32, "mode");
  clamp_ignored = m.clamp && !ins.integer_inputs();
  if (clamp_ignored) m.clamp = false;
  check_modifiers(ins, m);
  return m;
}

void check_types(const Json& rec, const Instruction& ins) {
  if (!rec.contains("types") || rec.at("types").is_null()) return;
  const std::pair<const char*, Format> want[] = {{"a", ins.a}, {"b", ins.b}, {"c", ins.cd}, {"d", ins.cd}};
  for (const auto& [key, f] : want) {
    if (!rec.at("types").contains(key)) continue;
    const std::string got = rec.at("types").at(key).get<std::string>();
    if (got != format_name(f))
      throw UserError("types." + std::string(key) + " is \"" + quoted_input(got) + "\" but " + std::string(ins.name) + " takes " +
                      std::string(format_name(f)));
  }
}

// SWMMAC: `index` is 16 x K/4 entries, each [idx0, idx1] or the 4-bit field idx0 | idx1 << 2. The
// dense A must be zero wherever the index does not select (spec 8.1); stored slot 2G+s = A[i][4G+idx_s].
void compress_sparse(const Json& rec, const Instruction& ins, const Bits& dense, Bits& stored, std::vector<std::uint8_t>& index) {
  const int groups = ins.k / 4;
  if (!rec.contains("index") || !rec.at("index").is_array() || static_cast<int>(rec.at("index").size()) != 16)
    throw UserError("a SWMMAC case needs \"index\": 16 rows of " + std::to_string(groups) + " [idx0, idx1] pairs");
  for (int i = 0; i < 16; ++i) {
    const Json& row = rec.at("index").at(i);
    if (!row.is_array() || static_cast<int>(row.size()) != groups)
      throw UserError("index[" + std::to_string(i) + "] must hold " + std::to_string(groups) + " entries");
    for (int g = 0; g < groups; ++g) {
      const Json& e = row.at(g);
      const std::string where = "index[" + std::to_string(i) + "][" + std::to_string(g) + "]";
      int idx0, idx1;
      if (e.is_array() && e.size() == 2) idx0 = json_int(e.at(0), where + "[0]"), idx1 = json_int(e.at(1), where + "[1]");
      else if (e.is_number_integer() && e.get<int>() >= 0 && e.get<int>() < 16) idx0 = e.get<int>() & 3, idx1 = e.get<int>() >> 2;
      else throw UserError(where + " must be [idx0, idx1] or a 4-bit field");
      if (idx0 < 0 || idx1 > 3 || idx0 >= idx1)
        throw UserError(where + " must satisfy 0 <= idx0 < idx1 <= 3 (other index patterns are not characterised, spec 8.2)");
      index.push_back(static_cast<std::uint8_t>(idx0 | idx1 << 2));
      for (int p = 0; p < 4; ++p)
        if (p != idx0 && p != idx1 && dense[i * ins.k + 4 * g + p] != 0)
          throw UserError("A[" + std::to_string(i) + "][" + std::to_string(4 * g + p) + "] is nonzero but not selected by " + where);
      stored.push_back(dense[i * ins.k + 4 * g + idx0]);
      stored.push_back(dense[i * ins.k + 4 * g + idx1]);
    }
  }
}

std::string case_id(const Json& rec, long line) {
  return rec.contains("id") && rec.at("id").is_string() ? rec.at("id").get<std::string>() : "line " + std::to_string(line);
}

void collect_mismatches(const Json& rec, long line, const Instruction& ins, const Bits& want, const Bits& got, Evaluated& out) {
  LayoutOptions lo;
  if (rec.contains("modifiers") && rec.at("modifiers").contains("opsel")) lo.opsel = json_int(rec.at("modifiers").at("opsel").at(2), "modifiers.opsel[2]");
  const LinearLayout dl = operand_layout(ins, Operand::d, lo);
  const int bits = format_bits(ins.cd);
  for (int e = 0; e < 256; ++e) {
    ++out.elements_checked;
    if (want[e] == got[e]) continue;
    out.mismatches.push_back(Mismatch{case_id(rec, line), std::string(ins.name), line, e / 16, e % 16,
                                      dl.first_place(Element{e / 16, e % 16}), bits, want[e], got[e],
                                      ulp_distance(want[e], got[e], ins.cd)});
  }
}

const Model& pick_model(const Settings& o, const Instruction& ins) {
  if (o.model.empty()) return runfile::calibrated_model(o.calibration, ins);
  const Model* m = find_model(o.model);
  if (m == nullptr) throw UserError("unknown model '" + o.model + "'");
  check_model_applies(*m, ins);
  return *m;
}

void attach_model(Json& out, const Model& m, const std::vector<std::string>& caveats) {
  out["model"] = std::string(m.name);
  out["hardware_qualified"] = m.hardware_qualified;
  out["caveats"] = caveats;
}

// V_DOT2_F32_{F16,BF16} lines (the fixture DOT2 family): src0, src1, src2 words, result in `d`.
void eval_dot2(Json& rec, long line, const Settings& o, Evaluated& out) {
  const std::string mnemonic = rec.at("instruction").get<std::string>();
  const Format f = mnemonic.find("bf16") != std::string::npos ? Format::bf16 : Format::f16;
  if (!o.model.empty()) throw UserError("--model does not apply to " + quoted_input(mnemonic) + ", a VALU instruction with one fixed rule");
  const Arch arch = parse_arch(rec);
  std::uint32_t src[3];
  const char* keys[3] = {"src0", "src1", "src2"};
  const bool operand_form = rec.contains("operands") && rec.at("operands").is_object();
  for (int s = 0; s < 3; ++s) {
    if (rec.contains(keys[s])) src[s] = parse_bits(rec.at(keys[s]), 32, keys[s]);
    else if (operand_form) src[s] = runfile::dot2_source_word(rec, s, f);
    else throw UserError(quoted_input(mnemonic) + " cases need the register words src0, src1 and src2, or an \"operands\" object");
  }
  const std::uint32_t got = dot2_f32(arch, f, src[0], src[1], src[2]);
  if (rec.contains("d")) {
    const std::uint32_t want = parse_bits(rec.at("d"), 32, "d");
    rec["expected_d"] = rec.at("d");
    if (o.check) {
      ++out.elements_checked;
      if (want != got) out.mismatches.push_back(Mismatch{case_id(rec, line), mnemonic, line, -1, -1, {}, 32, want, got, -1});
    }
  }
  rec["d"] = hex_string(got, 32);
  rec["model"] = arch == Arch::rdna3 ? "gfx11-dot2" : "gfx12-dot4";
  rec["hardware_qualified"] = arch == Arch::rdna4;
}

void eval_case(Json& rec, long line, const Settings& o, Evaluated& out) {
  if (!rec.is_object() || !rec.contains("instruction") || !rec.at("instruction").is_string())
    throw UserError("a case must be a JSON object with an \"instruction\" string");
  const std::string name = rec.at("instruction").get<std::string>();
  if (name.rfind("v_dot2_f32_", 0) == 0) return eval_dot2(rec, line, o, out);
  bool first = true;
  for (int wave : parse_waves(rec)) {
    const Instruction& ins = resolve_instruction(name, wave, parse_arch(rec));
    if (ins.family == Family::load_tr) throw UserError(name + " is a transposing load; eval computes matrix instructions");
    check_types(rec, ins);
    const Model& model = pick_model(o, ins);
    bool clamp_ignored = false;
    const Modifiers mods = parse_modifiers(rec, ins, clamp_ignored);
    const bool sparse = ins.family == Family::swmmac;
    const Bits a_dense = parse_matrix(rec, "A", 16, ins.k, format_bits(ins.a));
    const Bits b = parse_matrix(rec, "B", ins.k, 16, format_bits(ins.b));
    Bits c;
    const Json* src2 = rec.contains("operands") && rec.at("operands").is_object() && rec.at("operands").contains("src2")
                           ? &rec.at("operands").at("src2") : nullptr;
    if (!rec.contains("C") && src2 && src2->is_object())
      c.assign(256, inline_constant_bits(json_int(src2->at("inline_selector"), "operands.src2.inline_selector"), ins.cd));
    else
      c = parse_matrix(rec, "C", 16, 16, format_bits(ins.cd));
    Bits a = a_dense, d(256);
    std::vector<std::uint8_t> index;
    if (sparse) {
      a.clear();
      compress_sparse(rec, ins, a_dense, a, index);
      d = c;  // the accumulator of SWMMAC is D itself
    }
    compute_d(ins, a.data(), b.data(), c.data(), sparse ? index.data() : nullptr, mods, model, d.data());
    const char* expected_key = rec.contains("D") ? "D" : nullptr;
    if (o.check && expected_key) collect_mismatches(rec, line, ins, parse_matrix(rec, expected_key, 16, 16, format_bits(ins.cd)), d, out);
    Json dm = Json::array();
    for (int i = 0; i < 16; ++i) {
      Json row = Json::array();
      for (int j = 0; j < 16; ++j) row.push_back(hex_string(d[i * 16 + j], format_bits(ins.cd)));
      dm.push_back(row);
    }
    if (first) {
      if (rec.contains("d")) rec["expected_d"] = rec.at("d");
      rec["d"] = dm;
      std::vector<std::string> caveats = result_caveats(ins, mods, model);
      if (clamp_ignored) caveats.push_back("CLAMP ignored: float WMMA hardware ignores it (LLVM does not emit it)");
      attach_model(rec, model, caveats);
    } else if (dm != rec.at("d")) {
      rec["d_wave" + std::to_string(wave)] = dm;
    }
    first = false;
  }
}

}  // namespace

std::string hex_string(std::uint32_t v, int bits) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%0*x", (bits + 3) / 4, v);
  return buf;
}

Evaluated evaluate_case(Json rec, long line, const Settings& settings) {
  Evaluated out;
  eval_case(rec, line, settings, out);
  out.record = std::move(rec);
  out.valid = true;
  return out;
}

Evaluated evaluate_line(std::string_view text, long line, const Settings& settings) {
  try {
    return evaluate_case(Json::parse(text), line, settings);
  } catch (const Json::exception& e) {
    Evaluated bad;
    bad.error = "line " + std::to_string(line) + " is not a valid case (" + json_exception_reason(e.what()) + ").";
    return bad;
  } catch (const UserError& e) {
    Evaluated bad;
    bad.error = "line " + std::to_string(line) + ": " + e.what();
    return bad;
  }
}

}  // namespace wmmasim::eval
