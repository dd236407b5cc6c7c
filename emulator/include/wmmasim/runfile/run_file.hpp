// The run file: one JSON format for a program's inputs, raw outputs and timings, whoever produced them
// (the GPU through `wmmasim hw run`, the emulator, or a converted hardware capture). Specified in
// docs/hw.md ("Run file format"); this is its one reader and writer.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "wmmasim/runfile/launch_record.hpp"

namespace wmmasim::runfile {

inline constexpr const char* kFormatName = "wmmasim-run";
inline constexpr int kFormatVersion = 1;  // files without launch records; version 2 adds "launches"

// A matrix of raw element bits: key-major (SWMMAC index sets), then row-major, ISA K labels.
struct Matrix {
  std::string format;  // f16 bf16 f32 fp8 bf8 iu8 iu4 i32 sparse_index b16 b8
  int rows = 0, cols = 0, keys = 1;
  std::vector<std::uint32_t> bits;
  std::string layout_evidence;  // empty: documented layout; otherwise evidence_name() of the layout it was converted with
  bool operator==(const Matrix&) const = default;
};

struct WaveCycles {
  int wave = 0;
  std::uint64_t shader_cycles = 0;   // SHADER_CYCLES delta across the timed region
  std::uint64_t realtime_ticks = 0;  // REALTIME delta across the same region
  bool operator==(const WaveCycles&) const = default;
};

struct Cycles {
  std::vector<WaveCycles> per_wave;
  double wall_clock_hz = 0;       // REALTIME rate
  std::string wall_clock_source;  // how the rate was obtained
  bool operator==(const Cycles&) const = default;
};

struct ProgramRecord {
  std::string program;      // hw program name, e.g. wmma_i32_16x16x16_iu8_w32_gfx12+signed_a
  std::string arch;         // gfx1201 ...
  int wave_size = 32;
  std::uint64_t seed = 0;
  std::string instruction;  // full builtin name, __builtin_amdgcn_...
  std::vector<std::string> modifiers;  // signed_a signed_b clamp opsel
  std::string mode;         // values | timed
  std::string addressing;   // global_load_tr programs: linear | documented_8x32 | isa_b
  std::map<std::string, Matrix> inputs;   // A B C index (load_tr: memory)
  std::map<std::string, Matrix> outputs;  // D (absent when no layout is known for D)
  // Optional raw registers: operand -> lane -> 32-bit words (wave 0 for outputs).
  std::map<std::string, std::vector<std::vector<std::uint32_t>>> registers;
  std::optional<Cycles> cycles;  // timed programs
  std::vector<std::string> notes;
  bool operator==(const ProgramRecord&) const = default;
};

struct Producer {
  std::string backend;  // hip | emulator | capture
  std::string tool;     // e.g. "wmmasim 0.1.0"
  std::optional<std::string> model;  // numerics model name (emulator); null for hardware
  bool operator==(const Producer&) const = default;
};

struct RunFile {
  int version = kFormatVersion;
  Producer producer;
  nlohmann::json environment = nlohmann::json::object();
  std::vector<ProgramRecord> programs;
  std::vector<LaunchRecord> launches;  // version 2: a user's own program, launch by launch (launch_record.hpp)
  bool operator==(const RunFile&) const = default;
};

// Hex digits used for one element of `format` (unknown formats: 8).
int hex_digits(const std::string& format);

nlohmann::json to_json(const RunFile& run);
// Throws UserError with one sentence naming `source` and the JSON path of the first problem.
RunFile from_json(const nlohmann::json& j, const std::string& source);

RunFile read_run_file(const std::filesystem::path& path);
// Writes a temporary file next to `path` and renames it, so `path` is either complete or untouched.
void write_run_file(const RunFile& run, const std::filesystem::path& path);

}  // namespace wmmasim::runfile
