// The reader of declared shapes (WMMASIM_CHECK_SHAPES, wmmasim/diagnosis/shapes.hpp): what each
// entry declares, and one sentence naming the entry for each kind of bad input.
#include <gtest/gtest.h>

#include <fstream>

#include "wmmasim/diagnosis/shapes.hpp"
#include "wmmasim/error.hpp"

namespace {

using wmmasim::Format;
using wmmasim::UserError;
using wmmasim::diagnosis::MatrixShape;
using wmmasim::diagnosis::parse_shapes;
using wmmasim::diagnosis::shape_text;
using wmmasim::diagnosis::shapes_setting;

std::string rejection(const std::string& text, const std::string& source = "WMMASIM_CHECK_SHAPES") {
  try {
    parse_shapes(text, source);
  } catch (const UserError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(CheckShapes, Entries) {
  const std::vector<MatrixShape> s = parse_shapes("dA=16x64:col, dB=64x32:row,dP=16x32:iu4 ,d_C = 16X16", "WMMASIM_CHECK_SHAPES");
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0].buffer, "dA");
  EXPECT_EQ(s[0].rows, 16);
  EXPECT_EQ(s[0].cols, 64);
  EXPECT_TRUE(s[0].column_major);
  EXPECT_EQ(s[1].buffer, "dB");
  EXPECT_FALSE(s[1].column_major);
  EXPECT_EQ(s[2].format, Format::iu4);
  EXPECT_FALSE(s[2].column_major);  // row-major unless said
  EXPECT_EQ(s[3].buffer, "d_C");
  EXPECT_EQ(s[3].rows, 16);
  EXPECT_EQ(shape_text(s[0]), "dA=16x64:col");
  EXPECT_EQ(shape_text(s[2]), "dP=16x32:row:iu4");
  EXPECT_TRUE(parse_shapes("", "WMMASIM_CHECK_SHAPES").empty());
  EXPECT_TRUE(parse_shapes(" , ,", "WMMASIM_CHECK_SHAPES").empty());
  // Both orders of options; the format of a buffer of bytes.
  EXPECT_EQ(parse_shapes("dX=8x8:fp8:col", "WMMASIM_CHECK_SHAPES")[0].format, Format::fp8);
  EXPECT_TRUE(parse_shapes("dX=8x8:fp8:col", "WMMASIM_CHECK_SHAPES")[0].column_major);
}

TEST(CheckShapes, BadEntriesAreOneSentenceNamingTheEntry) {
  EXPECT_EQ(rejection("dA=16x16,dB"), "WMMASIM_CHECK_SHAPES entry 2 ('dB'): expected BUFFER=ROWSxCOLS, as in dA=16x64:col");
  EXPECT_EQ(rejection("=16x16"), "WMMASIM_CHECK_SHAPES entry 1 ('=16x16'): the buffer name before '=' is empty");
  EXPECT_EQ(rejection("dA=16x"),
            "WMMASIM_CHECK_SHAPES entry 1 ('dA=16x'): the size must be ROWSxCOLS, two whole numbers from 1 to 2147483647, as in 16x64");
  EXPECT_EQ(rejection("dA=0x16"),
            "WMMASIM_CHECK_SHAPES entry 1 ('dA=0x16'): the size must be ROWSxCOLS, two whole numbers from 1 to 2147483647, as in 16x64");
  EXPECT_EQ(rejection("dA=-4x16").substr(0, 41), "WMMASIM_CHECK_SHAPES entry 1 ('dA=-4x16')");
  EXPECT_EQ(rejection("dA=99999999999x2").find("two whole numbers") != std::string::npos, true);
  EXPECT_EQ(rejection("dA=2147483647x2147483647"),
            "WMMASIM_CHECK_SHAPES entry 1 ('dA=2147483647x2147483647'): the matrix has more than 2^32 elements, more than the check can number");
  EXPECT_EQ(rejection("dA=16x16:diagonal"),
            "WMMASIM_CHECK_SHAPES entry 1 ('dA=16x16:diagonal'): 'diagonal' is neither row, col nor a format (f16, bf16, f32, fp8, bf8, "
            "iu8, iu4, i32, b16, b8)");
  EXPECT_EQ(rejection("dA=16x16:"), "WMMASIM_CHECK_SHAPES entry 1 ('dA=16x16:'): '' is neither row, col nor a format (f16, bf16, f32, "
                                    "fp8, bf8, iu8, iu4, i32, b16, b8)");
  EXPECT_EQ(rejection("dA=16x16:row:col"), "WMMASIM_CHECK_SHAPES entry 1 ('dA=16x16:row:col'): row or col is given twice");
  EXPECT_EQ(rejection("dA=16x16:iu4:fp8"), "WMMASIM_CHECK_SHAPES entry 1 ('dA=16x16:iu4:fp8'): two formats are given");
  EXPECT_EQ(rejection("dA=16x16, dB=16x16, dA=8x8"),
            "WMMASIM_CHECK_SHAPES entry 3 ('dA=8x8'): 'dA' is declared twice (entries 1 and 3)");
  // Control characters are quoted, so the sentence stays one line.
  const std::string quoted = rejection(std::string("d\tA=1\x01x2"));
  EXPECT_EQ(quoted.find('\n'), std::string::npos);
  EXPECT_NE(quoted.find("\\x01"), std::string::npos) << quoted;
}

TEST(CheckShapes, File) {
  const std::string path = ::testing::TempDir() + "diagnosis_shapes.txt";
  {
    std::ofstream f(path);
    f << "# the shapes of gemm.hip\n"
      << "dA=16x64:col   # A column-major, lda 16\n"
      << "\n"
      << "dB=64x32, dC=16x32  # two on one line\n";
  }
  const std::vector<MatrixShape> s = shapes_setting("@" + path);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(shape_text(s[0]), "dA=16x64:col");
  EXPECT_EQ(shape_text(s[1]), "dB=64x32:row");
  EXPECT_EQ(shape_text(s[2]), "dC=16x32:row");
  {
    std::ofstream f(path);
    f << "dA=16x64\n\ndB=64\n";
  }
  try {
    shapes_setting("@" + path);
    FAIL() << "accepted";
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":3: entry 'dB=64': the size must be ROWSxCOLS, two whole numbers from 1 to 2147483647, as in 16x64");
  }
  try {
    shapes_setting("@/nonexistent/shapes.txt");
    FAIL() << "accepted";
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()), "WMMASIM_CHECK_SHAPES names the file '/nonexistent/shapes.txt', which cannot be read");
  }
  EXPECT_EQ(shapes_setting("dA=2x2").size(), 1u);
}

}  // namespace
