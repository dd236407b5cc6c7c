// Writes a run file of launch records while the program runs, one launch at a time, so a recording
// never holds more than one launch's buffers in memory. The file appears under its name only when
// finish() succeeds (temporary file + rename); a program that dies first leaves `PATH.tmp.PID`,
// never a partial run file.
#pragma once

#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "wmmasim/runfile/launch_record.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {

class LaunchFileWriter {
 public:
  // Creates the temporary file next to `path`; throws UserError (one sentence) when it cannot.
  LaunchFileWriter(std::filesystem::path path, Producer producer);
  ~LaunchFileWriter();  // an unfinished file is removed
  LaunchFileWriter(const LaunchFileWriter&) = delete;
  LaunchFileWriter& operator=(const LaunchFileWriter&) = delete;

  void append(const LaunchRecord& launch);
  // Adds the environment, closes the file and renames it to `path`. Throws UserError on failure
  // (the temporary file is removed). Later calls do nothing.
  void finish(const nlohmann::json& environment);

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_, tmp_;
  std::FILE* file_ = nullptr;
  bool first_ = true, failed_ = false;
};

}  // namespace wmmasim::runfile
