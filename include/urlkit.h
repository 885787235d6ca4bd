/* urlkit.h -- the C ABI of urlkit (library urlkit::c, liburlkit_c).
 *
 * URLs as RFC 1738 and draft-fielding-uri-url-00 (RFC 1808) define them, for
 * C programs and for other languages' bindings: parse a URL reference into a
 * handle, read its components, resolve and make relative, normalize and
 * compare, validate, connect (endpoint), IDNA.  docs/c.md has the guide; this
 * header is the reference.
 *
 * STABILITY
 *   Every function, type and enumerator named urlkit_* in this header is
 *   stable: version 1 of the ABI (urlkit_abi_version() returns 1, and the
 *   shared library's symbols carry the version node URLKIT_C_1).  Within
 *   version 1 nothing is removed, no signature changes, no struct changes
 *   size or layout, and no enumerator changes its value.  What may change
 *   within version 1:
 *   - new functions, types and enumerators may be added (a new struct field
 *     comes only with a new struct and the new functions that take it);
 *   - new error codes and warning codes may be returned (a caller treats a
 *     code it does not know as a failure, and urlkit_error_name() and
 *     urlkit_strerror() name it);
 *   - the text of messages (urlkit_error_message(), urlkit_strerror(),
 *     urlkit_warning_message()) may be improved; the names
 *     (urlkit_error_name()) do not change.
 *   test/c/abi.txt lists the exported symbols with their declarations, and
 *   the `c/abi` test fails when one disappears or changes.
 *
 * CONVENTIONS
 *   Strings: input is a pointer and a length (no NUL needed; NUL bytes are
 *     bytes).  Output is urlkit_str {data, size}, borrowed: it points into a
 *     handle (or static storage) and lives as long as that, and is not
 *     NUL-terminated.  data == NULL means absent; data != NULL with size 0 is
 *     present and empty ("http://a/?" has an empty query, "http://a/" none).
 *   Errors: a function that can fail returns urlkit_error_code
 *     (urlkit_ok == 0 on success) and, when its last argument `error` is not
 *     NULL, fills it with the code, the byte offset and the details
 *     (urlkit_error_message() turns it into text).  A NULL pointer where one
 *     is required gives urlkit_error_invalid_argument, never a crash.  No C++
 *     exception crosses this interface: running out of memory gives
 *     urlkit_error_out_of_memory.
 *   Buffers: a function that writes text into the caller's buffer `buf` of
 *     `size` bytes writes the text and a NUL when length + 1 <= size, and
 *     stores the length (without the NUL) in *length in every case where the
 *     text could be computed.  When the buffer is too small it returns
 *     urlkit_error_buffer_too_small, *length says how much is needed (plus
 *     one for the NUL), and buf holds "" (when size > 0): it never truncates.
 *     buf may be NULL when size is 0 (to ask for the length).  The *_string
 *     variants allocate a urlkit_string instead, freed by urlkit_string_free().
 *   Ownership: urlkit_url handles are made by urlkit_url_new(),
 *     urlkit_parse() and urlkit_url_copy() and freed by urlkit_url_free().
 *     Nothing else needs freeing but urlkit_string (urlkit_string_free())
 *     and urlkit_endpoint (urlkit_endpoint_free()).
 *   Threads: every function may be called from any thread.  A handle may be
 *     read (const urlkit_url*) from several threads at once; one that is
 *     being changed (urlkit_reparse(), urlkit_url_assign(),
 *     urlkit_url_reserve(), urlkit_url_free()) must not be used by another
 *     thread meanwhile.  Warning callbacks run on the calling thread, during
 *     the call.
 *
 *   Enums: each ends with an enumerator NAME_range_ = -2147483647, which is
 *     never a value: it makes the enum span every int in C++ as it does in C,
 *     so that a value this version does not know (a code a newer library
 *     returns, an out-of-range argument) is well-defined on both sides.
 *
 * BINDINGS (cffi and the like)
 *   The declarations between the lines "cdef begin" and "cdef end" below are
 *   plain C: typedefs, enums with literal values, structs and function
 *   prototypes, no macro and no preprocessor line; they can be given to a
 *   cffi cdef() as they are (test/c checks that they parse).
 */
