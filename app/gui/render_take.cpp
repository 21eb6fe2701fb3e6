// Offscreen rendering of a take: SDL's offscreen video driver (EGL) unless SDL_VIDEODRIVER says
// otherwise, an OpenGL 3.3 core context, the app's Renderer drawing into a framebuffer object
// of the requested size. Frames are the take sampled at --fps on the take clock (fixed steps
// per frame, never wall-clock: lieride/export/take_tracks.hpp), so two renders are identical.
// Frames are piped to ffmpeg as raw rgb0 from a writer thread (H.264 out), or written as PNGs
// (--png-dir, or when ffmpeg is missing).
#include "render_take.hpp"

#include <SDL.h>
#include <glad/gl.h>
#include <stb_image_write.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>
#include <filesystem>
#include <iostream>

#include "lieride/export/take_tracks.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/take.hpp"
#include "lieride/sim/user_input.hpp"
#include "lieride/optimize/problem.hpp"
#include "render/optimize_overlay.hpp"
#include "render/renderer.hpp"
#include "ui/optimize_geometry.hpp"
#include "scenes.hpp"

namespace lieride::gui {
namespace {

// Two pixel-pack buffers used in turn: frame f is read (asynchronously) into one while frame
// f - 1's pixels are mapped from the other.
class PixelReadback {
 public:
  PixelReadback(int w, int h) : w_(w), h_(h), bytes_(static_cast<GLsizeiptr>(w) * h * 4) {
    glGenBuffers(2, pbo_);
    for (GLuint b : pbo_) {
      glBindBuffer(GL_PIXEL_PACK_BUFFER, b);
      glBufferData(GL_PIXEL_PACK_BUFFER, bytes_, nullptr, GL_STREAM_READ);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  }
  ~PixelReadback() {
    unmap();
    glDeleteBuffers(2, pbo_);
  }
  PixelReadback(const PixelReadback&) = delete;
  PixelReadback& operator=(const PixelReadback&) = delete;
  void capture(std::size_t frame) {
    unmap();
    current_ = frame % 2;
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo_[current_]);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w_, h_, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  }
  const unsigned char* previous() { return map(1 - current_); }
  const unsigned char* latest() { return map(current_); }

 private:
  const unsigned char* map(std::size_t which) {
    unmap();
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo_[which]);
    mapped_ = which;
    return static_cast<const unsigned char*>(glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, bytes_, GL_MAP_READ_BIT));
  }
  void unmap() {
    if (mapped_ > 1) return;
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo_[mapped_]);
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    mapped_ = 2;
  }
  int w_, h_;
  GLsizeiptr bytes_;
  GLuint pbo_[2] = {0, 0};
  std::size_t current_ = 0, mapped_ = 2;
};

// Feeds ffmpeg from a thread of its own through a few frame buffers, so that drawing the next
// frame overlaps ffmpeg encoding this one (a pipe holds far less than a frame: written from the
// drawing thread, each would wait for the other).
class FrameWriter {
 public:
  FrameWriter(std::FILE* pipe, std::size_t frameBytes) : pipe_(pipe), free_(kBuffers) {
    for (auto& b : buffers_) b.resize(frameBytes);
    for (std::size_t i = 0; i < kBuffers; ++i) free_[i] = i;
    thread_ = std::thread([this] { run(); });
  }
  ~FrameWriter() { finish(); }
  FrameWriter(const FrameWriter&) = delete;
  FrameWriter& operator=(const FrameWriter&) = delete;
  // A buffer to fill (waits while all are queued); then submit() it. Null once ffmpeg failed.
  unsigned char* acquire() {
    std::unique_lock<std::mutex> lock(m_);
    cv_.wait(lock, [&] { return !free_.empty() || failed_; });
    if (failed_) return nullptr;
    filling_ = free_.back();
    free_.pop_back();
    return buffers_[filling_].data();
  }
  void submit() {
    std::lock_guard<std::mutex> lock(m_);
    queued_.push_back(filling_);
    cv_.notify_all();
  }
  // Waits until everything queued is written; false if a write failed.
  bool finish() {
    {
      std::lock_guard<std::mutex> lock(m_);
      done_ = true;
      cv_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
    return !failed_;
  }

 private:
  static constexpr std::size_t kBuffers = 3;
  void run() {
    for (;;) {
      std::size_t i;
      {
        std::unique_lock<std::mutex> lock(m_);
        cv_.wait(lock, [&] { return !queued_.empty() || done_; });
        if (queued_.empty()) return;
        i = queued_.front();
        queued_.erase(queued_.begin());
      }
      const bool ok = std::fwrite(buffers_[i].data(), 1, buffers_[i].size(), pipe_) == buffers_[i].size();
      std::lock_guard<std::mutex> lock(m_);
      free_.push_back(i);
      if (!ok) failed_ = true;
      cv_.notify_all();
      if (!ok) return;
    }
  }
  std::FILE* pipe_;
  std::array<std::vector<unsigned char>, kBuffers> buffers_;
  std::vector<std::size_t> free_, queued_;
  std::size_t filling_ = 0;
  bool done_ = false, failed_ = false;
  std::mutex m_;
  std::condition_variable cv_;
  std::thread thread_;
};

// SIGINT, SIGTERM or SIGHUP during a render: the frame loop stops at the next frame, the
// partial video or the frames written are removed, and the signal then ends the process.
volatile std::sig_atomic_t g_stopSignal = 0;

extern "C" void stopRender(int sig) { g_stopSignal = sig; }

void catchStopSignals() {
  struct sigaction sa {};
  sa.sa_handler = stopRender;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    sigaction(sig, nullptr, &old);
    if (old.sa_handler != SIG_IGN) sigaction(sig, &sa, nullptr);  // a background job's ignored ones stay ignored
  }
}

