// The layout check on deliberately wrong kernels (wrong_kernels.hpp): each gets exactly its catalogue
// diagnosis; the correct kernels, and every example program, get none. A mistake that a legitimate
// reading of the buffer also explains (a transposed read is a column-major buffer read right) is
// named only when the shape is declared, as a user declares it.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "programs/programs.hpp"
#include "wmmasim/diagnosis/catalogue.hpp"
#include "wmmasim/diagnosis/check.hpp"
#include "wmmasim/simt/launch.hpp"
#include "wmmasim/error.hpp"
#include "wrong_kernels.hpp"

namespace {

using wmmasim::Operand;
using wmmasim::global_ptr;
using wmmasim::diagnosis::Finding;
using wmmasim::diagnosis::LayoutChecker;
namespace simt = wmmasim::simt;

std::vector<_Float16> halves(int n, float scale) {
  std::vector<_Float16> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = static_cast<_Float16>(static_cast<float>(i % 7 - 3) * scale);
  return v;
}

// A and B declared as the 16 x 16 row-major matrices the wrong kernels mean them to be.
wmmasim::diagnosis::CheckOptions declared() {
  wmmasim::diagnosis::CheckOptions o;
  o.shapes = {{"A", 16, 16}, {"B", 16, 16}};
  return o;
}

// Runs an f16 kernel on one wave under a checker; returns its findings.
template <class Kernel, class... Extra>
std::vector<Finding> check_f16_with(const wmmasim::diagnosis::CheckOptions& options, Kernel kernel, int wave, Extra... extra) {
  LayoutChecker checker(options);
  simt::Buffer<_Float16> A("A", halves(256, 0.5f)), B("B", halves(256, 0.25f));
  simt::Buffer<float> C("C", 256), D("D", 256);
  simt::LaunchOptions o;
  o.wave_size = wave;
  o.check_layouts = &checker;
  if constexpr (sizeof...(Extra) == 1 && std::is_same_v<std::tuple_element_t<0, std::tuple<Extra...>>, wrong::Knobs>)
    simt::launch("f16_w32", {1}, {static_cast<unsigned>(wave)}, o, kernel, A, B, C, D, extra...);
  else
    simt::launch("kernel", {1}, {static_cast<unsigned>(wave)}, o, kernel, A, B, D, extra...);
  return checker.findings();
}
template <class Kernel, class... Extra>
std::vector<Finding> check_f16(Kernel kernel, int wave, Extra... extra) {
  return check_f16_with({}, kernel, wave, extra...);
}

std::set<std::string> mistakes_of(const std::vector<Finding>& f) {
  std::set<std::string> s;
  for (const Finding& x : f) s.insert(x.mistake);
  return s;
}

std::string dump(const std::vector<Finding>& f) {
  std::string s;
  for (const Finding& x : f) s += wmmasim::diagnosis::finding_line(x) + "\n";
  return s;
}

// Every finding an error naming `id`, on `op`.
void expect_only(const std::vector<Finding>& f, const std::string& id, Operand op) {
  ASSERT_FALSE(f.empty()) << "no finding; expected " << id;
  for (const Finding& x : f) {
    EXPECT_EQ(x.mistake, id) << dump(f);
    EXPECT_EQ(x.severity, Finding::Severity::error) << dump(f);
    EXPECT_EQ(x.operand, op) << dump(f);
    EXPECT_GE(x.lane, 0) << dump(f);
  }
}

std::vector<Finding> f16(wrong::Knobs k) { return check_f16(wrong::f16_w32, 32, k); }
std::vector<Finding> f16_declared(wrong::Knobs k) { return check_f16_with(declared(), wrong::f16_w32, 32, k); }

TEST(LayoutCheck, CorrectKernelsHaveNoFinding) {
  EXPECT_TRUE(f16({}).empty()) << dump(f16({}));
  EXPECT_TRUE(check_f16(wrong::f16_w64, 64, false).empty());
  EXPECT_TRUE(check_f16(wrong::rdna3_f32, 32, false).empty());
}

TEST(LayoutCheck, ATransposed) { expect_only(f16_declared({.a_transposed = true}), "a-transposed", Operand::a); }
TEST(LayoutCheck, BTransposed) { expect_only(f16_declared({.b_transposed = true}), "b-transposed", Operand::b); }

// Without a declared shape a transposed read is a column-major buffer read right: a note that names
// the mistake it would be if the buffer were row-major, never an error.
TEST(LayoutCheck, TransposedReadWithoutShapeIsAColumnMajorReading) {
  const std::vector<Finding> a = f16({.a_transposed = true});
  ASSERT_EQ(a.size(), 1u) << dump(a);
  EXPECT_EQ(wmmasim::diagnosis::finding_line(a[0]),
            "wrong_kernels.hpp:41: wmma_f32_16x16x16_f16_w32_gfx12: note: A is read column-major (leading dimension 16); if A is "
            "row-major, A is read transposed");
  EXPECT_EQ(a[0].mistake, "a-transposed");
  const std::vector<Finding> b = f16({.b_transposed = true});
  ASSERT_EQ(b.size(), 1u) << dump(b);
  EXPECT_EQ(b[0].severity, Finding::Severity::note);
  EXPECT_EQ(b[0].operand, Operand::b);
  EXPECT_EQ(b[0].message, "B is read column-major, that is B stored transposed as N x K row-major (leading dimension 16); if B is "
                          "row-major (K x N), B is read transposed");
  const std::vector<Finding> both = f16({.a_transposed = true, .b_transposed = true});
  EXPECT_EQ(both.size(), 2u) << dump(both);
  for (const Finding& f : both) EXPECT_EQ(f.severity, Finding::Severity::note) << dump(both);
}
TEST(LayoutCheck, LaneGroupsSwapped) { expect_only(f16({.lanes_swapped_a = true}), "lane-groups-swapped", Operand::a); }
TEST(LayoutCheck, ContiguousKOnOneOperand) { expect_only(f16({.a_contiguous = true}), "contiguous-k-16bit", Operand::a); }
TEST(LayoutCheck, DWrongRowMap) { expect_only(f16({.d_rows = 2}), "d-wrong-row-map", Operand::d); }
TEST(LayoutCheck, Wave64LayoutUnderWave32) { expect_only(f16({.a_elements = 4}), "wave64-layout-under-wave32", Operand::a); }
TEST(LayoutCheck, Wave32LayoutUnderWave64) { expect_only(check_f16(wrong::f16_w64, 64, true), "wave32-layout-under-wave64", Operand::a); }
TEST(LayoutCheck, Rdna4LayoutOnRdna3) { expect_only(check_f16(wrong::rdna3_f32, 32, true), "rdna4-layout-on-rdna3", Operand::d); }

TEST(LayoutCheck, Rdna3LayoutOnRdna4NamesEveryOperand) {
  const std::vector<Finding> f = f16({.d_rows = 1, .a_b_rdna3 = true});
  EXPECT_EQ(mistakes_of(f), std::set<std::string>{"rdna3-layout-on-rdna4"}) << dump(f);
  std::set<Operand> ops;
  for (const Finding& x : f) ops.insert(x.operand);
  EXPECT_EQ(ops, (std::set<Operand>{Operand::a, Operand::b, Operand::d})) << dump(f);
}

// The worked example of docs/diagnosis.md, line for line.
TEST(LayoutCheck, DocumentedExample) {
  const std::vector<Finding> f = f16_declared({.b_transposed = true});
  ASSERT_EQ(f.size(), 1u) << dump(f);
  EXPECT_EQ(wmmasim::diagnosis::finding_line(f[0]),
            "wrong_kernels.hpp:41: wmma_f32_16x16x16_f16_w32_gfx12: error: B lane 0 v0 [31:16] holds B(0,1); the layout puts "
            "B(1,0) there: B transposed: element (r, c) was read from (c, r)");
  const std::string json = wmmasim::diagnosis::findings_json(f);
  EXPECT_NE(json.find("\"mistake\": \"b-transposed\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"lane\": 0"), std::string::npos) << json;
}

TEST(LayoutCheck, SameKPermutationOnAAndBIsANote) {
  const std::vector<Finding> f = f16({.a_contiguous = true, .b_contiguous = true});
  ASSERT_EQ(f.size(), 1u) << dump(f);
  EXPECT_EQ(f[0].severity, Finding::Severity::note);
  EXPECT_EQ(f[0].mistake, "contiguous-k-16bit");
  // What it means for a tolerance: f32 results can differ from a reference in their last bits.
  EXPECT_NE(f[0].message.find("the last bits of f32"), std::string::npos) << f[0].message;
}

TEST(LayoutCheck, UnknownMistakeStillGivesTheFirstWrongSlot) {
  const std::vector<Finding> f = f16({.a_rows_short = true});
  ASSERT_EQ(f.size(), 1u) << dump(f);
  EXPECT_EQ(f[0].mistake, "");
  EXPECT_EQ(f[0].operand, Operand::a);
  // Lanes 8-15 repeat lanes 0-7: lane 8's first element is A(0,0) where the layout wants A(8,0).
  EXPECT_EQ(f[0].lane, 8);
  EXPECT_EQ(f[0].vgpr, 0);
  EXPECT_EQ(f[0].bit_lo, 0);
  EXPECT_EQ(f[0].bit_hi, 15);
  EXPECT_EQ(f[0].found, "A(0,0)");
  EXPECT_EQ(f[0].expected, "A(8,0)");
  EXPECT_NE(f[0].message.find("no catalogue mistake"), std::string::npos);
}

TEST(LayoutCheck, WrongOpselHalf) {
  auto run = [](bool high) {
    LayoutChecker checker;
    simt::Buffer<_Float16> A("A", halves(256, 0.5f)), B("B", halves(256, 0.25f)), D("D", 256);
    simt::LaunchOptions o;
    o.check_layouts = &checker;
    simt::launch("rdna3_f16", {1}, {32}, o, wrong::rdna3_f16, A, B, D, high);
    return checker.findings();
  };
  EXPECT_TRUE(run(false).empty()) << dump(run(false));
  expect_only(run(true), "wrong-opsel-half", Operand::d);
}

TEST(LayoutCheck, EightBitByteOrder) {
  auto run = [](bool reversed) {
    LayoutChecker checker;
    std::vector<signed char> host(256);
    simt::Buffer<signed char> A("A", host), B("B", host);
    simt::Buffer<int> D("D", 256);
    simt::LaunchOptions o;
    o.check_layouts = &checker;
    simt::launch("iu8", {1}, {32}, o, wrong::iu8_w32, A, B, D, reversed);
    return checker.findings();
  };
  EXPECT_TRUE(run(false).empty()) << dump(run(false));
  expect_only(run(true), "8bit-byte-order", Operand::a);
}

TEST(LayoutCheck, Int4NibbleOrder) {
  auto run = [](bool swapped) {
    wmmasim::diagnosis::CheckOptions opt;
    opt.shapes = {{"A", 16, 16, false, wmmasim::Format::iu4}, {"B", 16, 16, false, wmmasim::Format::iu4}};
    LayoutChecker checker(opt);
    std::vector<unsigned char> host(128);
    simt::Buffer<unsigned char> A("A", host), B("B", host);
    simt::Buffer<int> D("D", 256);
    simt::LaunchOptions o;
    o.check_layouts = &checker;
    simt::launch("iu4", {1}, {32}, o, wrong::iu4_w32, A, B, D, swapped);
    return checker.findings();
  };
  EXPECT_TRUE(run(false).empty()) << dump(run(false));
  expect_only(run(true), "int4-nibble-order", Operand::a);
}

TEST(LayoutCheck, SwmmacIndexOfAnotherGroup) {
  auto run = [](bool wrong_fields) {
    wmmasim::diagnosis::CheckOptions opt;
    opt.shapes = {{"A", 16, 32}, {"B", 32, 16}, {"D", 16, 16}};
    LayoutChecker checker(opt);
    simt::Buffer<_Float16> A("A", halves(512, 0.5f)), B("B", halves(512, 0.25f));
    simt::Buffer<float> D("D", 256);
    simt::LaunchOptions o;
    o.check_layouts = &checker;
    simt::launch("swmmac", {1}, {32}, o, wrong::swmmac_f16, A, B, D, wrong_fields);
    EXPECT_GT(checker.fragments_checked(), 2u);
    return checker.findings();
  };
  EXPECT_TRUE(run(false).empty()) << dump(run(false));
  expect_only(run(true), "swmmac-index-wrong-group", Operand::a);
}

TEST(LayoutCheck, LoadTrAddressOffByOneRow) {
  auto run = [](int off) {
    wmmasim::diagnosis::CheckOptions opt;
    opt.shapes = {{"A", 16, 16}, {"B", 17, 16}, {"D", 16, 16}};  // B has a spare row: a row past the tile stays inside
    LayoutChecker checker(opt);
    simt::Buffer<_Float16> A("A", halves(256, 0.5f)), B("B", halves(272, 0.25f));
    simt::Buffer<float> D("D", 256);
    simt::LaunchOptions o;
    o.check_layouts = &checker;
    simt::launch("load_tr", {1}, {32}, o, wrong::load_tr_f16, A, B, D, off);
    return checker.findings();
  };
  EXPECT_TRUE(run(0).empty()) << dump(run(0));
  expect_only(run(1), "load-tr-address-off-by-one-row", Operand::b);
  const std::vector<Finding> all = run(2);  // every lane: B is a whole tile one K further on
  ASSERT_EQ(all.size(), 1u) << dump(all);
  EXPECT_EQ(all[0].mistake, "load-tr-address-off-by-one-row");
}

// One source line and cause is one finding over the whole run, whatever the number of launches.
TEST(LayoutCheck, FindingsAddUpOverLaunches) {
  LayoutChecker checker;
  simt::Buffer<_Float16> A("A", halves(256, 0.5f)), B("B", halves(256, 0.25f));
  simt::Buffer<float> C("C", 256), D("D", 256);
  simt::LaunchOptions o;
  o.check_layouts = &checker;
  for (int i = 0; i < 5; ++i)
    simt::launch("f16_w32", {1}, {32}, o, wrong::f16_w32, A, B, C, D, wrong::Knobs{.a_contiguous = true, .b_contiguous = true});
  const std::vector<Finding> f = checker.findings();
  ASSERT_EQ(f.size(), 1u) << dump(f);
  EXPECT_EQ(f[0].executions, 5);
  EXPECT_EQ(f[0].launches, 5);
  EXPECT_EQ(checker.launches_checked(), 5u);
  const std::string line = wmmasim::diagnosis::finding_line(f[0]);
  EXPECT_EQ(line.substr(line.size() - 32), " (in 5 executions of 5 launches)") << line;
  EXPECT_NE(wmmasim::diagnosis::findings_json(f).find("\"launches\": 5"), std::string::npos);
}

// C loaded row-major from a buffer and D stored column-major into the same buffer: no one reading of
// it explains both, so this is an error even without a declared shape.
void inplace_transposed_store(global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<float> CD) {
  const int lane = wmmasim::lane_id(), g = lane / 16, mn = lane % 16;
  wmmasim::v8h a, b;
  for (int e = 0; e < 8; ++e) {
    a[e] = A[mn * 16 + wrong::k_isa(e, g)];
    b[e] = B[wrong::k_isa(e, g) * 16 + mn];
  }
  wmmasim::v8f c;
  for (int v = 0; v < 8; ++v) c[v] = CD[(v + 8 * g) * 16 + mn];
  const wmmasim::v8f d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
  for (int v = 0; v < 8; ++v) CD[mn * 16 + v + 8 * g] = d[v];
}

TEST(LayoutCheck, OneReadingPerBufferForCAndD) {
  LayoutChecker checker;
  simt::Buffer<_Float16> A("A", halves(256, 0.5f)), B("B", halves(256, 0.25f));
  simt::Buffer<float> CD("CD", 256);
  simt::LaunchOptions o;
  o.check_layouts = &checker;
  simt::launch("inplace", {1}, {32}, o, inplace_transposed_store, A, B, CD);
  expect_only(checker.findings(), "d-transposed", Operand::d);
}

// A tagged run that faults where the plain run does not (here an index read from a buffer, which
// holds tags in the tagged runs) is not the program's fault: the launch goes on, unchecked, with a note.
void gather(global_ptr<const int> I, global_ptr<const _Float16> A, global_ptr<const _Float16> B, global_ptr<float> D) {
  const int lane = wmmasim::lane_id(), g = lane / 16, mn = lane % 16;
  wmmasim::v8h a, b;
  for (int e = 0; e < 8; ++e) {
    a[e] = A[I[mn] * 16 + wrong::k_isa(e, g)];
    b[e] = B[wrong::k_isa(e, g) * 16 + mn];
  }
  const wmmasim::v8f d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, wmmasim::v8f{});
  for (int v = 0; v < 8; ++v) D[(v + 8 * g) * 16 + mn] = d[v];
}

