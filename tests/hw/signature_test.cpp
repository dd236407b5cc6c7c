// Every builtin of the table compiles with arguments of exactly its clang-19 parameter types (and
// its result has exactly the result type), per architecture and wave size; changing any one type to
// a neighbouring one (the clang-22 spelling, another element type) fails to compile.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "device_source.hpp"
#include "shell.hpp"

namespace wmmasim::hw {
namespace {

// One target per architecture among the built ones (the builtins do not differ within one).
std::vector<std::string> one_target_per_arch() {
  std::vector<std::string> out;
  std::set<Arch> seen;
  std::stringstream list(WMMASIM_HW_ARCHS);
  std::string t;
  while (std::getline(list, t, ','))
    if (auto a = arch_of_target(t); a && seen.insert(*a).second) out.push_back(t);
  return out;
}

test::CommandResult compile(const std::string& source, const std::string& target, int wave, const std::string& name) {
  const auto path = std::filesystem::path(WMMASIM_HW_TEST_DIR) / name;
  std::ofstream(path) << source;
  return test::run_shell(test::shell_quote(WMMASIM_HW_COMPILER) + " " + WMMASIM_HW_DEVICE_FLAGS + " --offload-arch=" + target +
                         (wave == 64 ? " -mwavefrontsize64" : "") + " -Werror -ferror-limit=0 -fsyntax-only " +
                         test::shell_quote(path.string()) + " 2>&1");
}

class Signatures : public ::testing::TestWithParam<int> {};

TEST_P(Signatures, ExactTypesCompileAndNeighbouringTypesDoNot) {
  const int wave = GetParam();
  for (const std::string& target : one_target_per_arch()) {
    SCOPED_TRACE(target + " wave" + std::to_string(wave));
    const Arch arch = *arch_of_target(target);
    std::vector<SignatureCase> exact, mutated;
    const auto ok = compile(signature_source(arch, wave, false, exact), target, wave,
                            "signatures_" + target + "_w" + std::to_string(wave) + ".hip");
    EXPECT_EQ(ok.status, 0) << ok.output;
    EXPECT_FALSE(exact.empty());
    const std::string name = "signatures_mutated_" + target + "_w" + std::to_string(wave) + ".hip";
    const auto bad = compile(signature_source(arch, wave, true, mutated), target, wave, name);
    EXPECT_NE(bad.status, 0);
    std::set<int> error_lines;
    const std::regex error(name + R"(:(\d+):\d+: error:)");
    for (auto it = std::sregex_iterator(bad.output.begin(), bad.output.end(), error); it != std::sregex_iterator(); ++it)
      error_lines.insert(std::stoi((*it)[1]));
    for (const SignatureCase& c : mutated) {
      const auto hit = error_lines.lower_bound(c.first_line);
      EXPECT_TRUE(hit != error_lines.end() && *hit <= c.last_line) << c.ins->name << " accepted " << c.change;
    }
    std::cout << "[ checked  ] " << target << " wave" << wave << ": " << exact.size() << " builtins exact, "
              << mutated.size() << " changed types rejected\n";
  }
}

INSTANTIATE_TEST_SUITE_P(Wave, Signatures, ::testing::Values(32, 64));

}  // namespace
}  // namespace wmmasim::hw