// A usage error: one line, exit 2 (docs/formats.md section 1).
int usage(const std::string& problem) {
  std::cerr << "lieride: render: " << problem << " (see lieride render --help)\n";
  return 2;
}

// 'text' for /bin/sh, a quote inside written '\'' (a file name may hold any character).
std::string shellQuoted(const std::string& text) {
  std::string q = "'";
  for (const char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

bool onPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string p(path);
  std::size_t start = 0;
  while (start <= p.size()) {
    const std::size_t end = p.find(':', start);
    const std::string dir = p.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!dir.empty() && ::access((std::filesystem::path(dir) / program).c_str(), X_OK) == 0) return true;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return false;
}

using Options = cli::RenderOptions;

constexpr double kMaxFrames = 1e6;  // 4.6 hours at 60 fps

VehiclePose poseOf(const exporter::TakeTracks& tr, const exporter::PoseKey& k) {
  VehiclePose vp;
  const Mat3 R = k.orientation.normalized().toRotationMatrix();
  glm::mat4 M(1.0f);
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) M[c][r] = static_cast<float>(R(r, c));
  M[3] = glm::vec4(static_cast<float>(k.position.x()), static_cast<float>(k.position.y()),
                   static_cast<float>(k.position.z()), 1.0f);
  vp.world = M;
  vp.shapeNames = tr.shapeNames;
  vp.shape = k.shape;
  vp.channels = tr.channels;
  vp.inputs = k.inputs;
  return vp;
}

// A take's [take] scenery: the problem's obstacles, goal and waypoints, drawn as the app does.
struct TakeScenery {
  OptimizeOverlayMesh mesh;
  std::vector<Occluder> occluders;
};