#ifndef URLKIT_H
#define URLKIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- cdef begin ---- */

/* What went wrong.  Codes 0 to 199 mirror urlkit::error_code
 * (include/urlkit/error.hpp), with the same values and names; 200 and above
 * are the C ABI's own. */
typedef enum urlkit_error_code {
  urlkit_ok = 0,
  urlkit_error_invalid_character = 1,    /* space, control, "<", ">", <"> */
  urlkit_error_unwise_character = 2,     /* "{" "}" "|" "\" "^" "[" "]" "`" (strict) */
  urlkit_error_non_ascii = 3,            /* an octet >= 0x80 (strict) */
  urlkit_error_bad_escape = 4,           /* "%" not followed by two hex digits (strict) */
  urlkit_error_unexpected_character = 5, /* a character the rule does not allow here */
  urlkit_error_scheme_expected = 6,      /* an absolute URL was required */
  urlkit_error_host_expected = 7,        /* a server with user or port but no host */
  urlkit_error_bad_host = 8,             /* neither a hostname nor a hostnumber */
  urlkit_error_bad_port = 9,             /* port must be digits */
  urlkit_error_base_not_absolute = 10,   /* resolve: the base has no scheme */
  urlkit_error_base_not_generic = 11,    /* resolve: the base's scheme is opaque */
  urlkit_error_base_undefined = 12,      /* resolve: empty base, relative reference */
  urlkit_error_target_not_absolute = 13, /* make_relative: the target has no scheme */
  urlkit_error_decoded_nul = 14,         /* decoding produced NUL */
  urlkit_error_decoded_crlf = 15,        /* decoding produced CR or LF */
  urlkit_error_buffer_too_small = 16,    /* the caller's buffer cannot hold the result */
  urlkit_error_scheme_syntax = 17,       /* the scheme's own production refuses the URL */
  urlkit_error_bad_base64 = 18,
  urlkit_error_data_syntax = 19,
  urlkit_error_refused_media_type = 20,
  urlkit_error_mime_syntax = 21,
  urlkit_error_access_type_refused = 22,
  urlkit_error_idna = 23,                /* a host name IDNA refuses */
  urlkit_error_tag_too_large = 24,
  urlkit_error_bad_edit = 25,
  urlkit_error_url_too_large = 26,       /* 4 GiB or more */
  urlkit_error_bad_host_escape = 27,
  urlkit_error_host_too_long = 28,
  urlkit_error_output_stopped = 29,
  urlkit_error_port_out_of_range = 30,   /* a port above 65535 */
  urlkit_error_non_ascii_host = 31,      /* endpoint: a non-ASCII host and no IDNA */
  urlkit_error_no_server = 32,           /* endpoint: the URL names no server */
  urlkit_error_no_default_port = 33,     /* endpoint: a scheme of unknown port */
  urlkit_error_document_encoding = 34,
  urlkit_error_out_of_memory = 200,      /* an allocation failed */
  urlkit_error_invalid_argument = 201,   /* a NULL pointer, or a value out of range */
  urlkit_error_not_built = 202,          /* the library was built without that part (IDNA) */
  urlkit_error_internal = 203,           /* an unexpected failure inside the library */
  urlkit_error_code_range_ = -2147483647 /* not a value: see Enums */
} urlkit_error_code;

/* What lenient parsing accepted but the strict grammar does not (values and
 * names of urlkit::warning_code). */
typedef enum urlkit_warning_code {
  urlkit_warning_unwise_character = 0,
  urlkit_warning_non_ascii = 1,
  urlkit_warning_bad_escape = 2,
  urlkit_warning_at_in_userinfo = 3,
  urlkit_warning_colon_in_password = 4,
  urlkit_warning_hash_in_fragment = 5,
  urlkit_warning_not_a_hostname = 6,
  urlkit_warning_scheme_syntax = 7,
  urlkit_warning_scheme_character = 8,
  urlkit_warning_excluded_character = 9,
  urlkit_warning_delimiter_after_host = 10,
  urlkit_warning_ipv6_literal = 11,
  urlkit_warning_hyphen_line_break = 12,
  urlkit_warning_wrapper_given_up = 13,
  urlkit_warning_passed_over = 14,
  urlkit_warning_host_too_long = 15,
  urlkit_warning_code_range_ = -2147483647 /* not a value: see Enums */
} urlkit_warning_code;

