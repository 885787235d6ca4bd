#include "process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

extern char** environ;

namespace cli_test {
namespace {

// The environment variable that makes a copy of the test program the
// measuring parent of run_measured(): its value is the file descriptor to
// write the child's ru_maxrss (KiB) to; its arguments are the command.
constexpr const char* probe_variable = "URLKIT_CLI_TEST_RSS_PROBE";

// Runs before Boost.Test's main, while the program is still small: forks and
// execs the command, waits for it, reports its peak, exits with its status.
[[maybe_unused]] const bool probe_ran = [] {
  const char* fd_text = std::getenv(probe_variable);
  if (!fd_text) return false;
  const int report = std::atoi(fd_text);
  std::ifstream cmdline("/proc/self/cmdline", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
  std::vector<char*> argv;
  for (std::size_t i = 0; i < all.size(); i += std::strlen(all.data() + i) + 1)
    argv.push_back(all.data() + i);
  argv.push_back(nullptr);
  if (argv.size() < 3) std::_Exit(125);
  ::unsetenv(probe_variable);
  const pid_t pid = ::fork();
  if (pid < 0) std::_Exit(125);
  if (pid == 0) {
    ::close(report);
    ::execv(argv[1], argv.data() + 1);
    std::_Exit(127);
  }
  int wstatus = 0;
  struct rusage usage {};
  while (::wait4(pid, &wstatus, 0, &usage) < 0 && errno == EINTR) {
  }
  const std::string text = std::to_string(usage.ru_maxrss) + "\n";
  (void)!::write(report, text.data(), text.size());
  std::_Exit(WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus));
}();

void check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Which of stdout (1) and stderr (2) is a pseudo-terminal; 0: neither.
// `measured`: through a copy of the test program (probe_ran), which reports
// the child's peak on a fourth pipe.
run_result run_impl(const std::vector<std::string>& args, const std::string& input, int pty,
                    bool measured = false) {
  // A test that makes the child exit early must not kill the test runner.
  ::signal(SIGPIPE, SIG_IGN);

  int in[2], out[2], err[2];
  check(::pipe2(in, O_CLOEXEC) == 0, "pipe");
  for (int fd = 1; fd <= 2; ++fd) {
    int* ends = fd == 1 ? out : err;
    if (pty == fd) {
      check(::openpty(&ends[0], &ends[1], nullptr, nullptr, nullptr) == 0, "openpty");
      ::fcntl(ends[0], F_SETFD, FD_CLOEXEC);
      ::fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    } else {
      check(::pipe2(ends, O_CLOEXEC) == 0, "pipe");
    }
  }

  int report[2] = {-1, -1};
  if (measured) check(::pipe2(report, O_CLOEXEC) == 0, "pipe");

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  if (measured) posix_spawn_file_actions_adddup2(&actions, report[1], 3);

  std::vector<std::string> argv_storage;
  if (measured) argv_storage.push_back("/proc/self/exe");
  argv_storage.push_back(URLKIT_CLI);
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::vector<std::string> env_storage;
  std::vector<char*> env;
  if (measured) {
    env_storage.push_back(std::string(probe_variable) + "=3");
    for (char** e = environ; *e; ++e) env_storage.emplace_back(*e);
    for (auto& e : env_storage) env.push_back(e.data());
    env.push_back(nullptr);
  }

  pid_t pid = -1;
  int rc =
      ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), measured ? env.data() : environ);
  posix_spawn_file_actions_destroy(&actions);
  close_fd(report[1]);
  close_fd(in[0]);
  close_fd(out[1]);
  close_fd(err[1]);
  if (rc != 0) {
    errno = rc;
    check(false, "posix_spawn " URLKIT_CLI);
  }

