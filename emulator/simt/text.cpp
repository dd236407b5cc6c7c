#include "text.hpp"

#include <string_view>

namespace wmmasim::simt::detail {

std::string short_location(const std::source_location& where) {
  if (where.line() == 0) return "";
  std::string_view file = where.file_name();
  if (const auto slash = file.find_last_of('/'); slash != std::string_view::npos) file.remove_prefix(slash + 1);
  return std::string(file) + ":" + std::to_string(where.line());
}

std::string at_text(const std::source_location& where) {
  return where.line() == 0 ? "" : " at " + short_location(where);
}

std::string after_text(const std::source_location& where) {
  return where.line() == 0 ? "" : " after " + short_location(where);
}

std::string duration_text(std::chrono::milliseconds d) {
  const auto ms = d.count();
  return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

std::string ranges_text(const std::vector<unsigned>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(v[i]);
    if (j > i) {
      out += '-';  // not "-" + std::string: g++ 12 warns falsely (-Wrestrict) on that
      out += std::to_string(v[j]);
    }
    i = j + 1;
  }
  return out;
}

std::string threads_text(const std::vector<unsigned>& tids, unsigned wave_size) {
  if (tids.empty()) return "no threads";
  std::string out = (tids.size() == 1 ? "thread " : "threads ") + ranges_text(tids);
  const unsigned first_wave = tids.front() / wave_size, last_wave = tids.back() / wave_size;
  if (first_wave == last_wave) return out + " (wave " + std::to_string(first_wave) + ", " + lanes_text(tids, wave_size) + ")";
  return out + " (waves " + std::to_string(first_wave) + "-" + std::to_string(last_wave) + ")";
}

std::string lanes_text(const std::vector<unsigned>& tids, unsigned wave_size) {
  std::vector<unsigned> lanes;
  lanes.reserve(tids.size());
  for (unsigned t : tids) lanes.push_back(t % wave_size);
  return (lanes.size() == 1 ? "lane " : "lanes ") + ranges_text(lanes);
}

}  // namespace wmmasim::simt::detail