/* The grammar rule (component) an error or warning belongs to (urlkit::rule). */
typedef enum urlkit_rule {
  urlkit_rule_reference = 0,
  urlkit_rule_scheme = 1,
  urlkit_rule_server = 2,
  urlkit_rule_user = 3,
  urlkit_rule_password = 4,
  urlkit_rule_host = 5,
  urlkit_rule_port = 6,
  urlkit_rule_path = 7,
  urlkit_rule_params = 8,
  urlkit_rule_query = 9,
  urlkit_rule_fragment = 10,
  urlkit_rule_base = 11,
  urlkit_rule_target = 12,
  urlkit_rule_decode = 13,
  urlkit_rule_encode = 14,
  urlkit_rule_base64 = 15,
  urlkit_rule_data = 16,
  urlkit_rule_mime = 17,
  urlkit_rule_range_ = -2147483647 /* not a value: see Enums */
} urlkit_rule;

/* Strict: exactly the BNF.  Lenient: also unwise and national characters and
 * a "%" without two hex digits, each reported as a warning (draft 2.3.3). */
typedef enum urlkit_mode {
  urlkit_mode_lenient = 0,
  urlkit_mode_strict = 1,
  urlkit_mode_range_ = -2147483647 /* not a value: see Enums */
} urlkit_mode;

/* The components of a URL reference (draft 4, RFC 1738 3.1):
 * scheme://user:password@host:port/path;params?query#fragment
 * The server is "user:password@host:port" as written. */
typedef enum urlkit_component {
  urlkit_component_scheme = 0,
  urlkit_component_server = 1,
  urlkit_component_user = 2,
  urlkit_component_password = 3,
  urlkit_component_host = 4,
  urlkit_component_port = 5,
  urlkit_component_path = 6,
  urlkit_component_params = 7,
  urlkit_component_query = 8,
  urlkit_component_fragment = 9,
  urlkit_component_range_ = -2147483647 /* not a value: see Enums */
} urlkit_component;

/* The schemes the library's standard registry checks with a grammar of their
 * own (RFC 1738 5, RFC 2397, https/ws/wss with http's syntax). */
typedef enum urlkit_scheme {
  urlkit_scheme_none = 0,  /* a relative reference: no scheme */
  urlkit_scheme_other = 1, /* a scheme the registry does not know: generic syntax only */
  urlkit_scheme_ftp = 2,
  urlkit_scheme_http = 3,
  urlkit_scheme_https = 4,
  urlkit_scheme_ws = 5,
  urlkit_scheme_wss = 6,
  urlkit_scheme_gopher = 7,
  urlkit_scheme_mailto = 8,
  urlkit_scheme_news = 9,
  urlkit_scheme_nntp = 10,
  urlkit_scheme_telnet = 11,
  urlkit_scheme_wais = 12,
  urlkit_scheme_file = 13,
  urlkit_scheme_prospero = 14,
  urlkit_scheme_data = 15,
  urlkit_scheme_range_ = -2147483647 /* not a value: see Enums */
} urlkit_scheme;

/* Which algorithm resolves a reference (urlkit::specification), for
 * urlkit_resolve_spec() and urlkit_make_relative_spec().  Same parser for
 * both; only resolution differs (docs/guide.md, "RFC 1808 and RFC 3986"). */
typedef enum urlkit_specification {
  urlkit_specification_rfc1808 = 0, /* draft 6 (RFC 1808's steps): urlkit_resolve()'s */
  urlkit_specification_rfc3986 = 1, /* RFC 3986 5.2, remove_dot_segments, strict "http:g" */
  urlkit_specification_range_ = -2147483647 /* not a value: see Enums */
} urlkit_specification;

/* Flags of urlkit_normalize(), urlkit_equivalent() and urlkit_hash(). */
typedef enum urlkit_equivalence_flag {
  urlkit_equivalence_default = 0,
  urlkit_equivalence_ignore_fragment = 1, /* leave the fragment out (draft 3) */
  urlkit_equivalence_flag_range_ = -2147483647 /* not a value: see Enums */
} urlkit_equivalence_flag;

