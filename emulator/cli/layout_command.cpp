// `wmmasim layout`: prints operand layouts in several formats and answers questions about single
// elements and registers. The views themselves live in layouts/ (wmmasim::views).
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "command.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/files/atomic_file.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/printers.hpp"
#include "wmmasim/layouts/views/queries.hpp"
#include "wmmasim/layouts/views/site.hpp"

namespace wmmasim::cli {
namespace {

constexpr const char* kFooter = R"(
Formats:
  ascii     lane x register-slot table, one row per lane; cell "r,c" = the element held there
  markdown  the same table as GitHub markdown
  csv       one line per element and register place, sorted by row then col:
              row,col,lane,vgpr,bit_lo,bit_hi
            A: col = K (dense WMMA); B: row = K; RDNA3 A/B (replicated): one line per copy;
            SWMMAC A: one line per stored value, col = 2G+s (G = dense group of 4 K, s = 0/1);
            index operand: header row,col,key,lane,vgpr,bit_lo,bit_hi with col = dense group G and
            key = index set (all sets unless --key N)
  json      builtin facts and every element with its places (all operands unless --operand)
  svg       one operand drawn as the matrix: cells coloured by lane group, showing lane, VGPR, bits
  html      one self-contained interactive page: every operand, RDNA4 and RDNA3 side by side
Explorer: --site DIR writes DIR/index.html, one static page (works from file://) with every
  builtin: matrix and register file linked, compare mode, how D[i][j] is computed, permalinks.
Operands: without --operand, ascii/markdown/json print every operand of the builtin, html always
  shows every operand; csv and svg need --operand unless the builtin has a single operand.
K labellings (--labelling): isa (default, the hardware's K order, as the AMD calculator) or
  contig16, the relabelling several libraries use for 16-bit wave32 dense A/B (lane group g holds
  K 8g..8g+7; K bits 2 and 3 swapped). Same dense product, different rounding groups. For every
  other dense WMMA operand contig16 equals isa (K is already contiguous per lane group); for
  SWMMAC and global_load_tr it is an error (sparse groups and index fields use physical K).
Queries (print an answer instead of a layout):
  --where 'A[3][9]'        register place(s) of one element; names A B C D, Ac (SWMMAC stored A,
                           col 2G+s), K[i][k] (index field covering dense k), idx[i][G], in[s][c]
  --lane 17 --vgpr 2       every element held by that register (all operands, or --operand);
                           add --bit N for the single element covering bit N
  --expand 'D[11][1]'      the dot product producing one D element, each factor with its place
Examples:
  wmmasim layout --builtin wmma_f32_16x16x16_f16_w32_gfx12 --operand A
  wmmasim layout --builtin v_wmma_f32_16x16x16_f16 --wave 64 --where 'A[3][9]'
  wmmasim layout --builtin swmmac_f32_16x16x32_f16_w32 --operand index --format csv --key 1
  wmmasim layout --builtin wmma_f32_16x16x16_f16_w32_gfx12 --format html --out f16.html
Errors are one sentence on stderr with exit status 2.)";

struct LayoutArgs {
  std::string builtin, arch = "gfx12", operand, format = "ascii", labelling = "isa", where, expand, out, site;
  int wave = 32, opsel = 0, key = 0, lane = 0, vgpr = 0, bit = 0, width = 120;
  bool list = false;
  CLI::Option *wave_opt = nullptr, *arch_opt = nullptr, *key_opt = nullptr, *lane_opt = nullptr, *vgpr_opt = nullptr,
              *bit_opt = nullptr, *operand_opt = nullptr, *site_opt = nullptr;
};

Arch parse_arch(const std::string& name) {
  for (const char* n : {"gfx11", "rdna3", "gfx1100", "gfx1101", "gfx1102", "gfx1103"})
    if (name == n) return Arch::rdna3;
  for (const char* n : {"gfx12", "rdna4", "gfx1200", "gfx1201"})
    if (name == n) return Arch::rdna4;
  throw UserError("unknown architecture '" + name + "'; expected gfx11 (RDNA3) or gfx12 (RDNA4)");
}

const Instruction& resolve(const LayoutArgs& a) {
  const Arch arch = parse_arch(a.arch);
  const Instruction& ins = resolve_instruction(a.builtin, a.wave, arch);
  // A full builtin name fixes wave and arch; contradicting it explicitly is a mistake worth saying.
  if (a.wave_opt->count() && ins.wave != a.wave)
    throw UserError(full_builtin_name(ins) + " is a wave" + std::to_string(ins.wave) + " builtin, but --wave " +
                    std::to_string(a.wave) + " was given");
  if (a.arch_opt->count() && ins.arch != arch)
    throw UserError(full_builtin_name(ins) + " is a " + std::string(arch_name(ins.arch)) + " builtin, but --arch " + a.arch +
                    " was given");
  return ins;
}

views::ViewOptions view_options(const LayoutArgs& a, const Instruction& ins, std::optional<Operand> op) {
  views::ViewOptions o;
  if (a.labelling == "contig16") o.layout.labelling = Labelling::contig16;
  if (a.opsel != 0 && a.opsel != 1) throw UserError("--opsel " + std::to_string(a.opsel) + " is not valid; expected 0 or 1");
  if (a.opsel == 1 && !(ins.allowed_modifiers() & kOpselD))
    throw UserError("--opsel 1 selects the register half of RDNA3 f16/bf16 C/D; " + full_builtin_name(ins) +
                    " has no such choice");
  o.layout.opsel = a.opsel;
  if (a.key_opt->count()) {
    if (!ins.has_index())
      throw UserError("--key selects a sparse-index set; " + full_builtin_name(ins) + " has no index operand");
    if (op && *op != Operand::index)
      throw UserError("--key selects a sparse-index set; it applies to --operand index, not " + std::string(operand_name(*op)));
    o.key = a.key;
  }
  return o;
}

// Options that apply to one operand only are dropped for the others when printing them all.
views::OperandView make_view(const Instruction& ins, Operand op, views::ViewOptions o) {
  if (op != Operand::index) o.key.reset();
  if (op != Operand::c && op != Operand::d) o.layout.opsel = 0;
  return views::OperandView(ins, op, o);
}

void print_layouts(std::ostream& out, const LayoutArgs& a, const Instruction& ins, std::optional<Operand> op,
                   const views::ViewOptions& o) {
  if (a.format == "html") {
    if (op) throw UserError("--format html always shows every operand; drop --operand");
    views::print_html(out, ins, o);
    return;
  }
  std::vector<Operand> ops = op ? std::vector<Operand>{*op} : views::operands_of(ins);
  if ((a.format == "csv" || a.format == "svg") && ops.size() > 1)
    throw UserError("--format " + a.format + " prints one operand; pass --operand (one of A, B, " +
                    std::string(ins.has_c() ? "C, " : "") + "D" + (ins.has_index() ? ", index" : "") + ")");
  std::vector<views::OperandView> vs;
  for (Operand o2 : ops) vs.push_back(make_view(ins, o2, o));
  if (a.format == "json") return views::print_json(out, vs);
  for (std::size_t i = 0; i < vs.size(); ++i) {
    if (i) out << "\n";
    if (a.format == "ascii") views::print_ascii(out, vs[i], a.width);
    else if (a.format == "markdown") views::print_markdown(out, vs[i]);
    else if (a.format == "csv") views::print_csv(out, vs[i]);
    else views::print_svg(out, vs[i]);
  }
}

int run(const LayoutArgs& a) {
  if (a.site_opt->count()) {
    if (!a.builtin.empty() || a.list || a.operand_opt->count() || !a.out.empty())
      throw UserError("--site DIR writes the explorer for every builtin; drop --builtin, --operand, --list and --out");
    views::write_site(a.site);
    return 0;
  }
  std::ostringstream text;
  if (a.list) {
    views::print_builtin_list(text);
  } else {
    if (a.builtin.empty()) throw UserError("pass --builtin NAME (a clang builtin or a mnemonic) or --list");
    const Instruction& ins = resolve(a);
    std::optional<Operand> op;
    if (a.operand_opt->count()) op = resolve_operand(ins, a.operand);
    const int queries = !a.where.empty() + !a.expand.empty() + (a.lane_opt->count() || a.vgpr_opt->count());
    if (queries > 1) throw UserError("--where, --expand and --lane/--vgpr are separate questions; ask one at a time");
    if (a.lane_opt->count() != a.vgpr_opt->count()) throw UserError("--lane and --vgpr go together: pass both");
    if (a.bit_opt->count() && !a.lane_opt->count()) throw UserError("--bit needs --lane and --vgpr");
    const views::ViewOptions o = view_options(a, ins, op);
    if (!a.where.empty()) text << views::where(ins, a.where, o);
    else if (!a.expand.empty()) text << views::expand(ins, a.expand, o);
    else if (a.lane_opt->count())
      text << views::register_contents(ins, op, a.lane, a.vgpr, a.bit_opt->count() ? std::optional<int>(a.bit) : std::nullopt, o);
    else print_layouts(text, a, ins, op, o);
  }
  if (a.out.empty()) {
    std::cout << text.str();
    return 0;
  }
  files::write_atomically(a.out, text.str(), "--out file");
  return 0;
}

RegisterCommand layout_command("layout", "Show and query operand layouts (ascii, csv, markdown, json, svg, html, --site)",
                               [](CLI::App& sub) {
  auto a = std::make_shared<LayoutArgs>();
  sub.footer(kFooter);
  sub.add_option("--builtin", a->builtin, "clang builtin (with or without __builtin_amdgcn_) or mnemonic (with --wave, --arch)");
  sub.add_flag("--list", a->list, "list every builtin of the instruction table");
  a->wave_opt = sub.add_option("--wave", a->wave, "wave size for a mnemonic (default 32)")->check(CLI::IsMember({32, 64}));
  a->arch_opt = sub.add_option("--arch", a->arch, "architecture for a mnemonic: gfx12 (default) or gfx11");
  a->operand_opt = sub.add_option("--operand", a->operand, "A, B, C, D or index (default: every operand; see below)");
  sub.add_option("--format", a->format, "ascii (default), csv, markdown, json, svg or html")
      ->check(CLI::IsMember({"ascii", "csv", "markdown", "json", "svg", "html"}));
  sub.add_option("--labelling", a->labelling, "K labels of dense A/B: isa (default) or contig16")
      ->check(CLI::IsMember({"isa", "contig16"}));
  sub.add_option("--opsel", a->opsel, "RDNA3 f16/bf16 C/D: register half 0 (bits 15:0, default) or 1 (bits 31:16)");
  a->key_opt = sub.add_option("--key", a->key, "SWMMAC index operand: show only index set N (OPSEL / index_key)");
  sub.add_option("--where", a->where, "print the register place(s) of one element, e.g. 'A[3][9]'");
  a->lane_opt = sub.add_option("--lane", a->lane, "with --vgpr: print what that register holds");
  a->vgpr_opt = sub.add_option("--vgpr", a->vgpr, "VGPR offset inside the operand's register tuple");
  a->bit_opt = sub.add_option("--bit", a->bit, "with --lane/--vgpr: only the element covering this bit");
  sub.add_option("--expand", a->expand, "print the dot product producing one D element, e.g. 'D[11][1]'");
  sub.add_option("--width", a->width, "ascii: wrap the table to this many columns (default 120)")->check(CLI::Range(40, 1000));
  sub.add_option("--out", a->out, "write to FILE instead of standard output");
  a->site_opt = sub.add_option("--site", a->site, "write the layout explorer, DIR/index.html: every builtin, one static page");
  return std::function<int()>([a] { return run(*a); });
});

}  // namespace
}  // namespace wmmasim::cli
