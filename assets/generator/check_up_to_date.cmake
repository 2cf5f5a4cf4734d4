# ctest script: the committed rigs in assets/ are exactly what the generator writes now.
#   cmake -DGENERATOR=<ikscope_make_rigs> -DASSETS=<source assets/> -DOUT=<scratch folder>
#         -P check_up_to_date.cmake
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
execute_process(COMMAND "${GENERATOR}" "${OUT}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the generator failed (${status})")
endif()
foreach(rig humanoid tentacle arm7 panda ur5 mixamo_rig)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUT}/${rig}.gltf" "${ASSETS}/${rig}.gltf"
                  RESULT_VARIABLE differs)
  if(NOT differs EQUAL 0)
    message(FATAL_ERROR "assets/${rig}.gltf differs from what the generator writes now: "
                        "run  cmake --build --preset release --target regenerate_rigs  and commit it")
  endif()
endforeach()
message(STATUS "assets/*.gltf are up to date")