TEST(LayoutCheck, AFaultOfATaggedRunIsNotTheProgramsFault) {
  LayoutChecker checker;
  std::vector<int> rows(16);
  for (int i = 0; i < 16; ++i) rows[static_cast<std::size_t>(i)] = 15 - i;
  simt::Buffer<int> I("I", rows);
  simt::Buffer<_Float16> A("A", halves(256, 0.5f)), B("B", halves(256, 0.25f));
  simt::Buffer<float> D("D", 256), plain("D", 256);
  simt::LaunchOptions o;
  simt::launch("gather", {1}, {32}, o, gather, I, A, B, plain);
  o.check_layouts = &checker;
  ASSERT_NO_THROW(simt::launch("gather", {1}, {32}, o, gather, I, A, B, D));
  EXPECT_EQ(D.to_host(), plain.to_host());
  const std::vector<Finding> f = checker.findings();
  ASSERT_EQ(f.size(), 1u) << dump(f);
  EXPECT_EQ(f[0].severity, Finding::Severity::note);
  EXPECT_EQ(f[0].message.rfind("a tagged run stopped (", 0), 0u) << f[0].message;
  EXPECT_EQ(wmmasim::diagnosis::finding_line(f[0]).rfind("wmmasim: kernel gather: note: ", 0), 0u);
}

