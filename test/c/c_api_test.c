/* The C ABI (include/urlkit.h) driven from C: every function, its errors and
 * its NULL arguments.  Compiled as C11 with -Wall -Wextra -pedantic -Werror;
 * run under ASan and UBSan by the asan preset.  Prints each failed check and
 * exits 1 when one failed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "urlkit.h"

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    ++checks;                                                                  \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

/* A borrowed string equals a NUL-terminated one (present). */
static int str_is(urlkit_str s, const char* expected) {
  return s.data != NULL && s.size == strlen(expected) && memcmp(s.data, expected, s.size) == 0;
}
static int absent(urlkit_str s) {
  return s.data == NULL && s.size == 0;
}
static int range_is(urlkit_range r, size_t offset, size_t size) {
  return r.present == 1 && r.offset == offset && r.size == size;
}

static urlkit_url* parse(const char* text, urlkit_mode mode) {
  urlkit_url* u = NULL;
  urlkit_error e;
  urlkit_error_code c = urlkit_parse(text, strlen(text), mode, NULL, NULL, &u, &e);
  if (c != urlkit_ok) {
    fprintf(stderr, "parse of \"%s\" failed: %s at %zu\n", text, urlkit_error_name(c), e.offset);
    ++failures;
  }
  return u;
}

/* Warnings collected by the callback, through its context pointer. */
struct collected {
  int count;
  urlkit_warning_code codes[8];
  size_t offsets[8];
  char first_message[200];
};
static void collect(void* context, const urlkit_warning* w) {
  struct collected* c = (struct collected*)context;
  if (c->count < 8) {
    c->codes[c->count] = w->code;
    c->offsets[c->count] = w->offset;
  }
  if (c->count == 0) {
    size_t length = 0;
    if (urlkit_warning_message(w, c->first_message, sizeof c->first_message, &length) != urlkit_ok)
      c->first_message[0] = '\0';
  }
  ++c->count;
}

static void test_version(void) {
  unsigned major = 99, minor = 99, patch = 99;
  char expected[64];
  urlkit_version_numbers(&major, &minor, &patch);
  snprintf(expected, sizeof expected, "%u.%u.%u", major, minor, patch);
  CHECK(strcmp(urlkit_version(), expected) == 0);
  urlkit_version_numbers(NULL, NULL, NULL);
  CHECK(urlkit_abi_version() == 1);
  CHECK(urlkit_has_idna() == 0 || urlkit_has_idna() == 1);
}

/* Every code's name is its enumerator's, without the prefix. */
#define NAME_OF(code, name) CHECK(strcmp(urlkit_error_name(code), name) == 0)
static void test_error_names(void) {
  NAME_OF(urlkit_ok, "ok");
  NAME_OF(urlkit_error_invalid_character, "invalid_character");
  NAME_OF(urlkit_error_unwise_character, "unwise_character");
  NAME_OF(urlkit_error_non_ascii, "non_ascii");
  NAME_OF(urlkit_error_bad_escape, "bad_escape");
  NAME_OF(urlkit_error_unexpected_character, "unexpected_character");
  NAME_OF(urlkit_error_scheme_expected, "scheme_expected");
  NAME_OF(urlkit_error_host_expected, "host_expected");
  NAME_OF(urlkit_error_bad_host, "bad_host");
  NAME_OF(urlkit_error_bad_port, "bad_port");
  NAME_OF(urlkit_error_base_not_absolute, "base_not_absolute");
  NAME_OF(urlkit_error_base_not_generic, "base_not_generic");
  NAME_OF(urlkit_error_base_undefined, "base_undefined");
  NAME_OF(urlkit_error_target_not_absolute, "target_not_absolute");
  NAME_OF(urlkit_error_decoded_nul, "decoded_nul");
  NAME_OF(urlkit_error_decoded_crlf, "decoded_crlf");
  NAME_OF(urlkit_error_buffer_too_small, "buffer_too_small");
  NAME_OF(urlkit_error_scheme_syntax, "scheme_syntax");
  NAME_OF(urlkit_error_bad_base64, "bad_base64");
  NAME_OF(urlkit_error_data_syntax, "data_syntax");
  NAME_OF(urlkit_error_refused_media_type, "refused_media_type");
  NAME_OF(urlkit_error_mime_syntax, "mime_syntax");
  NAME_OF(urlkit_error_access_type_refused, "access_type_refused");
  NAME_OF(urlkit_error_idna, "idna");
  NAME_OF(urlkit_error_tag_too_large, "tag_too_large");
  NAME_OF(urlkit_error_bad_edit, "bad_edit");
  NAME_OF(urlkit_error_url_too_large, "url_too_large");
  NAME_OF(urlkit_error_bad_host_escape, "bad_host_escape");
  NAME_OF(urlkit_error_host_too_long, "host_too_long");
  NAME_OF(urlkit_error_output_stopped, "output_stopped");
  NAME_OF(urlkit_error_port_out_of_range, "port_out_of_range");
  NAME_OF(urlkit_error_non_ascii_host, "non_ascii_host");
  NAME_OF(urlkit_error_no_server, "no_server");
  NAME_OF(urlkit_error_no_default_port, "no_default_port");
  NAME_OF(urlkit_error_document_encoding, "document_encoding");
  NAME_OF(urlkit_error_out_of_memory, "out_of_memory");
  NAME_OF(urlkit_error_invalid_argument, "invalid_argument");
  NAME_OF(urlkit_error_not_built, "not_built");
  NAME_OF(urlkit_error_internal, "internal");
  NAME_OF((urlkit_error_code)150, "unknown");
  CHECK(strcmp(urlkit_strerror(urlkit_error_bad_port), "port must be digits") == 0);
  CHECK(strcmp(urlkit_strerror(urlkit_error_out_of_memory), "out of memory") == 0);
  CHECK(strcmp(urlkit_strerror((urlkit_error_code)150), "unknown error") == 0);
  CHECK(strlen(urlkit_strerror(urlkit_error_not_built)) > 0);
  CHECK(strcmp(urlkit_warning_name(urlkit_warning_unwise_character), "unwise_character") == 0);
  CHECK(strcmp(urlkit_warning_name(urlkit_warning_host_too_long), "host_too_long") == 0);
  CHECK(strcmp(urlkit_warning_name((urlkit_warning_code)99), "unknown") == 0);
}

