// Types of urlkit's JavaScript API (the npm package `urlkit`, and the object
// the web script's `urlkitReady` promises).  Written by hand: src/wasm/api.js
// is the implementation.
//
// Every function takes JS strings; they cross into WebAssembly as UTF-8.
// Every offset given back is an index into the JS string it counts in
// (UTF-16 code units), so `text.slice(error.offset)` is the failing part.
// Bad input never throws: the functions return results.  Only a programming
// error throws (a TypeError: an argument that is not a string, an unknown spec).

/** A URL's components as written (still %-escaped): null when absent, "" when empty. */
export interface Components {
  /** The scheme without its ":" (draft 4.1). */
  scheme: string | null;
  /** The user, before ":" or "@" (draft 4.3.1). */
  user: string | null;
  /** The password, between ":" and "@". */
  password: string | null;
  /** The host; present (maybe "") whenever "//" is. */
  host: string | null;
  /** The port's digits; "" for "http://a:/". */
  port: string | null;
  /** The path without the "/" before it and without its params; never null. */
  path: string;
  /** The parameters after the path's first ";" (draft 4.3.3). */
  params: string | null;
  /** The query after "?" (draft 4.3.4). */
  query: string | null;
  /** The fragment after "#" (draft 3). */
  fragment: string | null;
}

/** What a lenient parse took that the strict grammar does not. */
export interface Warning {
  /** The warning code's name: "unwise_character", "non_ascii", "scheme_syntax", ... */
  code: string;
  /** "unwise character '|' in path (should be escaped as %7C)" */
  message: string;
  /** Index into the input string. */
  offset: number;
}

/** Why an input was refused. */
export interface URLError {
  /** The error code's name: "invalid_character", "bad_port", "scheme_syntax", ... */
  code: string;
  /** The message, without the offset: "port must be digits". */
  message: string;
  /** Index into the string `source` names (the input itself when source is ""). */
  offset: number;
  /** The grammar rule it went wrong in: "reference", "port", "path", "base", ... */
  rule: string;
  /**
   * What `offset` counts in: "" the input (parse, validate, normalize,
   * resolve's reference, makeRelative's target when the library says so),
   * "base" (resolve's and makeRelative's base), "target" (makeRelative's
   * target), "a" or "b" (equivalent's arguments).
   */
  source: string;
}

/** An http, https, ws or wss URL by RFC 1738 3.3 (decoded values). */
export interface HttpView {
  scheme: 'http';
  host: string;
  /** The effective port: explicit, else the default. */
  port: number;
  explicitPort: boolean;
  defaultPort: number;
  secure: boolean;
  websocket: boolean;
  hpath: string | null;
  search: string | null;
  /** "/" hpath ["?" search], as sent in a request (still escaped). */
  requestTarget: string;
}
/** An ftp URL by RFC 1738 3.2. */
export interface FtpView {
  scheme: 'ftp';
  user: string | null;
  password: string | null;
  host: string;
  port: number;
  fpath: string | null;
  /** The directories to CWD into (3.2.2). */
  cwd: string[];
  name: string;
  /** ";type=" a, i or d. */
  typecode: string | null;
  /** The FTP commands the URL stands for. */
  plan: string[];
}
/** A mailto URL by RFC 1738 3.5 (and its headers). */
export interface MailtoView {
  scheme: 'mailto';
  address: string;
  isAddrSpec: boolean;
  localPart: string;
  domain: string;
  to: string[];
  headers: [string, string][];
  subject: string | null;
  body: string | null;
}
/** A news URL by RFC 1738 3.6. */
export interface NewsView {
  scheme: 'news';
  /** "group", "article" or "all" ("news:*"). */
  kind: string;
  grouppart: string;
  group: string | null;
  messageId: string | null;
}
/** An nntp URL by RFC 1738 3.7. */
export interface NntpView {
  scheme: 'nntp';
  host: string;
  port: number;
  group: string;
  article: number | null;
}
/** A telnet URL by RFC 1738 3.8. */
export interface TelnetView {
  scheme: 'telnet';
  user: string | null;
  password: string | null;
  host: string;
  port: number;
  finalSlash: boolean;
}
/** A gopher URL by RFC 1738 3.4. */
export interface GopherView {
  scheme: 'gopher';
  host: string;
  port: number;
  gopherType: string;
  selector: string;
  search: string | null;
  gopherPlus: string | null;
  /** What the client sends, CRLF included (code points 0-255 stand for bytes). */
  requestLine: string;
}
/** A wais URL by RFC 1738 3.9. */
export interface WaisView {
  scheme: 'wais';
  host: string;
  port: number;
  /** "database", "search" or "document". */
  kind: string;
  database: string;
  search: string | null;
  wtype: string | null;
  wpath: string | null;
}
/** A file URL by RFC 1738 3.10. */
export interface FileView {
  scheme: 'file';
  /** As written ("" and "localhost" are this machine). */
  host: string;
  isLocal: boolean;
  fpath: string;
  /** The POSIX path, when the URL names one on this machine. */
  localPath: string | null;
}
/** A prospero URL by RFC 1738 3.11. */
export interface ProsperoView {
  scheme: 'prospero';
  host: string;
  port: number;
  hsoname: string;
  fieldspecs: [string, string][];
}
/** A data URL by RFC 2397. */
export interface DataView {
  scheme: 'data';
  /** "text/plain;charset=US-ASCII" for the default. */
  mediaType: string;
  type: string;
  subtype: string;
  parameters: [string, string][];
  isDefaultType: boolean;
  isBase64: boolean;
  /** The decoded body. */
  body: Uint8Array;
}
/**
 * The scheme's own reading of a URL (RFC 1738 section 3 and 5, RFC 2397):
 * `scheme` names the view, "http" for https, ws and wss too
 * (components.scheme is the scheme as written).
 */
