#pragma once
// `lieride render TAKE.toml --out take.mp4 [--fps 60] [--size 1280x720] [--camera chase|orbit|fixed]
// [--png-dir DIR]` (docs/formats.md section 6): renders a take offscreen with the app's renderer.
#include "cli/launch_options.hpp"

namespace lieride::gui {

int runRenderTake(const cli::RenderOptions& options);

}  // namespace lieride::gui
