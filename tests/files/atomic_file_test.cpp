// wmmasim/files/atomic_file.hpp: files are written whole or not at all, and no temporary file stays.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "wmmasim/error.hpp"
#include "wmmasim/files/atomic_file.hpp"

namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::path(::testing::TempDir()) / ("wmmasim_atomic_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

int entries(const fs::path& d) {
  int n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(d)) ++n;
  return n;
}

TEST(AtomicFile, WritesAndReplacesWholeFilesLeavingNoTemporary) {
  const fs::path d = fresh_dir("replace");
  wmmasim::files::write_atomically(d / "out.json", "first\n");
  EXPECT_EQ(read(d / "out.json"), "first\n");
  const std::string big(3 << 20, 'x');
  wmmasim::files::write_atomically(d / "out.json", big);
  EXPECT_EQ(read(d / "out.json"), big);
  EXPECT_EQ(entries(d), 1);
  fs::remove_all(d);
}

TEST(AtomicFile, AFailureIsOneSentenceAndLeavesTheDestinationAlone) {
  const fs::path d = fresh_dir("fail");
  try {
    wmmasim::files::write_atomically(d / "missing" / "out.json", "x", "the run file");
    FAIL() << "writing into a missing directory succeeded";
  } catch (const wmmasim::UserError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write the run file " + (d / "missing" / "out.json").string() + ": No such file or directory");
    EXPECT_EQ(e.exit_code, 2);
  }
  fs::create_directory(d / "taken");
  EXPECT_THROW(wmmasim::files::write_atomically(d / "taken", "x"), wmmasim::UserError);
  EXPECT_TRUE(fs::is_directory(d / "taken"));
  EXPECT_EQ(entries(d), 1);
  fs::remove_all(d);
}

// A child writes 64 MiB while the parent interrupts it at some point: whatever the timing, the
// destination is then either complete or absent, and no temporary file remains.
TEST(AtomicFile, AnInterruptedWriteLeavesNothingPartial) {
  const fs::path d = fresh_dir("interrupt");
  const fs::path out = d / "big.bin";
  constexpr std::size_t kBytes = std::size_t{64} << 20;
  for (int delay_ms : {0, 20, 100}) {
    int ready[2];
    ASSERT_EQ(::pipe(ready), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      wmmasim::files::remove_unfinished_file_on_interrupt();
      const std::string big(kBytes, 'y');
      (void)!::write(ready[1], "r", 1);
      wmmasim::files::write_atomically(out, big);
      ::_exit(0);
    }
    ::close(ready[1]);
    char c;
    ASSERT_EQ(::read(ready[0], &c, 1), 1);
    ::close(ready[0]);
    ::usleep(static_cast<useconds_t>(delay_ms) * 1000);
    ::kill(child, SIGINT);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    if (WIFSIGNALED(status)) {
      EXPECT_EQ(WTERMSIG(status), SIGINT);
      EXPECT_TRUE(!fs::exists(out) || fs::file_size(out) == kBytes) << "a partial file after an interrupt";
    } else {
      EXPECT_EQ(WEXITSTATUS(status), 0);
      EXPECT_EQ(fs::file_size(out), kBytes);
    }
    EXPECT_LE(entries(d), 1) << "a temporary file was left behind (delay " << delay_ms << " ms)";
    fs::remove(out);
  }
  fs::remove_all(d);
}

}  // namespace
