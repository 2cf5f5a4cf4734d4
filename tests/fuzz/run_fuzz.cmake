# Builds the clang fuzz build of ikscope and runs one fuzz target for SECONDS seconds.
#
#   cmake [-DFUZZER=fuzz_user_files] [-DSECONDS=3600] [-DBUILD_DIR=build/fuzz] -P tests/fuzz/run_fuzz.cmake
#
# Variables (all optional):
#   FUZZER      fuzz_gltf_import (default: the glTF importer), fuzz_bvh_import (the BVH
#               importer) or fuzz_user_files (the session and recent-files readers)
#   SOURCE_DIR  the ikscope checkout              (default: two folders up from here)
#   SHARED_DIR  the shared/ folder with gltf-samples (default: SOURCE_DIR/../shared)
#   BUILD_DIR   the clang build and the fuzz run's files (default: SOURCE_DIR/build/fuzz)
#   CXX, CC     clang++ and clang                 (default: clang++-14, clang-14)
#   SECONDS     how long to fuzz                  (default: 60)
#   JOBS        parallel compile jobs             (default: 2)
#   KEEP_CORPUS ON: keep growing BUILD_DIR/corpus across runs (long runs); OFF (default):
#               start every run from the seeds alone, so a run does not depend on the last
#   BUILD_ONLY  ON: build the fuzz targets and stop
#   PREBUILT    ON: BUILD_DIR is a build that has the fuzz targets already (the asan
#               preset's, whose ctest entries pass this): no configure, no build
#
# Everything is written under BUILD_DIR (never into the source tree or shared/):
# Everything per target, in BUILD_DIR/<target>/ (the clang build itself is shared):
#   seeds/     fuzz_gltf_import: copies of assets/*.gltf, tests/fuzz/regressions/*,
#              shared/gltf-samples/**; fuzz_user_files: tests/fuzz/user_files_seeds/*;
#              fuzz_bvh_import: tests/fuzz/bvh_seeds/*
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
if(NOT FUZZER)
  set(FUZZER fuzz_gltf_import)
endif()
if(NOT FUZZER MATCHES "^(fuzz_gltf_import|fuzz_bvh_import|fuzz_user_files)$")
  message(FATAL_ERROR "FUZZER must be fuzz_gltf_import, fuzz_bvh_import or fuzz_user_files, not '${FUZZER}'")
endif()
foreach(tool CXX CC)
  find_program(found_${tool} NAMES "${${tool}}")
  if(NOT found_${tool})
    message(FATAL_ERROR "'${${tool}}' not found: the fuzz build needs clang-14 and "
                        "libclang-rt-14-dev (.ci/install-deps installs them)")
  endif()
endforeach()

if(NOT PREBUILT)
  # --- 1. The clang build: only the fuzz target and what it links ----------------------
  # -O1 without NDEBUG: fast enough to fuzz, assertions on; line tables only (enough for
  # symbolised stacks, and quicker to build than full debug information). A unity build
  # (each target's sources compiled a few at a time as one file) halves the build's CPU time:
  # the build is only ever used to fuzz. Ninja when there is one.
  # Configured every time (quick when nothing changed), so a changed flag here reaches an
  # existing build folder.
  find_program(ninja NAMES ninja)
  set(generator "")
  if(ninja AND NOT EXISTS "${BUILD_DIR}/CMakeCache.txt")
    set(generator -G Ninja)
  endif()
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${BUILD_DIR}" ${generator}
            -DCMAKE_CXX_COMPILER=${found_CXX} -DCMAKE_C_COMPILER=${found_CC}
            -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16
            -DCMAKE_BUILD_TYPE=RelWithDebInfo
            "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
            "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only"
            -DIKSCOPE_BUILD_FUZZ=ON -DIKSCOPE_BUILD_APP=OFF -DIKSCOPE_BUILD_TESTS=OFF
    OUTPUT_QUIET
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "configuring the fuzz build in ${BUILD_DIR} failed")
  endif()
  set(targets ${FUZZER})
  if(BUILD_ONLY)
    set(targets fuzz_gltf_import fuzz_bvh_import fuzz_user_files)
  endif()
  execute_process(
    COMMAND ${CMAKE_COMMAND} --build "${BUILD_DIR}" --target ${targets} --parallel ${JOBS}
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "building ${targets} in ${BUILD_DIR} failed")
  endif()
  if(BUILD_ONLY)
    return()
  endif()
