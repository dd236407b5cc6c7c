# wmmasim_library(<area> SOURCES ... [PUBLIC deps...] [PRIVATE deps...])
# One emulator area as a library: static target wmmasim_<area>, alias wmmasim::<area>, the emulator
# headers (emulator/include, installed once by emulator/CMakeLists.txt), in the wmmasimTargets export
# set that find_package(wmmasim) loads.
function(wmmasim_library area)
  cmake_parse_arguments(L "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  set(target wmmasim_${area})
  add_library(${target} STATIC ${L_SOURCES})
  add_library(wmmasim::${area} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${area} POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/emulator/include> $<INSTALL_INTERFACE:include>)
  target_link_libraries(${target} PUBLIC ${L_PUBLIC} PRIVATE ${L_PRIVATE})
  if(WMMASIM_SANITIZE)
    # A program linking a sanitized library needs the sanitizer's runtime (tests/package's consumer).
    target_link_options(${target} INTERFACE $<INSTALL_INTERFACE:-fsanitize=${WMMASIM_SANITIZE}>)
  endif()
  install(TARGETS ${target} EXPORT wmmasimTargets)
endfunction()
