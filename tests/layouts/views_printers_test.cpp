// The text views of every operand of every builtin: CSV rows are exactly the layout's places and
// read back through element_at; the ascii table shows the same (lane, slot) -> element map; JSON
// carries the same elements. Counts come from the instruction table, not from the layout.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/printers.hpp"

namespace wmmasim::views {
namespace {

using Row = std::tuple<int, int, int, int, int, int, int>;  // row, col, key, lane, vgpr, lo, hi

// Number of matrix elements of an operand and copies of each, from the table's facts (spec 1, 2, 5, 6).
std::pair<int, int> expected_elements_and_copies(const Instruction& ins, Operand op) {
  if (ins.family == Family::load_tr) return {ins.wave * ins.vgprs_cd * 32 / format_bits(ins.cd), 1};
  const int copies = ins.arch == Arch::rdna3 && (op == Operand::a || op == Operand::b) ? ins.wave / 16 : 1;
  switch (op) {
    case Operand::a: return {ins.m * (ins.family == Family::swmmac ? ins.k / 2 : ins.k), copies};
    case Operand::b: return {ins.k * ins.n, copies};
    case Operand::index: return {ins.m * (ins.k / 4) * ins.index_sets(), 1};
    default: return {ins.m * ins.n, 1};
  }
}

std::vector<Row> parse_csv(const std::string& text, bool with_key) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, with_key ? "row,col,key,lane,vgpr,bit_lo,bit_hi" : "row,col,lane,vgpr,bit_lo,bit_hi");
  std::vector<Row> rows;
  while (std::getline(in, line)) {
    std::vector<int> v;
    std::istringstream fields(line);
    for (std::string f; std::getline(fields, f, ',');) v.push_back(std::stoi(f));
    if (!with_key) v.insert(v.begin() + 2, 0);
    EXPECT_EQ(v.size(), 7u) << line;
    if (v.size() == 7) rows.emplace_back(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
  }
  return rows;
}

// Every (builtin, operand) with a public layout; the others must refuse to print.
template <class F>
void for_each_operand(F&& f) {
  for (const Instruction& ins : kInstructions)
    for (Operand op : operands_of(ins)) {
      SCOPED_TRACE(full_builtin_name(ins) + " operand " + std::string(operand_name(op)));
      if (operand_layout(ins, op).evidence == Evidence::unknown) {
        EXPECT_THROW(OperandView(ins, op), UserError);
        continue;
      }
      f(ins, op, OperandView(ins, op));
    }
}

TEST(CsvView, RowsAreElementsTimesCopiesAndReadBack) {
  int operands = 0;
  for_each_operand([&](const Instruction& ins, Operand op, const OperandView& view) {
    ++operands;
    std::ostringstream out;
    print_csv(out, view);
    const std::vector<Row> rows = parse_csv(out.str(), op == Operand::index);
    const auto [elements, copies] = expected_elements_and_copies(ins, op);
    EXPECT_EQ(rows.size(), static_cast<std::size_t>(elements * copies));
    EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end(), [](const Row& x, const Row& y) {
      return std::tie(std::get<0>(x), std::get<1>(x), std::get<2>(x)) < std::tie(std::get<0>(y), std::get<1>(y), std::get<2>(y));
    }));
    std::set<std::tuple<int, int, int>> places;
    std::map<std::tuple<int, int, int>, int> copies_of;
    for (const auto& [r, c, key, lane, vgpr, lo, hi] : rows) {
      Element e;
      ASSERT_TRUE(view.layout().element_at(lane, vgpr, lo, e)) << r << "," << c << " lane " << lane << " v" << vgpr;
      EXPECT_EQ(e, (Element{r, c, key}));
      EXPECT_EQ(hi - lo + 1, operand_element_bits(ins, op));
      EXPECT_LT(lane, ins.wave);
      EXPECT_LT(vgpr, operand_vgprs(ins, op));
      EXPECT_TRUE(places.insert({lane, vgpr, lo}).second) << "place used twice";
      ++copies_of[{r, c, key}];
    }
    EXPECT_EQ(copies_of.size(), static_cast<std::size_t>(elements));
    for (const auto& [e, n] : copies_of) EXPECT_EQ(n, copies);
  });
  EXPECT_GT(operands, 200);
}