TEST(LayoutCheck, CheckedRunLeavesTheSameResultAsAPlainRun) {
  auto run = [](bool checked) {
    LayoutChecker checker;
    simt::Buffer<_Float16> A("A", halves(256, 0.5f)), B("B", halves(256, 0.25f));
    std::vector<float> c(256, 1.5f);
    simt::Buffer<float> C("C", c), D("D", 256);
    simt::LaunchOptions o;
    if (checked) o.check_layouts = &checker;
    simt::launch("f16_w32", {1}, {32}, o, wrong::f16_w32, A, B, C, D, wrong::Knobs{.b_transposed = true});
    EXPECT_EQ(C.to_host(), c);
    return D.to_host();
  };
  const std::vector<float> plain = run(false), checked = run(true);
  ASSERT_EQ(plain.size(), checked.size());
  for (std::size_t i = 0; i < plain.size(); ++i) EXPECT_EQ(std::bit_cast<std::uint32_t>(plain[i]), std::bit_cast<std::uint32_t>(checked[i])) << i;
}

TEST(LayoutCheck, ExamplePrograms) {
  for (const wmmasim::examples::Program& p : wmmasim::examples::programs()) {
    wmmasim::examples::ProgramArgs args;
    if (p.name == "wmma_chain_f16") args.m = args.n = 16;
    args.m = args.m == 128 ? 80 : args.m;  // a partial block tile: padding must not be reported
    wmmasim::diagnosis::CheckOptions opt;
    opt.shapes = {{"A", args.m, args.k}, {"B", args.k, args.n}, {"C", args.m, args.n}, {"D", args.m, args.n}};
    LayoutChecker checker(opt);
    args.check_layouts = &checker;
    const wmmasim::examples::ProgramRun run = p.run(args);
    EXPECT_EQ(run.mismatches(), 0) << p.name;
    EXPECT_GT(checker.instructions_checked(), 0u) << p.name;
    // A, B and the stored D of every execution (C starts at zero or is a previous D passed on).
    EXPECT_GE(checker.fragments_checked(), 3 * checker.instructions_checked() / 2) << p.name;
    EXPECT_TRUE(checker.findings().empty()) << p.name << "\n" << dump(checker.findings());
  }
}

