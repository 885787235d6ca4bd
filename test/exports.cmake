# The `exports` test of a shared build: liburlkit.so exports the public API
# (what include/urlkit declares) and nothing of src/'s internals.
#   cmake -DLIB=path/to/liburlkit.so -P exports.cmake
execute_process(COMMAND nm -D --defined-only -C ${LIB} OUTPUT_VARIABLE symbols
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm -D failed on ${LIB}")
endif()
# Internals: the X3 grammars and Spirit itself, the parse state, the data:
# and HTML internals, the ASCII helpers.
foreach(internal "boost::spirit" "urlkit::grammar::" "urlkit::detail_access"
                 "urlkit::data_detail::" "urlkit::ascii::" "urlkit::schemes::")
  string(FIND "${symbols}" "${internal}" at)
  if(NOT at EQUAL -1)
    string(SUBSTRING "${symbols}" ${at} 160 context)
    message(FATAL_ERROR "liburlkit.so exports an internal symbol (${internal}): ${context}")
  endif()
endforeach()
# The public entry points are there.
# (A function returning std::string is demangled with its "[abi:cxx11]" tag.)
foreach(api "parse_reference" "resolve" "resolve_into" "make_relative" "establish_base"
            "extract" "ftp_view::from_url" "url::parse" "decode" "mask_password")
  if(NOT symbols MATCHES "urlkit::${api}(\\[abi:cxx11\\])?\\(")
    message(FATAL_ERROR "liburlkit.so does not export urlkit::${api}")
  endif()
endforeach()
string(REGEX MATCHALL "\n[0-9a-f]+ [TW] " exported "${symbols}")
list(LENGTH exported n)
message(STATUS "liburlkit.so exports ${n} functions, none of them internal")
