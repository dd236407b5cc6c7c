#include "progress_line.hpp"

#include <cstdio>

namespace wmmasim::simt::detail {

using namespace std::chrono;

std::string progress_duration(steady_clock::duration d) {
  const long long s = duration_cast<seconds>(d).count();
  return s < 60 ? std::to_string(s) + " s" : std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
}

std::string progress_text(const std::string& kernel, std::uint64_t launch, std::uint64_t done, std::uint64_t total,
                          steady_clock::duration elapsed) {
  std::string s = "wmmasim: kernel " + kernel + ", launch " + std::to_string(launch) + ": " + std::to_string(done) +
                  " of " + std::to_string(total) + " blocks, " + progress_duration(elapsed);
  if (done > 0 && done < total)
    s += ", about " + progress_duration(elapsed * static_cast<long long>(total - done) / static_cast<long long>(done)) + " left";
  return s;
}

void ProgressLine::update(steady_clock::duration elapsed, std::uint64_t blocks_done) {
  if (!enabled_ || elapsed < seconds(2) || (shown_ && elapsed - last_shown_ < milliseconds(500))) return;
  last_shown_ = elapsed;
  shown_ = true;
  std::fprintf(stderr, "\r\033[K%s", progress_text(kernel_, launch_, blocks_done, total_, elapsed).c_str());
  std::fflush(stderr);
}

void ProgressLine::finish() {
  if (!shown_) return;
  shown_ = false;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
}

}  // namespace wmmasim::simt::detail
