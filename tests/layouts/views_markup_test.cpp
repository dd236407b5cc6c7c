// The SVG pictures and the HTML page, read back with libxml2's XML and HTML parsers, and rendered
// by a headless Chromium when one is installed (the page's own script must run to its end, without
// errors, and its hover wiring must pass the page's #selftest).
#include <gtest/gtest.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/layouts/views/printers.hpp"

namespace wmmasim::views {
namespace {

namespace fs = std::filesystem;

// Collects parser complaints instead of printing them, so a test can require there are none.
struct ParseErrors {
  std::string text;
  static void collect(void* self, const xmlError* e) {
    static_cast<ParseErrors*>(self)->text += e->message ? e->message : "?";
  }
};

using Doc = std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)>;

Doc parse_xml(const std::string& text, ParseErrors& errors) {
  xmlSetStructuredErrorFunc(&errors, reinterpret_cast<xmlStructuredErrorFunc>(&ParseErrors::collect));
  Doc doc(xmlReadMemory(text.data(), static_cast<int>(text.size()), "view.xml", "UTF-8", XML_PARSE_NONET), &xmlFreeDoc);
  xmlSetStructuredErrorFunc(nullptr, nullptr);
  return doc;
}

Doc parse_html(const std::string& text, ParseErrors& errors) {
  xmlSetStructuredErrorFunc(&errors, reinterpret_cast<xmlStructuredErrorFunc>(&ParseErrors::collect));
  Doc doc(htmlReadMemory(text.data(), static_cast<int>(text.size()), "view.html", "UTF-8", HTML_PARSE_NONET), &xmlFreeDoc);
  xmlSetStructuredErrorFunc(nullptr, nullptr);
  return doc;
}

// Values of an XPath query (attribute values or element text), in document order.
std::vector<std::string> xpath(xmlDoc* doc, const char* expr, const char* svg_prefix = nullptr) {
  std::unique_ptr<xmlXPathContext, decltype(&xmlXPathFreeContext)> ctx(xmlXPathNewContext(doc), &xmlXPathFreeContext);
  if (svg_prefix) xmlXPathRegisterNs(ctx.get(), BAD_CAST svg_prefix, BAD_CAST "http://www.w3.org/2000/svg");
  std::unique_ptr<xmlXPathObject, decltype(&xmlXPathFreeObject)> res(xmlXPathEvalExpression(BAD_CAST expr, ctx.get()),
                                                                     &xmlXPathFreeObject);
  std::vector<std::string> out;
  if (!res || !res->nodesetval) return out;
  for (int i = 0; i < res->nodesetval->nodeNr; ++i) {
    xmlChar* s = xmlNodeGetContent(res->nodesetval->nodeTab[i]);
    out.emplace_back(s ? reinterpret_cast<const char*>(s) : "");
    xmlFree(s);
  }
  return out;
}

std::string svg_of(const OperandView& view) {
  std::ostringstream out;
  print_svg(out, view);
  return out.str();
}

std::string html_of(const Instruction& ins) {
  std::ostringstream out;
  print_html(out, ins, {});
  return out.str();
}

TEST(SvgView, EveryOperandIsWellFormedWithOneCellPerElement) {
  for (const Instruction& ins : kInstructions)
    for (Operand op : operands_of(ins)) {
      if (operand_layout(ins, op).evidence == Evidence::unknown) continue;
      SCOPED_TRACE(full_builtin_name(ins) + " " + std::string(operand_name(op)));
      const OperandView view(ins, op);
      ParseErrors errors;
      Doc doc = parse_xml(svg_of(view), errors);
      ASSERT_TRUE(doc) << errors.text;
      EXPECT_EQ(errors.text, "");
      EXPECT_STREQ(reinterpret_cast<const char*>(xmlDocGetRootElement(doc.get())->name), "svg");
      const auto titles = xpath(doc.get(), "//s:g/s:title", "s");
      EXPECT_EQ(titles.size(), view.elements().size());
      // Each cell's tooltip names its element and its first place; read them back.
      std::set<std::string> expected;
      for (const ElementPlaces& ep : view.elements())
        expected.insert(view.element_name(ep.element) + ": " + describe_place(ep.places.front()));
      for (const std::string& t : titles) EXPECT_TRUE(expected.count(t.substr(0, t.find(';')))) << t;
    }
}

// Spec layouts.md section 8: A[3][9] of the wave32 f16 WMMA is v2{3}.[31:16]; D[13][5] is v5{21}.
TEST(SvgView, CellsShowTheSpecPlaces) {
  const Instruction& ins = resolve_instruction("wmma_f32_16x16x16_f16_w32_gfx12");
  ParseErrors errors;
  Doc a = parse_xml(svg_of(OperandView(ins, Operand::a)), errors);
  const auto a_cell = xpath(a.get(), "//s:g[s:title='A[3][9]: lane 3, v2, bits [31:16]']/s:text", "s");
  ASSERT_EQ(a_cell.size(), 3u);
  EXPECT_EQ(a_cell[0], "L3");
  EXPECT_EQ(a_cell[1], "v2");
  EXPECT_EQ(a_cell[2], "[31:16]");
  Doc d = parse_xml(svg_of(OperandView(ins, Operand::d)), errors);
  const auto d_cell = xpath(d.get(), "//s:g[s:title='D[13][5]: lane 21, v5, bits [31:0]']/s:text", "s");
  ASSERT_EQ(d_cell.size(), 2u);  // a 32-bit element fills its VGPR: no bit range
  EXPECT_EQ(d_cell[0], "L21");
  EXPECT_EQ(d_cell[1], "v5");
  EXPECT_EQ(errors.text, "");
}

TEST(HtmlView, EveryBuiltinIsWellFormedAndEachRegisterCellHasItsMatrixCell) {
  for (const Instruction& ins : kInstructions) {
    if (ins.family == Family::load_tr && ins.wave == 64) continue;
    SCOPED_TRACE(full_builtin_name(ins));
    const std::string page = html_of(ins);
    ParseErrors xml_errors, html_errors;
    Doc as_xml = parse_xml(page, xml_errors);
    ASSERT_TRUE(as_xml) << xml_errors.text;
    EXPECT_EQ(xml_errors.text, "");
    Doc doc = parse_html(page, html_errors);
    ASSERT_TRUE(doc);
    EXPECT_EQ(html_errors.text, "");
    EXPECT_TRUE(xpath(doc.get(), "//*[@src or @href]").empty()) << "the page must not load anything";
    const Instruction* other = counterpart(ins);
    const auto panels = xpath(doc.get(), "//div[@class='panel']/@id");
    EXPECT_EQ(panels.size(), operands_of(ins).size() + (other ? operands_of(*other).size() : 0));
    for (const std::string& id : panels) {
      const std::string base = "//div[@id='" + id + "']";
      const auto matrix = xpath(doc.get(), (base + "//table[@class='matrix']//td/@data-e").c_str());
      const auto regs = xpath(doc.get(), (base + "//table[@class='regs']//td/@data-e").c_str());
      const std::set<std::string> matrix_ids(matrix.begin(), matrix.end());
      EXPECT_EQ(matrix_ids.size(), matrix.size()) << id;
      EXPECT_FALSE(regs.empty()) << id;
      for (const std::string& e : regs) EXPECT_TRUE(matrix_ids.count(e)) << id << " " << e;
      EXPECT_EQ(std::set<std::string>(regs.begin(), regs.end()).size(), matrix_ids.size()) << id;
    }
  }
}

TEST(HtmlView, ShowsRdna3BesideRdna4ForTheSameMnemonicAndWave) {
  ParseErrors errors;
  Doc doc = parse_html(html_of(resolve_instruction("wmma_f16_16x16x16_f16_w64_gfx12")), errors);
  EXPECT_EQ(xpath(doc.get(), "//div[@class='arch']/@data-arch"), (std::vector<std::string>{"gfx12", "gfx11"}));
  Doc sparse = parse_html(html_of(resolve_instruction("swmmac_i32_16x16x32_iu8_w32")), errors);
  EXPECT_EQ(xpath(sparse.get(), "//div[@class='arch']/@data-arch"), (std::vector<std::string>{"gfx12"}));
}

// ---- rendering in a real browser ----------------------------------------------------------------

std::string find_chromium() {
  for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
    const std::string probe = std::string("command -v ") + name + " >/dev/null 2>&1";
    if (std::system(probe.c_str()) == 0) return name;
  }
  return "";
}

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "wmmasim-views-XXXXXX").string();
    path = mkdtemp(tmpl.data());
  }
  ~TempDir() { std::error_code ec; fs::remove_all(path, ec); }
};

