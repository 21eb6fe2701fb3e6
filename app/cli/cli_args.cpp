#include "cli/cli_args.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "cli/cli.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::cli {
namespace {

CLI::Validator seconds(bool allowZero) {
  const std::string expected = std::string("expected a finite number ") + (allowZero ? ">= 0" : "> 0") + " (seconds)";
  return CLI::Validator(
      [allowZero, expected](std::string& text) -> std::string {
        double v = NAN;
        try {
          std::size_t used = 0;
          v = std::stod(text, &used);
          if (used != text.size()) v = NAN;
        } catch (const std::exception&) {
        }
        if (!std::isfinite(v) || v < 0.0 || (!allowZero && v == 0.0)) return expected + ", got '" + shown(text) + "'";
        return {};
      },
      allowZero ? "SECONDS>=0" : "SECONDS>0");
}

}  // namespace

CLI::Validator finitePositiveSeconds() { return seconds(false); }
CLI::Validator finiteNonNegativeSeconds() { return seconds(true); }

CLI::App makeParser(const std::string& name, const std::string& description) {
  return CLI::App(description, "lieride " + name);
}

std::optional<int> parseArgs(CLI::App& parser, const std::vector<std::string>& args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  try {
    parser.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << parser.help();
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    std::string message = e.what();
    std::replace(message.begin(), message.end(), '\n', ' ');
    // "lieride sim" reports as "lieride: sim: ...", the top level as "lieride: ...".
    const std::string name = parser.get_name();
    const std::string prefix = name.starts_with("lieride ") ? name.substr(8) + ": " : std::string();
    reportError(prefix + message + " (see " + name + " --help)");
    return kExitBadInput;
  }
  return std::nullopt;
}

}  // namespace lieride::cli