export type Typed =
  | HttpView | FtpView | MailtoView | NewsView | NntpView | TelnetView
  | GopherView | WaisView | FileView | ProsperoView | DataView;

/** Where a client connects (urlkit/endpoint.hpp). */
export interface Endpoint {
  /** The host to look up, decoded (an IPv6 address without brackets). */
  host: string;
  /** The effective port. */
  port: number;
  /** Whether the port is the scheme's default (none, or an empty one, written). */
  defaultPort: boolean;
}

/**
 * What parse returns.  ok, input, components, warnings and error are own
 * properties; typed and endpoint are getters (each computed once, when first
 * read: most callers need neither), and toJSON() gives all seven, so that
 * JSON.stringify(result) shows them too.
 */
export interface ParseResult {
  /** Whether the generic grammar and the scheme's own accept the input (as validate). */
  ok: boolean;
  /** The string given. */
  input: string;
  /** All null when the generic grammar refused the input. */
  components: Components;
  /**
   * The scheme's typed view; null for a scheme without one, or when not ok.
   * Computed when first read.
   */
  readonly typed: Typed | null;
  /**
   * Where a client connects; null when the URL names no server (mailto:,
   * news:, file:, a relative reference, a scheme with no known port) or
   * when not ok.  Computed when first read.
   */
  readonly endpoint: Endpoint | null;
  /**
   * In input order (one for each octet of a non-ASCII character, at its
   * index); lenient mode only (strict mode refuses instead).
   */
  warnings: Warning[];
  error: URLError | null;
  /** All seven fields as a plain object (typed and endpoint computed). */
  toJSON(): {
    ok: boolean; input: string; components: Components; typed: Typed | null;
    endpoint: Endpoint | null; warnings: Warning[]; error: URLError | null;
  };
}

export interface ParseOptions {
  /** Exactly the BNF (default false: lenient, draft 2.3.3, with warnings). */
  strict?: boolean;
}

export interface SpecOptions {
  /**
   * '1808' (the default): draft-fielding-uri-url-00 section 6, RFC 1808's
   * algorithm; '3986': RFC 3986 section 5.2.  Anything else throws a TypeError.
   */
  spec?: '1808' | '3986';
}

/** A string value, or the error that prevented it. */
export interface StringResult {
  ok: boolean;
  value: string | null;
  error: URLError | null;
}

/** Parses a URL reference (draft section 3, RFC 1738 3.1) and checks its scheme's grammar. */
export function parse(text: string, options?: ParseOptions): ParseResult;

/** parse's verdict only. */
export function validate(
  text: string,
  options?: ParseOptions,
): { ok: boolean; error: URLError | null; warnings: Warning[] };

/** Resolves `reference` against `base` (both parsed leniently). */
export function resolve(base: string, reference: string, options?: SpecOptions): StringResult;

/** The shortest reference that resolve(base, ·, options) turns into `target`. */
export function makeRelative(base: string, target: string, options?: SpecOptions): StringResult;

/** The normal form (urlkit/normalize.hpp): case, escapes, default ports, ... */
export function normalize(text: string): StringResult;

/** Whether `a` and `b` have the same normal form. */
export function equivalent(
  a: string,
  b: string,
): { ok: boolean; value: boolean | null; error: URLError | null };

/** A URL found in free text (RFC 1738's appendix): `text.substr(offset, length)` holds it. */
export interface Extracted {
  /** The URL, white space of line breaks removed. */
  url: string;
  offset: number;
  length: number;
}

/** The URLs in free text: <URL:...>, <...> and bare ones (urlkit/extract.hpp). */
export function extract(text: string): Extracted[];

/** One URL of a URL-valued attribute of an HTML document (urlkit/html.hpp's link). */
export interface Link {
  /** The element and the attribute, lower case ("a", "href"). */
  element: string;
  attribute: string;
  /** The URL as the document gives it, character references decoded. */
  reference: string;
  /** Where the attribute's value is in the document (quotes included). */
  value: { offset: number; length: number };
  /** Where the URL starts: line and column, from 1. */
  line: number;
  column: number;
  /** What it resolved to; null when it was left as it is (then `error` says why). */
  resolved: string | null;
  error: URLError | null;
  /** Whether the document now says `resolved` instead. */
  rewritten: boolean;
}

/**
 * Makes every link of an HTML document absolute (urlkit::html::absolutize):
 * against the document's first BASE href, else `base` ("" for none), by RFC
 * 1808's algorithm or RFC 3986's.  Bytes outside link values are kept as they
 * are.  `ok` is false for a document urlkit refuses (UTF-16, a start tag
 * longer than 64 MiB) or a `base` that is not an absolute URL.
 */
export function absolutize(
  html: string,
  base: string,
  options?: { spec?: '1808' | '3986' },
): { ok: boolean; html: string | null; base: string | null; links: Link[]; error: URLError | null };

/** urlkit's version, "0.1.0". */
export const version: string;

/**
 * The wasm memory's size and the bytes its allocator holds: a diagnostic
 * (the package's leak test watches it), not part of the URL API.
 */
export function memoryUsage(): { memoryBytes: number; heapInUse: number };

declare const urlkit: {
  parse: typeof parse;
  validate: typeof validate;
  resolve: typeof resolve;
  makeRelative: typeof makeRelative;
  normalize: typeof normalize;
  equivalent: typeof equivalent;
  extract: typeof extract;
  absolutize: typeof absolutize;
  version: string;
  memoryUsage: typeof memoryUsage;
};
export default urlkit;

declare global {
  /** Defined by the web script (urlkit.js): the API once the module is ready. */
  // eslint-disable-next-line no-var
  var urlkitReady: Promise<typeof urlkit> | undefined;
}