/* A borrowed string: data NULL is absent; not NUL-terminated. */
typedef struct urlkit_str {
  const char* data;
  size_t size;
} urlkit_str;

/* An owned string, NUL-terminated (data[size] == 0); free it with
 * urlkit_string_free().  A result, even "", has data != NULL; an emptied one
 * (freed, or after a failure) has data NULL and size 0. */
typedef struct urlkit_string {
  char* data;
  size_t size;
} urlkit_string;

/* Where a component lies in the parsed text: bytes [offset, offset + size),
 * when present is 1.  Absent: present 0, offset and size 0. */
typedef struct urlkit_range {
  size_t offset;
  size_t size;
  int present;
} urlkit_range;

/* Every component's place at once, for callers that keep their own copy of
 * the text (zero-copy).  The path is always present. */
typedef struct urlkit_offsets {
  urlkit_range scheme;
  urlkit_range server;
  urlkit_range user;
  urlkit_range password;
  urlkit_range host;
  urlkit_range port;
  urlkit_range path;
  urlkit_range params;
  urlkit_range query;
  urlkit_range fragment;
  int absolute_path; /* 1 when a "/" preceded the path (it is not part of it) */
  size_t size;       /* the length of the whole text */
} urlkit_offsets;

/* A failure: what, where, and the details urlkit_error_message() reads.  The
 * pointers are to static storage. */
typedef struct urlkit_error {
  urlkit_error_code code;
  size_t offset;          /* byte offset in the input (or in `source`) */
  urlkit_rule rule;       /* the component it went wrong in */
  int has_byte;           /* 1 when `byte` is the byte at `offset` */
  unsigned char byte;
  const char* production; /* a scheme grammar's production ("ftp fsegment"), or NULL */
  const char* detail;     /* what was expected, or the reason, or NULL */
  urlkit_str source;      /* what `offset` counts in when not the input ("base"); absent else */
} urlkit_error;

/* What lenient processing accepted, given to a urlkit_warning_fn. */
typedef struct urlkit_warning {
  urlkit_warning_code code;
  size_t offset;
  urlkit_rule rule;
  int has_byte;
  unsigned char byte;
  const char* production;
  const char* detail;
  urlkit_error_code cause; /* for urlkit_warning_passed_over: the error's code */
  urlkit_str source;
} urlkit_warning;

/* Receives each warning, with the context pointer given with it.  Called on
 * the calling thread during the call; the warning lives during the callback
 * only.  It must return normally (no longjmp out of it). */
typedef void (*urlkit_warning_fn)(void* context, const urlkit_warning* warning);

/* Where and how a client connects (urlkit::endpoint): borrowed strings that
 * live until urlkit_endpoint_free(). */
typedef struct urlkit_endpoint {
  urlkit_str scheme;     /* lower case */
  urlkit_str host;       /* as getaddrinfo() takes it: name, IPv4, IPv6 without brackets */
  uint16_t port;         /* the effective port */
  uint16_t default_port; /* the scheme's default port (urlkit/ports.hpp) */
  int secure;            /* 1: TLS from the first byte (https, wss, ftps, ...) */
  urlkit_str target;     /* what the protocol sends first (request target), or "" */
  urlkit_str user;       /* decoded; absent when the URL has none */
  urlkit_str password;   /* decoded; absent when the URL has none */
  void* owner;           /* the library's: do not touch */
} urlkit_endpoint;

/* A parsed URL reference: opaque; it owns a copy of its text. */
typedef struct urlkit_url urlkit_url;

/* ---- version */

/* The library's version, "MAJOR.MINOR.PATCH" (static storage).  Thread-safe. */
const char* urlkit_version(void);
/* The library's version as numbers; each pointer may be NULL.  Thread-safe. */
void urlkit_version_numbers(unsigned* major, unsigned* minor, unsigned* patch);
/* The version of this ABI: 1 (see STABILITY above). */
unsigned urlkit_abi_version(void);
/* 1 when the library was built with IDNA (urlkit::idna, libidn2), else 0. */
int urlkit_has_idna(void);

/* ---- errors */