  ::fcntl(in[1], F_SETFL, O_NONBLOCK);
  run_result result;
  std::size_t written = 0;
  if (input.empty()) close_fd(in[1]);
  char buf[1 << 16];
  while (out[0] >= 0 || err[0] >= 0) {
    pollfd fds[3];
    int n = 0;
    int in_at = -1, out_at = -1, err_at = -1;
    if (in[1] >= 0) fds[in_at = n++] = {in[1], POLLOUT, 0};
    if (out[0] >= 0) fds[out_at = n++] = {out[0], POLLIN, 0};
    if (err[0] >= 0) fds[err_at = n++] = {err[0], POLLIN, 0};
    if (::poll(fds, n, -1) < 0) {
      if (errno == EINTR) continue;
      check(false, "poll");
    }
    if (in_at >= 0 && fds[in_at].revents) {
      ssize_t k = ::write(in[1], input.data() + written, input.size() - written);
      if (k > 0) written += static_cast<std::size_t>(k);
      // EPIPE: the child stopped reading; the rest of the input is dropped.
      if ((k < 0 && errno != EAGAIN && errno != EINTR) || written == input.size()) close_fd(in[1]);
    }
    auto drain = [&](int at, int& fd, std::string& to) {
      if (at < 0 || !fds[at].revents) return;
      ssize_t k = ::read(fd, buf, sizeof buf);
      if (k > 0)
        to.append(buf, static_cast<std::size_t>(k));
      else if (k == 0 || (errno != EAGAIN && errno != EINTR))
        close_fd(fd);  // a pty reports EIO once the child has closed it
    };
    drain(out_at, out[0], result.out);
    drain(err_at, err[0], result.err);
  }
  close_fd(in[1]);

  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  if (measured) {
    char text[32] = {};
    ssize_t k;
    while ((k = ::read(report[0], text, sizeof text - 1)) < 0 && errno == EINTR) {
    }
    close_fd(report[0]);
    result.max_rss_kib = k > 0 ? std::atol(text) : -1;
  }
  result.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  if (pty) {
    std::string& text = pty == 1 ? result.out : result.err;
    std::string lf;
    for (std::size_t i = 0; i < text.size(); ++i)
      if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) lf.push_back(text[i]);
    text = std::move(lf);
  }
  return result;
}

}  // namespace

run_result run(const std::vector<std::string>& args, const std::string& input) {
  return run_impl(args, input, 0);
}

run_result run_measured(const std::vector<std::string>& args, const std::string& input) {
  return run_impl(args, input, 0, true);
}

run_result run_on_terminal(const std::vector<std::string>& args, const std::string& input) {
  return run_impl(args, input, 1);
}

run_result run_with_terminal_stderr(const std::vector<std::string>& args,
                                    const std::string& input) {
  return run_impl(args, input, 2);
}

run_result run_to_full(const std::vector<std::string>& args, const std::string& input_path) {
  int in = ::open(input_path.c_str(), O_RDONLY | O_CLOEXEC);
  check(in >= 0, "open input");
  int full = ::open("/dev/full", O_WRONLY | O_CLOEXEC);
  check(full >= 0, "open /dev/full");
  int err[2];
  check(::pipe2(err, O_CLOEXEC) == 0, "pipe");

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in, 0);
  posix_spawn_file_actions_adddup2(&actions, full, 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  std::vector<std::string> argv_storage{URLKIT_CLI};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  argv.reserve(argv_storage.size() + 1);
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close_fd(full);
  close_fd(err[1]);
  if (rc != 0) {
    close_fd(in);
    close_fd(err[0]);
    errno = rc;
    check(false, "posix_spawn " URLKIT_CLI);
  }

  run_result result;
  char buf[1 << 16];
  for (;;) {
    const ssize_t k = ::read(err[0], buf, sizeof buf);
    if (k > 0) {
      result.err.append(buf, static_cast<std::size_t>(k));
    } else if (k == 0 || errno != EINTR) {
      break;
    }
  }
  close_fd(err[0]);
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  result.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  // The open file description, and so the offset, is the child's stdin.
  result.input_read = static_cast<long long>(::lseek(in, 0, SEEK_CUR));
  close_fd(in);
  return result;
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> v;
  std::size_t start = 0;
  while (start < s.size()) {
    std::size_t lf = s.find('\n', start);
    if (lf == std::string::npos) lf = s.size();
    v.push_back(s.substr(start, lf - start));
    start = lf + 1;
  }
  return v;
}

}  // namespace cli_test
