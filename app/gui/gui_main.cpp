// The desktop app's platform layer (Dear ImGui example_sdl2_opengl3 order): SDL2 window,
// OpenGL 3.3 core context via glad, ImGui with its SDL2/OpenGL3 backends, the frame loop,
// shortcuts, screenshots, settings persistence, and shutdown in reverse order.
#include "gui_main.hpp"

#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <glad/gl.h>
#include <imgui.h>
#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include "lieride/sim/registry.hpp"
#include <fstream>
#include <time.h>
#include <unistd.h>
#include <iostream>
#include <memory>
#include <vector>

#include "app.hpp"
#include "lieride/sim/user_input.hpp"
#include "input/sdl_events.hpp"
#include "render/panel_cache.hpp"
#include "input/router.hpp"
#include "input/script.hpp"
#include "ui/panels.hpp"
#include "ui/takes_panel.hpp"

namespace lieride::gui {
namespace {

// CPU seconds used so far by the whole process (every thread: the render thread, the physics
// thread and a software rasteriser's workers) or by the calling thread alone.
double cpuSeconds(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU seconds used by the drawing: this (render) thread plus Mesa llvmpipe's rasteriser
// threads ("llvmpipe-N"), from the scheduler's per-thread run time (Linux schedstat, ns);
// the physics thread is left out. 0 where /proc does not say.
double drawingCpuSeconds() {
  const std::string self = std::to_string(gettid());
  double sum = 0;
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec)) {
    const std::string tid = task.path().filename().string();
    std::string comm;
    std::ifstream(task.path() / "comm") >> comm;
    if (tid != self && comm.rfind("llvmpipe", 0) != 0) continue;
    double ns = 0;
    if (std::ifstream(task.path() / "schedstat") >> ns) sum += 1e-9 * ns;
  }
  return sum;
}

// Why no window can open here ("" when one can): on X11/Wayland systems neither DISPLAY nor
// WAYLAND_DISPLAY set, and no SDL_VIDEODRIVER asked for explicitly (an offscreen or dummy driver).
// Without this check SDL may fall back to an invisible window and the app never exits.
std::string missingDisplay() {
#if defined(__unix__) && !defined(__APPLE__)
  auto set = [](const char* name) {
    const char* v = std::getenv(name);
    return v && *v;
  };
  if (set("DISPLAY") || set("WAYLAND_DISPLAY") || set("SDL_VIDEODRIVER")) return "";
  return "DISPLAY is not set";
#else
  return "";
#endif
}

bool writeScreenshot(const std::string& path, int w, int h) {
  std::vector<unsigned char> px(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  for (std::size_t i = 3; i < px.size(); i += 4) px[i] = 255;  // opaque
  stbi_flip_vertically_on_write(1);
  return stbi_write_png(path.c_str(), w, h, 4, px.data(), w * 4) != 0;
}

std::string timestampName() {
  char buf[64];
  const std::time_t t = std::time(nullptr);
  std::strftime(buf, sizeof buf, "lieride-%Y%m%d-%H%M%S.png", std::localtime(&t));
  return buf;
}

std::string configDir() {
  if (const char* env = std::getenv("LIERIDE_CONFIG_DIR")) {
    std::filesystem::create_directories(env);
    return std::string(env) + "/";
  }
  char* p = SDL_GetPrefPath("lieride", "lieride");
  std::string s = p ? p : "";
  SDL_free(p);
  return s;
}

void handleKey(const SDL_Keysym& k, AppState& st, App& app) {
  if ((k.mod & KMOD_CTRL) && (k.sym == SDLK_q || k.sym == SDLK_w)) {
    st.requestQuit = true;
    return;
  }
  const PhysicsFrame& f = app.latest();
  auto speed = [&](int direction) {
    st.settings.speed = AppState::nextSpeed(st.settings.speed, direction);
    st.settingsDirty = true;
    Command c = Command::make(CommandKind::SetSpeed);
    c.value[0] = st.settings.speed;
    st.send(c);
  };
  auto step = [&](double factor) {
    Command c = Command::make(CommandKind::SetTimeStep);
    c.value[0] = std::clamp(f.h * factor, 1e-4, 1.0);
    c.value[1] = f.h;
    st.send(c);
    if (f.sims.size() == 1) st.rememberStep(c.value[0]);
  };
  switch (k.sym) {
    case SDLK_F1: st.showHelp = !st.showHelp; break;
    case SDLK_F12: st.requestScreenshot = true; break;
    case SDLK_ESCAPE: st.showHelp = false; break;
    case SDLK_SPACE: st.runOrPause(f.paused, &f.take, &f); break;
    case SDLK_n: st.command(CommandKind::Step); break;
    case SDLK_BACKSPACE: {
      // At the end of a scripted run the read-out says "Backspace replays": reset and run.
      if (st.pausedAtScriptEnd) st.replayFromStart();
      else st.resetScene();
      break;
    }
    case SDLK_EQUALS: case SDLK_PLUS: case SDLK_KP_PLUS: speed(+1); break;
    case SDLK_MINUS: case SDLK_KP_MINUS: speed(-1); break;
    case SDLK_LEFTBRACKET: step(0.5); break;
    case SDLK_RIGHTBRACKET: step(2.0); break;
    case SDLK_c:
      st.cameraMode = (st.cameraMode + 1) % 3;
      st.settings.cameraPerScene[st.sceneName] = st.cameraMode;
      st.settingsDirty = true;
      app.camera().snap();
      break;
    case SDLK_t:
      st.settings.showTrails = !st.settings.showTrails;
      st.settingsDirty = true;
      break;
    case SDLK_p: st.showPlots = !st.showPlots; break;
    case SDLK_r: toggleRecord(st, f); break;
    case SDLK_TAB: st.showUi = !st.showUi; break;
    default: break;
  }
}

}  // namespace

int runGui(const cli::AppOptions& opt) {
  if (opt.listScenes) {
    for (const auto& s : listScenes()) std::cout << s.name << "\n";
    return 0;
  }
  // The script is read and checked first: a bad line is said without a display too.
  std::unique_ptr<InputScript> script;
  if (!opt.script.empty()) {
    try {
      script = std::make_unique<InputScript>(opt.script);
    } catch (const std::exception& e) {
      std::cerr << "lieride: app: --input-script: " << e.what() << "\n";
      return 2;
    }
  }
  if (const std::string why = missingDisplay(); !why.empty()) {
    std::cerr << "lieride: app: no display (" << why << "); use lieride sim for headless runs, or xvfb-run\n";
    return 2;
  }
  const bool batch = opt.frames > 0;

  AppState st;
  st.showHelp = opt.overlay;
  st.scenes = listScenes();
  // Batch and scripted runs start from the scenes' own settings and leave settings.ini alone:
  // a script replays the same way whatever the user last chose (rk4 at h = 0.64 s with the
  // assist off from the day before diverged a scripted flight).
  const bool freshSettings = batch || script;
  const std::string dir = freshSettings ? std::string() : configDir();
  if (!freshSettings) st.settings.load(dir + "settings.ini");
  SceneEntry fileEntry;
  const SceneEntry* entry = nullptr;
  int sceneIndex = 0;
  const std::string wanted = !opt.scene.empty() ? opt.scene : (!freshSettings && !st.settings.lastScene.empty() ? st.settings.lastScene : "");
  if (!wanted.empty()) {
    entry = findScene(st.scenes, wanted, &fileEntry);
    if (!entry && !opt.scene.empty()) {
      std::error_code ec;
      const auto type = std::filesystem::status(opt.scene, ec).type();
      if (type == std::filesystem::file_type::directory || (type != std::filesystem::file_type::not_found &&
                                                             type != std::filesystem::file_type::regular && !ec)) {
        std::cerr << "lieride: app: --scene '" << lieride::shown(opt.scene, 200) << "': "
                  << (type == std::filesystem::file_type::directory ? "is a directory" : "not a regular file")
                  << ", expected a scenario file or a scene name (lieride app --list-scenes)\n";
        return 2;
      }
      std::string names;
      for (const auto& s : st.scenes) names += (names.empty() ? "" : ", ") + s.name;
      std::cerr << "lieride: app: --scene: no scene or file '" << lieride::shown(opt.scene, 200) << "' (scenes: " << names << ")\n";
      return 2;
    }
    if (entry && entry != &fileEntry) sceneIndex = static_cast<int>(entry - st.scenes.data());
  }

  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_TIMER) != 0) {
    std::cerr << "lieride: app: SDL_Init failed: " << lieride::shown(SDL_GetError(), 200) << "\n";
    return 1;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
  // 1280 x 720 (batch runs always: their screenshots and timings compare), or what the screen
  // has room for: on a 1024 x 640 screen the window ran off it, on 1920 x 1080 it stayed small.
  int winW = 1280, winH = 720;
  SDL_Rect usable{};
  if (!batch && SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w >= 640 && usable.h >= 400) {
    winW = std::min(usable.w - 40, std::max(1280, static_cast<int>(0.8 * usable.w)));
    winH = std::min(usable.h - 60, std::max(720, static_cast<int>(0.8 * usable.h)));
  }
  SDL_Window* window = SDL_CreateWindow("lieride", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, winW, winH,
                                        SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!window) {
    std::cerr << "lieride: app: cannot open a window: " << lieride::shown(SDL_GetError(), 200) << "\n";
    SDL_Quit();
    return 1;
  }
  SDL_GLContext gl = SDL_GL_CreateContext(window);
  if (!gl || !gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress))) {
    std::cerr << "lieride: app: cannot create an OpenGL 3.3 core context: " << lieride::shown(SDL_GetError(), 200) << "\n";
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 1;
  }
  SDL_GL_MakeCurrent(window, gl);
  SDL_GL_SetSwapInterval(batch ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  const std::string iniPath = dir + "imgui.ini";
  io.IniFilename = freshSettings ? nullptr : iniPath.c_str();
  float ddpi = 96.0f;
  if (SDL_GetDisplayDPI(0, &ddpi, nullptr, nullptr) != 0 || !(ddpi > 0)) ddpi = 96.0f;
  int ww = 0, wh = 0, dw = 0, dh = 0;
  SDL_GetWindowSize(window, &ww, &wh);
  SDL_GL_GetDrawableSize(window, &dw, &dh);
  const float scale = (dw > ww) ? 1.0f : std::clamp(ddpi / 96.0f, 1.0f, 2.5f);
  const std::string font = assetsDir() + "/fonts/DejaVuSans.ttf";
  // Where ImGui's units are the window's pixels (no HiDPI framebuffer scale), glyphs are
  // baked at one texel per pixel and snapped to whole pixels, and the font atlas is sampled
  // nearest (below): the same text, while a software rasteriser (llvmpipe) shades every
  // panel pixel with one texel fetch instead of a bilinear filter of four. Lines then take
  // ImGui's geometric anti-aliasing, which needs no filtering of the atlas.
  const bool pixelExact = dw == ww && dh == wh;
  ImFontConfig fontConfig;
  if (pixelExact) {
    fontConfig.OversampleH = 1;
    fontConfig.PixelSnapH = true;
  }
  if (!std::filesystem::exists(font) || !io.Fonts->AddFontFromFileTTF(font.c_str(), 15.0f * scale, &fontConfig)) io.Fonts->AddFontDefault();
  applyStyle(scale);
  if (pixelExact) ImGui::GetStyle().AntiAliasedLinesUseTex = false;
  bool atlasToNearest = pixelExact;  // the backend makes the atlas (bilinear) in its first NewFrame
  ImGui_ImplSDL2_InitForOpenGL(window, gl);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exitCode = 0;
  {
    App app(st);
    app.useSceneDefaults(freshSettings);
    bool loaded = false;
    try {
      loaded = app.loadScene(entry == &fileEntry ? -1 : sceneIndex, entry == &fileEntry ? entry : nullptr);
    } catch (const std::exception& e) {
      st.sceneError = e.what();
    }
    // The scene remembered from the last session (settings.ini, last_scene) no longer loads (its
    // file changed or went): one line says so and the app opens on the first scene instead.
    if (!loaded && opt.scene.empty() && entry != nullptr) {
      std::cerr << "lieride: app: the last session's scene (" << lieride::shown(dir + "settings.ini", 200)
                << ", last_scene) does not load: " << lieride::shown(st.sceneError, 300) << "; opening "
                << (st.scenes.empty() ? std::string("nothing") : st.scenes.front().name) << "\n";
      st.sceneError.clear();
      try {
        loaded = app.loadScene(0, nullptr);
      } catch (const std::exception& e) {
        st.sceneError = e.what();
      }
    }
    if (!loaded) {
      std::cerr << "lieride: app: " << (st.sceneError.empty() ? "cannot load the scene" : st.sceneError) << "\n";
      exitCode = 2;
    }
    if (loaded && opt.dt > 0) {
      st.send(Command::startingTimeStep(opt.dt));
    }
    if (loaded && !opt.integrator.empty()) {
      const auto& names = app.latest().sims.front().integrators;
      if (std::find(names.begin(), names.end(), opt.integrator) == names.end()) {
        std::string expected;
        for (const auto& n : names) expected += (expected.empty() ? "" : " | ") + n;
        const bool known = isIntegratorName(opt.integrator);  // else unknown, not merely inapplicable
        std::cerr << "lieride: app: --integrator: '" << lieride::shown(opt.integrator, 200)
                  << (known ? "' does not apply to " : "' is no integrator; for ") << st.vehicle
                  << "; expected one of " << expected << " (see lieride list)\n";
        exitCode = 2;
        loaded = false;
      } else {
        st.send(Command::startingIntegrator(opt.integrator));
      }
    }
    if (loaded && !opt.take.empty() && !app.openTake(opt.take)) {
      std::cerr << "lieride: app: --take: " << st.sceneError << "\n";
      exitCode = 2;
      loaded = false;
    }
    // --screenshot onto a file the run read (its scene, take or their inputs): refused now that
    // they are read, before anything runs (the check at the end ran the whole session first).
    if (loaded && !opt.screenshot.empty() && lieride::wasReadAsInput(opt.screenshot)) {
      std::cerr << "lieride: app: --screenshot '" << lieride::shown(opt.screenshot, 200)
                << "': is an input of this run (the scene or a file it reads); refusing to replace it\n";
      exitCode = 2;
      loaded = false;
    }
    if (exitCode == 2) app.closeQuietly();
    InputRouter router;
    router.start(st);
    PanelCache panelCache;
    bool running = loaded;
    int frame = 0;
    auto last = std::chrono::steady_clock::now();
    std::vector<double> frameMs;
    // Batch CPU time from the end of the warm-up frames to the last frame (per frame below).
    constexpr int kWarmup = 10;
    double cpuProcess0 = 0, cpuDrawing0 = 0, cpuProcess1 = 0, cpuDrawing1 = 0;
    const auto started = std::chrono::steady_clock::now();
    bool warm = opt.warmup <= 0;
    std::vector<Uint8> keys(SDL_NUM_SCANCODES, 0);  // from key events: real and synthetic alike
    SdlEvents input;  // key releases and the pointer the ImGui backend misses (input/sdl_events.hpp)
    double lastSave = 0;
    while (running) {
      const auto now = std::chrono::steady_clock::now();
      const double dt = std::chrono::duration<double>(now - last).count();
      last = now;
      if (frame > 0) {
        st.frameTimes.add(dt * 1e3);
        frameMs.push_back(dt * 1e3);
      }
      if (batch && frame == kWarmup) {
        cpuProcess0 = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
        cpuDrawing0 = drawingCpuSeconds();
      }
      CameraInput cam;
      for (SDL_Event e : input.poll(SDL_GetWindowID(window))) {
        ImGui_ImplSDL2_ProcessEvent(&e);
        router.handleEvent(e, st);
        if (e.type == SDL_QUIT) running = false;
        if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE && e.window.windowID == SDL_GetWindowID(window)) running = false;
        if ((e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) && e.key.keysym.scancode < SDL_NUM_SCANCODES)
          keys[static_cast<std::size_t>(e.key.keysym.scancode)] = e.type == SDL_KEYDOWN ? 1 : 0;
        if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_FOCUS_LOST) std::fill(keys.begin(), keys.end(), 0);
        if (e.type == SDL_KEYDOWN && !e.key.repeat && !io.WantCaptureKeyboard) handleKey(e.key.keysym, st, app);
        if (e.type == SDL_MOUSEMOTION && !io.WantCaptureMouse) {
          const glm::vec2 d(static_cast<float>(e.motion.xrel), static_cast<float>(e.motion.yrel));
          if (e.motion.state & SDL_BUTTON_LMASK) cam.dragLeft += d;
          if (e.motion.state & SDL_BUTTON_RMASK) cam.dragRight += d;
          if (e.motion.state & SDL_BUTTON_MMASK) cam.dragMiddle += d;
        }
        if (e.type == SDL_MOUSEWHEEL && !io.WantCaptureMouse) cam.wheel += static_cast<float>(e.wheel.y);
      }
      st.wantKeyboard = io.WantCaptureKeyboard;
      st.wantMouse = io.WantCaptureMouse;
      router.update(st, keys.data(), dt);
      if (st.requestQuit) running = false;
      if (st.requestAlpha >= 0) {
        app.reloadWithAlpha(st.requestAlpha);
        st.requestAlpha = -1;
      }
      if (st.requestScene >= 0) {
        app.loadScene(st.requestScene);
        st.requestScene = -1;
        router.update(st, keys.data(), 0.0);
        st.settingsDirty = true;
      }
      if (!st.requestOpen.empty()) {
        SceneEntry file;
        const SceneEntry* found = findScene(st.scenes, st.requestOpen, &file);
        if (!found) {
          st.sceneError = st.requestOpen + ": no such scene or file";
        } else if (found == &file && isTakeFile(file.file)) {
          st.takes.open = file.file;  // a take replays (as from the Takes panel), its timeline and h with it
          st.sceneError.clear();
        } else if (app.loadScene(found == &file ? -1 : static_cast<int>(found - st.scenes.data()), found == &file ? found : nullptr)) {
          if (found == &file) {
            auto& r = st.settings.recentFiles;
            r.erase(std::remove(r.begin(), r.end(), st.requestOpen), r.end());
            r.insert(r.begin(), st.requestOpen);
            if (r.size() > 8) r.resize(8);
          }
          st.settingsDirty = true;
        }
        st.requestOpen.clear();
      }
      if (st.requestCopy >= 0) {
        app.addCopy(st.copyIntegrator, st.copyStep);
        st.requestCopy = -1;
        st.copyIntegrator.clear();  // the next copy's default: an integrator no copy runs yet
      }
      ImGui_ImplOpenGL3_NewFrame();
      if (atlasToNearest) {
        glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(io.Fonts->TexID)));
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glBindTexture(GL_TEXTURE_2D, 0);
        atlasToNearest = false;
      }
      ImGui_ImplSDL2_NewFrame();
      input.applyPointer(io);
      ImGui::NewFrame();
      SDL_GetWindowSize(window, &ww, &wh);
      SDL_GL_GetDrawableSize(window, &dw, &dh);
      st.pixelRatio = ww > 0 ? static_cast<float>(dw) / static_cast<float>(ww) : 1.0f;
      app.frame(std::min(dt, 0.1), dw, dh, cam);
      // The 3-D view is all submitted: a software rasteriser (llvmpipe) starts drawing it on its
      // own threads now, while this one lays out the panels, instead of at the swap.
      glFlush();
      const PhysicsFrame& f = app.latest();
      if (script) {
        script->update(st, f);
        if (script->quitRequested()) running = false;
      }
      static const bool skipUi = std::getenv("LIERIDE_DEBUG_SKIP") && std::strstr(std::getenv("LIERIDE_DEBUG_SKIP"), "ui");
      static const bool skipPlots = std::getenv("LIERIDE_DEBUG_SKIP") && std::strstr(std::getenv("LIERIDE_DEBUG_SKIP"), "plots");
      if (skipPlots) st.showPlots = false;
      if (st.showUi && !skipUi) {
        drawPanels(st, f);
        drawHud(st, f);
      } else {
        st.viewLeft = st.viewBottom = 0;  // Tab: the 3-D view takes the whole window
        st.plotsRect = {};
        st.panelColor = {};
        drawNotices(st, f);
      }
      drawRecordBadge(st, f);
      drawHelp(st);
      ImGui::Render();
      glViewport(0, 0, dw, dh);
      if (st.panelColor[3] > 0)  // the sidebar draws no background: the clear colour is under it
        panelCache.render(ImGui::GetDrawData(), "lieride", glm::vec3(st.panelColor[0], st.panelColor[1], st.panelColor[2]));
      else
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      if (!warm)  // --warmup: the simulation time reached, or 2 S + 10 s of wall time gone
        warm = st.renderTime >= opt.warmup ||
               std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > 2 * opt.warmup + 10;
      if (warm) ++frame;
      if (st.requestScreenshot) {
        st.requestScreenshot = false;
        const std::string path = timestampName();
        std::error_code ec;
        const std::string shown = (std::filesystem::current_path(ec) / path).string();
        st.lastScreenshot = writeScreenshot(path, dw, dh) ? shown : "could not write " + shown;
        st.screenshotShownAt = ImGui::GetTime();
      }
      if (st.settingsDirty && !freshSettings && ImGui::GetTime() - lastSave > 0.5) {
        st.settings.save(dir + "settings.ini");  // on change: a crash loses nothing
        st.settingsDirty = false;
        lastSave = ImGui::GetTime();
      }
      const bool framesDone = frame >= opt.frames && !(opt.untilScriptEnds && script && !script->finished());
      if ((batch && framesDone) || (script && script->quitRequested())) {
        if (!opt.screenshot.empty() && lieride::wasReadAsInput(opt.screenshot)) {
          // `--scene s.toml --screenshot s.toml` replaced the scene with a PNG.
          std::cerr << "lieride: app: --screenshot '" << lieride::shown(opt.screenshot, 200)
                    << "': is an input of this run (the scene or a file it reads); refusing to replace it\n";
          exitCode = 2;
        } else if (!opt.screenshot.empty() && !writeScreenshot(opt.screenshot, dw, dh)) {
          std::cerr << "lieride: app: cannot write " << lieride::shown(opt.screenshot, 200) << "\n";
          exitCode = 1;
        }
        running = false;
      }
      SDL_GL_SwapWindow(window);
      if (batch && !running) {
        cpuProcess1 = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID);
        cpuDrawing1 = drawingCpuSeconds();
      }
      if (!batch) {
        // Where vsync is not honoured (Xvfb, some drivers) cap at 120 frames/s rather than
        // spinning a core.
        const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - now).count();
        if (spent < 1.0 / 120.0) SDL_Delay(static_cast<Uint32>((1.0 / 120.0 - spent) * 1000.0));
      }
    }
    if (batch && loaded) {
      std::sort(frameMs.begin(), frameMs.end());
      auto pct = [&](double p) { return frameMs.empty() ? 0.0 : frameMs[static_cast<std::size_t>(p * static_cast<double>(frameMs.size() - 1))]; };
      const PhysicsFrame& f = app.latest();
      const auto [drawnCv, rawCv] = app.motionVariation();
      const double cpuFrames = std::max(frame - kWarmup, 1);
      std::printf("scene \"%s\": %d frames %dx%d, frame time p50 %.2f ms p99 %.2f ms, physics %.0f steps/s, real-time %.2fx, "
                  "step cost %.1f us, t = %.2f s, h = %.4g s, per-frame motion variation %.2f drawn (%.2f without interpolation), "
                  "CPU %.2f ms/frame (drawing %.2f)\n",
                  st.sceneName.c_str(), frame, dw, dh, pct(0.5), pct(0.99), f.stats.physicsRate, f.stats.achievedSpeed,
                  f.stats.stepCostUs, st.renderTime, f.h, drawnCv, rawCv, 1e3 * (cpuProcess1 - cpuProcess0) / cpuFrames,
                  1e3 * (cpuDrawing1 - cpuDrawing0) / cpuFrames);
      // Which GL implementation drew the frames (llvmpipe under Xvfb, a GPU's driver elsewhere):
      // frame times mean nothing without it.
      const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
      const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
      std::printf("renderer %s, OpenGL %s\n", renderer ? renderer : "unknown", version ? version : "unknown");
      std::printf("sidebar: %ld frames pasted from its copy, %ld copies made, %ld frames drawn directly\n",
                  panelCache.pasted(), panelCache.made(), panelCache.direct());
      if (script) std::printf("%s\n", script->summary().c_str());
    }
    if (script && script->failed()) exitCode = 1;
    if (!freshSettings) st.settings.save(dir + "settings.ini");
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(gl);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return exitCode;
}

}  // namespace lieride::gui
