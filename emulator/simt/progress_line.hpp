// One updating line on stderr while a long launch runs (LaunchOptions::progress), so a person at a
// terminal sees a minutes-long run move: "wmmasim: kernel K, launch 3: 1200 of 4096 blocks, 41 s, about
// 98 s left". Nothing for the first two seconds; the line is erased when the launch ends.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace wmmasim::simt::detail {

class ProgressLine {
 public:
  ProgressLine(bool enabled, std::string kernel, std::uint64_t launch, std::uint64_t total_blocks)
      : enabled_(enabled), kernel_(std::move(kernel)), launch_(launch), total_(total_blocks) {}
  ~ProgressLine() { finish(); }
  void update(std::chrono::steady_clock::duration elapsed, std::uint64_t blocks_done);
  void finish();

 private:
  bool enabled_, shown_ = false;
  std::string kernel_;
  std::uint64_t launch_, total_;
  std::chrono::steady_clock::duration last_shown_{};
};

// "%d s" or "%d min %d s"
std::string progress_duration(std::chrono::steady_clock::duration d);
// The line without its terminal control characters.
std::string progress_text(const std::string& kernel, std::uint64_t launch, std::uint64_t done, std::uint64_t total,
                          std::chrono::steady_clock::duration elapsed);

}  // namespace wmmasim::simt::detail
