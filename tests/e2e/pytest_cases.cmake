# One ctest entry e2e_NAME per test function `def test_NAME(` of tests/e2e/test_*.py, read
# from the files themselves (a new function is a new entry at the next configure, which an
# edit of a test file triggers), run as `/usr/bin/python3 -m pytest FILE::test_NAME` (-rP:
# what a passing case prints, its figures, stays in ctest's log too).
#
# A line `@pytest.mark.ctest(timeout=S, cost=C, resource_lock="NAME")` right above a test
# function sets that entry's TIMEOUT, COST and RESOURCE_LOCK (any of them; defaults below).
# Cases run side by side (each has its own X server); a lock is only for a case whose
# checks depend on timing, so that another such case never runs beside it.
#
# In: E2E_IKSCOPE, E2E_CHECK_SCREENSHOT (paths, generator expressions allowed), E2E_SHARED
# (../shared), E2E_OUT (the cases' output folders). Standalone (the e2e tests of prebuilt
# binaries, e.g. to time them): a CMakeLists.txt with project(), enable_testing(), these
# four variables and include() of this file.
set(E2E_PYTHON /usr/bin/python3)  # Debian's, whose python3-pytest .ci/install-deps installs
set(E2E_DEFAULT_TIMEOUT 180)      # the slowest of them took 29 s at -j2 beside two CPU hogs
# ctest starts the costliest entries first: the end-to-end cases before the unit tests, so
# the longest of them begin at once and the unit tests fill the gaps beside them.
set(E2E_DEFAULT_COST 100)
set(e2e_dir ${CMAKE_CURRENT_LIST_DIR})

execute_process(COMMAND ${E2E_PYTHON} -c "import pytest" RESULT_VARIABLE e2e_no_pytest OUTPUT_QUIET ERROR_QUIET)
if(e2e_no_pytest)
  message(WARNING "The end-to-end tests need pytest for ${E2E_PYTHON}: apt-get install python3-pytest "
                  "(.ci/install-deps does), then configure again. Until then ctest runs one failing entry, "
                  "e2e_pytest_missing, in their place.")
  add_test(NAME e2e_pytest_missing COMMAND ${E2E_PYTHON} -c "import pytest")
  set_tests_properties(e2e_pytest_missing PROPERTIES LABELS e2e)
  return()
endif()

file(MAKE_DIRECTORY ${E2E_OUT})
set(e2e_env
  "IKSCOPE=${E2E_IKSCOPE}"
  "CHECK_SCREENSHOT=${E2E_CHECK_SCREENSHOT}"
  "SHARED=${E2E_SHARED}"
  "OUT=${E2E_OUT}"
  "PYTHONDONTWRITEBYTECODE=1")  # no __pycache__ in the source tree

file(GLOB e2e_test_files CONFIGURE_DEPENDS ${e2e_dir}/test_*.py)
foreach(test_file IN LISTS e2e_test_files)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${test_file})
  file(STRINGS ${test_file} lines REGEX "^(def test_|@pytest\\.mark\\.ctest\\()")
  set(marks "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^@pytest\\.mark\\.ctest\\((.*)\\)")
      set(marks "${CMAKE_MATCH_1}")
      continue()
    endif()
    string(REGEX REPLACE "^def test_([A-Za-z0-9_]+).*" "\\1" case "${line}")
    set(timeout ${E2E_DEFAULT_TIMEOUT})
    set(cost ${E2E_DEFAULT_COST})
    set(lock "")
    if(marks MATCHES "timeout=([0-9]+)")
      set(timeout ${CMAKE_MATCH_1})
    endif()
    if(marks MATCHES "cost=([0-9]+)")
      set(cost ${CMAKE_MATCH_1})
    endif()
    if(marks MATCHES "resource_lock=\"([A-Za-z0-9_]+)\"")
      set(lock RESOURCE_LOCK ${CMAKE_MATCH_1})
    endif()
    add_test(NAME e2e_${case}
             COMMAND ${E2E_PYTHON} -m pytest -q -rP -p no:cacheprovider ${test_file}::test_${case}
             WORKING_DIRECTORY ${E2E_OUT})
    set_tests_properties(e2e_${case} PROPERTIES ENVIRONMENT "${e2e_env}" TIMEOUT ${timeout}
                         COST ${cost} LABELS e2e ${lock})
    set(marks "")
  endforeach()
endforeach()
