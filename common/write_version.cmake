# Writes common/version.h into the build tree on every build, touching it only
# when the commit changed (so nothing recompiles otherwise).
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -DJUDKINS_VERSION_NUMBER=... -P write_version.cmake
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
  OUTPUT_VARIABLE JUDKINS_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE git_result)
if(NOT git_result EQUAL 0 OR JUDKINS_GIT_COMMIT STREQUAL "")
  set(JUDKINS_GIT_COMMIT "unknown")
endif()
configure_file("${SOURCE_DIR}/common/version.h.in" "${OUTPUT}.new" @ONLY)
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