/* The code's name as spelled in this header without "urlkit_error_"
 * ("bad_port", "out_of_memory"; "ok"); "unknown" for a code this library
 * does not know.  Static storage; never NULL.  Thread-safe. */
const char* urlkit_error_name(urlkit_error_code code);
/* A sentence that says what the code means ("port must be digits"); static
 * storage; never NULL.  Thread-safe. */
const char* urlkit_strerror(urlkit_error_code code);
/* The message of `error` as the library writes it, with its details ("unwise
 * character '|' in path (should be escaped as %7C)"), into buf (see
 * Buffers).  Errors: invalid_argument (error NULL, or buf NULL with size >
 * 0), buffer_too_small, out_of_memory.  Thread-safe. */
urlkit_error_code urlkit_error_message(const urlkit_error* error, char* buf, size_t size,
                                       size_t* length);
/* The message of a warning, as urlkit_error_message() writes an error's. */
urlkit_error_code urlkit_warning_message(const urlkit_warning* warning, char* buf, size_t size,
                                         size_t* length);
/* The warning code's name ("unwise_character"); "unknown" past the list. */
const char* urlkit_warning_name(urlkit_warning_code code);

/* ---- handles */

/* A new handle holding the empty reference (what urlkit_parse() of "" gives),
 * ready for urlkit_reparse().  Ownership: the caller frees it with
 * urlkit_url_free().  Errors: invalid_argument (out NULL), out_of_memory. */
urlkit_error_code urlkit_url_new(urlkit_url** out);
/* Parses the URL reference data[0, size) in `mode` into a new handle, which
 * keeps a copy of the text; warnings of lenient mode go to on_warning(context,
 * w) when on_warning is not NULL.  On success *out is the handle (free it with
 * urlkit_url_free()); on failure *out is NULL and the code says why (the
 * error's offset counts in data).  data may be NULL when size is 0. */
urlkit_error_code urlkit_parse(const char* data, size_t size, urlkit_mode mode,
                               urlkit_warning_fn on_warning, void* context, urlkit_url** out,
                               urlkit_error* error);
/* Parses into an existing handle, reusing its buffer: allocates nothing when
 * the text fits its capacity (urlkit_url_capacity()).  On failure the handle
 * holds the empty reference (its capacity kept).  Borrowed strings of the
 * handle's previous text are no longer valid.  data may point into the
 * handle's own text. */
urlkit_error_code urlkit_reparse(urlkit_url* url, const char* data, size_t size, urlkit_mode mode,
                                 urlkit_warning_fn on_warning, void* context,
                                 urlkit_error* error);
/* Parses data[0, size) without a handle and without allocating, and gives the
 * places of its components in that text (zero-copy).  Errors as
 * urlkit_parse(). */
urlkit_error_code urlkit_parse_offsets(const char* data, size_t size, urlkit_mode mode,
                                       urlkit_warning_fn on_warning, void* context,
                                       urlkit_offsets* out, urlkit_error* error);
/* Frees a handle; NULL is allowed and does nothing. */
void urlkit_url_free(urlkit_url* url);
/* A new handle with the same text and components as `url` (free it with
 * urlkit_url_free()).  Errors: invalid_argument, out_of_memory. */
urlkit_error_code urlkit_url_copy(const urlkit_url* url, urlkit_url** out);
/* Makes `dst` hold what `src` holds, reusing dst's buffer (no allocation when
 * it fits).  dst == src does nothing.  Errors: invalid_argument,
 * out_of_memory (dst then holds the empty reference). */
urlkit_error_code urlkit_url_assign(urlkit_url* dst, const urlkit_url* src);
/* Grows the handle's buffer to hold at least `capacity` bytes, so that a
 * urlkit_reparse() of up to that many allocates nothing; keeps its URL.
 * Errors: invalid_argument, out_of_memory. */
urlkit_error_code urlkit_url_reserve(urlkit_url* url, size_t capacity);
/* How many bytes of text the handle holds without allocating; 0 for NULL. */
size_t urlkit_url_capacity(const urlkit_url* url);

/* ---- components (borrowed: valid until the handle is changed or freed) */

/* The whole text; {NULL, 0} for a NULL handle. */
urlkit_str urlkit_url_text(const urlkit_url* url);
/* One component, as written (still %-escaped); data NULL when absent, and for
 * a NULL handle or an unknown component.  The path is always present. */