endif()
set(fuzzer "${BUILD_DIR}/tests/fuzz/${FUZZER}")
set(RUN_DIR "${BUILD_DIR}/${FUZZER}")

# --- 2. Seeds, external files, corpus ------------------------------------------------
file(REMOVE_RECURSE "${RUN_DIR}/seeds" "${RUN_DIR}/base")
file(MAKE_DIRECTORY "${RUN_DIR}/seeds" "${RUN_DIR}/base" "${RUN_DIR}/artifacts")
if(NOT KEEP_CORPUS)
  file(REMOVE_RECURSE "${RUN_DIR}/corpus")
endif()
file(MAKE_DIRECTORY "${RUN_DIR}/corpus")

# Seeds are named after their relative path: two samples share the name RiggedSimple.gltf.
function(copy_seeds root)
  file(GLOB_RECURSE files RELATIVE "${root}" ${ARGN})
  foreach(relative ${files})
    string(REPLACE "/" "_" flat "${relative}")
    file(COPY_FILE "${root}/${relative}" "${RUN_DIR}/seeds/${flat}")
  endforeach()
endfunction()
if(FUZZER STREQUAL "fuzz_bvh_import")
  copy_seeds("${here}/bvh_seeds" "${here}/bvh_seeds/*")
  set(dictionary "${here}/bvh.dict")
  set(max_len 16384)
elseif(FUZZER STREQUAL "fuzz_user_files")
  copy_seeds("${here}/user_files_seeds" "${here}/user_files_seeds/*")
  set(dictionary "${here}/user_files.dict")
  set(max_len 65536)
  # The rig every session is read against.
  set(ENV{IKSCOPE_FUZZ_RIG} "${SOURCE_DIR}/assets/humanoid.gltf")
else()
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
    file(COPY_FILE "${path}" "${RUN_DIR}/base/${name}")
  endforeach()
  set(dictionary "${here}/gltf.dict")
  set(max_len 131072)
endif()
file(GLOB seeds "${RUN_DIR}/seeds/*")
list(LENGTH seeds seed_count)

# --- 3. Fuzz ----------------------------------------------------------------------------
# -max_len: CesiumMan.glb (480 KB) is truncated when mutated; every other seed fits, and
# short inputs keep the run fast. -rss_limit_mb / -timeout: a rig import must neither
# take 2 GB nor 10 s; either counts as a failure with its input kept.
set(ENV{IKSCOPE_FUZZ_BASE_DIR} "${RUN_DIR}/base")
set(ENV{UBSAN_OPTIONS} "print_stacktrace=1:halt_on_error=1")
message(STATUS "fuzzing for ${SECONDS} s from ${seed_count} seeds; log: ${RUN_DIR}/fuzz.log")
execute_process(
  COMMAND "${fuzzer}" "${RUN_DIR}/corpus" "${RUN_DIR}/seeds"
          -max_total_time=${SECONDS} -max_len=${max_len} -rss_limit_mb=2048 -timeout=10
          -dict=${dictionary} -artifact_prefix=${RUN_DIR}/artifacts/
          -print_final_stats=1
  RESULT_VARIABLE rc
  OUTPUT_FILE "${RUN_DIR}/fuzz.log"
  ERROR_FILE "${RUN_DIR}/fuzz.log")

# Print the summary (final stats), or on failure the end of the log with the report.
# (The log is handled as one string: its lines hold ';' and '[' that CMake lists mangle.)
file(READ "${RUN_DIR}/fuzz.log" log)
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
  file(GLOB found "${RUN_DIR}/artifacts/*")
  message(FATAL_ERROR "the fuzzer failed (exit ${rc}); inputs kept: ${found}\n"
                      "reproduce with: ${fuzzer} <input>")
endif()
