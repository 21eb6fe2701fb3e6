#include "video_job.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

extern char** environ;

namespace lieride::gui {
namespace fs = std::filesystem;

namespace {
double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// This executable (the render is its own `render` command).
std::string selfPath() {
  std::error_code ec;
  const fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("lieride") : p.string();
}

// The last non-empty line of a log (a render's one-line error), without its "lieride: " prefix.
std::string lastLine(const std::string& file) {
  std::ifstream in(file);
  std::string line, last;
  while (std::getline(in, line)) {
    const auto cr = line.find_last_of('\r');  // the progress bar rewrites its line with \r
    if (cr != std::string::npos) line = line.substr(cr + 1);
    if (!line.empty()) last = line;
  }
  if (last.rfind("lieride: ", 0) == 0) last = last.substr(9);
  return last;
}
}  // namespace

VideoJob::~VideoJob() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    std::error_code ec;
    fs::remove(log_, ec);  // stopped by the app closing: nothing of the render stays
  }
}

bool VideoJob::start(const std::string& take, const std::string& out, double fps, int width, int height) {
  if (pid_ > 0) {
    message_ = "a video is rendering: wait for it";
    return false;
  }
  out_ = out;
  log_ = (fs::path(out).parent_path() / (fs::path(out).stem().string() + "-render.log")).string();
  ok_ = false;
  const std::string self = selfPath(), fpsText = std::to_string(fps), size = std::to_string(width) + "x" + std::to_string(height);
  std::vector<std::string> args = {self, "render", take, "--out", out, "--fps", fpsText, "--size", size};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  const int err = posix_spawn(&pid_, self.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) {
    pid_ = -1;
    message_ = std::string("cannot start lieride render: ") + std::strerror(err);
    return false;
  }
  startedAt_ = now();
  message_.clear();
  return true;
}

bool VideoJob::poll() {
  if (pid_ <= 0) return false;
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, WNOHANG);
  if (r == 0) return false;
  pid_ = -1;
  ok_ = r > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  std::error_code ec;
  if (ok_) {
    message_ = lastLine(log_);  // "ffmpeg not found: writing PNG frames to ..." is the only line then
    fs::remove(log_, ec);
  } else {
    message_ = lastLine(log_);
    if (message_.empty()) message_ = "lieride render failed (see " + log_ + ")";
  }
  return true;
}

double VideoJob::elapsed() const { return pid_ > 0 ? now() - startedAt_ : 0.0; }

}  // namespace lieride::gui
