// The HIP source pre-pass of wmmasim-hipcc (emulator/hip/prepass) on any text: it rewrites or
// rejects with one "file:line: sentence" PrepassError; nothing else may escape, crash or hang.
#include <string_view>

#include "fuzz_check.hpp"
#include "prepass.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    (void)wmmasim::hip::translate_preprocessed(text);
    (void)wmmasim::hip::translate_preprocessed(text, {.relocatable_device_code = true});
  } catch (const wmmasim::hip::PrepassError& e) {
    wmmasim::fuzz::require_one_sentence(e.what());
  } catch (...) {
    wmmasim::fuzz::fail("the pre-pass threw something other than PrepassError");
  }
  return 0;
}
