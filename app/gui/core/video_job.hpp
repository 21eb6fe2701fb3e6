#pragma once
// A take rendered to video from the app (docs/app.md, "Takes"): `lieride render` run as a child
// process of this executable, so that its offscreen OpenGL context and ffmpeg pipe never touch
// the app's own context or frame loop. One job at a time; the app polls it every frame.
#include <sys/types.h>

#include <string>

namespace lieride::gui {

class VideoJob {
 public:
  VideoJob() = default;
  VideoJob(const VideoJob&) = delete;
  VideoJob& operator=(const VideoJob&) = delete;
  ~VideoJob();  // a render still running is stopped (SIGTERM: it removes what it wrote)

  // Starts `lieride render TAKE --out OUT --fps FPS --size WxH`, its messages into OUT's
  // stem + "-render.log". False (and message() says why) when one is running or it cannot start.
  bool start(const std::string& take, const std::string& out, double fps, int width, int height);
  // Checks the child without waiting: true once when it has finished (message() then says how).
  bool poll();
  bool running() const { return pid_ > 0; }
  double elapsed() const;        // seconds since start
  const std::string& out() const { return out_; }
  const std::string& message() const { return message_; }  // the last outcome or refusal, one line
  bool succeeded() const { return ok_; }

 private:
  pid_t pid_ = -1;
  std::string out_, log_, message_;
  double startedAt_ = 0.0;
  bool ok_ = false;
};

}  // namespace lieride::gui