TEST(CsvView, KeyFilterKeepsOneIndexSet) {
  const Instruction& ins = resolve_instruction("swmmac_f32_16x16x32_f16_w64");
  ViewOptions o;
  o.key = 3;
  std::ostringstream out;
  print_csv(out, OperandView(ins, Operand::index, o));
  const auto rows = parse_csv(out.str(), true);
  EXPECT_EQ(rows.size(), 16u * 8u);
  for (const Row& r : rows) EXPECT_EQ(std::get<2>(r), 3);
  o.key = 4;
  EXPECT_THROW(OperandView(ins, Operand::index, o), UserError);
}

// Reads the ascii table back: (lane, slot header) -> cell text, across wrapped column blocks.
std::map<std::pair<int, std::string>, std::string> parse_ascii(const std::string& text) {
  std::map<std::pair<int, std::string>, std::string> cells;
  std::istringstream in(text);
  std::vector<std::string> headers;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.find("-+-") != std::string::npos) continue;
    const auto bar = line.find('|');
    std::istringstream left(line.substr(0, bar)), right(line.substr(bar + 1));
    std::string first;
    left >> first;
    std::vector<std::string> tokens;
    for (std::string t; right >> t;) tokens.push_back(t);
    if (first == "lane") {
      headers.clear();
      // A header is "v2[31:16]" or, for index sets, "v0[7:4] set1": glue "setN" to its slot.
      for (const std::string& t : tokens)
        if (t.rfind("set", 0) == 0) headers.back() += " " + t;
        else headers.push_back(t);
      continue;
    }
    EXPECT_EQ(tokens.size(), headers.size()) << line;
    for (std::size_t i = 0; i < tokens.size() && i < headers.size(); ++i) cells[{std::stoi(first), headers[i]}] = tokens[i];
  }
  return cells;
}

std::string slot_header(int vgpr, int lo, int hi, int key, bool with_key) {
  std::string h = "v" + std::to_string(vgpr);
  if (lo != 0 || hi != 31) h += "[" + std::to_string(hi) + ":" + std::to_string(lo) + "]";
  if (with_key) h += " set" + std::to_string(key);
  return h;
}

TEST(AsciiView, AgreesWithCsvForEveryOperand) {
  for_each_operand([&](const Instruction&, Operand op, const OperandView& view) {
    std::ostringstream csv, ascii;
    print_csv(csv, view);
    print_ascii(ascii, view, 100);
    const auto cells = parse_ascii(ascii.str());
    const auto rows = parse_csv(csv.str(), op == Operand::index);
    const bool keyed = op == Operand::index && view.layout().keys() > 1;
    std::size_t filled = 0;
    for (const auto& [pos, text] : cells) filled += text != "-";
    EXPECT_EQ(filled, rows.size());
    for (const auto& [r, c, key, lane, vgpr, lo, hi] : rows) {
      const auto it = cells.find({lane, slot_header(vgpr, lo, hi, key, keyed)});
      ASSERT_NE(it, cells.end()) << "lane " << lane << " " << slot_header(vgpr, lo, hi, key, keyed);
      EXPECT_EQ(it->second, std::to_string(r) + "," + std::to_string(c));
    }
  });
}

TEST(AsciiView, HeaderNamesBuiltinOperandLabellingAndEvidence) {
  const Instruction& ins = resolve_instruction("global_load_tr_b64_v2i32");
  std::ostringstream out;
  print_ascii(out, OperandView(ins, Operand::d));
  const std::string first = out.str().substr(0, out.str().find('\n'));
  EXPECT_NE(first.find("__builtin_amdgcn_global_load_tr_b64_v2i32"), std::string::npos);
  EXPECT_NE(first.find("operand D"), std::string::npos);
  EXPECT_NE(first.find("K labels isa"), std::string::npos);
  // Spec 7.2: tr_b64 rests on one third-party hardware report, whose source the next line names.
  EXPECT_NE(first.find("evidence third-party-report"), std::string::npos);
  const std::string second = out.str().substr(first.size() + 1, out.str().find('\n', first.size() + 1) - first.size() - 1);
  EXPECT_EQ(second.rfind("# evidence: ", 0), 0u) << second;
  EXPECT_NE(second.find("kmbandy/llama.cpp"), std::string::npos);
  EXPECT_NE(second.find("global_load_tr_b64_v2i32@linear"), std::string::npos);
}

// IU4 SWMMAC: the index operand, and only it, says its documented reading is contested and names
// the composable_kernel report; the documented operands print no source line.
TEST(AsciiView, Iu4SwmmacIndexIsMarkedContested) {
  for (const Instruction& ins : kInstructions) {
    if (ins.family != Family::swmmac) continue;
    for (Operand op : operands_of(ins)) {
      std::ostringstream out;
      print_ascii(out, OperandView(ins, op));
      const bool contested = ins.a == Format::iu4 && op == Operand::index;
      EXPECT_EQ(out.str().find("evidence documented-contested") != std::string::npos, contested) << ins.name;
      EXPECT_EQ(out.str().find("composable_kernel issue #3753 and PR #3759") != std::string::npos, contested) << ins.name;
      EXPECT_EQ(out.str().find("# evidence: ") != std::string::npos, contested) << ins.name;
    }
  }
}

