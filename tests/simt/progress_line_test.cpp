// The progress line of long launches (emulator/simt/progress_line.hpp): its text, and the estimate
// of the time left from the blocks done so far.
#include "../../emulator/simt/progress_line.hpp"

#include <gtest/gtest.h>

namespace {

using namespace std::chrono;
using wmmasim::simt::detail::progress_text;

TEST(ProgressLine, KernelLaunchBlocksElapsedAndTimeLeft) {
  // 1200 of 4096 blocks in 41 s: the other 2896 take 41 * 2896 / 1200 = 98.9 s.
  EXPECT_EQ(progress_text("gemm", 3, 1200, 4096, seconds(41)),
            "wmmasim: kernel gemm, launch 3: 1200 of 4096 blocks, 41 s, about 1 min 38 s left");
  // Nothing done yet: no estimate; all done: none needed.
  EXPECT_EQ(progress_text("k", 1, 0, 8, milliseconds(2500)), "wmmasim: kernel k, launch 1: 0 of 8 blocks, 2 s");
  EXPECT_EQ(progress_text("k", 1, 8, 8, seconds(125)), "wmmasim: kernel k, launch 1: 8 of 8 blocks, 2 min 5 s");
}

}  // namespace
