#pragma once
// Entry point of the desktop app, called by the CLI (app/cli/main.cpp) for `lieride` alone
// and `lieride app [--scene NAME|FILE] [--frames N --screenshot PNG]`.
#include "cli/launch_options.hpp"

namespace lieride::gui {

// The options as parsed by the CLI (cli/launch_options.hpp). Returns the exit code.
int runGui(const cli::AppOptions& options);

}  // namespace lieride::gui