static void test_components(void) {
  urlkit_url* u = parse("http://user:pw@Host.example:8080/p/a;x=1?q=2#frag", urlkit_mode_strict);
  urlkit_offsets o;
  if (u == NULL) return;
  CHECK(str_is(urlkit_url_text(u), "http://user:pw@Host.example:8080/p/a;x=1?q=2#frag"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_scheme), "http"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_server), "user:pw@Host.example:8080"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_user), "user"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_password), "pw"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_host), "Host.example"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_port), "8080"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_path), "p/a"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_params), "x=1"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_query), "q=2"));
  CHECK(str_is(urlkit_url_component(u, urlkit_component_fragment), "frag"));
  CHECK(absent(urlkit_url_component(u, (urlkit_component)42)));
  CHECK(urlkit_url_absolute_path(u) == 1);
  CHECK(urlkit_url_mode(u) == urlkit_mode_strict);
  CHECK(urlkit_url_warning_count(u) == 0);
  CHECK(urlkit_url_offsets(u, &o) == urlkit_ok);
  CHECK(range_is(o.scheme, 0, 4));
  CHECK(range_is(o.server, 7, 25));
  CHECK(range_is(o.user, 7, 4));
  CHECK(range_is(o.password, 12, 2));
  CHECK(range_is(o.host, 15, 12));
  CHECK(range_is(o.port, 28, 4));
  CHECK(range_is(o.path, 33, 3));
  CHECK(range_is(o.params, 37, 3));
  CHECK(range_is(o.query, 41, 3));
  CHECK(range_is(o.fragment, 45, 4));
  CHECK(o.absolute_path == 1 && o.size == 49);
  urlkit_url_free(u);

  /* Empty is present, absent is absent. */
  u = parse("http://a/?", urlkit_mode_strict);
  if (u != NULL) {
    urlkit_str q = urlkit_url_component(u, urlkit_component_query);
    CHECK(q.data != NULL && q.size == 0);
    CHECK(absent(urlkit_url_component(u, urlkit_component_fragment)));
    CHECK(absent(urlkit_url_component(u, urlkit_component_user)));
    CHECK(absent(urlkit_url_component(u, urlkit_component_port)));
    CHECK(str_is(urlkit_url_component(u, urlkit_component_path), ""));
    CHECK(urlkit_url_offsets(u, &o) == urlkit_ok && range_is(o.query, 10, 0) &&
          !o.fragment.present);
    urlkit_url_free(u);
  }
  u = parse("http://a/", urlkit_mode_strict);
  if (u != NULL) {
    CHECK(absent(urlkit_url_component(u, urlkit_component_query)));
    urlkit_url_free(u);
  }
  u = parse("ftp://@host:/", urlkit_mode_strict);
  if (u != NULL) {
    CHECK(str_is(urlkit_url_component(u, urlkit_component_user), ""));
    CHECK(absent(urlkit_url_component(u, urlkit_component_password)));
    CHECK(str_is(urlkit_url_component(u, urlkit_component_port), ""));
    urlkit_url_free(u);
  }
  /* A relative reference, and the empty one. */
  u = parse("../g;p#", urlkit_mode_lenient);
  if (u != NULL) {
    CHECK(absent(urlkit_url_component(u, urlkit_component_scheme)));
    CHECK(absent(urlkit_url_component(u, urlkit_component_server)));
    CHECK(absent(urlkit_url_component(u, urlkit_component_host)));
    CHECK(str_is(urlkit_url_component(u, urlkit_component_path), "../g"));
    CHECK(str_is(urlkit_url_component(u, urlkit_component_params), "p"));
    CHECK(str_is(urlkit_url_component(u, urlkit_component_fragment), ""));
    CHECK(urlkit_url_absolute_path(u) == 0);
    urlkit_url_free(u);
  }
  u = parse("", urlkit_mode_strict);
  if (u != NULL) {
    CHECK(str_is(urlkit_url_text(u), ""));
    CHECK(str_is(urlkit_url_component(u, urlkit_component_path), ""));
    CHECK(absent(urlkit_url_component(u, urlkit_component_scheme)));
    urlkit_url_free(u);
  }
  /* Zero-copy: the offsets of the caller's own text, no handle. */
  {
    const char text[] = "gopher://h:70/1x?y";
    CHECK(urlkit_parse_offsets(text, strlen(text), urlkit_mode_strict, NULL, NULL, &o, NULL) ==
          urlkit_ok);
    CHECK(range_is(o.scheme, 0, 6) && range_is(o.host, 9, 1) && range_is(o.port, 11, 2));
    CHECK(range_is(o.path, 14, 2) && range_is(o.query, 17, 1) && !o.params.present);
    CHECK(urlkit_parse_offsets(NULL, 0, urlkit_mode_strict, NULL, NULL, &o, NULL) == urlkit_ok);
    CHECK(range_is(o.path, 0, 0) && o.size == 0);
  }
}

