// The pre-pass on small inputs written as clang -E leaves them: exact output text, line numbers kept.
#include "prepass.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace {

using wmmasim::hip::PrepassError;
using wmmasim::hip::translate_preprocessed;

const std::string kLaunch = "::wmmasim::hip::detail::Launch(::wmmasim::hip::detail::LaunchSite{";

std::string error_of(const std::string& source) {
  try {
    translate_preprocessed(source);
  } catch (const PrepassError& e) {
    return e.what();
  }
  return "";
}

long lines(const std::string& s) { return std::count(s.begin(), s.end(), '\n'); }

TEST(Prepass, RewritesALaunchAndKeepsItsArguments) {
  const std::string out = translate_preprocessed("# 1 \"k.hip\"\nvoid f() { k<<<g, 32>>>(a, b + 1); }\n");
  EXPECT_EQ(out, "# 1 \"k.hip\"\nvoid f() { " + kLaunch +
                     "\"k\", \"a, b + 1\", \"k.hip\", 1}, [&](const auto&... wmmasim_a) { k(wmmasim_a...); }, g, 32)"
                     "(a, b + 1); }\n\n");
}

TEST(Prepass, TemplateKernelOverSeveralLinesKeepsLineCount) {
  const std::string in =
      "# 40 \"gemm.hip\"\nvoid f() {\n  ns::gemm<Tile<32, 32>,\n           float>\n      <<<grid,\n         dim3(128)>>>(dA, dB);\n"
      "  after();\n}\n";
  const std::string out = translate_preprocessed(in);
  EXPECT_NE(out.find(kLaunch + "\"ns::gemm<Tile<32, 32>, float>\", \"dA, dB\", \"gemm.hip\", 41}, [&](const auto&... "
                               "wmmasim_a) { ns::gemm<Tile<32, 32>,            float>       (wmmasim_a...); }, grid,          "
                               "dim3(128))\n\n\n(dA, dB);"),
            std::string::npos)
      << out;
  EXPECT_EQ(lines(out), lines(in) + 1);  // + the final newline after the (empty) registrations
}

TEST(Prepass, FourPartConfigurationAndShiftsInside) {
  const std::string out = translate_preprocessed("void f() { k<<<dim3(n >> 4), b, bytes, stream>>>(p); }\n");
  EXPECT_NE(out.find("}, dim3(n >> 4), b, bytes, stream)(p);"), std::string::npos) << out;
}

TEST(Prepass, LeavesStringsAndCharactersAlone) {
  const std::string in = "const char* s = \"k<<<1,1>>>()\"; char c = '<';\n";
  EXPECT_EQ(translate_preprocessed(in), in + "\n");
}

TEST(Prepass, DynamicSharedInAFunctionBecomesAPointer) {
  const std::string out = translate_preprocessed(
      "void k() {\n  extern __wmmasim_shared__ __attribute__((aligned(16))) float tile[];\n  tile[0] = 1;\n}\n");
  EXPECT_EQ(out,
            "void k() {\n  float * const tile = (::wmmasim::hip::detail::dynamic_shared<float >());\n  tile[0] = 1;\n}\n\n");
}

TEST(Prepass, DynamicSharedAtNamespaceScopeIsSubstitutedWhereUsed) {
  const std::string out =
      translate_preprocessed("extern __wmmasim_shared__ int smem[];\nvoid k() { smem[1] = s.smem; }\n");
  EXPECT_EQ(out, "\nvoid k() { (::wmmasim::hip::detail::dynamic_shared<int >())[1] = s.smem; }\n\n");
}

TEST(Prepass, StaticSharedBecomesThreadLocal) {
  EXPECT_EQ(translate_preprocessed("void k() { __wmmasim_shared__ float a[4]; static __wmmasim_shared__ int b; }"),
            "void k() { static thread_local float a[4]; static thread_local int b; }\n");
}

TEST(Prepass, RegistersNonTemplateKernelsOnly) {
  const std::string out = translate_preprocessed(
      "namespace app { __wmmasim_global__ void scale(float* p) {} }\n"
      "template <class T> __wmmasim_global__ void fill(T* p) {}\n"
      "__wmmasim_global__ void twice(int) {}\n__wmmasim_global__ void twice(float) {}\n"
      "__wmmasim_global__ void declared(int);\n");
  EXPECT_NE(out.find("register_kernel(&::app::scale, \"app::scale\");"), std::string::npos) << out;
  EXPECT_EQ(out.find("register_kernel(&::fill"), std::string::npos) << out;
  EXPECT_EQ(out.find("register_kernel(&::twice"), std::string::npos) << out;
  EXPECT_EQ(out.find("register_kernel(&::declared"), std::string::npos) << out;
  EXPECT_EQ(out.find("__wmmasim_global__"), std::string::npos) << out;
}

TEST(Prepass, NewerClangVectorAttributeSpelling) {
  EXPECT_EQ(translate_preprocessed("using f8 = float [[clang::ext_vector_type(8)]];\n"),
            "using f8 = float __attribute__((ext_vector_type(8)));\n\n");
}

