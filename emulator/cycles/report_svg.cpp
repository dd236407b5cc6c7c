// The SVG timeline: plain shapes and text only (no scripts, no external fonts or styles), so it opens
// in any browser and survives being attached to an issue.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "wmmasim/cycles/report.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::cycles {
namespace {

struct Style {
  const char* fill;
  const char* legend;
};

Style style_of(const TraceEvent& e) {
  switch (e.kind) {
    case InstrKind::wmma:
      if (e.matrix->family == Family::swmmac) return {"#7b3fb0", "SWMMAC"};
      return e.matrix->issue_cycles <= 8 ? Style{"#2c7fb8", "WMMA 8-pass"} : Style{"#1b4f9c", "WMMA 16+-pass"};
    case InstrKind::valu: return {"#31a354", "VALU"};
    case InstrKind::nop: return {"#a1d99b", "v_nop"};
    case InstrKind::salu: return {"#fd8d3c", "SALU"};
    case InstrKind::timer: return {"#000000", "timer read"};
    case InstrKind::lds_load: case InstrKind::lds_store: return {"#e7298a", "LDS"};
    case InstrKind::global_load: case InstrKind::global_store: return {"#8c510a", "global memory"};
    case InstrKind::barrier: return {"#d62728", "s_barrier"};
  }
  return {"#999999", "other"};
}

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// A round step for axis ticks (1, 2, 5, 10, 20, 50, ...): at most a dozen ticks across the window.
Cycle tick_step(Cycle span) {
  for (Cycle base = 1;; base *= 10)
    for (Cycle m : {1, 2, 5})
      if (span / (base * m) <= 12) return base * m;
}

}  // namespace

std::string svg_timeline(const Program& program, const Prediction& p, const SvgOptions& options) {
  std::vector<const WaveResult*> rows;
  for (const WaveResult& w : p.waves)
    if (w.simd == options.simd) rows.push_back(&w);
  if (rows.empty()) throw UserError("SIMD " + std::to_string(options.simd) + " runs no wave of program \"" + p.program + "\"");
  const Cycle to = options.to < 0 ? p.simd(options.simd).end : options.to;
  if (to <= options.from)
    throw UserError("the timeline window [" + std::to_string(options.from) + ", " + std::to_string(to) + ") is empty");
  const Cycle span = to - options.from;

  const int left = 90, top = 56, row_h = 26, bar_h = 18, width = std::max(200, options.width);
  const double px = double(width) / double(span);
  const int legend_y = top + int(rows.size()) * row_h + 34;
  const int height = legend_y + 30;
  auto x_of = [&](Cycle c) { return left + double(c - options.from) * px; };

  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << left + width + 20 << "\" height=\"" << height
    << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  o << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  o << "<text x=\"10\" y=\"18\" font-size=\"14\" font-weight=\"bold\">" << escape(p.program) << ": SIMD " << options.simd
    << ", cycles " << options.from << " to " << to << "</text>\n";
  o << "<text x=\"10\" y=\"36\" fill=\"#555\">" << escape(p.model) << "</text>\n";

  // Axis and grid.
  const Cycle step = tick_step(span);
  for (Cycle c = (options.from + step - 1) / step * step; c <= to; c += step) {
    const double x = x_of(c);
    o << "<line x1=\"" << x << "\" y1=\"" << top - 4 << "\" x2=\"" << x << "\" y2=\"" << top + int(rows.size()) * row_h
      << "\" stroke=\"#ddd\"/>\n";
    o << "<text x=\"" << x << "\" y=\"" << top + int(rows.size()) * row_h + 14 << "\" text-anchor=\"middle\" fill=\"#555\">"
      << c << "</text>\n";
  }

  std::vector<std::pair<const char*, const char*>> legend;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const WaveResult& w = *rows[r];
    const WaveTrace* trace = nullptr;
    for (const WaveTrace& t : program.waves)
      if (t.wave_id == w.wave_id) trace = &t;
    if (trace == nullptr) throw UserError("the prediction does not belong to program \"" + program.name + "\"");
    const int y = top + int(r) * row_h;
    o << "<text x=\"10\" y=\"" << y + bar_h - 4 << "\">wave " << w.wave_id << "</text>\n";
    for (const IssueRecord& i : w.issues) {
      const Cycle end = i.issue + std::max<Cycle>(1, i.port_busy);
      if (end <= options.from || i.issue >= to) continue;
      const TraceEvent& e = trace->events[i.index];
      const Style s = style_of(e);
      if (std::none_of(legend.begin(), legend.end(), [&](auto& l) { return l.second == s.legend; }))
        legend.emplace_back(s.fill, s.legend);
      const double x0 = x_of(std::max(i.issue, options.from)), x1 = x_of(std::min(end, to));
      o << "<rect x=\"" << x0 << "\" y=\"" << y << "\" width=\"" << std::max(1.0, x1 - x0 - (x1 - x0 > 3 ? 0.5 : 0.0))
        << "\" height=\"" << bar_h << "\" fill=\"" << s.fill << "\"><title>wave " << w.wave_id << " #" << i.index << " "
        << escape(e.name()) << " at " << escape(to_string(e.where)) << ": issue " << i.issue << ", port "
        << i.port_busy << " cycle(s)</title></rect>\n";
    }
  }

  int lx = 10;
  for (const auto& [fill, name] : legend) {
    o << "<rect x=\"" << lx << "\" y=\"" << legend_y << "\" width=\"12\" height=\"12\" fill=\"" << fill << "\"/>";
    o << "<text x=\"" << lx + 16 << "\" y=\"" << legend_y + 11 << "\">" << name << "</text>\n";
    lx += 30 + 7 * int(std::string_view(name).size());
  }
  o << "</svg>\n";
  return o.str();
}

}  // namespace wmmasim::cycles