// The DOM after the page's scripts ran, as Chromium serialises it.
std::string rendered_dom(const std::string& browser, const fs::path& file, const std::string& fragment) {
  TempDir profile;
  const fs::path dump = profile.path / "dom.html";
  const std::string cmd = "timeout 120 " + browser +
                          " --headless --no-sandbox --disable-gpu --disable-background-networking"
                          " --disable-component-update --disable-sync --no-first-run --user-data-dir=" +
                          (profile.path / "profile").string() + " --dump-dom 'file://" + file.string() + fragment +
                          "' > " + dump.string() + " 2>/dev/null";
  if (std::system(cmd.c_str()) != 0) return "";
  std::ifstream in(dump);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(HtmlInBrowser, ScriptRunsWithoutErrorsAndHoverHighlightsBothWays) {
  const std::string browser = find_chromium();
  if (browser.empty()) GTEST_SKIP() << "no chromium installed";
  TempDir dir;
  for (const char* name : {"wmma_f32_16x16x16_f16_w32_gfx12", "swmmac_f32_16x16x32_f16_w64", "wmma_bf16_16x16x16_bf16_tied_w64"}) {
    SCOPED_TRACE(name);
    const Instruction& ins = resolve_instruction(name);
    const fs::path file = dir.path / (std::string(name) + ".html");
    std::ofstream(file) << html_of(ins);
    const std::string dom = rendered_dom(browser, file, "#selftest");
    ASSERT_FALSE(dom.empty()) << "chromium produced no DOM";
    ParseErrors errors;
    Doc doc = parse_html(dom, errors);
    ASSERT_TRUE(doc);
    EXPECT_EQ(xpath(doc.get(), "//body/@data-script-ok"), (std::vector<std::string>{"1"}));
    EXPECT_TRUE(xpath(doc.get(), "//body/@data-script-errors").empty());
    EXPECT_EQ(xpath(doc.get(), "//pre[@id='script-errors']"), (std::vector<std::string>{""}));
    const auto selftest = xpath(doc.get(), "//body/@data-selftest");
    ASSERT_EQ(selftest.size(), 1u);
    const Instruction* other = counterpart(ins);
    EXPECT_EQ(selftest[0], "pass " + std::to_string(operands_of(ins).size() + (other ? operands_of(*other).size() : 0)));
  }
}

TEST(SvgInBrowser, RendersAsAnSvgDocument) {
  const std::string browser = find_chromium();
  if (browser.empty()) GTEST_SKIP() << "no chromium installed";
  TempDir dir;
  const fs::path file = dir.path / "index.svg";
  std::ofstream(file) << svg_of(OperandView(resolve_instruction("swmmac_i32_16x16x64_iu4_w64"), Operand::index));
  const std::string dom = rendered_dom(browser, file, "");
  ASSERT_FALSE(dom.empty());
  EXPECT_NE(dom.find("<svg"), std::string::npos);
  EXPECT_EQ(dom.find("parsererror"), std::string::npos) << dom.substr(0, 400);
  EXPECT_NE(dom.find("idx[3][5]"), std::string::npos);
}

}  // namespace
}  // namespace wmmasim::views
