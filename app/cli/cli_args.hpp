#pragma once
// Command-line parsing for the headless subcommands with CLI11 (docs/formats.md section 1):
// every subcommand has --help (printed on stdout, exit 0) and reports a usage error as one
// line on stderr with exit 2.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace lieride::cli {

// A subcommand's parser: "lieride <name>", with the one-line description shown by --help.
CLI::App makeParser(const std::string& name, const std::string& description);

// Parses args (everything after the subcommand name). Returns nothing to go on, or the exit
// code to return at once: 0 after --help, 2 after a usage error (reported on one line).
std::optional<int> parseArgs(CLI::App& parser, const std::vector<std::string>& args);

// Validators shared by the subcommands.
CLI::Validator finitePositiveSeconds();    // > 0, finite
CLI::Validator finiteNonNegativeSeconds();  // >= 0, finite
CLI::Validator finiteRange(double lo, double hi);  // lo <= x <= hi (NaN refused)
CLI::Validator decimalRange(long long lo, long long hi);  // decimal digits only, lo <= n <= hi

}  // namespace lieride::cli
