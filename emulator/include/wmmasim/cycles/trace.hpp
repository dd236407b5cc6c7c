// What the cycle model consumes: for every wave, the ordered list of instructions it issued, with the
// VGPRs each one wrote and read. The SIMT runtime records these while it runs a kernel; tests and the
// microbenchmark plan write them by hand with ProgramBuilder (builder.hpp).
//
// A trace is deliberately coarse: no SGPRs, no addresses, no EXEC. What decides timing on the SIMD is
// which port an instruction uses and which VGPRs link it to earlier instructions (timing.md 4.2).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/layouts/instruction.hpp"

namespace wmmasim::cycles {

// What the SIMD arbiter sees. `nop` is v_nop: a VALU instruction that reads and writes nothing (it is
// what compilers put between a WMMA and a dependent WMMA, timing.md 3.1). `timer` is one fenced read
// of the shader-cycle counter.
enum class InstrKind : std::uint8_t { valu, wmma, salu, lds_load, lds_store, global_load, global_store, barrier, timer, nop };
std::string_view kind_name(InstrKind k);

// The issue port (arbiter class, timing.md 4.2 step 1) an instruction competes for.
enum class IssuePort : std::uint8_t { valu, salu, vmem, lds, message };
IssuePort issue_port(InstrKind k);
// v_nop counts as VALU: it expires the WMMA hazards.
inline bool is_valu_class(InstrKind k) { return issue_port(k) == IssuePort::valu; }

// VGPRs [first, first + count) of one wave. Ids are per wave, as in the ISA (v0, v1, ...).
struct VgprRange {
  std::uint16_t first = 0;
  std::uint16_t count = 0;
  std::uint16_t end() const { return static_cast<std::uint16_t>(first + count); }
  bool empty() const { return count == 0; }
  bool overlaps(VgprRange o) const { return first < o.end() && o.first < end(); }
  // A sub-range: `n` registers from `offset` (e.g. one VGPR of an accumulator).
  VgprRange slice(std::uint16_t offset, std::uint16_t n = 1) const {
    return {static_cast<std::uint16_t>(first + offset), n};
  }
};
std::string to_string(VgprRange r);  // "v7" or "v[8:15]"

// How a read uses its registers; the cycle model gives a WMMA result a different latency for each
// consumer role (timing.md 4.2 step 3). Reads by anything that is not a WMMA are `other`.
enum class ReadRole : std::uint8_t { a, b, c, index, other };
std::string_view role_name(ReadRole r);

struct VgprRead {
  VgprRange regs;
  ReadRole role = ReadRole::other;
};

// Where an instruction came from. `file` must outlive the trace: a string literal, a
// std::source_location file name, or a string interned with Program::intern.
struct SourceLocation {
  const char* file = "";
  std::uint32_t line = 0;
};
std::string to_string(SourceLocation s);  // "file.cpp:12", or "?" when unknown

struct TraceEvent {
  InstrKind kind = InstrKind::valu;
  const Instruction* matrix = nullptr;  // kind == wmma only: the table record (WMMA or SWMMAC)
  std::vector<VgprRange> writes;
  std::vector<VgprRead> reads;
  std::uint32_t bytes = 0;              // memory kinds: bytes moved by the whole wave
  SourceLocation where;
  const char* label = "";               // mnemonic shown in reports, e.g. "v_add_f32"

  std::string_view name() const;        // the label, else the matrix mnemonic, else the kind
};

struct WaveTrace {
  int wave_id = 0;    // unique within the program; also the wave's age (lower = older)
  int simd = 0;       // global SIMD id; the CU is simd / kSimdsPerCu
  int block = 0;      // workgroup id: s_barrier synchronises the waves of one block
  int wave_size = 32; // 32 or 64
  int vgprs = 0;      // VGPRs allocated per lane; 0 = one past the highest VGPR the trace touches
  int lds_bytes = 0;  // LDS allocated by the wave's workgroup (the same on every wave of a block)
  std::vector<TraceEvent> events;

  int vgprs_used() const;  // `vgprs`, or the highest VGPR id touched + 1
};

// The waves of one kernel launch (or of one hand-written microbenchmark).
struct Program {
  std::string name;
  std::vector<WaveTrace> waves;

  // Keeps a copy of `s` alive as long as the program (and its copies) and returns a stable pointer.
  const char* intern(std::string_view s);

 private:
  // Shared so that copies of a program keep the strings their events point to; a deque so that
  // growing it never moves the stored strings.
  std::shared_ptr<std::deque<std::string>> strings_ = std::make_shared<std::deque<std::string>>();
};

}  // namespace wmmasim::cycles
