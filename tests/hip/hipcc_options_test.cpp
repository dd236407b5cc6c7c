// wmmasim-hipcc's command line: what it passes on, what it drops, what it refuses.
#include "hipcc_options.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using namespace wmmasim::hipcc;

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

TEST(HipccOptions, TypicalHipccCommandLine) {
  const Options o = parse_options({"-O3", "-std=c++17", "--offload-arch=gfx1200", "-I", "inc", "-DN=4", "-nogpulib",
                                   "-fgpu-rdc", "gemm.hip", "util.cpp", "lib.o", "-lm", "-o", "gemm"});
  EXPECT_EQ(o.arch, "gfx1200");
  EXPECT_EQ(o.standard, "c++20");  // the floor the CPU headers need
  EXPECT_EQ(o.sources, (std::vector<std::string>{"gemm.hip", "util.cpp"}));
  EXPECT_EQ(o.inputs, (std::vector<std::string>{"lib.o"}));
  EXPECT_TRUE(has(o.compile_flags, "-O3") && has(o.compile_flags, "inc") && has(o.compile_flags, "-DN=4"));
  EXPECT_FALSE(has(o.compile_flags, "-nogpulib") || has(o.compile_flags, "-fgpu-rdc"));
  EXPECT_TRUE(has(o.link_flags, "-lm"));
  EXPECT_EQ(o.output, "gemm");
  EXPECT_TRUE(o.relocatable_device_code);  // decides the linkage of __device__ definitions
  EXPECT_TRUE(o.below_cxx20);              // the user's C++17: C++20's deprecation warnings stay quiet
}

TEST(HipccOptions, RelocatableDeviceCodeAndStandardDefaults) {
  const Options plain = parse_options({"k.hip"});
  EXPECT_FALSE(plain.relocatable_device_code || plain.below_cxx20);
  EXPECT_FALSE(parse_options({"-fgpu-rdc", "-fno-gpu-rdc", "k.hip"}).relocatable_device_code);
  EXPECT_FALSE(parse_options({"-std=c++20", "k.hip"}).below_cxx20);
}

TEST(HipccOptions, SharedObjectsSourcesByLanguageAndHiprtc) {
  // hipRTC's compile: -shared, a program name without an extension after -x hip, -lhiprtc dropped.
  const Options o = parse_options({"-shared", "-x", "hip", "saxpy", "kernels.cu.txt", "-x", "none", "lib.o", "-lhiprtc",
                                   "-l", "hiprtc", "-lm"});
  EXPECT_TRUE(o.shared);
  EXPECT_TRUE(has(o.compile_flags, "-fPIC"));  // position-independent code for the shared object
  EXPECT_EQ(o.sources, (std::vector<std::string>{"saxpy", "kernels.cu.txt"}));
  EXPECT_EQ(o.inputs, (std::vector<std::string>{"lib.o"}));
  EXPECT_EQ(o.link_flags, (std::vector<std::string>{"-lm"}));
  EXPECT_FALSE(parse_options({"k.hip"}).shared);
}

TEST(HipccOptions, TargetDefinesFollowArchAndWaveSize) {
  Options o = parse_options({"--offload-arch=gfx1100", "-mwavefrontsize64", "k.hip"});
  const auto d = target_defines(o);
  EXPECT_TRUE(has(d, "-D__gfx1100__") && has(d, "-D__GFX11__") && has(d, "-D__AMDGCN_WAVEFRONT_SIZE=64"));
  EXPECT_TRUE(has(d, "-D__HIP__") && has(d, "-D__HIPCC__") && has(d, "-D__WMMASIM__=1"));
  o = parse_options({"k.hip"});
  const auto d4 = target_defines(o);
  EXPECT_TRUE(has(d4, "-D__gfx1201__") && has(d4, "-D__GFX12__") && has(d4, "-D__AMDGCN_WAVEFRONT_SIZE=32"));
}

TEST(HipccOptions, RocwmmaCmakeFlags) {
  // CMAKE_CXX_FLAGS of rocWMMA 1.6.0's top-level CMakeLists.txt, and its tests' -mcmodel=large.
  const Options o = parse_options({"--driver-mode=g++", "-Xclang", "-fallow-half-arguments-and-returns",
                                   "-D__HIP_HCC_COMPAT_MODE__=1", "-Wno-format-nonliteral", "-parallel-jobs=4",
                                   "-fclang-abi-compat=17", "-mcmodel=large", "-Xclang", "-fno-pch-timestamp", "k.cpp"});
  EXPECT_EQ(o.compile_flags, (std::vector<std::string>{"-D__HIP_HCC_COMPAT_MODE__=1", "-Wno-format-nonliteral",
                                                       "-fclang-abi-compat=17", "-mcmodel=large", "-Xclang",
                                                       "-fno-pch-timestamp"}));
  EXPECT_THROW(parse_options({"--driver-mode=cl", "k.cpp"}), UsageError);
  EXPECT_THROW(parse_options({"k.cpp", "-Xclang"}), UsageError);
}

TEST(HipccOptions, RefusesWhatItCannotHonour) {
  EXPECT_THROW(parse_options({"--offload-arch=gfx942", "k.hip"}), UsageError);
  EXPECT_THROW(parse_options({"--offload-arch=gfx1201", "--offload-arch=gfx1100", "k.hip"}), UsageError);
  EXPECT_THROW(parse_options({"--cuda-device-only", "k.hip"}), UsageError);
  EXPECT_THROW(parse_options({"-std=c99", "k.hip"}), UsageError);
  EXPECT_THROW(parse_options({"--frobnicate", "k.hip"}), UsageError);
  EXPECT_THROW(parse_options({}), UsageError);
  EXPECT_THROW(parse_options({"-c", "a.hip", "b.hip", "-o", "x.o"}), UsageError);
}

}  // namespace
