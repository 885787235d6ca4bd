cmake_minimum_required(VERSION 3.25)
# Whether PROGRAM holds a symbol defined by the scheme layer: the objects of
# src/grammar/{ftp,http,gopher,mailto,news,nntp,telnet,wais,file,prospero,data,mime}*.cpp
# and src/{schemes,data,client}/*.cpp among OBJECTS.  EXPECT=none: it must hold none;
# EXPECT=some: it must hold some.  Only strong symbols count (text, data,
# read-only data, bss): an inline function or a template instance (weak) may be
# defined by any object that uses it.
function(strong_symbols file out)
  execute_process(COMMAND ${NM} --defined-only --format=posix ${file} OUTPUT_VARIABLE listing
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${NM} ${file} failed (${status})")
  endif()
  string(REPLACE "\n" ";" lines "${listing}")
  set(names)
  foreach(line IN LISTS lines)
    if(line MATCHES "^([^ ]+) [TDBR] ")
      list(APPEND names ${CMAKE_MATCH_1})
    endif()
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

set(scheme_symbols)
set(scheme_objects 0)
foreach(object IN LISTS OBJECTS)
  if(object MATCHES "/src/grammar/(ftp|http|gopher|mailto|news|nntp|telnet|wais|file|prospero|data|mime)[a-z_0-9]*\\.cpp\\.o$"
     OR object MATCHES "/src/(schemes|data|client)/[^/]*\\.cpp\\.o$")
    math(EXPR scheme_objects "${scheme_objects} + 1")
    strong_symbols(${object} names)
    list(APPEND scheme_symbols ${names})
  endif()
endforeach()
list(LENGTH scheme_symbols n)
if(scheme_objects LESS 20 OR n LESS 50)
  message(FATAL_ERROR "only ${scheme_objects} scheme objects and ${n} symbols found: wrong OBJECTS?")
endif()

strong_symbols(${PROGRAM} program_symbols)
set(found)
foreach(name IN LISTS program_symbols)
  if(name IN_LIST scheme_symbols)
    list(APPEND found ${name})
  endif()
endforeach()
list(LENGTH found k)
if(EXPECT STREQUAL "none" AND k GREATER 0)
  list(SUBLIST found 0 10 shown)
  message(FATAL_ERROR "${PROGRAM} links ${k} symbols of the scheme layer, e.g. ${shown}")
elseif(EXPECT STREQUAL "some" AND k EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} links no symbol of the scheme layer: the check reads nothing")
endif()
message(STATUS "${PROGRAM}: ${k} of ${n} scheme-layer symbols (${scheme_objects} objects)")
