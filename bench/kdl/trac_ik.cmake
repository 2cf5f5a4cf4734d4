# TRAC-IK, the peer for 6-D pose IK on the arms, built from the unmodified snapshot in
# ${IKSCOPE_SHARED_DIR}/peers/trac_ik (../shared/peers/README.md: three sources, C++17,
# Eigen, KDL, NLopt, Boost date_time, urdfdom and kdl_parser for its URDF constructor,
# threads): a static library, ikscope_peer_trac_ik, with warnings off (not our code; its
# headers are SYSTEM). Needs the target ikscope_kdl (KDL and Eigen, bench/kdl/CMakeLists.txt).
# The Debian packages come from .ci/install-deps. Without one of them, or without the
# snapshot, the target is not defined and IKSCOPE_TRAC_IK_MISSING says what is missing.
set(IKSCOPE_SHARED_DIR "${PROJECT_SOURCE_DIR}/../shared" CACHE PATH
    "The shared/ folder beside the checkout (glTF samples, seeds)")
set(IKSCOPE_TRAC_IK_DIR "${IKSCOPE_SHARED_DIR}/peers/trac_ik")
set(IKSCOPE_TRAC_IK_MISSING "")
if(NOT TARGET ikscope_peer_trac_ik)
  find_path(IKSCOPE_NLOPT_INCLUDE_DIR nlopt.hpp)
  find_library(IKSCOPE_NLOPT_LIBRARY nlopt)
  find_path(IKSCOPE_BOOST_DATE_TIME_INCLUDE_DIR boost/date_time.hpp)
  find_library(IKSCOPE_BOOST_DATE_TIME_LIBRARY boost_date_time)
  find_path(IKSCOPE_KDL_PARSER_INCLUDE_DIR kdl_parser/kdl_parser.hpp)
  find_library(IKSCOPE_KDL_PARSER_LIBRARY kdl_parser)
  find_path(IKSCOPE_URDFDOM_INCLUDE_DIR urdf_parser/urdf_parser.h)
  find_library(IKSCOPE_URDFDOM_MODEL_LIBRARY urdfdom_model)
  find_package(Threads)
  set(missing "")
  if(NOT EXISTS "${IKSCOPE_TRAC_IK_DIR}/src/trac_ik.cpp")
    list(APPEND missing "the TRAC-IK snapshot at ${IKSCOPE_TRAC_IK_DIR} (set IKSCOPE_SHARED_DIR)")
  endif()
  if(NOT IKSCOPE_NLOPT_INCLUDE_DIR OR NOT IKSCOPE_NLOPT_LIBRARY)
    list(APPEND missing libnlopt-cxx-dev)
  endif()
  if(NOT IKSCOPE_BOOST_DATE_TIME_INCLUDE_DIR OR NOT IKSCOPE_BOOST_DATE_TIME_LIBRARY)
    list(APPEND missing libboost-date-time-dev)
  endif()
  if(NOT IKSCOPE_KDL_PARSER_INCLUDE_DIR OR NOT IKSCOPE_KDL_PARSER_LIBRARY)
    list(APPEND missing libkdl-parser-dev)
  endif()
  if(NOT IKSCOPE_URDFDOM_INCLUDE_DIR OR NOT IKSCOPE_URDFDOM_MODEL_LIBRARY)
    list(APPEND missing liburdfdom-dev)
  endif()
  if(NOT Threads_FOUND)
    list(APPEND missing "a threads library")
  endif()
  if(missing)
    list(JOIN missing ", " IKSCOPE_TRAC_IK_MISSING)
  else()
    add_library(ikscope_peer_trac_ik STATIC
      "${IKSCOPE_TRAC_IK_DIR}/src/kdl_tl.cpp"
      "${IKSCOPE_TRAC_IK_DIR}/src/nlopt_ik.cpp"
      "${IKSCOPE_TRAC_IK_DIR}/src/trac_ik.cpp")
    target_include_directories(ikscope_peer_trac_ik SYSTEM PUBLIC
      "${IKSCOPE_TRAC_IK_DIR}/include" ${IKSCOPE_NLOPT_INCLUDE_DIR} ${IKSCOPE_BOOST_DATE_TIME_INCLUDE_DIR}
      PRIVATE ${IKSCOPE_KDL_PARSER_INCLUDE_DIR} ${IKSCOPE_URDFDOM_INCLUDE_DIR})
    target_link_libraries(ikscope_peer_trac_ik PUBLIC
      ikscope_kdl ${IKSCOPE_NLOPT_LIBRARY} ${IKSCOPE_BOOST_DATE_TIME_LIBRARY}
      ${IKSCOPE_KDL_PARSER_LIBRARY} ${IKSCOPE_URDFDOM_MODEL_LIBRARY} Threads::Threads)
    target_compile_options(ikscope_peer_trac_ik PRIVATE -w)
  endif()
endif()