int render(const Options& o, const exporter::TakeTracks& tr, const VehicleGeometry& geometry,
           const std::shared_ptr<const VehicleView>& view, const std::string& sceneName, std::size_t frames,
           std::size_t& pngsWritten, const TakeScenery& scenery) {
  SDL_SetHint(SDL_HINT_VIDEODRIVER, std::getenv("SDL_VIDEODRIVER") ? std::getenv("SDL_VIDEODRIVER") : "offscreen");
  if (SDL_Init(SDL_INIT_VIDEO) != 0) {
    std::cerr << "lieride: render: SDL_Init failed: " << shown(SDL_GetError(), 200) << "\n";
    return 1;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_Window* window = SDL_CreateWindow("lieride render", 0, 0, 64, 64, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
  SDL_GLContext gl = window ? SDL_GL_CreateContext(window) : nullptr;
  if (!gl || !gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress))) {
    std::cerr << "lieride: render: cannot create an OpenGL 3.3 core context: " << shown(SDL_GetError(), 200) << "\n";
    if (window) SDL_DestroyWindow(window);
    SDL_Quit();
    return 1;
  }
  int code = 0;
  {
    // The frame: a framebuffer object of exactly --size (the window's size does not matter).
    GLuint fbo = 0, color = 0, depth = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(1, &color);
    glBindRenderbuffer(GL_RENDERBUFFER, color);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, o.width, o.height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
    glGenRenderbuffers(1, &depth);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, o.width, o.height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      std::cerr << "lieride: render: cannot create a " << o.width << "x" << o.height << " framebuffer\n";
      code = 1;
    }
    const bool usePng = !o.pngDir.empty();
    std::FILE* pipe = nullptr;
    std::string partial;
    if (!code && !usePng) {
      const std::filesystem::path out(o.out);
      partial = (out.parent_path() / ("." + out.stem().string() + ".partial" + out.extension().string())).string();
      const std::string cmd = "ffmpeg -loglevel error -y -f rawvideo -pix_fmt rgb0 -s " + std::to_string(o.width) + "x" +
                              std::to_string(o.height) + " -r " + std::to_string(o.fps) +
                              " -i - -c:v libx264 -preset ultrafast -tune zerolatency -crf 20 -pix_fmt yuv420p -bitexact " +
                              shellQuoted(partial);
      pipe = ::popen(cmd.c_str(), "w");
      if (!pipe) {
        std::cerr << "lieride: render: cannot start ffmpeg\n";
        code = 1;
      }
    }
    Renderer renderer(geometry, view, sceneName);
    std::unique_ptr<OptimizeOverlay> overlay;
    if (!scenery.mesh.empty()) overlay = std::make_unique<OptimizeOverlay>();
    CameraRig cam;
    cam.mode = o.camera == "chase" ? CameraMode::Chase : CameraMode::Orbit;
    cam.setOccluders(scenery.occluders);
    cam.snap();
    std::vector<Trail> trails(1);
    PixelReadback readback(o.width, o.height);
    std::vector<unsigned char> px(static_cast<std::size_t>(o.width) * static_cast<std::size_t>(o.height) * 4);
    // A frame out: rows top first (GL's are bottom first), alpha opaque, to the PNG or ffmpeg.
    std::unique_ptr<FrameWriter> writer;
    if (pipe) writer = std::make_unique<FrameWriter>(pipe, px.size());
    auto emit = [&](std::size_t index, const unsigned char* glRows) {
      if (!glRows) {
        std::cerr << "lieride: render: cannot map the frame's pixel buffer\n";
        return false;
      }
      const std::size_t row = static_cast<std::size_t>(o.width) * 4;
      const auto H = static_cast<std::size_t>(o.height);
      if (writer) {  // top row first into a writer buffer; ffmpeg ignores the 4th byte (rgb0)
        unsigned char* out = writer->acquire();
        if (!out) {
          std::cerr << "lieride: render: ffmpeg stopped reading frames\n";
          return false;
        }
        for (std::size_t y = 0; y < H; ++y) std::memcpy(out + y * row, glRows + (H - 1 - y) * row, row);
        writer->submit();
        return true;
      }
      for (std::size_t y = 0; y < H; ++y) std::memcpy(px.data() + y * row, glRows + (H - 1 - y) * row, row);
      for (std::size_t i = 3; i < px.size(); i += 4) px[i] = 255;
      {
        char name[32];
        std::snprintf(name, sizeof name, "frame_%06zu.png", index);
        stbi_flip_vertically_on_write(0);
        if (!stbi_write_png((std::filesystem::path(o.pngDir) / name).c_str(), o.width, o.height, 4, px.data(), o.width * 4)) {
          std::cerr << "lieride: render: cannot write " << shown((std::filesystem::path(o.pngDir) / name).string(), 200) << "\n";
          return false;
        }
        pngsWritten = index + 1;
      }
      return true;
    };
    const bool tty = ::isatty(2);
    const float size = view->traits().size, focus = view->traits().focusHeight;
    const exporter::PoseKey& start = tr.keys.front();
    double phase = 0;
    for (std::size_t f = 0; f < frames && !code && !g_stopSignal; ++f) {
      const exporter::PoseKey& k = tr.keys[f];
      std::vector<VehiclePose> poses = {poseOf(tr, k)};
      // The view's animation (the rotor's spin) as the app advances it, on the take clock.
      const double rate = view->animationRate(poses[0]);
      if (f > 0) phase = std::fmod(phase + rate * (k.t - tr.keys[f - 1].t), 20 * M_PI);
      poses[0].phase = phase;
      poses[0].rate = rate;
      trails[0].add(glm::vec3(poses[0].world[3]));
      const Mat3 R = k.orientation.toRotationMatrix();
      const float yaw = view->traits().freeBody ? 0.35f : static_cast<float>(std::atan2(R(1, 0), R(0, 0)));
      const exporter::PoseKey& target = o.camera == "fixed" ? start : k;
      if (o.camera == "orbit") cam.orbitYaw = static_cast<float>(-2.3 + 0.25 * k.t);  // a slow turn around
      cam.update(1.0 / o.fps, glm::vec3(target.position.x(), target.position.y(), target.position.z() + focus), yaw,
                 size, CameraInput{});
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      renderer.draw(o.width, o.height, cam, poses, trails, k.t, true);
      if (overlay) overlay->draw(o.width, o.height, renderer.viewProj(o.width, o.height, cam), cam, scenery.mesh, 1, renderer.area());
      // Read this frame into one pixel buffer and hand on the previous one: the copy out of
      // the framebuffer overlaps the next frame's drawing instead of stalling on it.
      readback.capture(f);
      if (f > 0 && !emit(f - 1, readback.previous())) code = 1;
      if (tty && (f % 10 == 0 || f + 1 == frames)) {
        const int bar = static_cast<int>(30.0 * static_cast<double>(f + 1) / static_cast<double>(frames));
        std::fprintf(stderr, "\rrender [%-30s] frame %zu/%zu  t = %.2f s", std::string(static_cast<std::size_t>(bar), '#').c_str(),
                     f + 1, frames, k.t);
      }
    }
    if (g_stopSignal && !code) code = 128 + static_cast<int>(g_stopSignal);
    if (!code && frames > 0 && !emit(frames - 1, readback.latest())) code = 1;
    if (tty) std::fprintf(stderr, "\n");
    if (writer && !writer->finish() && !code) {
      std::cerr << "lieride: render: ffmpeg stopped reading frames\n";
      code = 1;
    }
    writer.reset();
    if (pipe) {
      const int status = ::pclose(pipe);
      if (!code && status != 0) {
        if (WIFEXITED(status)) std::cerr << "lieride: render: ffmpeg failed (exit status " << WEXITSTATUS(status) << ")\n";
        else std::cerr << "lieride: render: ffmpeg failed (status " << status << ")\n";
        code = 1;
      }
      std::error_code ec;
      if (!code) std::filesystem::rename(partial, o.out, ec);
      else std::filesystem::remove(partial, ec);
      if (ec) {
        std::cerr << "lieride: render: cannot rename " << shown(partial, 200) << " to " << shown(o.out, 200) << ": " << ec.message() << "\n";
        code = 1;
      }
    }
    glDeleteRenderbuffers(1, &color);
    glDeleteRenderbuffers(1, &depth);
    glDeleteFramebuffers(1, &fbo);
  }
  SDL_GL_DeleteContext(gl);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return code;
}

}  // namespace

