// The SIMT runtime's side of the layout check (wmmasim/diagnosis): a launch can be run under a
// checker that runs the kernel several times with the device buffers filled with tagged values and
// watches every matrix instruction. The runtime only hands over the launch's buffers and a way to
// run the kernel once; the check itself lives in the diagnosis library, which is linked wherever the
// matrix builtins are (wmmasim_wave depends on it).
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace wmmasim::simt {

// A device buffer the checker may overwrite with tags (and restores afterwards).
struct TaggableBuffer {
  std::string name;
  std::byte* data = nullptr;
  std::size_t bytes = 0;
  std::size_t element_size = 0;  // the element type's size (1, 2, 4, ...); 0 = untyped
  // false: only restored, never tagged: memory the launch's arguments do not name but the kernel
  // may still write (through a pointer in a struct, host-mapped or managed memory), so that what
  // the tagged runs wrote there is undone.
  bool tag = true;
};

class LayoutCheck {
 public:
  virtual ~LayoutCheck() = default;
  // Runs the launch: run_once(tagged) runs the kernel over the whole grid (it may be called several
  // times; a fault is thrown from it; a tagged run is left out of the trace). Afterwards the buffers
  // must hold what one plain run leaves. A tagged run is a hidden run (LaunchOptions::hidden):
  // device printf and assert say nothing in it.
  virtual void check_launch(std::string_view kernel, std::span<const TaggableBuffer> buffers,
                            const std::function<void(bool tagged)>& run_once) = 0;
  // The program is ending: report what was gathered over its launches.
  virtual void finish() {}
};

// The checker WMMASIM_CHECK_LAYOUTS=1 uses for launches that do not name one (the diagnosis
// library installs it); null when that library is not linked, and then there is nothing to check.
void set_default_layout_check(LayoutCheck* check);
LayoutCheck* default_layout_check();

// The checker a launch runs under: its own, else the default one when WMMASIM_CHECK_LAYOUTS=1.
LayoutCheck* layout_check_for(LayoutCheck* requested);

// Runs the default check's finish(). It runs by itself when the program returns from main or calls
// exit(); a front end that ends the process with _exit calls this first.
void finish_default_layout_check();

}  // namespace wmmasim::simt
