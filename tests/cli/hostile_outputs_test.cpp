// Hostile output targets (docs/formats.md, "Output files"): --out '', a folder, a FIFO, a
// symlink, a long name, the command's own input; a run, bench or optimize interrupted by a
// signal leaves no output. Never a device or FIFO replaced, never a partial file.
#include <catch2/catch.hpp>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

#include "cli_test_util.hpp"

extern char** environ;

using namespace cli_test;
TEST_CASE("hostile --out targets: '', a folder, a name ending in '/', a missing folder", "[cli][hostile]") {
  const std::string dir = scratch().string();
  for (const auto& [out, mention] : std::vector<std::pair<std::string, std::string>>{
           {"''", "--out ''"}, {dir, "is a directory"}, {dir + "/", "got a folder"},
           {dir + "/no/such/folder/x.csv", "no such folder"}}) {
    const fs::path scenario = writeFile("out.toml", kRigidBody);
    const Result r = lieride("sim " + scenario.string() + " --out " + out);
    CAPTURE(out, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(mention) != std::string::npos);
    CHECK(fs::is_directory(dir));
  }
}

TEST_CASE("out: a FIFO writes into it and leaves it a FIFO", "[cli][hostile]") {
  const fs::path fifo = scratch() / "out.fifo", copy = scratch() / "fifo-copy.csv";
  fs::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const fs::path scenario = writeFile("fifo.toml", kRigidBody + "[integrator]\ndt = 0.1\nduration = 1.0\n");
  const std::string cmd = "cat " + fifo.string() + " > " + copy.string() + " & " + binary() + " sim " +
                          scenario.string() + " --out " + fifo.string() + "; rc=$?; wait; exit $rc";
  const int status = std::system(("sh -c " + sh(cmd)).c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(fs::is_fifo(fifo));
  const Csv csv = parseCsv(slurp(copy));
  CHECK(csv.header.front() == "t");
  CHECK(csv.rows.size() == 11);
}

TEST_CASE("out: a symlink replaces the target and keeps the link", "[cli][hostile]") {
  const fs::path target = scratch() / "link-target.csv", link = scratch() / "link.csv";
  fs::remove(link);
  writeFile("link-target.csv", "old\n");
  fs::create_symlink(target.filename(), link);
  const fs::path scenario = writeFile("link.toml", kRigidBody + "[integrator]\ndt = 0.1\nduration = 1.0\n");
  const Result r = lieride("sim " + scenario.string() + " --out " + link.string());
  CHECK(r.code == 0);
  CHECK(fs::is_symlink(link));
  CHECK(fs::read_symlink(link) == target.filename());
  CHECK(parseCsv(slurp(target)).rows.size() == 11);
}

TEST_CASE("out: a valid 250-byte file name works", "[cli][hostile]") {
  const std::string name = std::string(246, 'n') + ".csv";
  const fs::path out = scratch() / name;
  const fs::path scenario = writeFile("long.toml", kRigidBody + "[integrator]\ndt = 0.1\nduration = 1.0\n");
  const Result r = lieride("sim " + scenario.string() + " --out " + out.string());
  CAPTURE(r.err);
  CHECK(r.code == 0);
  CHECK(parseCsv(slurp(out)).rows.size() == 11);
  fs::remove(out);
}

namespace {

// Starts `lieride ARGS...` with default dispositions of SIGINT and SIGTERM (a shell's background
// job would inherit SIGINT ignored), stdout to /dev/null and stderr into `errFile` when given.
pid_t spawnLieride(const std::vector<std::string>& args, const fs::path* errFile = nullptr) {
  const std::string exe = binary();
  std::vector<char*> argv{const_cast<char*>(exe.c_str())};
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  if (errFile) posix_spawn_file_actions_addopen(&files, STDERR_FILENO, errFile->c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, exe.c_str(), &files, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attr);
  REQUIRE(spawned == 0);
  return pid;
}

}  // namespace

TEST_CASE("SIGINT and SIGTERM remove the temporary file, the target is never created", "[cli][hostile]") {
  // A run of 1e9 steps (the default limit) that only ends when it is killed.
  const fs::path folder = scratch() / "signal";
  const fs::path scenario = writeFile("signal.toml", kRigidBody + "[integrator]\nname = \"rk4\"\ndt = 1e-5\nduration = "
                                                                  "1e4\n[output]\nevery = 1000000\n");
  for (int sig : {SIGINT, SIGTERM}) {
    fs::remove_all(folder);
    fs::create_directories(folder);
    const std::string out = (folder / "run.csv").string();
    const pid_t pid = spawnLieride({"sim", scenario.string(), "--out", out});
    // Wait until the run has created its temporary file (bounded: the process may also fail).
    bool started = false;
    for (int i = 0; i < 6000 && !started; ++i) {
      started = std::distance(fs::directory_iterator(folder), fs::directory_iterator()) > 0;
      if (!started) ::usleep(10000);
    }
    REQUIRE(started);
    REQUIRE(::kill(pid, sig) == 0);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CAPTURE(sig);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == sig);
    CHECK(fs::is_empty(folder));
  }
}

