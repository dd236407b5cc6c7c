// Recording a user's own HIP program, launch by launch, into a run file (version 2, docs/hw.md
// "Launch records"). Backend-neutral: the CPU emulator's HIP runtime (emulator/hip/) and the GPU
// interposer (hw/record/, libwmmasim_record.so) both drive the same Recorder, so their files diff
// with `wmmasim diff cpu.json gpu.json`.
//
// How a runtime wires it (every call is thread-safe):
//
//   wmmasim::record::Recorder* rec = wmmasim::record::process_recorder({"emulator", "wmmasim-hipcc 0.1.0", "gfx12-dot4"});
//   // rec == nullptr unless WMMASIM_RECORD is set: then do nothing more (no cost).
//
//   hipMalloc(&p, n)   -> rec->note_allocation(address_of(p), n, "float");   // hint may be ""
//   hipFree(p)         -> rec->note_free(address_of(p));
//   a kernel launch    -> once all earlier work on the device is done and right before the kernel runs:
//                           Recorder::Ticket t = rec->before_launch(launch, copy);
//                         the kernel runs; once it has finished (or failed):
//                           rec->after_launch(t, copy, error_sentence_or_empty);
//   program end        -> nothing: process_recorder() registers finish() with atexit. A runtime
//                         that tears down earlier may call rec->finish() itself (idempotent).
//
// `copy` reads device memory into host memory; on the CPU emulator device memory is host memory,
// so it is a memcpy:
//   auto copy = [](std::uint64_t address, void* host, std::size_t bytes) {
//     std::memcpy(host, reinterpret_cast<const void*>(address), bytes); return std::string(); };
//
// A Launch describes the kernel and its arguments as the launching code passed them:
//   Launch l;
//   l.kernel = "scale(__half const*, float*, int, float)";  // demangled (abi::__cxa_demangle of the symbol)
//   l.symbol = "_Z5scalePK6__halfPfif";                     // optional
//   l.grid = {gx, gy, gz}; l.block = {bx, by, bz}; l.dynamic_lds = shared_bytes; l.wave_size = 32;
//   l.arguments.push_back(Argument::of("const __half*", &x, sizeof x));   // pointers: the pointer's 8 bytes
//   l.arguments.push_back(Argument::of("int", &n, sizeof n));             // scalars: their bytes
//
// The recorder finds every noted allocation that a pointer argument points into (base <= pointer <
// base + bytes) and stores its whole contents before and after the launch.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "wmmasim/runfile/launch_record.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {
class LaunchFileWriter;
}

namespace wmmasim::record {

// Which launches are kept: WMMASIM_RECORD_LAUNCHES="0,3-5,scale,gemm_*" — launch numbers (0-based,
// counting every launch of the process), inclusive ranges, or kernel names: a name matches the
// demangled name without its parameter list, or the whole demangled name, as a shell glob (fnmatch).
// Empty: every launch.
struct LaunchFilter {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
  std::vector<std::string> names;
  bool empty() const { return ranges.empty() && names.empty(); }
  bool selects(std::uint64_t index, const std::string& kernel) const;
  // Throws UserError naming `what` (e.g. "WMMASIM_RECORD_LAUNCHES") on a malformed item.
  static LaunchFilter parse(const std::string& text, const std::string& what);
};

inline constexpr std::uint64_t kDefaultMaxBufferBytes = 256ull << 20;

struct Options {
  std::string out;                 // WMMASIM_RECORD: the run file to write
  bool only_outputs = false;       // WMMASIM_RECORD_ONLY_OUTPUTS=1: only buffers reached through non-const
                                   // pointers (or pointers of unknown type), and only their contents after
  LaunchFilter launches;           // WMMASIM_RECORD_LAUNCHES
  std::uint64_t max_buffer_bytes = kDefaultMaxBufferBytes;  // WMMASIM_RECORD_MAX_BYTES (suffixes K, M, G):
                                   // larger allocations are listed without contents, with a note

  // nullopt when WMMASIM_RECORD is unset or empty. Throws UserError (one sentence) on a bad value.
  static std::optional<Options> from_environment();
  // The same from any lookup (tests): `get(name)` returns nullptr for an unset variable.
  static std::optional<Options> from(const std::function<const char*(const char*)>& get);
};

// One kernel argument as the launch passed it.
struct Argument {
  // How to tell whether the value is a device pointer.
  enum class Kind {
    from_type,  // a pointer iff `type` ends in '*' (after trailing cv/restrict); with an empty type, an
                // 8-byte value that lies inside a noted allocation is taken as a pointer (noted in the record)
    pointer,    // a pointer whatever `type` says (GPU: the code object's global_buffer arguments)
    value,      // never followed
  };
  std::string type;                  // C++ parameter type: "const __half*", "float*", "int", "float4"; "" unknown
  std::vector<std::uint8_t> value;   // its bytes as passed
  Kind kind = Kind::from_type;

