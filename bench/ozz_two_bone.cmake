# ozz-animation's two-bone IK job, the peer of ikscope's two-bone solve, built from the
# unmodified snapshot in ${IKSCOPE_SHARED_DIR}/peers/ozz-animation (its README: two
# source files, -Iinclude -Isrc, SIMD chosen at compile time, SSE2 by default): a static
# library, ikscope_peer_ozz, with warnings off (not our code; its headers are SYSTEM so
# they raise none in ours). Included by bench/ (bench_analytic) and bench/kdl/ (the peers
# smoke test); defines the target once. Without the snapshot the target is not defined
# and IKSCOPE_OZZ_MISSING says why.
set(IKSCOPE_SHARED_DIR "${PROJECT_SOURCE_DIR}/../shared" CACHE PATH
    "The shared/ folder beside the checkout (glTF samples, seeds)")
set(IKSCOPE_OZZ_DIR "${IKSCOPE_SHARED_DIR}/peers/ozz-animation")
set(IKSCOPE_OZZ_MISSING "")
if(NOT TARGET ikscope_peer_ozz)
  if(EXISTS "${IKSCOPE_OZZ_DIR}/src/animation/runtime/ik_two_bone_job.cc")
    add_library(ikscope_peer_ozz STATIC
      "${IKSCOPE_OZZ_DIR}/src/animation/runtime/ik_two_bone_job.cc"
      "${IKSCOPE_OZZ_DIR}/src/base/maths/simd_math.cc")
    target_include_directories(ikscope_peer_ozz SYSTEM PUBLIC "${IKSCOPE_OZZ_DIR}/include"
                               PRIVATE "${IKSCOPE_OZZ_DIR}/src")
    target_compile_options(ikscope_peer_ozz PRIVATE -w)
  else()
    set(IKSCOPE_OZZ_MISSING "no ozz-animation snapshot at ${IKSCOPE_OZZ_DIR} (set IKSCOPE_SHARED_DIR)")
  endif()
endif()