static void test_errors_and_warnings(void) {
  urlkit_url* u = (urlkit_url*)&u; /* not NULL: a failed parse sets it to NULL */
  urlkit_error e;
  char message[200];
  size_t length = 0;
  struct collected seen;
  const char* unwise = "http://a/b|c";
  const char* spaced = "http://a b/";

  /* Strict refuses the unwise "|" (offset 10); lenient takes it with a warning. */
  CHECK(urlkit_parse(unwise, strlen(unwise), urlkit_mode_strict, NULL, NULL, &u, &e) ==
        urlkit_error_unwise_character);
  CHECK(u == NULL);
  CHECK(e.code == urlkit_error_unwise_character && e.offset == 10 && e.rule == urlkit_rule_path);
  CHECK(e.has_byte == 1 && e.byte == '|' && e.production == NULL && absent(e.source));
  CHECK(urlkit_error_message(&e, message, sizeof message, &length) == urlkit_ok);
  CHECK(length == strlen(message) && strstr(message, "%7C") != NULL);

  memset(&seen, 0, sizeof seen);
  CHECK(urlkit_parse(unwise, strlen(unwise), urlkit_mode_lenient, collect, &seen, &u, &e) ==
        urlkit_ok);
  CHECK(e.code == urlkit_ok);
  CHECK(seen.count == 1 && seen.codes[0] == urlkit_warning_unwise_character &&
        seen.offsets[0] == 10);
  CHECK(strstr(seen.first_message, "%7C") != NULL);
  CHECK(urlkit_url_warning_count(u) == 1);
  CHECK(str_is(urlkit_url_component(u, urlkit_component_path), "b|c"));
  urlkit_url_free(u);

  /* A space is an error in both modes. */
  CHECK(urlkit_parse(spaced, strlen(spaced), urlkit_mode_lenient, NULL, NULL, &u, &e) ==
        urlkit_error_invalid_character);
  CHECK(e.offset == 8 && e.byte == ' ' && u == NULL);
  CHECK(urlkit_parse(spaced, strlen(spaced), urlkit_mode_strict, NULL, NULL, &u, NULL) ==
        urlkit_error_invalid_character);

  /* The message into short buffers: never cut. */
  CHECK(urlkit_error_message(&e, message, sizeof message, &length) == urlkit_ok);
  {
    size_t needed = length;
    char small[8] = "xxxxxxx";
    CHECK(urlkit_error_message(&e, small, sizeof small, &length) == urlkit_error_buffer_too_small);
    CHECK(length == needed && small[0] == '\0');
    CHECK(urlkit_error_message(&e, NULL, 0, &length) == urlkit_error_buffer_too_small);
    CHECK(length == needed);
  }
  /* An ABI code's message is its strerror. */
  memset(&e, 0, sizeof e);
  e.code = urlkit_error_not_built;
  CHECK(urlkit_error_message(&e, message, sizeof message, &length) == urlkit_ok);
  CHECK(strcmp(message, urlkit_strerror(urlkit_error_not_built)) == 0);
}

