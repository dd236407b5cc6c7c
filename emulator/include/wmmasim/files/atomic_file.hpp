// Every file wmmasim writes is written whole or not at all: the contents go to a temporary file in
// the same directory, which is renamed over the destination once complete (rename is atomic within a
// file system). A failure, a full disk or an interrupt leaves the destination as it was and no
// temporary file behind.
#pragma once

#include <filesystem>
#include <string_view>

namespace wmmasim::files {

// Writes `contents` to `path` atomically. Throws UserError with one sentence ("cannot write <what>
// <path>: <reason>") when it cannot.
void write_atomically(const std::filesystem::path& path, std::string_view contents, std::string_view what = "file");

// For programs (the CLI): on SIGINT, SIGTERM or SIGHUP, remove the temporary file being written, if
// any, then die of the signal as the default action would (a shell sees 130 for Ctrl-C). Work in
// progress stops at once; since results are only ever written through write_atomically, no
// partial output file remains.
void remove_unfinished_file_on_interrupt();

}  // namespace wmmasim::files
