#pragma once
// What the Takes panel (takes_panel.hpp) shows and asks for; App::serviceTakes acts on the
// requests each frame (docs/app.md, "Takes"). No GL, no ImGui.
#include <cstdint>
#include <string>
#include <vector>

namespace lieride::gui {

struct TakeUi {
  std::string dir = "takes";         // where recordings, trims and exports are written
  std::string openPath;              // the Open take path field
  std::string file;                  // the take open now ("" when the scene is not a take)
  double maxSeconds = 600;           // the longest recording

  // Requests (the main loop's App::serviceTakes clears them).
  bool record = false, stop = false, overdub = false;
  std::string open;                  // a take file to open
  double seek = -1;                  // >= 0: go to this take clock (s)
  float scrub = 0;                   // the timeline slider while dragged
  bool scrubbing = false;
  long trimStart = -1, trimEnd = -1; // >= 0: write the take with this in-point / end as a new take
  int exportCsv = -1, exportGlb = -1;  // copy index to export (-1: none)
  bool exportVideo = false;          // render the take (or the live run's take) to video
  double exportFps = 60;
  int liveExport = 0;                // a live-run export waits for its take: 1 CSV, 2 glTF, 3 video
  double videoSeconds = -1;          // >= 0: a video is rendering, for this long (s)

  // Results shown in the panel.
  std::string lastTake;              // the newest take written
  std::uint64_t lastHash = 0;        // its final state hash
  bool lastInexact = false;
  std::string notice;                // the last export / trim / error line
};

}  // namespace lieride::gui