static void test_reparse(void) {
  urlkit_url* u = NULL;
  urlkit_url* copy = NULL;
  urlkit_error e;
  const char* first = "http://example.com/a/b?c";
  const char* second = "ftp://ftp.example.org/pub/file;type=i";
  size_t capacity;
  const char* storage;

  CHECK(urlkit_url_new(&u) == urlkit_ok && u != NULL);
  if (u == NULL) return;
  CHECK(str_is(urlkit_url_text(u), "") &&
        str_is(urlkit_url_component(u, urlkit_component_path), ""));
  CHECK(urlkit_url_reserve(u, 256) == urlkit_ok);
  capacity = urlkit_url_capacity(u);
  CHECK(capacity >= 256);
  CHECK(urlkit_reparse(u, first, strlen(first), urlkit_mode_strict, NULL, NULL, &e) == urlkit_ok);
  storage = urlkit_url_text(u).data;
  CHECK(str_is(urlkit_url_component(u, urlkit_component_host), "example.com"));
  /* Many URLs through one handle: its buffer neither grows nor moves. */
  {
    int i;
    for (i = 0; i < 100; ++i) {
      const char* text = (i % 2) ? first : second;
      CHECK(urlkit_reparse(u, text, strlen(text), urlkit_mode_strict, NULL, NULL, NULL) ==
            urlkit_ok);
    }
  }
  CHECK(urlkit_url_capacity(u) == capacity && urlkit_url_text(u).data == storage);
  CHECK(str_is(urlkit_url_component(u, urlkit_component_host), "example.com"));
  CHECK(urlkit_reparse(u, second, strlen(second), urlkit_mode_lenient, NULL, NULL, NULL) ==
        urlkit_ok);
  CHECK(str_is(urlkit_url_component(u, urlkit_component_params), "type=i"));
  CHECK(urlkit_url_mode(u) == urlkit_mode_lenient);

  /* A reparse of the handle's own text, and a failed one: the empty reference. */
  {
    urlkit_str path = urlkit_url_component(u, urlkit_component_path);
    CHECK(urlkit_reparse(u, path.data, path.size, urlkit_mode_strict, NULL, NULL, NULL) ==
          urlkit_ok);
    CHECK(str_is(urlkit_url_text(u), "pub/file"));
  }
  CHECK(urlkit_reparse(u, "http://a b", 10, urlkit_mode_strict, NULL, NULL, &e) ==
        urlkit_error_invalid_character);
  CHECK(e.offset == 8);
  CHECK(str_is(urlkit_url_text(u), "") &&
        str_is(urlkit_url_component(u, urlkit_component_path), ""));
  CHECK(urlkit_url_capacity(u) == capacity);

  /* Copy and assign. */
  CHECK(urlkit_reparse(u, first, strlen(first), urlkit_mode_strict, NULL, NULL, NULL) == urlkit_ok);
  CHECK(urlkit_url_copy(u, &copy) == urlkit_ok && copy != NULL);
  if (copy != NULL) {
    CHECK(str_is(urlkit_url_text(copy), first) &&
          urlkit_url_text(copy).data != urlkit_url_text(u).data);
    CHECK(str_is(urlkit_url_component(copy, urlkit_component_query), "c"));
    CHECK(urlkit_url_mode(copy) == urlkit_mode_strict);
    CHECK(urlkit_reparse(u, second, strlen(second), urlkit_mode_strict, NULL, NULL, NULL) ==
          urlkit_ok);
    CHECK(str_is(urlkit_url_text(copy), first)); /* independent */
    CHECK(urlkit_url_assign(copy, u) == urlkit_ok);
    CHECK(str_is(urlkit_url_component(copy, urlkit_component_host), "ftp.example.org"));
    CHECK(urlkit_url_assign(copy, copy) == urlkit_ok);
    CHECK(str_is(urlkit_url_text(copy), second));
    urlkit_url_free(copy);
  }
  urlkit_url_free(u);
  urlkit_url_free(NULL);
}

static void test_resolve(void) {
  urlkit_url* base = parse("http://a/b/c/d;p?q#f", urlkit_mode_strict);
  urlkit_url* ref = parse("../g?y", urlkit_mode_strict);
  urlkit_url* relative_base = parse("b/c", urlkit_mode_strict);
  urlkit_url* target = parse("http://a/b/x/y", urlkit_mode_strict);
  const char* expected = "http://a/b/g?y";
  const size_t n = strlen(expected);
  char buf[64];
  char exact[15];
  size_t length = 0;
  urlkit_error e;
  urlkit_string s = {NULL, 0};
  if (base == NULL || ref == NULL || relative_base == NULL || target == NULL) return;

  CHECK(urlkit_resolve(base, ref, buf, sizeof buf, &length, &e) == urlkit_ok);
  CHECK(strcmp(buf, expected) == 0 && length == n && e.code == urlkit_ok);
  /* Exactly the size, one short, none. */
  CHECK(sizeof exact == n + 1);
  CHECK(urlkit_resolve(base, ref, exact, sizeof exact, &length, NULL) == urlkit_ok);
  CHECK(strcmp(exact, expected) == 0);
  memset(buf, 'x', sizeof buf);
  CHECK(urlkit_resolve(base, ref, buf, n, &length, &e) == urlkit_error_buffer_too_small);
  CHECK(length == n && buf[0] == '\0' && buf[1] == 'x' && e.code == urlkit_error_buffer_too_small);
  length = 0;
  CHECK(urlkit_resolve(base, ref, NULL, 0, &length, NULL) == urlkit_error_buffer_too_small);
  CHECK(length == n);
  CHECK(urlkit_resolve(base, ref, NULL, 5, &length, &e) == urlkit_error_invalid_argument);
  CHECK(urlkit_resolve_string(base, ref, &s, &e) == urlkit_ok);
  CHECK(s.data != NULL && s.size == n && strcmp(s.data, expected) == 0);
  urlkit_string_free(&s);
  CHECK(s.data == NULL && s.size == 0);
  urlkit_string_free(&s);
  urlkit_string_free(NULL);
  /* A relative base: the error in the base. */
  CHECK(urlkit_resolve(relative_base, ref, buf, sizeof buf, &length, &e) ==
        urlkit_error_base_not_absolute);
  CHECK(e.rule == urlkit_rule_base && str_is(e.source, "base"));
  CHECK(urlkit_resolve_string(relative_base, ref, &s, &e) == urlkit_error_base_not_absolute);
  CHECK(s.data == NULL);

  /* make_relative, both ways. */
  CHECK(urlkit_make_relative(base, target, buf, sizeof buf, &length, &e) == urlkit_ok);
  CHECK(strcmp(buf, "../x/y") == 0 && length == 6);
  CHECK(urlkit_make_relative(base, target, buf, 6, &length, &e) == urlkit_error_buffer_too_small);
  CHECK(length == 6);
  CHECK(urlkit_make_relative_string(base, target, &s, &e) == urlkit_ok);
  CHECK(s.data != NULL && strcmp(s.data, "../x/y") == 0);
  urlkit_string_free(&s);
  CHECK(urlkit_make_relative(base, ref, buf, sizeof buf, &length, &e) ==
        urlkit_error_target_not_absolute);
  CHECK(urlkit_make_relative_string(base, base, &s, &e) == urlkit_ok);
  CHECK(s.data != NULL); /* a result, even a short one, is not NULL */
  urlkit_string_free(&s);

  urlkit_url_free(base);
  urlkit_url_free(ref);
  urlkit_url_free(relative_base);
  urlkit_url_free(target);
}

