// wmmasim: layouts, bit-exact emulation, runs and diffs of RDNA3/RDNA4 matrix instructions.
#include <algorithm>
#include <iostream>
#include <map>

#include "command.hpp"
#include "wmmasim/error.hpp"

int main(int argc, char** argv) {
  using namespace wmmasim;
  CLI::App app{"wmmasim: emulator and layout simulator for AMD RDNA4 (and RDNA3) WMMA/SWMMAC instructions"};
  app.require_subcommand(1);
  auto& commands = cli::registered_commands();
  std::sort(commands.begin(), commands.end(), [](auto& a, auto& b) { return a.name < b.name; });
  std::map<CLI::App*, std::function<int()>> runs;
  for (const auto& spec : commands) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.description);
    runs[sub] = spec.setup(*sub);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints --help itself; every other parse error is one sentence with status 2.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "wmmasim: " << e.what() << " (see wmmasim --help)\n";
    return 2;
  }
  try {
    for (auto& [sub, run] : runs)
      if (sub->parsed()) return run();
  } catch (const UserError& e) {
    std::cerr << "wmmasim: " << e.what() << "\n";
    return e.exit_code;
  } catch (const std::exception& e) {
    std::cerr << "wmmasim: internal error: " << e.what() << "\n";
    return 3;
  }
  return 2;
}