int runRenderTake(const cli::RenderOptions& options) {
  Options o = options;
  // A failing ffmpeg closes the pipe: the writes then fail ("ffmpeg stopped reading frames",
  // exit 1) instead of SIGPIPE ending the process without a word.
  std::signal(SIGPIPE, SIG_IGN);
  std::string file = o.take;
  SceneEntry entry;
  if (!std::filesystem::exists(file)) {
    SceneEntry fileEntry;
    const auto scenes = listScenes();
    const SceneEntry* e = findScene(scenes, o.take, &fileEntry);
    if (!e || e->file.empty()) return usage("no take or scene '" + shown(o.take, 200) + "'");
    file = e->file;
  }
  const bool withoutFfmpeg = o.pngDir.empty() && !onPath("ffmpeg");
  catchStopSignals();
  if (withoutFfmpeg)
    o.pngDir = (std::filesystem::path(o.out).parent_path() / (std::filesystem::path(o.out).stem().string() + "_frames")).string();
  exporter::TakeTracks tracks;
  VehicleGeometry geometry;
  std::shared_ptr<const VehicleView> view;
  std::string sceneName;
  std::size_t frames = 0;
  TakeScenery scenery;
  try {
    Scenario sc = loadScenario(file);
    if (const auto tooBig = runSizeProblem(sc, 1, kDefaultMaxSteps, 0.0)) {
      std::cerr << "lieride: " << shown(*tooBig, 600) << "\n";
      return 2;
    }
    Take take;
    if (sc.take) take = *sc.take;
    else take.steps = stepsFor(sc.settings.duration, sc.settings.dt);
    if (!take.scenery.empty()) {  // drawn as the app draws it; a file that does not load is left out, said once
      try {
        const opt::Problem p = opt::loadScenery(take.scenery, sc.simulation->vehicleType());
        buildOptimizeOverlay(p, overlayHints(p), nullptr, scenery.mesh, {}, -1, true);
        scenery.occluders = cameraOccluders(p);
      } catch (const std::exception& e) {
        std::cerr << "lieride: render: the take's scenery is not drawn: " << shown(e.what(), 300) << "\n";
      }
    }
    // Frames are sampled (and held) before drawing: at most kMaxFrames (docs/formats.md).
    const double wanted = std::floor(static_cast<double>(take.steps) * sc.settings.dt * o.fps) + 1.0;
    if (!(wanted <= kMaxFrames)) {
      std::cerr << "lieride: render: " << shown(file, 200) << ": --fps " << o.fps << " gives " << wanted
                << " frames, more than " << kMaxFrames << "; lower --fps\n";
      return 2;
    }
    entry.file = file;
    entry.name = sc.name;
    const LoadedScene loaded = loadScene(entry);
    geometry = loaded.geometry;
    view = loaded.view;
    sceneName = loaded.name;
    TakePlayer player(std::move(sc.simulation), take);
    tracks = exporter::sampleTake(player, o.fps, &g_stopSignal);
    if (tracks.stopped) {
      std::cerr << "lieride: render: stopped by signal " << g_stopSignal << " (nothing written)\n";
      std::signal(g_stopSignal, SIG_DFL);
      std::raise(g_stopSignal);
      return 128 + static_cast<int>(g_stopSignal);
    }
    if (tracks.outcome.status == RunStatus::Diverged) {
      std::cerr << "lieride: render: " << shown(file, 200) << ": " << tracks.outcome.message << " (nothing written)\n";
      return 3;
    }
    // Frame k at t = k / fps for every k / fps <= the take's end (docs/formats.md section 6).
    frames = exporter::frameCount(tracks, o.fps);
    // Never over one of this render's own inputs (the take, its controls or inputs CSV, its
    // description): `render take.mp4 --out take.mp4` replaced the take with its video.
    if (!o.out.empty() && wasReadAsInput(o.out))
      return usage("--out '" + shown(o.out, 200) + "': is an input of this command (the take or a file it reads); refusing to replace it");
    if (!o.pngDir.empty() && std::filesystem::is_directory(o.pngDir))
      for (std::size_t i = 0; i < frames; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "frame_%06zu.png", i);
        const std::string path = (std::filesystem::path(o.pngDir) / name).string();
        if (wasReadAsInput(path))
          return usage("--png-dir '" + shown(o.pngDir, 200) + "': its " + name + " is an input of this command; refusing to replace it");
      }
  } catch (const std::exception& e) {
    std::cerr << "lieride: " << shown(e.what(), 600) << "\n";
    return 2;
  }
  std::filesystem::path createdRoot;  // the outermost folder this render makes (removed on failure)
  if (!o.pngDir.empty()) {
    std::error_code ec;
    for (std::filesystem::path p = std::filesystem::absolute(o.pngDir, ec); !p.empty() && !std::filesystem::exists(p, ec);
         p = p.parent_path()) {
      createdRoot = p;
      if (p == p.parent_path()) break;
    }
    std::filesystem::create_directories(o.pngDir, ec);
    if (ec) return usage("--png-dir '" + shown(o.pngDir, 200) + "': cannot create the folder (" + ec.message() + ")");
  }
  if (withoutFfmpeg) std::cerr << "lieride: render: ffmpeg not found: writing PNG frames to " << shown(o.pngDir, 200) << "\n";
  std::size_t written = 0;
  const int code = render(o, tracks, geometry, view, sceneName, frames, written, scenery);
  if (code && !o.pngDir.empty()) {  // no partial output: the frames of a failed or stopped render go
    std::error_code ec;
    for (std::size_t i = 0; i < written; ++i) {
      char name[32];
      std::snprintf(name, sizeof name, "frame_%06zu.png", i);
      std::filesystem::remove(std::filesystem::path(o.pngDir) / name, ec);
    }
    if (!createdRoot.empty()) std::filesystem::remove_all(createdRoot, ec);  // made by this render: its frames only
  }
  if (const int sig = g_stopSignal) {
    std::cerr << "lieride: render: stopped by signal " << sig << " (nothing written)\n";
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
  return code;
}

}  // namespace lieride::gui