namespace {

// Starts `lieride ARGS...` with default signal dispositions and stderr into `errFile`; waits
// (bounded) until `ready` exists, sends `sig`, and returns the wait status.
int interrupted(const std::vector<std::string>& args, const fs::path& ready, const fs::path& errFile, int sig) {
  const pid_t pid = spawnLieride(args, &errFile);
  for (int i = 0; i < 6000 && !fs::exists(ready); ++i) ::usleep(10000);
  REQUIRE(fs::exists(ready));
  ::usleep(200000);  // into the work
  REQUIRE(::kill(pid, sig) == 0);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  return status;
}

}  // namespace

TEST_CASE("an interrupted bench or optimize leaves no output and says so", "[cli][hostile]") {
  const fs::path root = scratch() / "interrupted";
  fs::remove_all(root);
  fs::create_directories(root);
  const fs::path err = root / "stderr.txt";
  SECTION("bench: the staging folder and the folders it created are removed") {
    const fs::path out = root / "made" / "bench";
    const int status = interrupted({"bench", "car", "--out", out.string()}, out, err, SIGTERM);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGTERM);
    CHECK_FALSE(fs::exists(root / "made"));
    CHECK(slurp(err) == "lieride: bench car: stopped by signal 15 (nothing written)\n");
  }
  SECTION("bench into an existing folder keeps what was there") {
    const fs::path out = root / "kept";
    fs::create_directories(out);
    writeFile("interrupted-old.md", "old\n");
    fs::copy_file(scratch() / "interrupted-old.md", out / "summary.md");
    const int status = interrupted({"bench", "car", "--out", out.string()}, out / "summary.md", err, SIGINT);
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGINT);
    CHECK(slurp(out / "summary.md") == "old\n");
    CHECK(std::distance(fs::directory_iterator(out), fs::directory_iterator()) == 1);
  }
  SECTION("optimize: the folder it created for --out is removed") {
    const fs::path out = root / "opt" / "canyon";
    const std::string problem = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/helicopter-canyon.toml";
    const int status = interrupted({"optimize", problem, "--knots", "4000", "--quiet", "--out", out.string()}, out, err, SIGTERM);
    CHECK(WIFSIGNALED(status));
    CHECK_FALSE(fs::exists(root / "opt"));
    CHECK(slurp(err) == "lieride: optimize: stopped by signal 15 (nothing written)\n");
  }
}


TEST_CASE("bench --out: a folder in a file's place is kept, a name with shell characters is only a name", "[cli][hostile]") {
  const fs::path root = scratch() / "bench-out";
  fs::remove_all(root);
  fs::create_directories(root / "kept" / "summary.md");
  std::ofstream(root / "kept" / "summary.md" / "mine.txt") << "precious\n";
  // The suite's summary.md would replace the folder: nothing moves, the folder and its file stay.
  const Result in = lieride("bench np-particle --quick --out " + (root / "kept").string());
  CHECK(in.code == 1);
  CHECK(in.err.find("is a folder, where a file goes; nothing was moved: the results are in") != std::string::npos);
  CHECK(slurp(root / "kept" / "summary.md" / "mine.txt") == "precious\n");
  // The plots ran through a shell: this name ran `touch` and a space lost the PNG.
  const fs::path odd = root / "a;touch injected;b c";
  const Result r = lieride("bench np-particle --quick --out '" + odd.string() + "'");
  CHECK(r.code == 0);
  CHECK_FALSE(fs::exists("injected"));
  CHECK_FALSE(fs::exists(root / "injected"));
  CHECK(fs::exists(odd / "np_particle_energy.png"));
  CHECK(fs::exists(odd / "summary.md"));
  // A folder name the file system refuses: exit 2 before anything runs.
  const Result longName = lieride("bench np-particle --quick --out " + (root / std::string(300, 'y')).string());
  CHECK(longName.code == 2);
  CHECK(longName.err.find("a folder name of 300 bytes (at most 255)") != std::string::npos);
}

