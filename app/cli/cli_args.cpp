#include "cli/cli_args.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <regex>
#include <sstream>

#include "cli/cli.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::cli {
namespace {

// The whole text as a decimal double (subnormals too), or NaN: strtod alone would also read
// hexadecimal ("0x10", "0x1p-8"), "inf" and "nan".
double parseNumber(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string::npos) return NAN;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() ? v : NAN;
}

CLI::Validator seconds(bool allowZero) {
  const std::string expected = std::string("expected a finite number ") + (allowZero ? ">= 0" : "> 0") + " (seconds)";
  return CLI::Validator(
      [allowZero, expected](std::string& text) -> std::string {
        const double v = parseNumber(text);
        if (!std::isfinite(v) || v < 0.0 || (!allowZero && v == 0.0)) return expected + ", got '" + shown(text) + "'";
        return {};
      },
      allowZero ? "SECONDS>=0" : "SECONDS>0");
}

// Levenshtein distance, for "did you mean" on a misspelt option.
std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The first argument that looks like an option ("-x", "--name", "--name=value"; not "-" and
// not a negative number) but names none of the parser's, with the nearest known name when one
// is close. CLI11 would otherwise take it as an extra positional and blame the arguments
// around it ("the following arguments were not expected: run.toml --outt").
std::optional<std::string> unknownOption(const CLI::App& parser, const std::vector<std::string>& args) {
  std::vector<std::string> known;
  for (const CLI::Option* o : parser.get_options()) {
    for (const std::string& n : o->get_lnames()) known.push_back("--" + n);
    for (const std::string& n : o->get_snames()) known.push_back("-" + n);
  }
  for (const std::string& a : args) {
    if (a == "--") break;
    if (a.size() < 2 || a[0] != '-' || std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.') continue;
    const std::string name = a.substr(0, a.find('='));
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    std::string message = "unknown option '" + shown(name) + "'";
    std::string best;
    std::size_t bestDistance = 3;  // suggest only a near miss
    for (const std::string& k : known) {
      if (!k.starts_with("--") || !name.starts_with("--")) continue;  // "-x" is no near miss of "-h"
      const std::size_t d = editDistance(name, k);
      if (d < bestDistance) bestDistance = d, best = k;
    }
    if (!best.empty()) message += " (did you mean " + best + "?)";
    return message;
  }
  return std::nullopt;
}

// The first option that takes a value and is given twice ("--size 64x48 --size 32x32"): CLI11
// would say "At Most 1 required but received 2".
std::optional<std::string> repeatedOption(const CLI::App& parser, const std::vector<std::string>& args) {
  for (const CLI::Option* o : parser.get_options()) {
    // Only what CLI11 itself refuses twice (a flag, or an option of several values, may repeat).
    if (o->get_multi_option_policy() != CLI::MultiOptionPolicy::Throw || o->get_type_size_max() == 0 ||
        o->get_positional())
      continue;
    int seen = 0;
    for (const std::string& a : args) {
      if (a == "--") break;
      const std::string name = a.substr(0, a.find('='));
      if (name.starts_with("-") && o->check_name(name) && ++seen == 2) return name + " given more than once";
    }
  }
  return std::nullopt;
}

// An option that takes a value followed by another option instead ("--out --quiet"): CLI11
// would take "--quiet" as the folder's name.
std::optional<std::string> optionAsValue(const CLI::App& parser, const std::vector<std::string>& args) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--") break;
    if (args[i].find('=') != std::string::npos || !args[i + 1].starts_with("--")) continue;
    for (const CLI::Option* o : parser.get_options()) {
      if (o->get_expected_max() == 0 || o->get_type_size_max() == 0 || o->get_positional() || !o->check_name(args[i]))
        continue;  // a flag, or a positional's name
      return args[i] + " needs a value (got the option '" + shown(args[i + 1], 80) + "')";
    }
  }
  return std::nullopt;
}