TEST(Prepass, ErrorsNameTheUsersFileAndLine) {
  EXPECT_EQ(error_of("# 7 \"main.hip\"\nint x;\nvoid f() { k<<<1, 32>>(p); }\n"),
            "main.hip:8: this kernel launch has no '>>>' before the end of the statement");
  EXPECT_EQ(error_of("# 3 \"main.hip\"\nvoid f() { k<<<1, 32>>> p; }\n"),
            "main.hip:3: a kernel launch's '>>>' must be followed by the argument list");
  EXPECT_EQ(error_of("void f() { (1)<<<1, 32>>>(p); }\n"), "<input>:1: wmmasim-hipcc cannot find the kernel name before '<<<'");
  EXPECT_EQ(error_of("# 2 \"a.hip\"\nvoid f() {\n extern __wmmasim_shared__ float *p;\n}\n"),
            "a.hip:3: wmmasim-hipcc understands 'extern __shared__' only as 'extern __shared__ T name[];'");
}

// hip_prepass_fuzz's finding: '>' as the first token before '<<<' sent the search for the template's
// '<' below the first token, and the pre-pass never returned.
TEST(Prepass, ATemplateCloseAtTheStartOfTheFileIsAnError) {
  EXPECT_EQ(error_of("> <<<g, 1>>>(x);\n"), "<input>:1: wmmasim-hipcc cannot find the kernel's template arguments before '<<<'");
  EXPECT_EQ(error_of("# 3 \"g.hip\"\n>> > <<<g, 1>>>(x);\n"),
            "g.hip:3: wmmasim-hipcc cannot find the kernel's template arguments before '<<<'");
  EXPECT_EQ(error_of("<a> <<<g, 1>>>(x);\n"), "<input>:1: wmmasim-hipcc cannot find the kernel name before '<<<'");
}

// hip_prepass_fuzz's second finding: a NUL in a line marker's file name ended the message there (empty).
TEST(Prepass, ControlCharactersInAFileNameAreWrittenOut) {
  EXPECT_EQ(error_of(std::string("# 1 \"\0\0k\t.hip\"\nvoid f() { k<<<1, 32>>(p); }\n", 44)),
            "\\x00\\x00k\\x09.hip:1: this kernel launch has no '>>>' before the end of the statement");
}

// The third: a line marker with twenty digits overflowed the line number (UBSan).
TEST(Prepass, AnAbsurdLineNumberStaysAtClangsLargest) {
  EXPECT_EQ(error_of("# 77777777777777777777 \"k.hip\"\nvoid f() { k<<<1, 32>>(p); }\n"),
            "k.hip:2147483647: this kernel launch has no '>>>' before the end of the statement");
}

// __device__ and __constant__ definitions get the linkage of a GPU build without -fgpu-rdc.
const std::string kInternal = "__attribute__((internal_linkage))";

TEST(Prepass, DeviceOnlyDefinitionsAtNamespaceScopeBecomeInternal) {
  EXPECT_EQ(translate_preprocessed("__wmmasim_device__ void sync() { b(); }\n"), kInternal + " void sync() { b(); }\n\n");
  EXPECT_EQ(translate_preprocessed("namespace n { extern __wmmasim_device__ int c; __wmmasim_constant__ float t[2] = {1, 2}; }"),
            "namespace n { extern " + kInternal + " int c; " + kInternal + " float t[2] = {1, 2}; }\n");
  EXPECT_EQ(translate_preprocessed("static inline __wmmasim_device__ bool operator==(A, A) { return 1; }"),
            "static inline " + kInternal + " bool operator==(A, A) { return 1; }\n");
}

TEST(Prepass, HostDeviceTemplatesMembersAndLambdasKeepTheirLinkage) {
  EXPECT_EQ(translate_preprocessed("__wmmasim_host__ __wmmasim_device__ int both() { return 1; }"), "  int both() { return 1; }\n");
  EXPECT_EQ(translate_preprocessed("__wmmasim_device__ inline __wmmasim_host__ int both();"), " inline  int both();\n");
  EXPECT_EQ(translate_preprocessed("template <class T> __wmmasim_device__ T f(T v) { return v; }"),
            "template <class T>  T f(T v) { return v; }\n");
  EXPECT_EQ(translate_preprocessed("struct S { __wmmasim_device__ void f(); __wmmasim_device__ static int v; };"),
            "struct S {  void f();  static int v; };\n");
  EXPECT_EQ(translate_preprocessed("auto f = [] __wmmasim_device__ (int x) { return x; };"),
            "auto f = []  (int x) { return x; };\n");
  EXPECT_EQ(translate_preprocessed("__attribute__((used)) __wmmasim_host__ __wmmasim_device__ void g();"),
            "__attribute__((used))   void g();\n");
}

TEST(Prepass, OutOfLineMembersBecomeInlineAndStaticDataMembersStay) {
  EXPECT_EQ(translate_preprocessed("__wmmasim_device__ void S::f() {}"), "inline void S::f() {}\n");
  EXPECT_EQ(translate_preprocessed("__wmmasim_device__ bool S::operator()(int) const { return 0; }"),
            "inline bool S::operator()(int) const { return 0; }\n");
  EXPECT_EQ(translate_preprocessed("__wmmasim_device__ int S::table[4] = {};"), " int S::table[4] = {};\n");
}

TEST(Prepass, RelocatableDeviceCodeKeepsExternalLinkage) {
  EXPECT_EQ(translate_preprocessed("__wmmasim_device__ void sync() {}", {.relocatable_device_code = true}), " void sync() {}\n");
}

}  // namespace
