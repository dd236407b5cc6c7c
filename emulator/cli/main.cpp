// wmmasim: layouts, bit-exact emulation, runs and diffs of RDNA3/RDNA4 matrix instructions.
#include <poll.h>

#include <algorithm>
#include <csignal>
#include <iostream>
#include <map>

#include "command.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/files/atomic_file.hpp"

namespace {

// True when standard output is a pipe whose reader has gone (`wmmasim ... | head`).
bool stdout_reader_gone() {
  pollfd out{1, POLLOUT, 0};
  return ::poll(&out, 1, 0) == 1 && (out.revents & POLLERR) != 0;
}

// A reader that closes the pipe early wanted no more output: that is success, not a fault, so the
// command finishes and exits 0 (scripts under `set -o pipefail` stay green). Any other failure to
// write standard output (a full disk) is an error, never a silent 0.
int finish_output(int status) {
  std::cout.flush();
  if (std::cout) return status;
  if (stdout_reader_gone()) return status;
  std::cerr << "wmmasim: could not write to standard output\n";
  return status == 0 ? 2 : status;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace wmmasim;
  // Writes to a closed pipe fail with EPIPE instead of killing the process; see finish_output.
  std::signal(SIGPIPE, SIG_IGN);
  // Ctrl-C stops at once; an output file being written is removed (outputs are written whole or not
  // at all: wmmasim/files/atomic_file.hpp).
  files::remove_unfinished_file_on_interrupt();
  CLI::App app{"wmmasim: emulator and layout simulator for AMD RDNA4 (and RDNA3) WMMA/SWMMAC instructions"};
  app.require_subcommand(1);
  auto& commands = cli::registered_commands();
  std::sort(commands.begin(), commands.end(), [](auto& a, auto& b) { return a.name < b.name; });
  std::map<CLI::App*, std::function<int()>> runs;
  for (const auto& spec : commands) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.description);
    runs[sub] = spec.setup(*sub);
  }
  // CLI11 would call a misspelt subcommand "A subcommand is required"; name it instead.
  if (argc > 1 && argv[1][0] != '-' &&
      std::none_of(commands.begin(), commands.end(), [&](const auto& c) { return c.name == argv[1]; })) {
    std::cerr << "wmmasim: unknown subcommand '" << quoted_input(argv[1]) << "' (see wmmasim --help)\n";
    return 2;
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
      if (sub->parsed()) return finish_output(run());
  } catch (const UserError& e) {
    std::cerr << "wmmasim: " << e.what() << "\n";
    return e.exit_code;
  } catch (const std::exception& e) {
    std::cerr << "wmmasim: internal error: " << e.what() << "\n";
    return 3;
  }
  return 2;
}