urlkit_str urlkit_url_component(const urlkit_url* url, urlkit_component component);
/* Every component's place in urlkit_url_text().  Errors: invalid_argument. */
urlkit_error_code urlkit_url_offsets(const urlkit_url* url, urlkit_offsets* out);
/* 1 when a "/" preceded the path (draft 4.3.2), else 0 (and for NULL). */
int urlkit_url_absolute_path(const urlkit_url* url);
/* The mode the handle was parsed in (lenient for NULL). */
urlkit_mode urlkit_url_mode(const urlkit_url* url);
/* How many warnings the parse gave (0 for NULL). */
size_t urlkit_url_warning_count(const urlkit_url* url);

/* ---- scheme and endpoint */

/* The scheme's typed verdict: *scheme says which of the standard schemes the
 * URL has (none, other, ftp, http, ...), and the return value whether the
 * URL is valid under that scheme's own grammar (RFC 1738 5), in the handle's
 * mode: urlkit_ok (also for none and other, which have no grammar of their
 * own), or the scheme's error (scheme_syntax, with production and detail,
 * bad_port, decoded_crlf, ...).  The scheme's warnings go to on_warning.
 * Errors also: invalid_argument (url or scheme NULL), out_of_memory. */
urlkit_error_code urlkit_url_scheme(const urlkit_url* url, urlkit_warning_fn on_warning,
                                    void* context, urlkit_scheme* scheme, urlkit_error* error);
/* The scheme's name ("http"; "" for none, "other" for other, "unknown" past
 * the list).  Static storage. */
const char* urlkit_scheme_name(urlkit_scheme scheme);
/* Where a client connects for `url` (urlkit::endpoint_of): scheme, host, port
 * and its default, TLS, target, user and password.  With IDNA built
 * (urlkit_has_idna()), a non-ASCII host name is converted to its A-label
 * form; without it, that is non_ascii_host.  On success *out holds strings
 * the caller frees with urlkit_endpoint_free(); on failure *out is emptied
 * (nothing to free, though freeing is harmless).  Errors: scheme_expected,
 * no_server, no_default_port, port_out_of_range, the scheme's grammar's,
 * non_ascii_host, idna, decoded_crlf, decoded_nul, invalid_argument,
 * out_of_memory. */
urlkit_error_code urlkit_url_endpoint(const urlkit_url* url, urlkit_endpoint* out,
                                      urlkit_error* error);
/* Frees what urlkit_url_endpoint() gave and empties *endpoint; NULL, or an
 * endpoint already freed or emptied, does nothing. */
void urlkit_endpoint_free(urlkit_endpoint* endpoint);

/* ---- resolve and make relative */

/* Resolves `reference` against `base` (draft 6, steps 1-7) into buf (see
 * Buffers).  Errors: base_undefined, base_not_absolute, base_not_generic
 * (an error in the base has rule base and source "base"), buffer_too_small,
 * invalid_argument, out_of_memory. */
urlkit_error_code urlkit_resolve(const urlkit_url* base, const urlkit_url* reference, char* buf,
                                 size_t size, size_t* length, urlkit_error* error);
/* The same into a new urlkit_string (*out; free it with urlkit_string_free();
 * emptied on failure). */
urlkit_error_code urlkit_resolve_string(const urlkit_url* base, const urlkit_url* reference,
                                        urlkit_string* out, urlkit_error* error);
/* The shortest reference that resolves against `base` back to `target`
 * (which must be absolute: target_not_absolute), into buf (see Buffers). */
urlkit_error_code urlkit_make_relative(const urlkit_url* base, const urlkit_url* target,
                                       char* buf, size_t size, size_t* length,
                                       urlkit_error* error);
/* The same into a new urlkit_string. */
urlkit_error_code urlkit_make_relative_string(const urlkit_url* base, const urlkit_url* target,
                                              urlkit_string* out, urlkit_error* error);
/* urlkit_resolve() by the algorithm `spec` says: urlkit_specification_rfc1808
 * is urlkit_resolve(); under urlkit_specification_rfc3986 no scheme is opaque
 * (RFC 3986 5.2.1: "mailto:a@b" with "g" gives "mailto:g").  Errors: those
 * of urlkit_resolve(), and invalid_argument for a `spec` that is not one. */
