# The guide_codes test: docs/guide.md lists every error_code and warning_code
# (one table row each, "| `name` | meaning |"), the names the CLI's JSON
# "code" carries, so that the list cannot fall behind the enums.
#   cmake -DHEADER=include/urlkit/error.hpp -DGUIDE=docs/guide.md -P guide_codes.cmake
file(READ "${HEADER}" header)
file(READ "${GUIDE}" guide)
set(n 0)
foreach(enum error_code warning_code)
  # The enum runs to its "};" (its comments hold braces).
  string(FIND "${header}" "enum class ${enum} " start)
  if(start EQUAL -1)
    message(FATAL_ERROR "guide_codes: no enum ${enum} in ${HEADER}")
  endif()
  string(SUBSTRING "${header}" ${start} -1 body)
  string(FIND "${body}" "\n};" end)
  string(SUBSTRING "${body}" 0 ${end} body)
  # One enumerator a line, before its comment: "  name," or "  ok = 0,".
  string(REGEX MATCHALL "\n  [a-z][a-z0-9_]*( = [0-9]+)?," names "${body}")
  foreach(name IN LISTS names)
    string(REGEX REPLACE "[\n ,]|=.*" "" name "${name}")
    string(FIND "${guide}" "| `${name}` |" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "guide_codes: ${enum}::${name} is not listed in ${GUIDE}")
    endif()
    math(EXPR n "${n} + 1")
  endforeach()
endforeach()
if(n LESS 40)
  message(FATAL_ERROR "guide_codes: only ${n} codes read from ${HEADER}")
endif()
message(STATUS "guide_codes: the ${n} codes are all in ${GUIDE}")
