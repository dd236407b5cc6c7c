# wmmasim_add_clang_test(NAME SOURCES... [LIBS...] [OPTIONS...])
# A GoogleTest program whose own sources are compiled by clang++-19 as host C++, because what they
# test (the CPU HIP headers) needs clang: ext_vector_type, _Float16 and __bf16 arithmetic, enable_if.
# The objects are linked with the project's g++-built libraries (same libstdc++ ABI); LIBS give their
# include directories to the clang compile too (not their compile definitions).
function(wmmasim_add_clang_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;OPTIONS" ${ARGN})
  find_program(WMMASIM_CLANGXX NAMES clang++-19 REQUIRED)
  # -fdeclspec: the HIP headers' threadIdx & co. have __declspec(property) members, as ROCm's do.
  set(flags -std=c++20 -O2 -g -Wall -Wextra -Wno-psabi -fPIE -fdeclspec
      -DWMMASIM_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data" ${WMMASIM_SANITIZE_FLAGS})
  set(libs ${T_LIBS} GTest::gtest GTest::gmock)
  # The include directories the libraries give (transitively), as clang arguments in a response file.
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/${name}.clang")
  set(includes "$<TARGET_PROPERTY:${name},INCLUDE_DIRECTORIES>")
  file(GENERATE OUTPUT "${dir}/includes.rsp"
       CONTENT "$<$<BOOL:${includes}>:-I$<JOIN:${includes},\n-I>\n>")
  set(objects)
  foreach(src ${T_SOURCES})
    get_filename_component(abs "${src}" ABSOLUTE)
    get_filename_component(stem "${src}" NAME_WE)
    set(obj "${dir}/${stem}.o")
    add_custom_command(OUTPUT "${obj}"
      COMMAND ${WMMASIM_CLANGXX} ${flags} ${T_OPTIONS} "@${dir}/includes.rsp" -MD -MF "${obj}.d" -c "${abs}" -o "${obj}"
      DEPENDS "${abs}" "${dir}/includes.rsp" DEPFILE "${obj}.d" COMMAND_EXPAND_LISTS VERBATIM
      COMMENT "clang++-19 ${src}")
    list(APPEND objects "${obj}")
  endforeach()
  set_source_files_properties(${objects} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  add_executable(${name} ${objects})
  target_link_libraries(${name} PRIVATE ${libs} GTest::gtest_main)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)
endfunction()
