# Writes OUTPUT, a header that holds INPUT's bytes as `inline constexpr char
# NAME[]`: files a binary serves (documents, pages) are built into it, so it
# works offline and from one file. Run as `cmake -DINPUT= -DOUTPUT= -DNAME= -P`.
file(READ "${INPUT}" content)
string(FIND "${content}" ")embedded\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} holds the raw string's end marker")
endif()
file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT} by common/embed_file.cmake; do not edit.\n#pragma once\n\nnamespace judkins {\ninline constexpr char ${NAME}[] = R\"embedded(${content})embedded\";\n}  // namespace judkins\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
