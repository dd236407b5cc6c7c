// The runnable example programs and the path from a SIMT trace to the cycle model.
#include <gtest/gtest.h>

#include <map>

#include "programs/programs.hpp"
#include "wmmasim/cycles/from_simt.hpp"
#include "wmmasim/cycles/model.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim {
namespace {

TEST(Programs, EveryProgramEqualsTheMatrixApi) {
  for (const examples::Program& p : examples::programs()) {
    examples::ProgramArgs args{48, 32, 64, 9, nullptr};
    if (p.name == "wmma_chain_f16") args.m = args.n = 16;
    const examples::ProgramRun run = p.run(args);
    EXPECT_EQ(run.mismatches(), 0) << p.name;
    EXPECT_EQ(run.d.bits.size(), static_cast<std::size_t>(args.m) * args.n) << p.name;
  }
}

TEST(Programs, ShapeRulesAreOneSentence) {
  EXPECT_THROW(examples::find_program("wmma_chain_f16").run({32, 16, 64, 1, nullptr}), UserError);
  EXPECT_THROW(examples::find_program("tiled_gemm_f16_load_tr").run({64, 40, 64, 1, nullptr}), UserError);
  EXPECT_THROW(examples::find_program("no_such_program"), UserError);
}

// In a D -> C chain the trace must connect every WMMA's C to the previous WMMA's D, so that the model
// charges P + b_acc per link.
TEST(FromSimt, AccumulationChainIsConnectedThroughC) {
  simt::TraceRecorder recorder;
  examples::find_program("wmma_chain_f16").run({16, 16, 128, 3, &recorder});
  ASSERT_EQ(recorder.waves.size(), 1u);
  const cycles::Program program = cycles::program_from_simt("chain", recorder.waves);
  std::vector<const cycles::TraceEvent*> wmmas;
  for (const cycles::TraceEvent& e : program.waves[0].events)
    if (e.kind == cycles::InstrKind::wmma) wmmas.push_back(&e);
  ASSERT_EQ(wmmas.size(), 8u);  // K = 128 in steps of 16
  for (std::size_t i = 1; i < wmmas.size(); ++i) {
    const cycles::VgprRange prev_d = wmmas[i - 1]->writes.at(0);
    bool c_is_prev_d = false;
    for (const cycles::VgprRead& r : wmmas[i]->reads)
      if (r.role == cycles::ReadRole::c) c_is_prev_d = r.regs.first == prev_d.first && r.regs.count == prev_d.count;
    EXPECT_TRUE(c_is_prev_d) << "link " << i;
  }
  const cycles::Prediction p = cycles::simulate(program);
  EXPECT_GE(p.kernel_cycles, 8 * 16);  // at least the issue cycles of 8 dependent f16 WMMAs
}

TEST(FromSimt, TiledGemmKeepsWavesOfABlockTogether) {
  simt::TraceRecorder recorder;
  examples::find_program("tiled_gemm_f16").run({128, 64, 64, 3, &recorder});
  const cycles::Program program = cycles::program_from_simt("tiled", recorder.waves);
  ASSERT_EQ(program.waves.size(), 8u);  // 2 blocks x 4 waves
  for (const cycles::WaveTrace& w : program.waves) {
    EXPECT_EQ(w.block, w.wave_id / 4);
    EXPECT_EQ(w.simd / 2, w.block);  // one CU per block
  }
  EXPECT_GT(cycles::simulate(program).kernel_cycles, 0);
}

// Where rows are whole 16-byte vectors, the tiled kernels read global memory only in 16-byte loads
// (what lane 0 of every wave issued).
TEST(FromSimt, TiledGemmReadsGlobalMemoryIn16ByteVectors) {
  for (const char* name : {"tiled_gemm_f16", "tiled_gemm_fp8", "tiled_gemm_i8"}) {
    simt::TraceRecorder recorder;
    examples::find_program(name).run({64, 64, 64, 3, &recorder});
    int loads = 0;
    for (const simt::WaveTrace& w : recorder.waves)
      for (const simt::TraceEvent& e : w.events)
        if (e.kind == simt::EventKind::global_load) {
          ++loads;
          EXPECT_EQ(e.bytes, 16u) << name;
        }
    EXPECT_GT(loads, 0) << name;
  }
}

// The tiled f16 kernel moves its LDS tiles with load_as/store_as, which the trace records as LDS
// accesses. Per 32-wide K tile, each of the 128 lanes copies 2 16-byte vectors of A (one ds_store of
// 16 bytes each) and 2 of B (stored transposed: 8 ds_stores of one f16 each); per 16-wide K step a
// wave reads 2 A and 2 B fragments, each two runs of 4 consecutive K (ds_loads of 8 bytes).
TEST(FromSimt, TiledGemmTracesItsLdsTraffic) {
  simt::TraceRecorder recorder;
  examples::find_program("tiled_gemm_f16").run({64, 64, 64, 3, &recorder});  // one block, K tiles: 2
  ASSERT_EQ(recorder.waves.size(), 4u);
  for (const simt::WaveTrace& w : recorder.waves) {
    std::map<std::pair<std::string, unsigned>, int> lds;  // (direction, bytes) -> count
    for (const simt::TraceEvent& e : w.events)
      if (e.kind == simt::EventKind::lds) ++lds[{e.name, e.bytes}];
    const std::map<std::pair<std::string, unsigned>, int> expected = {
        {{"ds_store", 16}, 2 * 2}, {{"ds_store", 2}, 2 * 2 * 8}, {{"ds_load", 8}, 2 * 2 * 4 * 2}};
    EXPECT_EQ(lds, expected) << "wave " << w.wave;
  }
  // The adapter: an LDS store stores what the latest global load brought (the kernel prefetches the
  // next tile, so LDS fragment loads come in between), so it waits for that load.
  const cycles::Program program = cycles::program_from_simt("tiled", recorder.waves);
  int checked = 0;
  const cycles::VgprRange* last_global = nullptr;
  for (const cycles::TraceEvent& e : program.waves[0].events) {
    if (e.kind == cycles::InstrKind::global_load) last_global = &e.writes.at(0);
    if (e.kind != cycles::InstrKind::lds_store || !last_global) continue;
    ASSERT_EQ(e.reads.size(), 1u);
    EXPECT_EQ(e.reads[0].regs.first, last_global->first);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace wmmasim