// Without declared shapes the readings are inferred: a 16 x 64 A (1024 elements, a square number)
// must not be taken for 32 x 32, and every example is clean.
TEST(LayoutCheck, ExampleProgramsWithoutShapes) {
  std::vector<std::tuple<std::string, int, int, int>> cases = {{"wmma_chain_f16", 16, 16, 64}, {"tiled_gemm_f16", 80, 128, 96}};
  for (const wmmasim::examples::Program& p : wmmasim::examples::programs()) {
    wmmasim::examples::ProgramArgs args;
    cases.emplace_back(p.name, p.name == "wmma_chain_f16" ? 16 : args.m, p.name == "wmma_chain_f16" ? 16 : args.n, args.k);
  }
  for (const auto& [name, m, n, k] : cases) {
    wmmasim::examples::ProgramArgs args;
    args.m = m;
    args.n = n;
    args.k = k;
    LayoutChecker checker;
    args.check_layouts = &checker;
    const wmmasim::examples::ProgramRun run = wmmasim::examples::find_program(name).run(args);
    EXPECT_EQ(run.mismatches(), 0) << name;
    EXPECT_GT(checker.fragments_checked(), 0u) << name;
    EXPECT_TRUE(checker.findings().empty()) << name << "\n" << dump(checker.findings());
  }
}