TEST(AsciiView, Contig16RelabelsOnlySixteenBitWave32DenseAB) {
  ViewOptions contig;
  contig.layout.labelling = Labelling::contig16;
  const Instruction& f16 = resolve_instruction("wmma_f32_16x16x16_f16_w32_gfx12");
  const OperandView a(f16, Operand::a, contig);
  EXPECT_EQ(a.labelling_name(), "contig16");
  // Spec 8 walk-through: the place of ISA A[3][9], v2{3}.[31:16], holds contiguous k = 5.
  Element e;
  ASSERT_TRUE(a.layout().element_at(3, 2, 16, e));
  EXPECT_EQ(e, (Element{3, 5}));
  EXPECT_EQ(OperandView(f16, Operand::d, contig).labelling_name(), "contig16 (same as isa for this operand)");
  EXPECT_EQ(OperandView(resolve_instruction("wmma_i32_16x16x16_iu8_w32_gfx12"), Operand::a, contig).labelling_name(),
            "contig16 (same as isa for this operand)");
  EXPECT_THROW(OperandView(resolve_instruction("swmmac_f32_16x16x32_f16_w32"), Operand::b, contig), UserError);
}

TEST(JsonView, CarriesEveryElementWithItsPlaces) {
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr && ins.wave == 64) continue;  // no layout (checked above)
    SCOPED_TRACE(full_builtin_name(ins));
    std::vector<OperandView> views;
    for (Operand op : operands_of(ins)) views.emplace_back(ins, op);
    std::ostringstream out;
    print_json(out, views);
    const auto doc = nlohmann::json::parse(out.str());
    EXPECT_EQ(doc["builtin"], full_builtin_name(ins));
    EXPECT_EQ(doc["mnemonic"], std::string(ins.mnemonic));
    EXPECT_EQ(doc["wave"], ins.wave);
    EXPECT_EQ(doc["arch"], std::string(arch_name(ins.arch)));
    ASSERT_EQ(doc["operands"].size(), views.size());
    for (std::size_t i = 0; i < views.size(); ++i) {
      const auto& j = doc["operands"][i];
      const auto [elements, copies] = expected_elements_and_copies(ins, views[i].operand());
      EXPECT_EQ(j["elements"].size(), static_cast<std::size_t>(elements));
      EXPECT_EQ(j["evidence"], views[i].evidence_name());
      EXPECT_EQ(j["labelling"], "isa");
      EXPECT_EQ(j["element_bits"], operand_element_bits(ins, views[i].operand()));
      for (const auto& e : j["elements"]) {
        ASSERT_EQ(e["places"].size(), static_cast<std::size_t>(copies));
        const auto& p = e["places"][0];
        Element back;
        ASSERT_TRUE(views[i].layout().element_at(p["lane"], p["vgpr"], p["bit_lo"], back));
        EXPECT_EQ(back.row, e["row"]);
        EXPECT_EQ(back.col, e["col"]);
      }
    }
  }
}

TEST(MarkdownView, OneTableRowPerLane) {
  const Instruction& ins = resolve_instruction("wmma_i32_16x16x16_iu4_w64_gfx12");
  std::ostringstream out;
  print_markdown(out, OperandView(ins, Operand::a));
  std::istringstream in(out.str());
  int lanes = 0, unread = 0;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("| ", 0) == 0 && line.rfind("| lane", 0) != 0) {
      ++lanes;
      unread += line.find("| - |") != std::string::npos;
    }
  EXPECT_EQ(lanes, 64);
  EXPECT_EQ(unread, 32);  // spec 4.2: wave64 iu4 16x16x16 A/B live in lanes 0-31 only
}

TEST(BuiltinList, NamesEveryBuiltinOnce) {
  std::ostringstream out;
  print_builtin_list(out);
  const std::string text = out.str();
  for (const Instruction& ins : kInstructions) {
    const std::string name = full_builtin_name(ins) + " ";
    EXPECT_NE(text.find(name), std::string::npos) << name;
  }
  EXPECT_EQ(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')), kInstructionCount + 1);
}

}  // namespace
}  // namespace wmmasim::views
