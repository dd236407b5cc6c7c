// `wmmasim diff RUN.json [OTHER.json]`: replay a run file on the emulator (or compare two run files)
// and report every differing element by register place, bits and ULPs. Exit status 1 on any
// mismatch, 2 if a program could not be compared.
#include <memory>

#include "command.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/runfile/diff.hpp"

namespace wmmasim::cli {
namespace {

RegisterCommand diff_command("diff", "Replay a run file on the emulator, or compare two run files; exit 1 on any mismatch",
                             [](CLI::App& sub) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto model = std::make_shared<std::string>();
  auto max_lines = std::make_shared<int>(20);
  sub.add_option("runs", *files, "RUN.json (replayed on the emulator), or EXPECTED.json GOT.json")->required()->expected(1, 2);
  sub.add_option("--model", *model, "numerics model for the replay (default: each builtin's default model)");
  sub.add_option("--max-lines", *max_lines, "mismatching elements listed per program")->capture_default_str();
  return std::function<int()>([files, model, max_lines] {
    const Model* m = nullptr;
    if (!model->empty() && !(m = find_model(*model))) throw UserError("unknown model '" + *model + "'");
    const runfile::RunFile first = runfile::read_run_file(files->at(0));
    const runfile::DiffReport report = files->size() == 2
                                           ? runfile::diff_runs(first, runfile::read_run_file(files->at(1)))
                                           : runfile::diff_against_emulator(first, m);
    std::fputs(runfile::text_report(report, *max_lines).c_str(), stdout);
    if (report.mismatches()) return 1;
    return report.errors() ? 2 : 0;
  });
});

}  // namespace
}  // namespace wmmasim::cli
