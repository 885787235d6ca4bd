// A file for a CLI test, in a fresh directory of its own that is removed
// with it (so a test may also name a sibling that does not exist).
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace cli_test {

class temp_file {
 public:
  explicit temp_file(const std::string& content, const std::string& name = "input") {
    std::string dir_template =
        (std::filesystem::temp_directory_path() / "urlkit-test-XXXXXX").string();
    dir_ = ::mkdtemp(dir_template.data());
    path_ = (dir_ / name).string();
    std::ofstream(path_, std::ios::binary) << content;
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  ~temp_file() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  const std::string& path() const { return path_; }
  /// The file's own directory.
  std::string dir() const { return dir_.string(); }

 private:
  std::filesystem::path dir_;
  std::string path_;
};

}  // namespace cli_test
