#include "gui_main.hpp"
namespace lieride::gui { int runGui(const std::vector<std::string>&) { return 0; } }
