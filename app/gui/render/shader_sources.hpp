#pragma once
#include <string>
#include <vector>
namespace lieride::gui {
struct ShaderSource { const char* name; const char* text; };
const std::vector<ShaderSource>& shaderSources();
}
