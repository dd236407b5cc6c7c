// `wmmasim import`: hardware captures (JSON Lines, the format of tests/data/fixtures) to a run file.
#include <fstream>
#include <memory>

#include "command.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/runfile/import.hpp"

namespace wmmasim::cli {
namespace {

RegisterCommand import_command("import", "Convert hardware captures (JSON Lines) into a run file", [](CLI::App& sub) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>("captures.json");
  sub.add_option("captures", *files, "capture files (.jsonl), e.g. tests/data/fixtures/*.jsonl")->required();
  sub.add_option("--out", *out, "the run file to write")->capture_default_str();
  return std::function<int()>([files, out] {
    runfile::RunFile all;
    for (const std::string& f : *files) {
      std::ifstream in(f);
      if (!in) throw UserError("cannot read " + f);
      runfile::RunFile one = runfile::import_captures(in, f);
      if (all.programs.empty()) all = one;
      else for (auto& p : one.programs) all.programs.push_back(std::move(p));
    }
    all.environment["source"] = *files;
    runfile::write_run_file(all, *out);
    std::printf("%zu programs from %zu capture files -> %s\n", all.programs.size(), files->size(), out->c_str());
    return 0;
  });
});

}  // namespace
}  // namespace wmmasim::cli
