// Run file version 2: launch records read back equal, old files still read, bad records get one sentence.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "wmmasim/error.hpp"
#include "wmmasim/runfile/launch_file_writer.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {
namespace {

LaunchRecord sample_launch() {
  LaunchRecord l;
  l.index = 7;
  l.kernel = "scale(__half const*, float*, int, float)";
  l.symbol = "_Z5scalePK6__halfPfif";
  l.grid = {4, 2, 1};
  l.block = {64, 1, 1};
  l.dynamic_lds = 512;
  l.wave_size = 32;
  l.arguments = {{"const __half*", {0x00, 0x10, 0, 0, 0, 0, 0, 0}, 0, 0},
                 {"float*", {0x08, 0x20, 0, 0, 0, 0, 0, 0}, 1, 8},
                 {"int", {0x40, 0, 0, 0}, -1, 0},
                 {"float", {0, 0, 0x80, 0x3f}, -1, 0}};
  LaunchBuffer in;
  in.bytes = 5;  // not a multiple of 3: the base64 padding is exercised
  in.element_type = "__half";
  in.arguments = {0};
  in.output = false;
  in.before = std::vector<std::uint8_t>{0, 1, 2, 0xfe, 0xff};
  in.after = in.before;
  LaunchBuffer out;
  out.bytes = 16;
  out.arguments = {1};
  out.after = std::vector<std::uint8_t>(16, 0xab);
  out.skipped = "a note";
  l.buffers = {in, out};
  l.notes = {"n"};
  return l;
}

TEST(LaunchRecords, RoundTripThroughJson) {
  RunFile r;
  r.version = kLaunchFormatVersion;
  r.producer = {"emulator", "wmmasim 0.1.0", std::nullopt};
  r.launches = {sample_launch(), sample_launch()};
  r.launches[1].index = 8;
  r.launches[1].error = "hipErrorLaunchFailure";
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["version"], 2);
  // Scalars read as little-endian integers, two hex digits per byte.
  EXPECT_EQ(j["launches"][0]["arguments"][2]["value"], "0x00000040");
  EXPECT_EQ(j["launches"][0]["arguments"][3]["value"], "0x3f800000");
  EXPECT_EQ(j["launches"][0]["buffers"][0]["before"], "AAEC/v8=");  // RFC 4648 of 00 01 02 fe ff
  EXPECT_EQ(from_json(nlohmann::json::parse(j.dump()), "t.json"), r);
}

TEST(LaunchRecords, Base64MatchesTheRfcVectors) {
  const std::string text = "foobar";
  const char* expected[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"};  // RFC 4648 section 10
  for (std::size_t n = 0; n <= text.size(); ++n) {
    const std::vector<std::uint8_t> bytes(text.begin(), text.begin() + static_cast<long>(n));
    EXPECT_EQ(base64_encode(bytes), expected[n]);
    EXPECT_EQ(base64_decode(expected[n]), bytes);
  }
  EXPECT_FALSE(base64_decode("Zm9"));
  EXPECT_FALSE(base64_decode("Zm!v"));
}

TEST(LaunchRecords, VersionOneFilesStillReadAndStayVersionOne) {
  RunFile r;
  r.producer = {"hip", "wmmasim 0.1.0", std::nullopt};
  EXPECT_EQ(to_json(r)["version"], 1);
  EXPECT_FALSE(to_json(r).contains("launches"));
  EXPECT_EQ(from_json(to_json(r), "t.json"), r);
}

std::string sentence_of(const nlohmann::json& j) {
  try {
    from_json(j, "t.json");
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    return e.what();
  }
  return "";
}

TEST(LaunchRecords, BadRecordsGetOneSentenceWithTheJsonPath) {
  RunFile r;
  r.version = 2;
  r.producer = {"hip", "t", std::nullopt};
  r.launches = {sample_launch()};
  const nlohmann::json j = to_json(r);
  auto broken = [&](auto change) {
    nlohmann::json k = j;
    change(k);
    return sentence_of(k);
  };
  EXPECT_EQ(broken([](auto&) {}), "");
  EXPECT_NE(broken([](auto& k) { k["version"] = 1; }).find("launches needs version 2"), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["launches"][0].erase("kernel"); }).find("launches[0] has no \"kernel\""), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["launches"][0]["grid"] = {1, 2}; }).find("launches[0].grid is not an array of three"),
            std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["launches"][0]["arguments"][2]["value"] = "0x123"; }).find("launches[0].arguments[2].value"),
            std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["launches"][0]["arguments"][0]["buffer"] = 5; }).find("but the launch has 2 buffers"),
            std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["launches"][0]["buffers"][0]["before"] = "AAEC"; }).find("holds 3 bytes, but the buffer has 5"),
            std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["launches"][0]["buffers"][0]["after"] = "A*EC/v8="; }).find("is not base64"), std::string::npos);
  EXPECT_NE(broken([](auto& k) { k["launches"][0]["wave_size"] = 16; }).find("expected 32, 64 or 0"), std::string::npos);
}

TEST(LaunchRecords, StreamingWriterProducesTheSameRunFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("wmmasim_launch_writer_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "run.json";
  {
    LaunchFileWriter w(path, {"emulator", "t", std::string("m")});
    w.append(sample_launch());
    EXPECT_FALSE(std::filesystem::exists(path)) << "the file appears only when finished";
    w.finish({{"host", "h"}});
  }
  RunFile expected;
  expected.version = 2;
  expected.producer = {"emulator", "t", std::string("m")};
  expected.environment = {{"host", "h"}};
  expected.launches = {sample_launch()};
  EXPECT_EQ(read_run_file(path), expected);
  int files = 0;
  for (auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 1) << "no temporary file left behind";
  {
    LaunchFileWriter unfinished(dir / "never.json", {"emulator", "t", std::nullopt});
    unfinished.append(sample_launch());
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "never.json"));
  files = 0;
  for (auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 1) << "an abandoned recording removes its temporary file";
  std::filesystem::remove_all(dir);
}

TEST(LaunchRecords, KernelBaseNameDropsOnlyTheParameterList) {
  EXPECT_EQ(kernel_base_name("scale(__half const*, float*, int, float)"), "scale");
  EXPECT_EQ(kernel_base_name("void ns::gemm<float, 16>(float*, void (*)(int))"), "void ns::gemm<float, 16>");
  EXPECT_EQ(kernel_base_name("plain"), "plain");
}

}  // namespace
}  // namespace wmmasim::runfile