TEST(LayoutCheck, DeclaredShapeLargerThanItsBufferIsOneSentence) {
  wmmasim::diagnosis::CheckOptions o;
  o.shapes = {{"A", 32, 32}};
  try {
    check_f16_with(o, wrong::f16_w32, 32, wrong::Knobs{});
    FAIL() << "accepted";
  } catch (const wmmasim::UserError& e) {
    EXPECT_EQ(std::string(e.what()), "the shape declared for 'A' (32x32) has more elements than the buffer's 256 in kernel f16_w32");
  }
}

TEST(LayoutCheck, CommandLine) {
  const std::string json = ::testing::TempDir() + "diagnosis_findings.json", out = ::testing::TempDir() + "diagnosis_out.txt";
  const std::string cmd = std::string(WMMASIM_CLI) + " run wmma_chain_f16 --m 16 --n 16 --k 64 --check-layouts --check-json " + json + " > " + out;
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::ifstream text(out), findings(json);
  const std::string printed((std::istreambuf_iterator<char>(text)), {}), written((std::istreambuf_iterator<char>(findings)), {});
  EXPECT_NE(printed.find("layout check: 4 matrix instruction executions, 13 fragments compared with their layouts, 0 errors, 0 notes"),
            std::string::npos) << printed;
  EXPECT_EQ(written, "[]\n");
  // gemm runs no kernel: the flag is refused with one sentence and status 2.
  EXPECT_EQ(WEXITSTATUS(std::system((std::string(WMMASIM_CLI) + " run gemm --check-layouts 2>/dev/null").c_str())), 2);
}

}  // namespace
