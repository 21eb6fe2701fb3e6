#include "cli/cli_output.hpp"

#include <cctype>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <vector>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lieride/sim/user_input.hpp"

namespace lieride::cli {
namespace fs = std::filesystem;
namespace {

// What to clean up if a signal ends the process (async-signal-safe access only): the
// temporary file being written, a staging folder (removed with everything in it), the folders
// this process created for its output (removed if still empty, deepest first), and the
// command named in the line that says so.
char g_temporary[PATH_MAX + 1];
volatile std::sig_atomic_t g_haveTemporary = 0;
char g_stage[PATH_MAX + 1];
volatile std::sig_atomic_t g_haveStage = 0;
constexpr int kMaxCreated = 8;
char g_created[kMaxCreated][PATH_MAX + 1];
volatile std::sig_atomic_t g_createdCount = 0;
char g_command[64];
volatile std::sig_atomic_t g_haveCommand = 0;
volatile std::sig_atomic_t g_committed = 0;  // an output file was renamed into place

void writeStderr(const char* s) {
  const std::size_t n = std::strlen(s);
  if (::write(STDERR_FILENO, s, n) < 0) return;
}

extern "C" void removeTemporaryAndDie(int sig) {
  if (g_haveTemporary) ::unlink(g_temporary);
  if (g_haveStage) {  // rm -rf: fork and execve are async-signal-safe, a directory walk is not
    const pid_t child = ::fork();
    if (child == 0) {
      char rm[] = "rm", rf[] = "-rf", dashes[] = "--";
      char* const argv[] = {rm, rf, dashes, g_stage, nullptr};
      char* const envp[] = {nullptr};
      ::execve("/bin/rm", argv, envp);
      ::_exit(127);
    }
    if (child > 0) ::waitpid(child, nullptr, 0);
  }
  for (int i = g_createdCount - 1; i >= 0; --i) ::rmdir(g_created[i]);
  if (g_haveCommand) {
    char number[16];
    int n = 0;
    for (int v = sig; v > 0 && n < 15; v /= 10) number[n++] = static_cast<char>('0' + v % 10);
    char line[128] = "lieride: ";
    std::size_t at = std::strlen(line);
    for (const char* c = g_command; *c && at < 80; ++c) line[at++] = *c;
    for (const char* c = ": stopped by signal "; *c; ++c) line[at++] = *c;
    while (n > 0) line[at++] = number[--n];
    line[at] = '\0';
    writeStderr(line);
    writeStderr(g_committed ? "\n" : " (nothing written)\n");
  }
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Installs the handler for the signals that end the process (unless the caller ignores them,
// as a shell does for background jobs). Signals stay blocked from before the temporary file
// exists until its name is recorded, so none can slip between the two.
sigset_t blockCleanupSignals() {
  sigset_t block, previous;
  sigemptyset(&block);
  for (int sig : kCleanupSignals) sigaddset(&block, sig);
  sigprocmask(SIG_BLOCK, &block, &previous);
  struct sigaction sa {};
  sa.sa_handler = removeTemporaryAndDie;
  sigemptyset(&sa.sa_mask);
  for (int sig : kCleanupSignals) {
    struct sigaction old {};
    sigaction(sig, nullptr, &old);
    if (old.sa_handler != SIG_IGN) sigaction(sig, &sa, nullptr);
  }
  return previous;
}

void copyPath(char* to, const std::string& from) {
  std::strncpy(to, from.c_str(), PATH_MAX);
  to[PATH_MAX] = '\0';
}

void armCleanup(const std::string& path, const sigset_t& previousMask) {
  copyPath(g_temporary, path);
  g_haveTemporary = !path.empty();
  sigprocmask(SIG_SETMASK, &previousMask, nullptr);
}

void disarmCleanup() { g_haveTemporary = 0; }

// Creates `dir` and its missing parents, recording each one made for removal on a signal.
// Returns the error, if any.
std::error_code createOutputFolders(const fs::path& dir) {
  std::vector<fs::path> missing;
  std::error_code ec;
  for (fs::path p = dir; !p.empty() && !fs::exists(fs::symlink_status(p, ec)); p = p.parent_path()) {
    missing.push_back(p);
    if (p == p.parent_path()) break;
  }
  const sigset_t previousMask = blockCleanupSignals();
  fs::create_directories(dir, ec);
  for (auto it = missing.rbegin(); it != missing.rend() && g_createdCount < kMaxCreated; ++it) {
    if (!fs::is_directory(*it)) break;
    copyPath(g_created[g_createdCount], it->string());
    g_createdCount = g_createdCount + 1;
  }
  sigprocmask(SIG_SETMASK, &previousMask, nullptr);
  return ec;
}

std::string inQuotes(const std::string& s) {
  std::string out(1, '\'');
  out += shown(s, 200);
  out += '\'';
  return out;
}

// "" when every part of the path fits the file system's NAME_MAX, else why not.
std::string nameTooLong(const std::string& path) {
  for (const auto& part : fs::path(path))
    if (part.string().size() > NAME_MAX)
      return "a folder name of " + std::to_string(part.string().size()) + " bytes (at most " + std::to_string(NAME_MAX) + ")";
  return "";
}

// Follows a chain of symlinks (at most 40, as the kernel does); the final path may not exist.
fs::path followLinks(fs::path p) {
  for (int hop = 0; hop < 40; ++hop) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec))) return p;
    const fs::path next = fs::read_symlink(p, ec);
    if (ec) return p;
    p = next.is_absolute() ? next : p.parent_path() / next;
  }
  throw OutputTargetError("--out " + inQuotes(p.string()) + ": too many levels of symbolic links");
}

}  // namespace