TEST_CASE("out: the command's own input is never replaced", "[cli][hostile]") {
  // `sim s.toml --out s.toml` replaced the scenario with its CSV; `export take.toml --out` the
  // take's inputs CSV made the take unusable. Exit 2, the input unchanged.
  const std::string scenario = "[vehicle]\ntype = \"sleigh\"\n[integrator]\nduration = 0.1\n";
  const fs::path self = writeFile("self.toml", scenario);
  Result r = lieride("sim " + self.string() + " --out " + self.string());
  CHECK(r.code == 2);
  CHECK(lineCount(r.err) == 1);
  CHECK(r.err.find("is an input of this command") != std::string::npos);
  CHECK(slurp(self) == scenario);
  // Through a symlink to it as well; another name is fine.
  const fs::path link = scratch() / "self-link.csv";
  fs::remove(link);
  fs::create_symlink(self, link);
  CHECK(lieride("sim " + self.string() + " --out " + link.string()).code == 2);
  CHECK(slurp(self) == scenario);
  CHECK(lieride("sim " + self.string() + " --out " + (scratch() / "self.csv").string()).code == 0);
  const fs::path dir = scratch() / "own-take";
  fs::create_directories(dir);
  for (const char* f : {"helicopter-flight-take.toml", "helicopter-flight-inputs.csv"})
    fs::copy_file(std::string(LIERIDE_SOURCE_DIR) + "/assets/takes/" + f, dir / f, fs::copy_options::overwrite_existing);
  const std::string inputs = slurp(dir / "helicopter-flight-inputs.csv");
  r = lieride("export " + (dir / "helicopter-flight-take.toml").string() + " --out " + (dir / "helicopter-flight-inputs.csv").string());
  CHECK(r.code == 2);
  // Under a .glb name (a link to the inputs) the read-input check is what refuses it.
  fs::remove(dir / "inputs-link.glb");
  fs::create_symlink(dir / "helicopter-flight-inputs.csv", dir / "inputs-link.glb");
  r = lieride("export " + (dir / "helicopter-flight-take.toml").string() + " --out " + (dir / "inputs-link.glb").string());
  CHECK(r.code == 2);
  CHECK(r.err.find("expected a .glb name") == std::string::npos);
  CHECK(slurp(dir / "helicopter-flight-inputs.csv") == inputs);
}

TEST_CASE("optimize --out: a FIFO or a link to a device in the folder is refused before the solve", "[cli][hostile]") {
  // The results are staged and moved in together: a FIFO named controls.csv used to fail after
  // the whole solve (exit 1), leaving the staging folder behind.
  const std::string problem = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-u-turn-dmoc.toml";
  for (const std::string kind : {"fifo", "device link"}) {
    CAPTURE(kind);
    const fs::path dir = scratch() / ("od-" + std::string(kind == "fifo" ? "fifo" : "link"));
    fs::remove_all(dir);
    fs::create_directories(dir);
    if (kind == "fifo") REQUIRE(::mkfifo((dir / "controls.csv").c_str(), 0600) == 0);
    else fs::create_symlink("/dev/null", dir / "report.md");
    const Result r = lieride("optimize " + problem + " --quiet --out " + dir.string());
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find("not a regular file") != std::string::npos);
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);  // nothing staged
  }
  CHECK(fs::is_character_file("/dev/null"));
}

TEST_CASE("optimize and bench --out '-': refused, no folder named '-'", "[cli][hostile]") {
  const fs::path dir = scratch() / "dash";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string problem = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-u-turn-dmoc.toml";
  for (const std::string& cmd : {"optimize " + problem + " --quiet --out -", std::string("bench np-particle --quick --out -")}) {
    CAPTURE(cmd);
    const int status = std::system(("cd " + dir.string() + " && " + binary() + " " + cmd + " >out.txt 2>err.txt").c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
    const std::string err = slurp(dir / "err.txt");
    CHECK(lineCount(err) == 1);
    CHECK(err.find("expected a folder name") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "-"));
  }
}
