// base64 throughput: decoding data: URL bodies (RFC 2397 ";base64", the
// forgiving decoder of include/urlkit/base64.hpp) and encoding.
//
// Rows (registered statically, so they run with any main that calls
// benchmark::RunSpecifiedBenchmarks):
//   base64/decode_<size>          random body, no white space, decode_to
//   base64/decode_lines76_<size>  the same body with "\n" after every 76 characters
//   base64/decoder_<size>         the streaming decoder, 64 KiB chunks of the lined body
//   base64/decode_string_<size>   decode() into a new std::string
//   base64/encode_<size>          encode_to of the body's bytes
// <size> is the size of the base64 text without line breaks (1MiB, 64MiB).
// bytes_per_second counts the base64 text for decoding (line breaks included)
// and the binary input for encoding; "decoded/s" and "encoded/s" count the
// other side.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "urlkit/base64.hpp"

namespace {

namespace base64 = urlkit::base64;

struct body {
  std::string data;   // the bytes
  std::string text;   // their base64, in one line
  std::string lines;  // the same with "\n" after every 76 characters (RFC 2045 6.8)
};

// Made on first use, so that a filtered run does not pay for the 64 MiB ones.
const body& body_of(std::size_t text_size) {
  static std::map<std::size_t, body> bodies;
  auto [it, made] = bodies.try_emplace(text_size);
  body& b = it->second;
  if (made) {
    std::mt19937_64 rng(text_size);
    b.data.resize(text_size / 4 * 3);
    for (std::size_t i = 0; i < b.data.size(); i += 8) {
      const std::uint64_t r = rng();
      std::memcpy(b.data.data() + i, &r, std::min<std::size_t>(8, b.data.size() - i));
    }
    b.text = base64::encode(b.data);
    b.lines.reserve(b.text.size() + b.text.size() / 76 + 1);
    for (std::size_t i = 0; i < b.text.size(); i += 76) {
      b.lines.append(b.text, i, 76);
      b.lines += '\n';
    }
  }
  return b;
}

void rates(benchmark::State& state, std::size_t in, std::size_t out, const char* out_name) {
  const auto n = static_cast<std::int64_t>(state.iterations());
  state.SetBytesProcessed(n * static_cast<std::int64_t>(in));
  state.counters[out_name] =
      benchmark::Counter(static_cast<double>(n) * static_cast<double>(out),
                         benchmark::Counter::kIsRate, benchmark::Counter::kIs1024);
}

void decode_text(benchmark::State& state, const std::string& text, std::size_t expected) {
  std::vector<char> out(base64::max_decoded_size(text.size()));
  for (auto _ : state) {
    auto n = base64::decode_to(text, out);
    if (!n || *n != expected) {
      state.SkipWithError("decode failed");
      break;
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  rates(state, text.size(), expected, "decoded/s");
}

void decode(benchmark::State& state, std::size_t size) {
  const body& b = body_of(size);
  decode_text(state, b.text, b.data.size());
}

void decode_lines76(benchmark::State& state, std::size_t size) {
  const body& b = body_of(size);
  decode_text(state, b.lines, b.data.size());
}

void decoder(benchmark::State& state, std::size_t size) {
  const body& b = body_of(size);
  constexpr std::size_t chunk = 64 * 1024;
  std::vector<char> out(base64::max_decoded_size(chunk));
  const std::string_view in = b.lines;
  for (auto _ : state) {
    base64::decoder d;
    std::size_t total = 0;
    bool ok = true;
    for (std::size_t at = 0; at < in.size() && ok; at += chunk) {
      auto n = d.update(in.substr(at, chunk), out);
      ok = n.has_value();
      if (ok) total += *n;
      benchmark::DoNotOptimize(out.data());
    }
    auto n = ok ? d.finish(out) : urlkit::result<std::size_t>(urlkit::error{});
    if (!n || total + *n != b.data.size()) {
      state.SkipWithError("decode failed");
      break;
    }
    benchmark::ClobberMemory();
  }
  rates(state, in.size(), b.data.size(), "decoded/s");
}

void decode_string(benchmark::State& state, std::size_t size) {
  const body& b = body_of(size);
  for (auto _ : state) {
    auto s = base64::decode(b.text);
    if (!s || s->size() != b.data.size()) {
      state.SkipWithError("decode failed");
      break;
    }
    benchmark::DoNotOptimize(s->data());
  }
  rates(state, b.text.size(), b.data.size(), "decoded/s");
}

void encode(benchmark::State& state, std::size_t size) {
  const body& b = body_of(size);
  std::vector<char> out(base64::encoded_size(b.data.size()));
  for (auto _ : state) {
    char* end = base64::encode_to(b.data, out.data());
    benchmark::DoNotOptimize(end);
    benchmark::ClobberMemory();
  }
  rates(state, b.data.size(), out.size(), "encoded/s");
}

// No "min" statistic as bench_util.hpp's rows have: it would apply to the
// rates too, where the minimum is the most disturbed repetition.
void setup(benchmark::internal::Benchmark* b) {
  b->Unit(benchmark::kMicrosecond);
}

constexpr std::size_t MiB = 1 << 20;

}  // namespace

#define URLKIT_BASE64_ROWS(f)                                                \
  BENCHMARK_CAPTURE(f, 1MiB, MiB)->Name("base64/" #f "_1MiB")->Apply(setup); \
  BENCHMARK_CAPTURE(f, 64MiB, 64 * MiB)->Name("base64/" #f "_64MiB")->Apply(setup)

URLKIT_BASE64_ROWS(decode);
URLKIT_BASE64_ROWS(decode_lines76);
URLKIT_BASE64_ROWS(decoder);
URLKIT_BASE64_ROWS(decode_string);
URLKIT_BASE64_ROWS(encode);
