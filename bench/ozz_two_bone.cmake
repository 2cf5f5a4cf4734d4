# ozz-animation's two-bone IK job, the peer of ikscope's two-bone solve, built from the
# unmodified snapshot in ${IKSCOPE_SHARED_DIR}/peers/ozz-animation (its README: two
# source files, -Iinclude -Isrc, SIMD chosen at compile time, SSE2 by default): a static
# library, ikscope_peer_ozz, with warnings off (not our code; its headers are SYSTEM so
# they raise none in ours). Included by bench/ (bench_analytic) and bench/kdl/ (the peers
# smoke test); defines the target once. Without the snapshot the target is not defined
# and IKSCOPE_OZZ_MISSING says why. IKSCOPE_OZZ_COMPILE_OPTIONS (empty: ozz's default
# SSE2) builds ozz for more, e.g. "-mavx2;-mfma"; files that include ozz's headers (whose
# SIMD code is inline) must be compiled with the same options (ikscope_ozz_compile_like).
set(IKSCOPE_SHARED_DIR "${PROJECT_SOURCE_DIR}/../shared" CACHE PATH
    "The shared/ folder beside the checkout (glTF samples, seeds)")
set(IKSCOPE_OZZ_DIR "${IKSCOPE_SHARED_DIR}/peers/ozz-animation")
set(IKSCOPE_OZZ_COMPILE_OPTIONS "" CACHE STRING
    "Extra compile options for ozz-animation's two-bone job and the files that include it (e.g. -mavx2;-mfma)")
set(IKSCOPE_OZZ_MISSING "")
function(ikscope_ozz_compile_like)
  if(IKSCOPE_OZZ_COMPILE_OPTIONS)
    set_source_files_properties(${ARGN} PROPERTIES
                                COMPILE_OPTIONS "${IKSCOPE_OZZ_COMPILE_OPTIONS}")
  endif()
endfunction()
if(NOT TARGET ikscope_peer_ozz)
  if(EXISTS "${IKSCOPE_OZZ_DIR}/src/animation/runtime/ik_two_bone_job.cc")
    add_library(ikscope_peer_ozz STATIC
      "${IKSCOPE_OZZ_DIR}/src/animation/runtime/ik_two_bone_job.cc"
      "${IKSCOPE_OZZ_DIR}/src/base/maths/simd_math.cc")
    target_include_directories(ikscope_peer_ozz SYSTEM PUBLIC "${IKSCOPE_OZZ_DIR}/include"
                               PRIVATE "${IKSCOPE_OZZ_DIR}/src")
    target_compile_options(ikscope_peer_ozz PRIVATE -w ${IKSCOPE_OZZ_COMPILE_OPTIONS})
  else()
    set(IKSCOPE_OZZ_MISSING "no ozz-animation snapshot at ${IKSCOPE_OZZ_DIR} (set IKSCOPE_SHARED_DIR)")
  endif()
endif()