std::string lowerExtension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& ch : ext) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return ext;
}

OutputTarget checkOutputTarget(const std::string& given, const std::string& option) {
  OutputTarget t;
  t.given = given;
  if (given == "-") return t;
  const std::string flag = option + " " + inQuotes(given);
  if (given.empty()) throw OutputTargetError(option + " '': expected a file name or '-' (standard output)");
  if (given.back() == '/') throw OutputTargetError(flag + ": expected a file name, got a folder");
  // A name the file system refuses is said now, not after the run (the final rename).
  if (fs::path(given).filename().string().size() > NAME_MAX)
    throw OutputTargetError(flag + ": file name too long (at most " + std::to_string(NAME_MAX) + " bytes)");
  const fs::path real = followLinks(given);
  t.resolved = real.string();
  std::error_code ec;
  const fs::file_status st = fs::status(real, ec);
  if (st.type() == fs::file_type::directory) throw OutputTargetError(flag + ": is a directory, expected a file name");
  if (st.type() != fs::file_type::not_found && st.type() != fs::file_type::regular && !ec) {
    t.kind = OutputTarget::Kind::Direct;  // a device or a FIFO: write into it, never replace it
    return t;
  }
  const fs::path folder = real.parent_path().empty() ? fs::path(".") : real.parent_path();
  if (!fs::is_directory(folder, ec))
    throw OutputTargetError(flag + ": no such folder " + inQuotes(folder.string()));
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    throw OutputTargetError(flag + ": cannot create a file in " + inQuotes(folder.string()) + " (" + std::strerror(errno) + ")");
  t.kind = OutputTarget::Kind::Replace;
  return t;
}

