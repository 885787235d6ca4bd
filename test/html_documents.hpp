// Real HTML kept in the repository (test/data/html; its README says where
// each document comes from and under which licence): the absolutizer's tests
// read every one, and one that is missing fails them, so that they never
// pass having read nothing.  Paths are relative to URLKIT_TEST_DATA_DIR.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <vector>

namespace urlkit_test {

inline constexpr std::array<std::string_view, 8> html_documents = {
    "html/libexpat1-dev/reference.html",  // no charset declared, 121 links
    "html/libffi8/Index.html",            // texinfo, UTF-8
    "html/libffi8/Simple-Example.html",
    "html/libffi8/The-Basics.html",
    "html/libjson-c5/README.html",          // ISO-8859-1
    "html/libxslt1-dev/index.html",         // ISO-8859-1, tables of links
    "html/libxslt1-dev/libxslt-xslt.html",  // gtk-doc, UTF-8
    "html/zlib1g-dev/zlib_how.html",        // HTML 4.0 Transitional, ISO-8859-1
};

/// The documents the HTML tests read: the kept ones (html_documents, under
/// `data_dir`), then, where the machine has them, the *.html files under
/// /usr/share/doc in sorted order, at most `installed_limit` of them.
struct html_corpus {
  std::vector<std::filesystem::path> files;
  std::size_t kept = 0;                        ///< files[0, kept) are the kept ones
  std::vector<std::filesystem::path> missing;  ///< kept ones not found: a failure
};

inline html_corpus html_corpus_of(const std::filesystem::path& data_dir,
                                  std::size_t installed_limit = SIZE_MAX) {
  namespace fs = std::filesystem;
  html_corpus c;
  for (std::string_view name : html_documents) {
    const fs::path p = data_dir / name;
    (fs::is_regular_file(p) ? c.files : c.missing).push_back(p);
  }
  c.kept = c.files.size();
  std::vector<fs::path> installed;
  std::error_code ec;
  const fs::path root = "/usr/share/doc";
  if (fs::is_directory(root, ec)) {
    for (auto it = fs::recursive_directory_iterator(
             root, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->path().extension() == ".html" && it->is_regular_file(ec))
        installed.push_back(it->path());
    }
  }
  std::sort(installed.begin(), installed.end());
  if (installed.size() > installed_limit) installed.resize(installed_limit);
  c.files.insert(c.files.end(), installed.begin(), installed.end());
  return c;
}

}  // namespace urlkit_test