/* The specification: RFC 1808's (draft 6) and RFC 3986 5.2 side by side. */
static void test_resolve_spec(void) {
  urlkit_url* base = parse("http://a/b/c/d;p?q", urlkit_mode_strict);
  urlkit_url* above_root = parse("../../../g", urlkit_mode_strict);
  urlkit_url* query = parse("?", urlkit_mode_strict);
  urlkit_url* mailto = parse("mailto:a@b", urlkit_mode_strict);
  urlkit_url* g = parse("g", urlkit_mode_strict);
  urlkit_url* target = parse("http://a/b/c/d;p?", urlkit_mode_strict);
  char buf[64];
  size_t length = 0;
  urlkit_error e;
  urlkit_string s = {NULL, 0};
  if (base == NULL || above_root == NULL || query == NULL || mailto == NULL || g == NULL ||
      target == NULL)
    return;

  /* ".." above the root: kept by draft 6, removed by RFC 3986 5.2.4. */
  CHECK(urlkit_resolve_spec(base, above_root, urlkit_specification_rfc1808, buf, sizeof buf,
                            &length, &e) == urlkit_ok);
  CHECK(strcmp(buf, "http://a/../g") == 0 && length == 13);
  CHECK(urlkit_resolve_spec(base, above_root, urlkit_specification_rfc3986, buf, sizeof buf,
                            &length, &e) == urlkit_ok);
  CHECK(strcmp(buf, "http://a/g") == 0 && length == 10);
  CHECK(urlkit_resolve_spec(base, above_root, urlkit_specification_rfc3986, buf, 10, &length,
                            &e) == urlkit_error_buffer_too_small);
  CHECK(length == 10 && buf[0] == '\0');
  /* An empty query: draft 6 step 5 inherits the base's, RFC 3986 5.2.2 keeps it. */
  CHECK(urlkit_resolve_spec_string(base, query, urlkit_specification_rfc1808, &s, &e) ==
        urlkit_ok);
  CHECK(s.data != NULL && strcmp(s.data, "http://a/b/c/d;p?q") == 0);
  urlkit_string_free(&s);
  CHECK(urlkit_resolve_spec_string(base, query, urlkit_specification_rfc3986, &s, &e) ==
        urlkit_ok);
  CHECK(s.data != NULL && strcmp(s.data, "http://a/b/c/d;p?") == 0);
  urlkit_string_free(&s);
  /* An opaque base: refused by draft 4.2, used by RFC 3986 5.2.1. */
  CHECK(urlkit_resolve_spec(mailto, g, urlkit_specification_rfc1808, buf, sizeof buf, &length,
                            &e) == urlkit_error_base_not_generic);
  CHECK(urlkit_resolve_spec(mailto, g, urlkit_specification_rfc3986, buf, sizeof buf, &length,
                            &e) == urlkit_ok);
  CHECK(strcmp(buf, "mailto:g") == 0);
  /* urlkit_resolve() is the rfc1808 one. */
  CHECK(urlkit_resolve(base, above_root, buf, sizeof buf, &length, &e) == urlkit_ok);
  CHECK(strcmp(buf, "http://a/../g") == 0);
  /* make_relative under each, and back. */
  CHECK(urlkit_make_relative_spec(base, target, urlkit_specification_rfc3986, buf, sizeof buf,
                                  &length, &e) == urlkit_ok);
  CHECK(strcmp(buf, "?") == 0 && length == 1);
  CHECK(urlkit_make_relative_spec_string(base, target, urlkit_specification_rfc1808, &s, &e) ==
        urlkit_ok);
  CHECK(s.data != NULL && strcmp(s.data, ";p?") == 0);
  urlkit_string_free(&s);
  /* Not a specification. */
  CHECK(urlkit_resolve_spec(base, g, (urlkit_specification)2, buf, sizeof buf, &length, &e) ==
        urlkit_error_invalid_argument);
  CHECK(urlkit_resolve_spec_string(base, g, (urlkit_specification)-1, &s, &e) ==
        urlkit_error_invalid_argument);
  CHECK(s.data == NULL);
  CHECK(urlkit_make_relative_spec(base, target, (urlkit_specification)7, buf, sizeof buf, &length,
                                  &e) == urlkit_error_invalid_argument);
  CHECK(urlkit_make_relative_spec_string(base, target, urlkit_specification_rfc3986, NULL, &e) ==
        urlkit_error_invalid_argument);
  CHECK(strcmp(urlkit_specification_name(urlkit_specification_rfc1808), "rfc1808") == 0);
  CHECK(strcmp(urlkit_specification_name(urlkit_specification_rfc3986), "rfc3986") == 0);
  CHECK(strcmp(urlkit_specification_name((urlkit_specification)9), "unknown") == 0);

  urlkit_url_free(base);
  urlkit_url_free(above_root);
  urlkit_url_free(query);
  urlkit_url_free(mailto);
  urlkit_url_free(g);
  urlkit_url_free(target);
}