OutputFile::OutputFile(const OutputTarget& target) : target_(target) {
  if (target_.kind == OutputTarget::Kind::Stdout) return;
  const std::string flag = "--out " + inQuotes(target_.given);
  if (target_.kind == OutputTarget::Kind::Direct) {
    file_.open(target_.resolved, std::ios::out | std::ios::binary);
    if (!file_) throw OutputTargetError(flag + ": cannot open for writing (" + std::strerror(errno) + ")");
    return;
  }
  const fs::path real(target_.resolved);
  if (wasReadAsInput(real.string()))
    throw OutputTargetError(flag + ": is an input of this command (the scenario or a file it reads); refusing to replace it");
  const fs::path folder = real.parent_path().empty() ? fs::path(".") : real.parent_path();
  // A short name: a valid target name of NAME_MAX bytes must not make the temporary too long.
  std::string pattern = (folder / ".lieride-XXXXXX").string();
  const sigset_t previousMask = blockCleanupSignals();
  const int fd = ::mkstemp(pattern.data());
  const int error = errno;
  armCleanup(fd < 0 ? std::string() : pattern, previousMask);
  if (fd < 0)
    throw OutputTargetError(flag + ": cannot create a file in " + inQuotes(folder.string()) + " (" + std::strerror(error) + ")");
  temporary_ = pattern;
  // The permissions the target would get from a plain open(): kept if it exists, else
  // 0666 less the umask (mkstemp creates 0600).
  struct stat existing {};
  mode_t mode = 0;
  if (::stat(target_.resolved.c_str(), &existing) == 0) {
    mode = existing.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  ::fchmod(fd, mode);
  ::close(fd);
  file_.open(temporary_, std::ios::out | std::ios::trunc | std::ios::binary);
  if (!file_) {
    ::unlink(temporary_.c_str());
    disarmCleanup();
    throw OutputTargetError(flag + ": cannot open " + inQuotes(temporary_) + " for writing");
  }
}

OutputFile::~OutputFile() {
  if (committed_ || temporary_.empty()) return;
  file_.close();
  ::unlink(temporary_.c_str());
  disarmCleanup();
}

std::ostream& OutputFile::stream() {
  if (target_.kind == OutputTarget::Kind::Stdout) return std::cout;
  return file_;
}

void OutputFile::commit() {
  const std::string flag = "--out " + inQuotes(target_.given);
  std::ostream& out = stream();
  errno = 0;
  out.flush();
  const auto failed = [&] {
    return std::runtime_error(flag + ": write failed" + (errno ? std::string(" (") + std::strerror(errno) + ")" : std::string()));
  };
  if (!out) throw failed();
  if (target_.kind == OutputTarget::Kind::Stdout) return;
  file_.close();
  if (file_.fail()) throw failed();
  if (target_.kind == OutputTarget::Kind::Replace) {
    if (std::rename(temporary_.c_str(), target_.resolved.c_str()) != 0)
      throw std::runtime_error(flag + ": cannot rename the finished file into place (" + std::strerror(errno) + ")");
    disarmCleanup();
  }
  g_committed = 1;
  committed_ = true;
}

std::string prepareOutputFolder(const std::string& dir, const std::vector<std::string>& names) {
  const std::string flag = "--out " + inQuotes(dir);
  // '-' is standard output for a file (lieride sim); a folder of several files cannot be that,
  // and a folder named '-' was made instead.
  if (dir == "-") return flag + ": expected a folder name (several files are written; '-' is standard output only for one file)";
  if (const std::string why = nameTooLong(dir); !why.empty()) return flag + ": " + why;
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(dir, ec)) && !fs::exists(dir, ec))
    return flag + ": a symbolic link to " + inQuotes(fs::read_symlink(dir, ec).string()) + ", which does not exist";
  // A file where the folder should be: said so, not "cannot create the folder (Not a directory)".
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) return flag + ": exists and is not a folder";
  ec = createOutputFolders(dir);
  if (ec) return flag + ": cannot create the folder (" + ec.message() + ")";
  if (!fs::is_directory(dir, ec)) return flag + ": exists and is not a folder";
  for (const std::string& name : names) {
    try {
      // The files are staged and moved in together: a device or FIFO of that name (or a link
      // to one) cannot be replaced. Refused here, before the solve, not after it.
      if (checkOutputTarget(dir + "/" + name).kind == OutputTarget::Kind::Direct)
        return flag + ": its " + name + " is a device or FIFO (or a link to one), not a regular file; choose another --out";
    } catch (const OutputTargetError& e) {
      return e.what();
    }
    // Never one of the command's own inputs (`optimize DIR/replay.toml --out DIR`, a --guess
    // of DIR/controls.csv): they would be replaced by the outputs of the same name.
    if (wasReadAsInput(dir + "/" + name))
      return flag + ": its " + name + " is an input of this command; refusing to replace it (choose another --out)";
  }
  return "";
}

void nameStoppedCommand(const std::string& command) {
  const sigset_t previousMask = blockCleanupSignals();
  std::strncpy(g_command, command.c_str(), sizeof g_command - 1);
  g_command[sizeof g_command - 1] = '\0';
  g_haveCommand = 1;
  sigprocmask(SIG_SETMASK, &previousMask, nullptr);
}

