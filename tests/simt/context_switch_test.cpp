// The two context-switch implementations of the SIMT runtime (emulator/simt/context_switch.hpp)
// against one contract: a fresh context calls entry(arg) on an aligned stack of its own; jump saves
// the caller where it says and continues the other side exactly where it stopped, with its locals,
// its callee-saved registers and its exception handling intact. Both run here: the x86-64 one is
// what the runtime uses on this machine, Boost.Context's is what it uses on other CPUs.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../emulator/simt/context_switch.hpp"

namespace wmmasim::simt::detail {
namespace {

constexpr std::size_t kStackBytes = 64 * 1024;

struct Stack {
  std::unique_ptr<char[]> memory = std::make_unique<char[]>(kStackBytes);
  void* top() const { return memory.get() + kStackBytes; }
};

template <class C> struct World {
  void* main = nullptr;
  std::vector<void*> contexts;
  std::vector<Stack> stacks;
  std::string log;

  void* start(ContextEntry entry, void* arg) {
    stacks.emplace_back();
    contexts.push_back(C::make(stacks.back().top(), kStackBytes, entry, arg));
    return contexts.back();
  }
};

template <class C> class ContextSwitch : public ::testing::Test {};
#ifdef WMMASIM_ASM_CONTEXTS
using Implementations = ::testing::Types<BoostContexts, AsmContexts>;
#else
using Implementations = ::testing::Types<BoostContexts>;
#endif
TYPED_TEST_SUITE(ContextSwitch, Implementations);

// Two contexts and the main one take turns; the log is the order things happened in.
template <class C> struct PingPong {
  World<C>* world;
  int id;
  static void entry(void* self) {
    auto& p = *static_cast<PingPong*>(self);
    World<C>& w = *p.world;
    for (int round = 0; round < 3; ++round) {
      w.log += static_cast<char>('a' + p.id);
      w.log += std::to_string(round);
      // a -> b, b -> main
      if (p.id == 0) C::jump(&w.contexts[0], w.contexts[1]);
      else C::jump(&w.contexts[1], w.main);
    }
    w.log += '.';
    C::jump(&w.contexts[static_cast<std::size_t>(p.id)], w.main);  // never resumed
  }
};

TYPED_TEST(ContextSwitch, ContextsResumeWhereTheyStopped) {
  World<TypeParam> w;
  w.contexts.reserve(2);
  PingPong<TypeParam> a{&w, 0}, b{&w, 1};
  w.start(&PingPong<TypeParam>::entry, &a);
  w.start(&PingPong<TypeParam>::entry, &b);
  for (int round = 0; round < 3; ++round) {
    w.log += '|';
    TypeParam::jump(&w.main, w.contexts[0]);
  }
  TypeParam::jump(&w.main, w.contexts[0]);  // a finishes and comes back
  EXPECT_EQ(w.log, "|a0b0|a1b1|a2b2.");
}

// The entry sees its argument, a 16-byte aligned stack (printf of a double uses aligned SSE stores
// in glibc, and an over-aligned local must land where the compiler assumed), and memory of its own.
template <class C> struct AlignmentProbe {
  void* back = nullptr;
  void* self = nullptr;
  bool aligned = false;
  std::string printed;
  const char* stack_lo = nullptr;
  const char* stack_hi = nullptr;
  bool on_own_stack = false;
  static void entry(void* p) {
    auto& probe = *static_cast<AlignmentProbe*>(p);
    alignas(16) unsigned char local[16] = {};
    probe.aligned = reinterpret_cast<std::uintptr_t>(local) % 16 == 0;
    probe.on_own_stack = reinterpret_cast<const char*>(local) >= probe.stack_lo &&
                         reinterpret_cast<const char*>(local) < probe.stack_hi;
    char text[64];
    std::snprintf(text, sizeof text, "%.3f %d", 2.5, static_cast<int>(local[3]));
    probe.printed = text;
    C::jump(&probe.self, probe.back);
  }
};

TYPED_TEST(ContextSwitch, EntryGetsItsArgumentOnAnAlignedStackOfItsOwn) {
  for (int misalign : {0, 8}) {  // a stack top that is not itself 16-byte aligned is rounded down
    Stack stack;
    AlignmentProbe<TypeParam> probe;
    probe.stack_lo = stack.memory.get();
    probe.stack_hi = stack.memory.get() + kStackBytes;
    void* c = TypeParam::make(static_cast<char*>(stack.top()) - misalign, kStackBytes - 16, &AlignmentProbe<TypeParam>::entry, &probe);
    TypeParam::jump(&probe.back, c);
    EXPECT_TRUE(probe.aligned) << misalign;
    EXPECT_TRUE(probe.on_own_stack) << misalign;
    EXPECT_EQ(probe.printed, "2.500 0") << misalign;
  }
}

// Many live values across many switches among many contexts, as lanes at wave collectives: each
// context's running sums must come out as if it had run alone (callee-saved registers and the
// stack both survive), and an exception thrown after a switch unwinds and is caught on that stack.
// `pause` is where a lane hands the thread on (nothing, for the run without switches).
template <class Pause> std::uint64_t deep(std::size_t index, int depth, std::uint64_t x, Pause& pause) {
  if (depth == 0) {
    pause();
    if (x % 7 == 3) throw std::runtime_error("lane " + std::to_string(index));
    return x;
  }
  return deep(index, depth - 1, x * 3 + 1, pause) + x;
}

template <class Pause> std::uint64_t lane_work(std::size_t index, std::string& caught, Pause pause) {
  std::uint64_t s0 = index, s1 = index * 2 + 1, s2 = 7, s3 = 11, s4 = 13, s5 = index ^ 5;
  for (int round = 0; round < 20; ++round) {
    s0 = s0 * 6364136223846793005ull + 1442695040888963407ull;
    s1 += s0 >> 7;
    s2 ^= s1 * 31;
    s3 += s2 + static_cast<std::uint64_t>(round);
    s4 = (s4 << 3) ^ s3;
    s5 += s4 | s0;
    try {
      s5 += deep(index, round % 4, s0 % 1000, pause);
    } catch (const std::runtime_error& e) {
      caught = e.what();
      ++s5;
    }
  }
  return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5;
}

template <class C> struct Lane {
  World<C>* world = nullptr;
  std::size_t index = 0;
  std::uint64_t result = 0;
  std::string caught;
  void hand_on() {
    const std::size_t next = index + 1;
    C::jump(&world->contexts[index], next < world->contexts.size() ? world->contexts[next] : world->main);
  }
  static void entry(void* p) {
    auto& l = *static_cast<Lane*>(p);
    l.result = lane_work(l.index, l.caught, [&l] { l.hand_on(); });
    l.hand_on();  // never resumed
  }
};

TYPED_TEST(ContextSwitch, ManyContextsKeepTheirStateAndTheirExceptions) {
  constexpr std::size_t kLanes = 64;
  World<TypeParam> w;
  w.contexts.reserve(kLanes);
  std::vector<Lane<TypeParam>> lanes(kLanes);
  for (std::size_t i = 0; i < kLanes; ++i) {
    lanes[i].world = &w;
    lanes[i].index = i;
    w.start(&Lane<TypeParam>::entry, &lanes[i]);
  }
  for (int round = 0; round <= 20; ++round) TypeParam::jump(&w.main, w.contexts[0]);  // 20 rounds + the ends
  int threw = 0;
  for (std::size_t i = 0; i < kLanes; ++i) {
    std::string caught;
    EXPECT_EQ(lanes[i].result, lane_work(i, caught, [] {})) << "lane " << i;
    EXPECT_EQ(lanes[i].caught, caught) << "lane " << i;
    threw += !caught.empty();
  }
  EXPECT_GT(threw, 0);  // the exception path was taken
}

}  // namespace
}  // namespace wmmasim::simt::detail
