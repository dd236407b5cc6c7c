#include "wmmasim/cycles/trace.hpp"

#include <algorithm>

namespace wmmasim::cycles {

std::string_view kind_name(InstrKind k) {
  switch (k) {
    case InstrKind::valu: return "valu";
    case InstrKind::wmma: return "wmma";
    case InstrKind::salu: return "salu";
    case InstrKind::lds_load: return "lds_load";
    case InstrKind::lds_store: return "lds_store";
    case InstrKind::global_load: return "global_load";
    case InstrKind::global_store: return "global_store";
    case InstrKind::barrier: return "barrier";
    case InstrKind::timer: return "timer";
    case InstrKind::nop: return "nop";
  }
  return "?";
}

IssuePort issue_port(InstrKind k) {
  switch (k) {
    case InstrKind::valu: case InstrKind::wmma: case InstrKind::nop: return IssuePort::valu;
    case InstrKind::salu: case InstrKind::timer: return IssuePort::salu;
    case InstrKind::lds_load: case InstrKind::lds_store: return IssuePort::lds;
    case InstrKind::global_load: case InstrKind::global_store: return IssuePort::vmem;
    case InstrKind::barrier: return IssuePort::message;
  }
  return IssuePort::valu;
}

std::string to_string(VgprRange r) {
  // Appended piecewise: g++ 12 warns falsely (-Wrestrict) on "literal" + std::to_string(...).
  std::string s(r.count == 1 ? "v" : "v[");
  s += std::to_string(r.first);
  if (r.count == 1) return s;
  s += ':';
  s += std::to_string(r.end() - 1);
  s += ']';
  return s;
}

std::string_view role_name(ReadRole r) {
  switch (r) {
    case ReadRole::a: return "A";
    case ReadRole::b: return "B";
    case ReadRole::c: return "C";
    case ReadRole::index: return "index";
    case ReadRole::other: return "source";
  }
  return "?";
}

std::string to_string(SourceLocation s) {
  if (s.file == nullptr || *s.file == '\0') return "?";
  std::string_view file = s.file;
  // Reports stay short: the path below the repository's top-level directories is enough to find it.
  if (auto cut = file.rfind('/'); cut != std::string_view::npos) {
    const auto parent = file.rfind('/', cut - 1);
    file.remove_prefix(parent == std::string_view::npos ? 0 : parent + 1);
  }
  return std::string(file) + ":" + std::to_string(s.line);
}

std::string_view TraceEvent::name() const {
  if (label != nullptr && *label != '\0') return label;
  if (matrix != nullptr) return matrix->mnemonic;
  return kind_name(kind);
}

int WaveTrace::vgprs_used() const {
  if (vgprs > 0) return vgprs;
  int top = 0;
  for (const TraceEvent& e : events) {
    for (VgprRange w : e.writes) top = std::max(top, int(w.end()));
    for (const VgprRead& r : e.reads) top = std::max(top, int(r.regs.end()));
  }
  return top;
}

const char* Program::intern(std::string_view s) { return strings_->emplace_back(s).c_str(); }

}  // namespace wmmasim::cycles
