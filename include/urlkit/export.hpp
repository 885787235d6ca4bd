// urlkit — what a shared liburlkit exports.
//
// The libraries are built with hidden visibility (-fvisibility=hidden
// -fvisibility-inlines-hidden).  Each public header wraps its declarations
// in URLKIT_BEGIN_API ... URLKIT_END_API, which gives them default
// visibility: liburlkit.so exports the API that include/urlkit declares and
// nothing that only src/ declares (the Spirit grammars, the internals).
// The same holds in a program that includes these headers, whatever its
// own -fvisibility.  URLKIT_API does it for one declaration.
//
// URLKIT_STATIC (set by the CMake package and urlkit.pc of a static build)
// turns them off: a static urlkit linked into someone's shared library is
// not exported from it.
#pragma once

#if defined(URLKIT_STATIC) || !(defined(__GNUC__) || defined(__clang__))
#define URLKIT_API
#define URLKIT_BEGIN_API
#define URLKIT_END_API
#else
#define URLKIT_API __attribute__((visibility("default")))
#define URLKIT_BEGIN_API _Pragma("GCC visibility push(default)")
#define URLKIT_END_API _Pragma("GCC visibility pop")
#endif
