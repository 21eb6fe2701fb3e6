#pragma once
// Entry point of the desktop app, called by the CLI (app/cli/main.cpp) for `lieride` alone
// and `lieride app [--scene NAME|FILE] [--frames N --screenshot PNG]`.
#include <string>
#include <vector>

namespace lieride::gui {

// args: everything after `app` (empty when `lieride` runs alone). Returns the exit code.
int runGui(const std::vector<std::string>& args);

}  // namespace lieride::gui