  static Argument of(std::string type, const void* value, std::size_t bytes, Kind kind = Kind::from_type);
};

struct Extent {
  std::uint32_t x = 1, y = 1, z = 1;
};

struct Launch {
  std::string kernel;                // demangled, with its parameter list when known
  std::string symbol;                // mangled, "" when unknown
  Extent grid, block;
  std::uint64_t dynamic_lds = 0;     // bytes of dynamic shared memory
  int wave_size = 0;                 // 32 or 64; 0 unknown
  std::vector<Argument> arguments;
  std::vector<std::string> notes;    // anything the runtime wants kept with the launch
};

// Copies `bytes` bytes at device address `address` into `host`; returns "" or a sentence saying why not.
using CopyFromDevice = std::function<std::string(std::uint64_t address, void* host, std::size_t bytes)>;

class Recorder {
 public:
  // What before_launch hands back for after_launch; `recorded` is false for launches the filter skips.
  struct Ticket {
    std::uint64_t index = 0;
    bool recorded = false;
  };

  // Opens the run file's temporary copy at once (so a bad WMMASIM_RECORD path fails before the
  // program runs); throws UserError when it cannot. `environment` goes into the file as is, with
  // the recorder's own counts added at finish().
  Recorder(Options options, runfile::Producer producer, nlohmann::json environment = nlohmann::json::object());
  ~Recorder();  // without finish() the run file is not written

  // Device memory the program allocated / freed. `element_type` is a hint ("float"; "" unknown) used
  // when no argument type says more. A base noted again replaces the earlier allocation.
  void note_allocation(std::uint64_t base, std::uint64_t bytes, std::string element_type = "");
  void note_free(std::uint64_t base);

  // Call in stream order, right before the kernel runs: numbers the launch, and when the filter keeps
  // it finds the reachable allocations and copies their contents through `copy`.
  Ticket before_launch(const Launch& launch, const CopyFromDevice& copy);
  // Call once the kernel has finished. `error` is "" on success, else the runtime's sentence; after
  // a failed launch `copy` is not called and may be empty. Writes the launch to the file.
  void after_launch(const Ticket& ticket, const CopyFromDevice& copy, const std::string& error = "");

  // Adds to the environment written at finish (e.g. "host_copies").
  void set_environment(const std::string& key, nlohmann::json value);
  // Writes the run file (temporary file + rename). Throws UserError on failure. Idempotent.
  void finish();

  std::uint64_t launches_seen() const;
  const Options& options() const { return options_; }

 private:
  struct Allocation {
    std::uint64_t bytes;
    std::string element_type;
  };
  void copy_contents(runfile::LaunchRecord& record, bool before, const CopyFromDevice& copy);

  Options options_;
  nlohmann::json environment_;
  mutable std::mutex mutex_;
  std::map<std::uint64_t, Allocation> allocations_;       // by base address
  std::map<std::uint64_t, runfile::LaunchRecord> pending_;  // recorded launches between before and after
  std::map<std::uint64_t, std::vector<std::uint64_t>> pending_bases_;  // their buffers' base addresses
  std::uint64_t next_index_ = 0, recorded_ = 0, skipped_buffers_ = 0;
  std::unique_ptr<runfile::LaunchFileWriter> writer_;
  bool finished_ = false;
};

// The process's recorder, made on first call from the environment (Options::from_environment), or
// nullptr when WMMASIM_RECORD is unset. Registers finish() with atexit. A bad setting or an
// unwritable path prints one sentence ("wmmasim record: ...") on stderr and exits with status 2; so
// does a failure to write the file at exit. Later calls return the same recorder (the producer of
// the first call counts).
Recorder* process_recorder(const runfile::Producer& producer, const nlohmann::json& environment = nlohmann::json::object());

// Helpers shared by both callers (and tested on their own).
bool is_pointer_type(const std::string& type);
bool points_to_const(const std::string& type);  // "const float*", "float const*": true; "float*": false
std::string demangle(const std::string& symbol);  // the symbol itself when it is not a C++ name

}  // namespace wmmasim::record
