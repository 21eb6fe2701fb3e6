#pragma once
// The Takes panel (docs/app.md, "Takes"): Record / Stop (key R) with the path and final state
// hash of the take written; open a take (path field, recent takes); its timeline (scrub to seek,
// play/pause), ghost copies, trim end, overdub; export the run CSV or glTF of any copy.
#include <string>

#include "frame.hpp"
#include "ui/app_state.hpp"

namespace lieride::gui {

void takesPanel(AppState& app, const PhysicsFrame& f);
// A red "REC" badge over the 3-D view while recording (also with the panels hidden), and the
// newest take's path for a few seconds after Stop.
void drawRecordBadge(AppState& app, const PhysicsFrame& f);
// Key R: Record, or Stop while recording.
void toggleRecord(AppState& app, const PhysicsFrame& f);
// The timeline's "t / duration s", t at most the duration (at the end it read "5.55 / 5.54 s":
// the clock, a sum of steps, lands a rounding error past the duration).
std::string timelineLabel(double t, double duration);

}  // namespace lieride::gui