StagedFolder::StagedFolder(const std::string& dir, const std::string& option) : dir_(dir) {
  const std::string flag = option + " " + inQuotes(dir);
  if (dir == "-") throw OutputTargetError(flag + ": expected a folder name (several files are written; '-' is standard output only for one file)");
  if (const std::string why = nameTooLong(dir); !why.empty()) throw OutputTargetError(flag + ": " + why);
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) throw OutputTargetError(flag + ": exists and is not a folder");
  ec = createOutputFolders(dir);
  if (ec) throw OutputTargetError(flag + ": cannot create the folder (" + ec.message() + ")");
  if (!fs::is_directory(dir, ec)) throw OutputTargetError(flag + ": exists and is not a folder");
  std::string pattern = (fs::path(dir) / ".lieride-XXXXXX").string();
  const sigset_t previousMask = blockCleanupSignals();
  const char* made = ::mkdtemp(pattern.data());
  const int error = errno;
  if (made) {
    copyPath(g_stage, pattern);
    g_haveStage = 1;
  }
  sigprocmask(SIG_SETMASK, &previousMask, nullptr);
  if (!made) throw OutputTargetError(flag + ": cannot create a folder in it (" + std::strerror(error) + ")");
  stage_ = pattern;
}

StagedFolder::~StagedFolder() {
  if (committed_) return;
  std::error_code ec;
  fs::remove_all(stage_, ec);
  g_haveStage = 0;
}

namespace {
// Whether this process may replace (or create) the file `to`: its folder writable, and in a
// sticky folder (/tmp) the file or the folder ours.
bool mayReplace(const fs::path& to) {
  const fs::path folder = to.parent_path().empty() ? fs::path(".") : to.parent_path();
  if (::access(folder.c_str(), W_OK | X_OK) != 0) return false;
  struct stat dir {}, file {};
  if (::geteuid() == 0 || ::stat(folder.c_str(), &dir) != 0 || !(dir.st_mode & S_ISVTX)) return true;
  if (::lstat(to.c_str(), &file) != 0) return true;  // nothing to replace
  return file.st_uid == ::geteuid() || dir.st_uid == ::geteuid();
}
}  // namespace

void StagedFolder::commit() {
  const sigset_t previousMask = blockCleanupSignals();  // no signal halfway through the moves
  std::error_code ec;
  // Every target checked before the first move: a run never ends half old, half new. A folder
  // in a file's place is never removed (it may hold the user's work): the results stay staged.
  std::vector<std::pair<fs::path, fs::path>> moves;
  std::string problem;
  for (const auto& entry : fs::directory_iterator(stage_, ec)) {
    fs::path to = fs::path(dir_) / entry.path().filename();
    try {
      to = followLinks(to);  // a symlink's target is replaced, the link kept (as sim --out)
    } catch (const OutputTargetError& e) {
      problem = e.what();
    }
    const fs::file_status st = fs::status(to, ec);
    if (fs::is_directory(st)) problem = inQuotes(to.string()) + " is a folder, where a file goes";
    else if (fs::exists(st) && !fs::is_regular_file(st)) problem = inQuotes(to.string()) + " is not a regular file";
    else if (!mayReplace(to)) problem = "cannot write " + inQuotes(to.string()) + " (permission denied)";
    if (!problem.empty()) break;
    moves.emplace_back(entry.path(), to);
  }
  if (!problem.empty()) {
    g_haveStage = 0;  // kept for the user: the message says where
    committed_ = true;
    sigprocmask(SIG_SETMASK, &previousMask, nullptr);
    throw std::runtime_error(problem + "; nothing was moved: the results are in " + inQuotes(stage_));
  }
  std::string failed;
  for (const auto& [from, to] : moves) {
    fs::rename(from, to, ec);
    if (ec == std::errc::cross_device_link) {  // a symlink's target on another file system
      fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
      if (!ec) fs::remove(from, ec);
    }
    if (ec && failed.empty()) failed = "cannot move " + from.filename().string() + " to " + inQuotes(to.string()) + " (" + ec.message() + ")";
  }
  if (failed.empty()) fs::remove_all(stage_, ec);
  g_haveStage = 0;
  g_committed = 1;
  committed_ = true;
  sigprocmask(SIG_SETMASK, &previousMask, nullptr);
  if (!failed.empty()) throw std::runtime_error(failed + "; what was not moved is in " + inQuotes(stage_));
}

void writeOutputFiles(const std::string& dir,
                      const std::vector<std::pair<std::string, std::function<void(std::ostream&)>>>& files) {
  StagedFolder stage(dir, "--out");
  for (const auto& [name, body] : files) {
    const fs::path path = fs::path(stage.path()) / name;
    std::ofstream out(path, std::ios::binary);
    body(out);
    out.flush();
    if (!out) throw std::runtime_error("--out " + inQuotes(dir) + ": cannot write " + name);
  }
  stage.commit();
}

}  // namespace lieride::cli