static void test_normalize(void) {
  urlkit_url* a = parse("HTTP://Example.COM:80/%7Euser#top", urlkit_mode_strict);
  urlkit_url* b = parse("http://example.com/~user#other", urlkit_mode_lenient);
  urlkit_url* c = parse("http://example.com/other", urlkit_mode_strict);
  char buf[64];
  size_t length = 0;
  int same = -1;
  uint64_t ha = 0, hb = 1;
  urlkit_string s = {NULL, 0};
  if (a == NULL || b == NULL || c == NULL) return;
  CHECK(urlkit_normalize(a, urlkit_equivalence_default, buf, sizeof buf, &length, NULL) ==
        urlkit_ok);
  CHECK(strcmp(buf, "http://example.com/~user#top") == 0 && length == strlen(buf));
  CHECK(urlkit_normalize(a, urlkit_equivalence_ignore_fragment, buf, sizeof buf, &length, NULL) ==
        urlkit_ok);
  CHECK(strcmp(buf, "http://example.com/~user") == 0);
  CHECK(urlkit_normalize(a, 0, buf, 5, &length, NULL) == urlkit_error_buffer_too_small);
  CHECK(length == strlen("http://example.com/~user#top"));
  CHECK(urlkit_normalize_string(a, 0, &s, NULL) == urlkit_ok);
  CHECK(s.data != NULL && strcmp(s.data, "http://example.com/~user#top") == 0);
  urlkit_string_free(&s);

  CHECK(urlkit_equivalent(a, b, 0, &same) == urlkit_ok && same == 0);
  CHECK(urlkit_equivalent(a, b, urlkit_equivalence_ignore_fragment, &same) == urlkit_ok &&
        same == 1);
  CHECK(urlkit_equivalent(a, c, urlkit_equivalence_ignore_fragment, &same) == urlkit_ok &&
        same == 0);
  CHECK(urlkit_hash(a, urlkit_equivalence_ignore_fragment, &ha) == urlkit_ok);
  CHECK(urlkit_hash(b, urlkit_equivalence_ignore_fragment, &hb) == urlkit_ok);
  CHECK(ha == hb);
  urlkit_url_free(a);
  urlkit_url_free(b);
  urlkit_url_free(c);
}

static void test_validate(void) {
  urlkit_error e;
  struct collected seen;
  char message[200];
  CHECK(urlkit_validate("http://a/b", 10, urlkit_mode_strict, NULL, NULL, &e) == urlkit_ok);
  CHECK(e.code == urlkit_ok);
  CHECK(urlkit_validate("http://a:8x/", 12, urlkit_mode_strict, NULL, NULL, &e) ==
        urlkit_error_bad_port);
  CHECK(e.offset == 10 && e.rule == urlkit_rule_port);
  CHECK(urlkit_error_message(&e, message, sizeof message, NULL) == urlkit_ok);
  CHECK(strcmp(message, "port must be digits") == 0);
  /* The scheme's own grammar: ftp's ;type= takes a, i or d only. */
  CHECK(urlkit_validate("ftp://h/f;type=x", 16, urlkit_mode_strict, NULL, NULL, &e) ==
        urlkit_error_scheme_syntax);
  CHECK(e.production != NULL && e.offset > 0);
  memset(&seen, 0, sizeof seen);
  CHECK(urlkit_validate("http://a/{x}", 12, urlkit_mode_lenient, collect, &seen, &e) == urlkit_ok);
  CHECK(seen.count == 2 && seen.offsets[0] == 9 && seen.offsets[1] == 11);
  CHECK(urlkit_validate(NULL, 0, urlkit_mode_strict, NULL, NULL, &e) == urlkit_ok);
}

static void test_scheme(void) {
  static const struct {
    const char* url;
    urlkit_scheme scheme;
    urlkit_error_code code;
  } cases[] = {
      {"http://h/p?q", urlkit_scheme_http, urlkit_ok},
      {"HTTPS://h/", urlkit_scheme_https, urlkit_ok},
      {"ftp://h/f;type=d", urlkit_scheme_ftp, urlkit_ok},
      {"ftp://h/f;type=x", urlkit_scheme_ftp, urlkit_error_scheme_syntax},
      {"mailto:a@b.example", urlkit_scheme_mailto, urlkit_ok},
      {"news:comp.lang.c", urlkit_scheme_news, urlkit_ok},
      {"gopher://h/1sel", urlkit_scheme_gopher, urlkit_ok},
      {"file:///etc/hosts", urlkit_scheme_file, urlkit_ok},
      {"data:,A", urlkit_scheme_data, urlkit_ok},
      {"foo:bar", urlkit_scheme_other, urlkit_ok},
      {"a/b", urlkit_scheme_none, urlkit_ok},
  };
  size_t i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    urlkit_url* u = parse(cases[i].url, urlkit_mode_strict);
    urlkit_scheme scheme = (urlkit_scheme)99;
    urlkit_error e;
    if (u == NULL) continue;
    CHECK(urlkit_url_scheme(u, NULL, NULL, &scheme, &e) == cases[i].code);
    CHECK(scheme == cases[i].scheme);
    CHECK(e.code == cases[i].code);
    urlkit_url_free(u);
  }
  CHECK(strcmp(urlkit_scheme_name(urlkit_scheme_http), "http") == 0);
  CHECK(strcmp(urlkit_scheme_name(urlkit_scheme_data), "data") == 0);
  CHECK(strcmp(urlkit_scheme_name(urlkit_scheme_none), "") == 0);
  CHECK(strcmp(urlkit_scheme_name(urlkit_scheme_other), "other") == 0);
  CHECK(strcmp(urlkit_scheme_name((urlkit_scheme)77), "unknown") == 0);
}

