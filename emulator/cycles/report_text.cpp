#include <algorithm>
#include <cstdio>
#include <sstream>

#include "wmmasim/cycles/report.hpp"

namespace wmmasim::cycles {
namespace {

std::string fixed(double v, int digits = 1) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// The three largest stall causes of a wave, "lds 120, barrier 40".
std::string top_stalls(const StallCounts& s) {
  std::vector<std::pair<Cycle, std::size_t>> order;
  for (std::size_t c = 0; c < kStallCauseCount; ++c)
    if (s[c] > 0) order.emplace_back(s[c], c);
  std::sort(order.rbegin(), order.rend());
  std::string out;
  for (std::size_t i = 0; i < order.size() && i < 3; ++i)
    out += (i ? ", " : "") + std::string(stall_name(static_cast<StallCause>(order[i].second))) + " " +
           std::to_string(order[i].first);
  return out.empty() ? "-" : out;
}

}  // namespace

std::string text_report(const Prediction& p) {
  std::ostringstream o;
  o << "program: " << p.program << "\n";
  o << "model: " << p.model << "\n";
  o << "kernel cycles: " << p.kernel_cycles;
  if (p.parameters.f_sclk_mhz)
    o << " (" << fixed(double(p.kernel_cycles) / *p.parameters.f_sclk_mhz, 3) << " us at " << *p.parameters.f_sclk_mhz
      << " MHz)";
  o << "\n\nper SIMD:\n";
  o << "  simd  waves        end  wmma_busy  util%  FLOP/clk  sustained FLOP/clk\n";
  for (const SimdResult& s : p.simds) {
    char line[160];
    std::snprintf(line, sizeof line, "  %4d  %5d  %9lld  %9lld  %5s  %8s  %18s\n", s.simd, s.waves,
                  static_cast<long long>(s.end), static_cast<long long>(s.wmma_busy), fixed(100 * s.utilization()).c_str(),
                  fixed(s.flop_per_clk()).c_str(), fixed(s.sustained_flop_per_clk()).c_str());
    o << line;
  }
  o << "\nper wave:\n";
  o << "  wave  simd  block   launch      end   cycles    timed  wmma  stalls (largest)\n";
  for (const WaveResult& w : p.waves) {
    char line[200];
    std::snprintf(line, sizeof line, "  %4d  %4d  %5d  %7lld  %7lld  %7lld  %7lld  %4lld  ", w.wave_id, w.simd, w.block,
                  static_cast<long long>(w.launch), static_cast<long long>(w.end), static_cast<long long>(w.cycles()),
                  static_cast<long long>(w.timed_cycles()), static_cast<long long>(w.wmma_count));
    o << line << top_stalls(w.stalls) << "\n";
  }
  o << "\nstalls by cause (wave-cycles, all waves):\n";
  bool any = false;
  for (std::size_t c = 0; c < kStallCauseCount; ++c)
    if (p.stalls[c] > 0) {
      any = true;
      o << "  " << stall_name(static_cast<StallCause>(c)) << ": " << p.stalls[c] << "\n";
    }
  if (!any) o << "  none\n";
  o << "\nhazards:";
  if (p.hazards.empty()) o << " none";
  o << "\n";
  for (const Hazard& h : p.hazards)
    o << "  " << (h.severity == Severity::error ? "error" : "warning") << " [" << hazard_name(h.id) << "] "
      << h.message << "\n";
  return o.str();
}

}  // namespace wmmasim::cycles
