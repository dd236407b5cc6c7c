#include "gpu_session.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h>

#include "code_objects.hpp"
#include "devices.hpp"
#include "example_programs.hpp"
#include "records.hpp"
#include "wmmasim/hw/probe_inputs.hpp"
#include "wmmasim/error.hpp"

#ifndef WMMASIM_VERSION
#define WMMASIM_VERSION "unknown"
#endif
#ifndef WMMASIM_HIP_COMPILER_VERSION
#define WMMASIM_HIP_COMPILER_VERSION "unknown"
#endif

namespace wmmasim::hw {
namespace {

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

bool is_rdna4_target(const std::string& arch) { return arch == "gfx1200" || arch == "gfx1201"; }

const DeviceInfo& choose_device(const std::vector<DeviceInfo>& devices, const SessionRequest& req) {
  auto describe = [](const DeviceInfo& d) { return std::to_string(d.index) + ": " + d.arch + " " + d.name; };
  if (req.device >= 0) {
    if (req.device >= static_cast<int>(devices.size()))
      throw UserError("--device " + std::to_string(req.device) + " does not exist: the HIP runtime sees " +
                      std::to_string(devices.size()) + " device(s)");
    return devices[static_cast<std::size_t>(req.device)];
  }
  for (const DeviceInfo& d : devices)
    if (is_rdna4_target(d.arch)) return d;
  // Only RDNA3 programs asked for: the first gfx11 device will do.
  const bool rdna3_only = !req.all && !req.programs.empty() &&
                          std::all_of(req.programs.begin(), req.programs.end(), [](const Program& p) { return p.ins->arch == Arch::rdna3; });
  if (rdna3_only)
    for (const DeviceInfo& d : devices)
      if (arch_of_target(d.arch) == Arch::rdna3) return d;
  std::vector<std::string> seen;
  for (const DeviceInfo& d : devices) seen.push_back(describe(d));
  throw UserError("no gfx1200/gfx1201 (RDNA4) device is visible (devices: " + join(seen) +
                  "); choose another with --device N if its programs suit it");
}

void check(const HipApi& hip, hipError_t e, const std::string& what) {
  if (e != hipSuccess) throw UserError(what + " failed: " + hip.describe(e));
}

struct DeviceBuffer {
  const HipApi& hip;
  void* ptr = nullptr;
  DeviceBuffer(const HipApi& h, std::size_t bytes, const std::string& what) : hip(h) {
    check(hip, hip.hipMalloc(&ptr, std::max<std::size_t>(bytes, 4)), "hipMalloc for " + what);
  }
  ~DeviceBuffer() {
    if (ptr) (void)hip.hipFree(ptr);  // nothing useful to do if freeing fails
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

struct Event {
  const HipApi& hip;
  hipEvent_t event = nullptr;
  Event(const HipApi& h, const std::string& what) : hip(h) { check(hip, hip.hipEventCreate(&event), "hipEventCreate for " + what); }
  ~Event() {
    if (event) (void)hip.hipEventDestroy(event);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
};

class Session {
 public:
  Session(const HipApi& hip, const DeviceInfo& dev) : hip_(hip), dev_(dev) {
    check(hip_, hip_.hipSetDevice(dev.index), "hipSetDevice(" + std::to_string(dev.index) + ")");
  }
  ~Session() {
    for (auto& [wave, module] : modules_) (void)hip_.hipModuleUnload(module);
    if (examples_module_) (void)hip_.hipModuleUnload(examples_module_);
  }

  // A kernel of the example code object (examples/kernels/) for this device's target.
  hipFunction_t example_function(const std::string& program, const std::string& symbol) {
    if (!examples_module_) {
      const auto& objects = embedded_code_objects();
      auto co = std::find_if(objects.begin(), objects.end(), [&](const CodeObject& c) { return c.examples && c.target == dev_.arch; });
      if (co == objects.end()) {
        std::vector<std::string> with;
        for (const CodeObject& c : objects)
          if (c.examples) with.emplace_back(c.target);
        throw UserError("this wmmasim carries no example kernels for " + dev_.arch + " (" +
                        (with.empty() ? std::string("none were built") : "built for " + join(with)) +
                        "; they need gfx12 targets in WMMASIM_HW_ARCHS and HIP headers that compile for the GPU)");
      }
      check(hip_, hip_.hipModuleLoadData(&examples_module_, co->begin), "loading the " + dev_.arch + " example code object");
    }
    hipFunction_t f = nullptr;
    check(hip_, hip_.hipModuleGetFunction(&f, examples_module_, symbol.c_str()),
          "looking up kernel " + program + " (" + symbol + ") in the " + dev_.arch + " example code object");
    return f;
  }

  // A grid launched once to warm up (code upload, caches; a fault shows here), then kTimedLaunches
  // times between a pair of events on the null stream. Every launch computes the same D.
  KernelTimes launch_grid(const std::string& what, hipFunction_t f, unsigned grid_x, unsigned grid_y, unsigned block,
                          void** args) {
    const auto launch_once = [&] {
      check(hip_, hip_.hipModuleLaunchKernel(f, grid_x, grid_y, 1, block, 1, 1, 0, nullptr, args, nullptr), "launching " + what);
    };
    KernelTimes times;
    const auto t0 = std::chrono::steady_clock::now();
    launch_once();
    check(hip_, hip_.hipDeviceSynchronize(), "running " + what + " on device " + std::to_string(dev_.index));
    times.first_launch_host_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    Event start(hip_, what), stop(hip_, what);
    for (int i = 0; i < kTimedLaunches; ++i) {
      check(hip_, hip_.hipEventRecord(start.event, nullptr), "hipEventRecord for " + what);
      launch_once();
      check(hip_, hip_.hipEventRecord(stop.event, nullptr), "hipEventRecord for " + what);
      check(hip_, hip_.hipEventSynchronize(stop.event), "running " + what + " on device " + std::to_string(dev_.index));
      float ms = 0;
      check(hip_, hip_.hipEventElapsedTime(&ms, start.event, stop.event), "hipEventElapsedTime for " + what);
      times.event_ms.push_back(ms);
    }
    return times;
  }

  hipFunction_t function(const std::string& symbol, int wave) {
    hipFunction_t f = nullptr;
    check(hip_, hip_.hipModuleGetFunction(&f, module(wave), symbol.c_str()),
          "looking up kernel " + symbol + " in the " + dev_.arch + " wave" + std::to_string(wave) + " code object");
    return f;
  }

  // One launch: `waves` work-groups of `lanes` work-items; returns out and timing buffers.
  void launch(const std::string& what, hipFunction_t f, int lanes, int waves, const std::vector<std::uint32_t>& in,
              std::vector<std::uint32_t>& out, std::vector<std::uint64_t>& timing) {
    DeviceBuffer d_in(hip_, in.size() * 4, what), d_out(hip_, out.size() * 4, what), d_timing(hip_, timing.size() * 8, what);
    check(hip_, hip_.hipMemcpy(d_in.ptr, in.data(), in.size() * 4, hipMemcpyHostToDevice), "copying the inputs of " + what);
    // Outputs start as 0xFF bytes, so a lane that stored nothing is visible in the record.
    check(hip_, hip_.hipMemset(d_out.ptr, 0xFF, out.size() * 4), "hipMemset for " + what);
    check(hip_, hip_.hipMemset(d_timing.ptr, 0, timing.size() * 8), "hipMemset for " + what);
    int iterations = kTimedIterations;
    void* args[] = {&d_in.ptr, &d_out.ptr, &d_timing.ptr, &iterations};
    check(hip_, hip_.hipModuleLaunchKernel(f, static_cast<unsigned>(waves), 1, 1, static_cast<unsigned>(lanes), 1, 1, 0,
                                           nullptr, args, nullptr),
          "launching " + what);
    check(hip_, hip_.hipDeviceSynchronize(), "running " + what + " on device " + std::to_string(dev_.index));
    check(hip_, hip_.hipMemcpy(out.data(), d_out.ptr, out.size() * 4, hipMemcpyDeviceToHost), "reading the outputs of " + what);
    check(hip_, hip_.hipMemcpy(timing.data(), d_timing.ptr, timing.size() * 8, hipMemcpyDeviceToHost),
          "reading the timers of " + what);
  }

  // The REALTIME rate: the runtime's attribute when it has one, else measured against the host clock.
  WallClock wall_clock(ChildChannel& channel) {
    if (dev_.wall_clock_khz > 0) return {static_cast<double>(dev_.wall_clock_khz) * 1000.0, "hipDeviceAttributeWallClockRate"};
    channel.step("wall-clock calibration");
    const hipFunction_t f = function("wmmasim_realtime_probe", 32);
    std::vector<std::uint32_t> in(1), out(1);
    std::vector<std::uint64_t> t0(kTimingWords), t1(kTimingWords);
    const auto h0 = std::chrono::steady_clock::now();
    launch("the wall-clock probe", f, 32, 1, in, out, t0);
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    const auto h1 = std::chrono::steady_clock::now();
    launch("the wall-clock probe", f, 32, 1, in, out, t1);
    const double seconds = std::chrono::duration<double>(h1 - h0).count();
    if (t1[0] <= t0[0]) return {0, "unknown: the runtime reports no rate and REALTIME did not advance during calibration"};
    return {static_cast<double>(t1[0] - t0[0]) / seconds,
            "calibrated: REALTIME ticks over about 0.25 s of host steady_clock (the runtime reports no rate)"};
  }

 private:
  hipModule_t module(int wave) {
    if (auto it = modules_.find(wave); it != modules_.end()) return it->second;
    const auto& objects = embedded_code_objects();
    auto co = std::find_if(objects.begin(), objects.end(),
                           [&](const CodeObject& c) { return !c.examples && c.target == dev_.arch && c.wave == wave; });
    if (co == objects.end())
      throw UserError("this wmmasim carries no " + dev_.arch + " wave" + std::to_string(wave) + " code object (built for " +
                      join(built_targets()) + "; rebuild with WMMASIM_HW_ARCHS including " + dev_.arch + ")");
    hipModule_t m = nullptr;
    check(hip_, hip_.hipModuleLoadData(&m, co->begin), "loading the " + dev_.arch + " wave" + std::to_string(wave) + " code object");
    modules_[wave] = m;
    return m;
  }

  const HipApi& hip_;
  const DeviceInfo& dev_;
  std::map<int, hipModule_t> modules_;
  hipModule_t examples_module_ = nullptr;
};

// An example program: its buffers as the kernel takes them (examples/kernels/), one launch of its
// grid, D read back from the output buffer (pre-filled with 0xFF bytes, like the programs' D).
runfile::ProgramRecord run_example(const HipApi& hip, Session& session, const DeviceInfo& dev, const SessionRequest& req,
                                   ChildChannel& channel) {
  const examples::Program& p = *req.example;
  const examples::ProgramSetup& s = req.example_setup;
  const ExampleKernel* k = find_example_kernel(p.name);
  if (!k) throw UserError("program " + p.name + " has no GPU kernel in this wmmasim");
  const std::string what = "program " + p.name;
  channel.step(what);
  const hipFunction_t f = session.example_function(p.name, std::string(k->symbol));
  const Format out_format = p.instruction->cd;
  const std::vector<unsigned char> a = pack_elements(s.a), b = pack_elements(s.b), c = pack_elements(s.c);
  std::vector<unsigned char> d(c.size());
  int M = s.a.rows, N = s.b.cols, K = s.a.cols;
  DeviceBuffer d_a(hip, a.size(), what), d_b(hip, b.size(), what), d_c(hip, c.size(), what);
  DeviceBuffer d_d(hip, k->abi == ExampleAbi::chain ? d.size() : 0, what);
  check(hip, hip.hipMemcpy(d_a.ptr, a.data(), a.size(), hipMemcpyHostToDevice), "copying A of " + what);
  check(hip, hip.hipMemcpy(d_b.ptr, b.data(), b.size(), hipMemcpyHostToDevice), "copying B of " + what);
  KernelTimes times;
  void* out = nullptr;
  if (k->abi == ExampleAbi::gemm) {  // C = A*B over a buffer that starts as 0xFF bytes (C = 0 is not read)
    check(hip, hip.hipMemset(d_c.ptr, 0xFF, c.size()), "hipMemset for " + what);
    void* args[] = {&d_a.ptr, &d_b.ptr, &d_c.ptr, &M, &N, &K};
    times = session.launch_grid(what, f, s.grid_x, s.grid_y, s.block, args);
    out = d_c.ptr;
  } else {  // D = A*B + C
    check(hip, hip.hipMemcpy(d_c.ptr, c.data(), c.size(), hipMemcpyHostToDevice), "copying C of " + what);
    check(hip, hip.hipMemset(d_d.ptr, 0xFF, d.size()), "hipMemset for " + what);
    void* args[] = {&d_a.ptr, &d_b.ptr, &d_c.ptr, &d_d.ptr, &K};
    times = session.launch_grid(what, f, s.grid_x, s.grid_y, s.block, args);
    out = d_d.ptr;
  }
  check(hip, hip.hipMemcpy(d.data(), out, d.size(), hipMemcpyDeviceToHost), "reading D of " + what);
  return example_record(p, s, req.seed, dev.arch, unpack_elements(d, s.c.rows, s.c.cols, out_format), times);
}

nlohmann::json host_environment() {
  nlohmann::json env = nlohmann::json::object();
  utsname u{};
  if (::uname(&u) == 0) env["os"] = std::string(u.sysname) + " " + u.release + " " + u.machine;
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) env["host"] = host;
  const std::time_t now = std::time(nullptr);
  char date[32] = {};
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  env["date"] = date;
  return env;
}

}  // namespace

std::string run_gpu_session(const SessionRequest& req, ChildChannel& channel) {
  channel.step("HIP runtime start-up");
  const HipApi& hip = HipApi::load();
  const std::vector<DeviceInfo> devices = query_devices(hip);
  const DeviceInfo& dev = choose_device(devices, req);
  const auto family = arch_of_target(dev.arch);
  const auto targets = built_targets();
  if (!family || std::find(targets.begin(), targets.end(), dev.arch) == targets.end())
    throw UserError("device " + std::to_string(dev.index) + " is " + (dev.arch.empty() ? "of unknown architecture" : dev.arch) +
                    " (" + dev.name + "), but this wmmasim carries code for " + join(targets) + " only");

  if (req.example && req.example->instruction->arch != *family)
    throw UserError("program " + req.example->name + " is " + std::string(arch_name(req.example->instruction->arch)) +
                    " code, but device " + std::to_string(dev.index) + " is " + dev.arch + " (" + dev.name + ")");

  std::vector<Program> programs = req.programs;
  if (req.all)
    for (const Program& p : all_programs())
      if (p.ins->arch == *family) programs.push_back(p);
  for (const Program& p : programs)
    if (p.ins->arch != *family)
      throw UserError("program " + p.name() + " is " + std::string(arch_name(p.ins->arch)) + " code, but device " +
                      std::to_string(dev.index) + " is " + dev.arch + " (" + dev.name + ")");

  std::vector<const Probe*> probes = req.probes;
  // Every probe asked for without names: those of this device's architecture.
  if (probes.size() == all_probes().size())
    std::erase_if(probes, [&](const Probe* p) { return p->ins->arch != *family; });
  for (const Probe* p : probes)
    if (p->ins->arch != *family)
      throw UserError("probe " + p->name + " is " + std::string(arch_name(p->ins->arch)) + " code, but device " +
                      std::to_string(dev.index) + " is " + dev.arch + " (" + dev.name + ")");

  Session session(hip, dev);
  const bool any_timed = std::any_of(programs.begin(), programs.end(), [](const Program& p) { return p.mode == Mode::timed; }) ||
                         std::any_of(probes.begin(), probes.end(), [](const Probe* p) { return p->timed(); });
  const WallClock clock = any_timed || dev.wall_clock_khz > 0 ? session.wall_clock(channel) : WallClock{};

  runfile::RunFile run;
  run.producer = {"hip", std::string("wmmasim ") + WMMASIM_VERSION, std::nullopt};
  run.environment = host_environment();
  run.environment["device"] = dev.to_json();
  run.environment["runtime"] = query_runtime(hip).to_json();
  run.environment["code_objects"] = {{"compiler", WMMASIM_HIP_COMPILER_VERSION}, {"targets", targets}};
  if (clock.hz > 0) run.environment["wall_clock"] = {{"hz", clock.hz}, {"source", clock.source}};

  for (const Program& p : programs) {
    channel.step("program " + p.name());
    const std::vector<InputMatrix> inputs = generate_inputs(p, req.seed);
    const KernelAbi abi = kernel_abi(*p.ins);
    RawOutput raw;
    raw.waves = req.waves;
    raw.d_words.assign(static_cast<std::size_t>(req.waves) * abi.lanes * abi.output_words_per_lane, 0);
    raw.timing.assign(static_cast<std::size_t>(req.waves) * kTimingWords, 0);
    session.launch("program " + p.name(), session.function(p.symbol(), p.ins->wave), abi.lanes, req.waves,
                   kernel_input(p, inputs), raw.d_words, raw.timing);
    run.programs.push_back(program_record(p, req.seed, dev.arch, inputs, raw, clock));
  }
  for (const Probe* p : probes) {
    channel.step("probe " + p->name);
    const std::vector<InputMatrix> inputs = probe_inputs(*p, req.seed);
    const KernelAbi abi = kernel_abi(*p->ins);
    RawOutput raw;
    raw.waves = req.waves;
    raw.d_words.assign(static_cast<std::size_t>(req.waves) * abi.lanes * abi.output_words_per_lane, 0);
    raw.timing.assign(static_cast<std::size_t>(req.waves) * kTimingWords, 0);
    session.launch("probe " + p->name, session.function(p->symbol(), p->ins->wave), abi.lanes, req.waves,
                   kernel_input(p->base(), inputs), raw.d_words, raw.timing);
    run.programs.push_back(probe_record(*p, req.seed, dev.arch, inputs, raw, clock));
  }
  if (req.example) run.programs.push_back(run_example(hip, session, dev, req, channel));
  return runfile::to_json(run).dump();
}

}  // namespace wmmasim::hw
