// Subcommands register themselves: each *_command.cpp holds one static RegisterCommand.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace wmmasim::cli {

// Adds a subcommand's options to `sub` and returns what runs it; the result is the exit status.
using CommandSetup = std::function<std::function<int()>(CLI::App& sub)>;

struct CommandSpec {
  std::string name, description;
  CommandSetup setup;
};

std::vector<CommandSpec>& registered_commands();

struct RegisterCommand {
  RegisterCommand(std::string name, std::string description, CommandSetup setup) {
    registered_commands().push_back({std::move(name), std::move(description), std::move(setup)});
  }
};

}  // namespace wmmasim::cli
