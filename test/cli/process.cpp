#include "process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace cli_test {
namespace {

void check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string(what) + ": " + std::strerror(errno));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Which of stdout (1) and stderr (2) is a pseudo-terminal; 0: neither.
run_result run_impl(const std::vector<std::string>& args, const std::string& input, int pty) {
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

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);

  std::vector<std::string> argv_storage;
  argv_storage.push_back(URLKIT_CLI);
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);

  pid_t pid = -1;
  int rc = ::posix_spawn(&pid, URLKIT_CLI, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
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

run_result run_on_terminal(const std::vector<std::string>& args, const std::string& input) {
  return run_impl(args, input, 1);
}

run_result run_with_terminal_stderr(const std::vector<std::string>& args,
                                    const std::string& input) {
  return run_impl(args, input, 2);
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