urlkit_error_code urlkit_resolve_spec(const urlkit_url* base, const urlkit_url* reference,
                                      urlkit_specification spec, char* buf, size_t size,
                                      size_t* length, urlkit_error* error);
/* The same into a new urlkit_string. */
urlkit_error_code urlkit_resolve_spec_string(const urlkit_url* base, const urlkit_url* reference,
                                             urlkit_specification spec, urlkit_string* out,
                                             urlkit_error* error);
/* The shortest reference that urlkit_resolve_spec() with `spec` turns back
 * into `target` (under rfc3986, into `target` without its dot segments),
 * into buf (see Buffers).  Errors: those of urlkit_make_relative(), and
 * invalid_argument for a `spec` that is not one. */
urlkit_error_code urlkit_make_relative_spec(const urlkit_url* base, const urlkit_url* target,
                                            urlkit_specification spec, char* buf, size_t size,
                                            size_t* length, urlkit_error* error);
/* The same into a new urlkit_string. */
urlkit_error_code urlkit_make_relative_spec_string(const urlkit_url* base,
                                                   const urlkit_url* target,
                                                   urlkit_specification spec, urlkit_string* out,
                                                   urlkit_error* error);
/* The specification's name ("rfc1808", "rfc3986"; "unknown" past the list).
 * Static storage. */
const char* urlkit_specification_name(urlkit_specification spec);
/* Frees an urlkit_string and empties it; NULL, or an empty one, does nothing. */
void urlkit_string_free(urlkit_string* string);

/* ---- normalize, compare, validate */

/* The normal form of `url` (urlkit/normalize.hpp: case, escapes, default
 * ports, ...; `flags` of urlkit_equivalence_flag) into buf (see Buffers). */
urlkit_error_code urlkit_normalize(const urlkit_url* url, unsigned flags, char* buf, size_t size,
                                   size_t* length, urlkit_error* error);
/* The same into a new urlkit_string. */
urlkit_error_code urlkit_normalize_string(const urlkit_url* url, unsigned flags,
                                          urlkit_string* out, urlkit_error* error);
/* *equivalent = 1 when a and b have the same normal form, else 0; allocates
 * nothing.  Errors: invalid_argument. */
urlkit_error_code urlkit_equivalent(const urlkit_url* a, const urlkit_url* b, unsigned flags,
                                    int* equivalent);
/* *hash = a hash of the normal form: equivalent URLs (same flags) hash the
 * same.  Allocates nothing.  Errors: invalid_argument. */
urlkit_error_code urlkit_hash(const urlkit_url* url, unsigned flags, uint64_t* hash);
/* Validates data[0, size) as `urlkit validate` does: the generic grammar in
 * `mode`, then the scheme's own.  urlkit_ok when valid, else the first error
 * (code, offset, details in *error; urlkit_error_message() for the text).
 * Warnings of lenient mode go to on_warning. */
urlkit_error_code urlkit_validate(const char* data, size_t size, urlkit_mode mode,
                                  urlkit_warning_fn on_warning, void* context,
                                  urlkit_error* error);

/* ---- IDNA */

/* The A-label form of a host name (UTF-8, not %-escaped: "b\xC3\xBCcher.example",
 * the UTF-8 of "buecher" with u-umlaut, gives "xn--bcher-kva.example"; UTS #46,
 * non-transitional) into buf (see Buffers).  Errors: idna (detail says why; offset of the label at fault),
 * not_built when the library has no IDNA (urlkit_has_idna() is 0),
 * buffer_too_small, invalid_argument, out_of_memory. */
urlkit_error_code urlkit_idna_to_ascii(const char* host, size_t host_size, char* buf, size_t size,
                                       size_t* length, urlkit_error* error);
/* The same into a new urlkit_string. */
urlkit_error_code urlkit_idna_to_ascii_string(const char* host, size_t host_size,
                                              urlkit_string* out, urlkit_error* error);

/* ---- cdef end ---- */

#ifdef __cplusplus
}
#endif

#endif /* URLKIT_H */