static void test_endpoint(void) {
  urlkit_url* u = parse("HTTPS://Example.com/x/y?z#f", urlkit_mode_strict);
  urlkit_url* f = parse("ftp://us%65r:pw@ftp.example/pub/x;type=i", urlkit_mode_strict);
  urlkit_url* v = parse("http://h:8080", urlkit_mode_strict);
  urlkit_url* m = parse("mailto:a@b.example", urlkit_mode_strict);
  urlkit_url* w = parse("http://user@h/", urlkit_mode_strict);
  urlkit_endpoint ep;
  urlkit_error e;
  if (u == NULL || f == NULL || v == NULL || m == NULL || w == NULL) return;
  CHECK(urlkit_url_endpoint(u, &ep, &e) == urlkit_ok);
  CHECK(str_is(ep.scheme, "https") && str_is(ep.host, "Example.com"));
  CHECK(ep.port == 443 && ep.default_port == 443 && ep.secure == 1);
  CHECK(str_is(ep.target, "/x/y?z") && absent(ep.user) && absent(ep.password));
  CHECK(ep.owner != NULL);
  urlkit_endpoint_free(&ep);
  CHECK(ep.owner == NULL && absent(ep.host));
  urlkit_endpoint_free(&ep);
  urlkit_endpoint_free(NULL);
  CHECK(urlkit_url_endpoint(f, &ep, &e) == urlkit_ok);
  CHECK(str_is(ep.scheme, "ftp") && str_is(ep.host, "ftp.example") && ep.port == 21);
  CHECK(ep.default_port == 21 && ep.secure == 0 && str_is(ep.target, "pub/x"));
  CHECK(str_is(ep.user, "user") && str_is(ep.password, "pw"));
  urlkit_endpoint_free(&ep);
  CHECK(urlkit_url_endpoint(v, &ep, &e) == urlkit_ok);
  CHECK(ep.port == 8080 && ep.default_port == 80 && ep.secure == 0);
  CHECK(str_is(ep.target, "/") && absent(ep.user) && absent(ep.password));
  urlkit_endpoint_free(&ep);
  CHECK(urlkit_url_endpoint(m, &ep, &e) == urlkit_error_no_server);
  CHECK(ep.owner == NULL && absent(ep.host));
  /* http's own grammar has no user (RFC 1738 3.3). */
  CHECK(urlkit_url_endpoint(w, &ep, &e) == urlkit_error_scheme_syntax);
  CHECK(e.production != NULL && e.offset == 7);
  urlkit_url_free(u);
  urlkit_url_free(f);
  urlkit_url_free(v);
  urlkit_url_free(m);
  urlkit_url_free(w);
}

static void test_idna(void) {
  const char host[] =
      "B\xC3\xBC"
      "cher.example";
  const char* expected = "xn--bcher-kva.example";
  char buf[64];
  size_t length = 0;
  urlkit_error e;
  urlkit_string s = {NULL, 0};
  if (!urlkit_has_idna()) {
    CHECK(urlkit_idna_to_ascii(host, strlen(host), buf, sizeof buf, &length, &e) ==
          urlkit_error_not_built);
    CHECK(e.code == urlkit_error_not_built);
    CHECK(urlkit_idna_to_ascii_string(host, strlen(host), &s, &e) == urlkit_error_not_built);
    CHECK(s.data == NULL);
    printf("IDNA not built: urlkit_idna_to_ascii says not_built\n");
    return;
  }
  CHECK(urlkit_idna_to_ascii(host, strlen(host), buf, sizeof buf, &length, &e) == urlkit_ok);
  CHECK(strcmp(buf, expected) == 0 && length == strlen(expected));
  CHECK(urlkit_idna_to_ascii(host, strlen(host), buf, strlen(expected), &length, &e) ==
        urlkit_error_buffer_too_small);
  CHECK(length == strlen(expected));
  CHECK(urlkit_idna_to_ascii_string(host, strlen(host), &s, &e) == urlkit_ok);
  CHECK(s.data != NULL && strcmp(s.data, expected) == 0);
  urlkit_string_free(&s);
  CHECK(urlkit_idna_to_ascii("a..b", 4, buf, sizeof buf, &length, &e) == urlkit_error_idna);
  CHECK(e.detail != NULL);
  /* The endpoint converts a non-ASCII host. */
  {
    const char text[] =
        "http://b\xC3\xBC"
        "cher.example/";
    urlkit_url* u = parse(text, urlkit_mode_lenient);
    urlkit_endpoint ep;
    if (u != NULL) {
      CHECK(urlkit_url_endpoint(u, &ep, &e) == urlkit_ok);
      CHECK(str_is(ep.host, expected));
      urlkit_endpoint_free(&ep);
      urlkit_url_free(u);
    }
  }
}

