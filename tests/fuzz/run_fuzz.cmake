# Builds the clang fuzz build of ikscope and runs fuzz_gltf_import for SECONDS seconds.
#
#   cmake [-DSECONDS=3600] [-DBUILD_DIR=build/fuzz] -P tests/fuzz/run_fuzz.cmake
#
# Variables (all optional; ctest's fuzz_gltf_import_60s passes the first five):
#   SOURCE_DIR  the ikscope checkout              (default: two folders up from here)
#   SHARED_DIR  the shared/ folder with gltf-samples (default: SOURCE_DIR/../shared)
#   BUILD_DIR   the clang build and the fuzz run's files (default: SOURCE_DIR/build/fuzz)
#   CXX, CC     clang++ and clang                 (default: clang++-14, clang-14)
#   SECONDS     how long to fuzz                  (default: 60)
#   JOBS        parallel compile jobs             (default: 2)
#   KEEP_CORPUS ON: keep growing BUILD_DIR/corpus across runs (long runs); OFF (default):
#               start every run from the seeds alone, so a run does not depend on the last
#
# Everything is written under BUILD_DIR (never into the source tree or shared/):
#   seeds/     copies of assets/*.gltf, tests/fuzz/regressions/*, shared/gltf-samples/**
#   base/      the samples' external .bin / image files, where "uri" references resolve
#   corpus/    what libFuzzer adds while it runs
#   artifacts/ crash-*, leak-*, timeout-*, oom-* inputs, if any (then the run fails)
#   fuzz.log   libFuzzer's output
cmake_minimum_required(VERSION 3.22)

get_filename_component(here "${CMAKE_CURRENT_LIST_DIR}" ABSOLUTE)
if(NOT SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${here}/../.." ABSOLUTE)
endif()
if(NOT SHARED_DIR)
  set(SHARED_DIR "${SOURCE_DIR}/../shared")
endif()
if(NOT BUILD_DIR)
  set(BUILD_DIR "${SOURCE_DIR}/build/fuzz")
endif()
if(NOT CXX)
  set(CXX clang++-14)
endif()
if(NOT CC)
  set(CC clang-14)
endif()
if(NOT SECONDS)
  set(SECONDS 60)
endif()
if(NOT JOBS)
  set(JOBS 2)
endif()
foreach(tool CXX CC)
  find_program(found_${tool} NAMES "${${tool}}")
  if(NOT found_${tool})
    message(FATAL_ERROR "'${${tool}}' not found: the fuzz build needs clang-14 and "
                        "libclang-rt-14-dev (.ci/install-deps installs them)")
  endif()
endforeach()

# --- 1. The clang build: only the fuzz target and what it links ----------------------
# -O1 without NDEBUG: fast enough to fuzz, assertions on; line tables only (enough for
# symbolised stacks, and quicker to build than full debug information).
# Configured every time (quick when nothing changed), so a changed flag here reaches an
# existing build folder.
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${BUILD_DIR}"
          -DCMAKE_CXX_COMPILER=${found_CXX} -DCMAKE_C_COMPILER=${found_CC}
          -DCMAKE_BUILD_TYPE=RelWithDebInfo
          "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
          "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
          -DIKSCOPE_BUILD_FUZZ=ON -DIKSCOPE_BUILD_APP=OFF -DIKSCOPE_BUILD_TESTS=OFF
  OUTPUT_QUIET
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the fuzz build in ${BUILD_DIR} failed")
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} --build "${BUILD_DIR}" --target fuzz_gltf_import --parallel ${JOBS}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building fuzz_gltf_import in ${BUILD_DIR} failed")
endif()
set(fuzzer "${BUILD_DIR}/tests/fuzz/fuzz_gltf_import")