// A flag given a value ("--quick=2", "--quiet=no"): CLI11 would read the value as a boolean
// (2 as true, "no" as false) where the user may have meant something else.
std::optional<std::string> flagWithValue(const CLI::App& parser, const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--") break;
    const std::size_t eq = a.find('=');
    if (eq == std::string::npos || !a.starts_with("-")) continue;
    const std::string name = a.substr(0, eq);
    for (const CLI::Option* o : parser.get_options())
      if ((o->get_expected_max() == 0 || o->get_type_size_max() == 0) && !o->get_positional() && o->check_name(name))
        return name + " takes no value (got '" + shown(a, 80) + "')";
  }
  return std::nullopt;
}

}  // namespace

CLI::Validator finitePositiveSeconds() { return seconds(false); }
CLI::Validator finiteNonNegativeSeconds() { return seconds(true); }

CLI::App makeParser(const std::string& name, const std::string& description) {
  return CLI::App(description, "lieride " + name);
}

CLI::Validator finiteRange(double lo, double hi) {
  std::ostringstream range;
  range << lo << " to " << hi;
  const std::string expected = "expected a number from " + range.str();
  return CLI::Validator(
      [lo, hi, expected](std::string& text) -> std::string {
        const double v = parseNumber(text);
        if (!(v >= lo && v <= hi)) return expected + ", got '" + shown(text) + "'";  // NaN fails both
        return {};
      },
      "NUMBER " + range.str());
}

CLI::Validator decimalRange(long long lo, long long hi) {
  const std::string expected = "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, expected](std::string& text) -> std::string {
        // Decimal digits only: CLI11 alone would read 0x10 as 16 and call 40abc out of range.
        const bool digits = !text.empty() && text.size() <= 18 &&
                            std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits || std::stoll(text) < lo || std::stoll(text) > hi) return expected + ", got '" + shown(text) + "'";
        return {};
      },
      "INTEGER " + std::to_string(lo) + " to " + std::to_string(hi));
}

std::optional<int> parseArgs(CLI::App& parser, const std::vector<std::string>& args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  const std::string name = parser.get_name();
  const std::string prefix = name.starts_with("lieride ") ? name.substr(8) + ": " : std::string();
  const bool help = std::any_of(args.begin(), args.end(), [](const std::string& a) { return a == "-h" || a == "--help"; });
  if (const auto unknown = unknownOption(parser, args); unknown && !help) {
    reportError(prefix + *unknown + " (see " + name + " --help)");
    return kExitBadInput;
  }
  if (const auto swallowed = optionAsValue(parser, args); swallowed && !help) {
    reportError(prefix + *swallowed + " (see " + name + " --help)");
    return kExitBadInput;
  }
  if (const auto flag = flagWithValue(parser, args); flag && !help) {
    reportError(prefix + *flag + " (see " + name + " --help)");
    return kExitBadInput;
  }
  if (const auto repeated = repeatedOption(parser, args); repeated && !help) {
    reportError(prefix + *repeated + " (see " + name + " --help)");
    return kExitBadInput;
  }
  try {
    parser.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << parser.help();
    return kExitOk;
  } catch (const CLI::CallForVersion& e) {
    std::cout << e.what() << "\n";
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    std::string message = e.what();
    std::replace(message.begin(), message.end(), '\n', ' ');
    // CLI11's wording for a missing value ("--fps: 1 required FLOAT:NUMBER 0.001 to 1000
    // missing") and for extra arguments (listed last first: CLI11 takes them reversed).
    static const std::regex missing(R"(^(-[^:]*): [0-9]+ required .* missing$)");
    std::smatch m;
    if (std::regex_match(message, m, missing)) message = m[1].str() + " needs a value";
    if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
      std::vector<std::string> extras = parser.remaining();
      std::string list;
      std::erase(extras, std::string("--"));  // the separator, not an argument
      for (const std::string& x : extras) list += (list.empty() ? "'" : ", '") + shown(x, 80) + "'";
      if (!extras.empty()) message = "unexpected argument" + std::string(extras.size() > 1 ? "s " : " ") + list;
    }
    // "lieride sim" reports as "lieride: sim: ...", the top level as "lieride: ...".
    reportError(prefix + message + " (see " + name + " --help)");
    return kExitBadInput;
  }
  return std::nullopt;
}

}  // namespace lieride::cli