/* Every pointer argument may be NULL without a crash. */
static void test_null_arguments(void) {
  urlkit_url* u = parse("http://a/", urlkit_mode_strict);
  urlkit_url* out = NULL;
  urlkit_error e;
  urlkit_offsets o;
  urlkit_scheme scheme;
  urlkit_endpoint ep;
  urlkit_string s;
  char buf[16];
  size_t length;
  int same;
  uint64_t hash;
  const urlkit_error_code bad = urlkit_error_invalid_argument;
  if (u == NULL) return;

  CHECK(urlkit_url_new(NULL) == bad);
  CHECK(urlkit_parse("x", 1, urlkit_mode_strict, NULL, NULL, NULL, &e) == bad && e.code == bad);
  CHECK(urlkit_parse(NULL, 3, urlkit_mode_strict, NULL, NULL, &out, &e) == bad && out == NULL);
  CHECK(urlkit_parse("x", 1, (urlkit_mode)7, NULL, NULL, &out, NULL) == bad);
  CHECK(urlkit_reparse(NULL, "x", 1, urlkit_mode_strict, NULL, NULL, &e) == bad);
  CHECK(urlkit_reparse(u, NULL, 1, urlkit_mode_strict, NULL, NULL, &e) == bad);
  CHECK(urlkit_parse_offsets("x", 1, urlkit_mode_strict, NULL, NULL, NULL, &e) == bad);
  CHECK(urlkit_parse_offsets(NULL, 2, urlkit_mode_strict, NULL, NULL, &o, &e) == bad);
  CHECK(urlkit_url_copy(NULL, &out) == bad && out == NULL);
  CHECK(urlkit_url_copy(u, NULL) == bad);
  CHECK(urlkit_url_assign(NULL, u) == bad && urlkit_url_assign(u, NULL) == bad);
  CHECK(urlkit_url_reserve(NULL, 10) == bad);
  CHECK(urlkit_url_capacity(NULL) == 0);
  CHECK(absent(urlkit_url_text(NULL)));
  CHECK(absent(urlkit_url_component(NULL, urlkit_component_path)));
  CHECK(urlkit_url_offsets(NULL, &o) == bad && urlkit_url_offsets(u, NULL) == bad);
  CHECK(urlkit_url_absolute_path(NULL) == 0);
  CHECK(urlkit_url_mode(NULL) == urlkit_mode_lenient);
  CHECK(urlkit_url_warning_count(NULL) == 0);
  CHECK(urlkit_url_scheme(NULL, NULL, NULL, &scheme, &e) == bad);
  CHECK(urlkit_url_scheme(u, NULL, NULL, NULL, &e) == bad);
  CHECK(urlkit_url_endpoint(NULL, &ep, &e) == bad && ep.owner == NULL);
  CHECK(urlkit_url_endpoint(u, NULL, &e) == bad);
  CHECK(urlkit_resolve(NULL, u, buf, sizeof buf, &length, &e) == bad);
  CHECK(urlkit_resolve(u, NULL, buf, sizeof buf, &length, &e) == bad);
  CHECK(urlkit_resolve(u, u, buf, sizeof buf, NULL, &e) == urlkit_ok); /* length may be NULL */
  CHECK(urlkit_resolve_string(u, u, NULL, &e) == bad);
  CHECK(urlkit_resolve_string(NULL, u, &s, &e) == bad && s.data == NULL);
  CHECK(urlkit_make_relative(NULL, u, buf, sizeof buf, &length, &e) == bad);
  CHECK(urlkit_make_relative(u, u, NULL, 4, &length, &e) == bad);
  CHECK(urlkit_make_relative_string(u, NULL, &s, &e) == bad);
  CHECK(urlkit_make_relative_string(u, u, NULL, &e) == bad);
  CHECK(urlkit_normalize(NULL, 0, buf, sizeof buf, &length, &e) == bad);
  CHECK(urlkit_normalize_string(NULL, 0, &s, &e) == bad);
  CHECK(urlkit_normalize_string(u, 0, NULL, &e) == bad);
  CHECK(urlkit_equivalent(NULL, u, 0, &same) == bad && urlkit_equivalent(u, u, 0, NULL) == bad);
  CHECK(urlkit_hash(NULL, 0, &hash) == bad && urlkit_hash(u, 0, NULL) == bad);
  CHECK(urlkit_validate(NULL, 3, urlkit_mode_strict, NULL, NULL, &e) == bad);
  CHECK(urlkit_validate("x", 1, (urlkit_mode)3, NULL, NULL, NULL) == bad);
  CHECK(urlkit_idna_to_ascii(NULL, 3, buf, sizeof buf, &length, &e) == bad);
  CHECK(urlkit_idna_to_ascii_string("x", 1, NULL, &e) == bad);
  CHECK(urlkit_error_message(NULL, buf, sizeof buf, &length) == bad);
  CHECK(urlkit_error_message(&e, NULL, 3, &length) == bad);
  CHECK(urlkit_warning_message(NULL, buf, sizeof buf, &length) == bad);
  urlkit_url_free(u);
}

int main(void) {
  test_version();
  test_error_names();
  test_components();
  test_errors_and_warnings();
  test_reparse();
  test_resolve();
  test_resolve_spec();
  test_normalize();
  test_validate();
  test_scheme();
  test_endpoint();
  test_idna();
  test_null_arguments();
  printf("c_api_test: %d checks, %d failed (urlkit %s, ABI %u)\n", checks, failures,
         urlkit_version(), urlkit_abi_version());
  return failures == 0 ? 0 : 1;
}