# --- 2. Seeds, external files, corpus ------------------------------------------------
file(REMOVE_RECURSE "${BUILD_DIR}/seeds" "${BUILD_DIR}/base")
file(MAKE_DIRECTORY "${BUILD_DIR}/seeds" "${BUILD_DIR}/base" "${BUILD_DIR}/artifacts")
if(NOT KEEP_CORPUS)
  file(REMOVE_RECURSE "${BUILD_DIR}/corpus")
endif()
file(MAKE_DIRECTORY "${BUILD_DIR}/corpus")

# Seeds are named after their relative path: two samples share the name RiggedSimple.gltf.
function(copy_seeds root)
  file(GLOB_RECURSE files RELATIVE "${root}" ${ARGN})
  foreach(relative ${files})
    string(REPLACE "/" "_" flat "${relative}")
    file(COPY_FILE "${root}/${relative}" "${BUILD_DIR}/seeds/${flat}")
  endforeach()
endfunction()
copy_seeds("${SOURCE_DIR}/assets" "${SOURCE_DIR}/assets/*.gltf")
copy_seeds("${here}/regressions" "${here}/regressions/*")
set(samples "${SHARED_DIR}/gltf-samples")
if(NOT IS_DIRECTORY "${samples}")
  message(FATAL_ERROR "${samples} not found (set SHARED_DIR)")
endif()
copy_seeds("${samples}" "${samples}/*.gltf" "${samples}/*.glb")
# Buffers and images the .gltf samples reference by file name (all distinct names).
file(GLOB_RECURSE externals "${samples}/*.bin" "${samples}/*.jpg" "${samples}/*.png")
foreach(path ${externals})
  get_filename_component(name "${path}" NAME)
  file(COPY_FILE "${path}" "${BUILD_DIR}/base/${name}")
endforeach()
file(GLOB seeds "${BUILD_DIR}/seeds/*")
list(LENGTH seeds seed_count)

# --- 3. Fuzz ----------------------------------------------------------------------------
# -max_len: CesiumMan.glb (480 KB) is truncated when mutated; every other seed fits, and
# short inputs keep the run fast. -rss_limit_mb / -timeout: a rig import must neither
# take 2 GB nor 10 s; either counts as a failure with its input kept.
set(ENV{IKSCOPE_FUZZ_BASE_DIR} "${BUILD_DIR}/base")
set(ENV{UBSAN_OPTIONS} "print_stacktrace=1:halt_on_error=1")
message(STATUS "fuzzing for ${SECONDS} s from ${seed_count} seeds; log: ${BUILD_DIR}/fuzz.log")
execute_process(
  COMMAND "${fuzzer}" "${BUILD_DIR}/corpus" "${BUILD_DIR}/seeds"
          -max_total_time=${SECONDS} -max_len=131072 -rss_limit_mb=2048 -timeout=10
          -dict=${here}/gltf.dict -artifact_prefix=${BUILD_DIR}/artifacts/
          -print_final_stats=1
  RESULT_VARIABLE rc
  OUTPUT_FILE "${BUILD_DIR}/fuzz.log"
  ERROR_FILE "${BUILD_DIR}/fuzz.log")

# Print the summary (final stats), or on failure the end of the log with the report.
# (The log is handled as one string: its lines hold ';' and '[' that CMake lists mangle.)
file(READ "${BUILD_DIR}/fuzz.log" log)
if(rc EQUAL 0)
  string(REGEX MATCHALL "(Done|stat::)[^\n]*" summary "${log}")
  foreach(line IN LISTS summary)
    message(STATUS "${line}")
  endforeach()
else()
  string(LENGTH "${log}" log_length)
  set(tail_length 8000)
  if(log_length GREATER tail_length)
    math(EXPR tail_start "${log_length} - ${tail_length}")
    string(SUBSTRING "${log}" ${tail_start} -1 log)
  endif()
  message("${log}")
  file(GLOB found "${BUILD_DIR}/artifacts/*")
  message(FATAL_ERROR "the fuzzer failed (exit ${rc}); inputs kept: ${found}\n"
                      "reproduce with: ${fuzzer} <input>")
endif()
