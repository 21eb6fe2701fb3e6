#pragma once
// Every TOML input (scenario, take, problem, OCP problem, vehicle description) is parsed here:
// a syntax error becomes one ScenarioError line "<name>:<line>:<column>: malformed TOML: ...",
// and a dotted key of more than kMaxTomlKeyParts parts is refused before toml++ sees it (it
// recurses once per part: 50000 parts overflowed the stack; docs/formats.md, "Limits").
#include <cstddef>
#include <string>
#include <string_view>

#include <toml++/toml.h>

namespace lieride {

inline constexpr std::size_t kMaxTomlKeyParts = 256;

// The 1-based line of the first dotted key (bare or quoted parts joined by '.') longer than
// kMaxTomlKeyParts parts, or 0 when there is none.
std::size_t overlongDottedKeyLine(std::string_view text);

// toml::parse(text, name) with the checks above; `name` appears in every message as given.
toml::table parseTomlText(const std::string& text, const std::string& name);

}  // namespace lieride
