// Pieces of the one-sentence messages: lane and thread ranges, source lines, durations.
#pragma once

#include <chrono>
#include <source_location>
#include <string>
#include <vector>

namespace wmmasim::simt::detail {

std::string short_location(const std::source_location& where);  // "k.cpp:40", "" when unknown
std::string at_text(const std::source_location& where);          // " at k.cpp:40", "" when unknown
std::string after_text(const std::source_location& where);       // " after k.cpp:40", "" when unknown
std::string duration_text(std::chrono::milliseconds d);          // "2 s", "250 ms"
std::string ranges_text(const std::vector<unsigned>& sorted);    // "0-15, 20, 32-63"
// "threads 48-63 (wave 1, lanes 16-31)", "thread 5 (wave 0, lane 5)", "threads 0-95 (waves 0-2)"
std::string threads_text(const std::vector<unsigned>& tids, unsigned wave_size);
// "lanes 16-31", "lane 5": tids of one wave, named by lane
std::string lanes_text(const std::vector<unsigned>& tids, unsigned wave_size);

}  // namespace wmmasim::simt::detail
