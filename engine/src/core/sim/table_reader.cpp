#include "lieride/sim/table_reader.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <toml++/toml.h>

#include "lieride/sim/user_input.hpp"

namespace lieride {
namespace {

const toml::table* asTable(const void* p) { return static_cast<const toml::table*>(p); }

// Integers convert to double exactly only within +-2^53 (docs/formats.md, Limits).
constexpr int64_t kMaxExactInteger = int64_t{1} << 53;

// The value of a numeric node as a double, or nothing for an integer beyond +-2^53.
std::optional<double> exactNumber(const toml::node& n) {
  if (const auto* i = n.as_integer()) {
    const int64_t v = i->get();
    if (v > kMaxExactInteger || v < -kMaxExactInteger) return std::nullopt;
    return static_cast<double>(v);
  }
  return n.as_floating_point()->get();
}

// markFloats: beside "expected an integer", 5.0 reads "5.0 (a float)"; elsewhere a float is
// shown as the number it is ("got [0.0, 0.0]", not "[0.0 (a float), 0.0 (a float)]").
std::string describe(const toml::node& n, bool markFloats) {
  std::ostringstream s;
  switch (n.type()) {
    case toml::node_type::string: s << '"' << shown(n.value<std::string>().value_or("")) << '"'; break;
    case toml::node_type::integer: s << n.as_integer()->get(); break;
    case toml::node_type::floating_point: {
      const double v = n.as_floating_point()->get();
      // The shortest form that reads back to the same double: 0.10000001 refused as "above 0.1"
      // was shown as "got 0.1".
      std::string text;
      if (std::isfinite(v)) {
        char buf[32];
        const auto r = std::to_chars(buf, buf + sizeof buf, v);
        text.assign(buf, r.ptr);
      } else {
        std::ostringstream number;
        number << v;
        text = number.str();
      }
      s << text;
      // A whole number: "5.0"; one printed with an exponent stays as printed, "1e+09 (a float)".
      if (std::isfinite(v) && v == std::floor(v)) {
        s << (text.find_first_of(".e") == std::string::npos ? ".0" : "");
        if (markFloats) s << " (a float)";
      }
      break;
    }
    case toml::node_type::boolean: s << (n.value<bool>().value_or(false) ? "true" : "false"); break;
    case toml::node_type::array: {
      const auto& arr = *n.as_array();
      s << '[';
      for (std::size_t i = 0; i < arr.size() && i < 8; ++i) s << (i ? ", " : "") << describe(arr[i], markFloats);
      s << (arr.size() > 8 ? ", ...]" : "]");
      break;
    }
    case toml::node_type::table: s << "a table"; break;
    default: s << "a date/time"; break;
  }
  return s.str();
}

}  // namespace

TableReader::TableReader(std::string file, std::string path, const void* table)
    : file_(std::move(file)), path_(std::move(path)), table_(table) {}

const void* TableReader::node(const std::string& key) const {
  if (!table_) return nullptr;
  return asTable(table_)->get(key);
}

bool TableReader::has(const std::string& key) const { return node(key) != nullptr; }

std::vector<std::string> TableReader::keys() const {
  std::vector<std::string> out;
  if (!table_) return out;
  for (auto&& [k, v] : *asTable(table_)) out.emplace_back(k.str());
  return out;
}

std::string TableReader::where(const std::string& key) const {
  return path_.empty() ? key : path_ + "." + key;
}

void TableReader::fail(const std::string& key, const std::string& expected) const {
  std::string got;
  if (const auto* n = static_cast<const toml::node*>(node(key))) got = ", got " + describe(*n, expected.starts_with("an integer"));
  throw ScenarioError(file_ + ": key '" + shown(where(key)) + "': expected " + expected + got);
}

double TableReader::number(const std::string& key, double fallback) {
  used_.insert(key);
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return fallback;
  if (!n->is_number()) fail(key, "a number");
  const auto v = exactNumber(*n);
  if (!v) fail(key, "a number (integers within +-2^53)");
  if (!std::isfinite(*v)) fail(key, "a finite number");
  return *v;
}

double TableReader::positive(const std::string& key, double fallback) {
  const double v = number(key, fallback);
  if (!(v > 0.0)) fail(key, "a positive number");
  return v;
}

double TableReader::nonNegative(const std::string& key, double fallback) {
  const double v = number(key, fallback);
  if (!(v >= 0.0)) fail(key, "a number >= 0");
  return v;
}

std::vector<double> TableReader::numbers(const std::string& key, std::vector<double> fallback) {
  used_.insert(key);
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return fallback;
  const std::string expected = "an array of " + std::to_string(fallback.size()) + " finite numbers";
  const auto* arr = n->as_array();
  if (!arr || arr->size() != fallback.size()) fail(key, expected);
  std::vector<double> out;
  for (const auto& e : *arr) {
    if (!e.is_number()) fail(key, expected);
    const auto v = exactNumber(e);
    if (!v) fail(key, expected + " (integers within +-2^53)");
    if (!std::isfinite(*v)) fail(key, expected);
    out.push_back(*v);
  }
  return out;
}

std::vector<double> TableReader::positiveNumbers(const std::string& key, std::vector<double> fallback) {
  auto v = numbers(key, std::move(fallback));
  for (double x : v)
    if (!(x > 0.0)) fail(key, "an array of " + std::to_string(v.size()) + " positive numbers");
  return v;
}

int TableReader::integer(const std::string& key, int fallback, int minimum, int maximum) {
  used_.insert(key);
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return fallback;
  const std::string expected = "an integer from " + std::to_string(minimum) + " to " + std::to_string(maximum);
  if (!n->is_integer()) fail(key, expected);
  const int64_t v = n->as_integer()->get();
  if (v < minimum || v > maximum) fail(key, expected);
  return static_cast<int>(v);
}

bool TableReader::boolean(const std::string& key, bool fallback) {
  used_.insert(key);
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return fallback;
  if (!n->is_boolean()) fail(key, "true or false");
  return n->value<bool>().value();
}

std::string TableReader::string(const std::string& key, const std::string& fallback) {
  used_.insert(key);
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return fallback;
  if (!n->is_string()) fail(key, "a string");
  return n->value<std::string>().value();
}

TableReader TableReader::table(const std::string& key) {
  used_.insert(key);
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return TableReader(file_, where(key), nullptr);
  if (!n->is_table()) fail(key, "a table");
  return TableReader(file_, where(key), n->as_table());
}

std::unique_ptr<Signal> TableReader::signal(const std::string& key) {
  used_.insert(key);
  const auto* n = static_cast<const toml::node*>(node(key));
  if (!n) return std::make_unique<ConstantSignal>(0.0);
  if (n->is_number()) return std::make_unique<ConstantSignal>(number(key, 0.0));
  if (!n->is_table()) fail(key, "a number or a table { amplitude, frequency, phase, offset }");
  TableReader t = table(key);
  SinusoidParams p;
  p.amplitude = t.number("amplitude", 0.0);
  p.frequency = t.nonNegative("frequency", 0.0);
  p.phase = t.number("phase", 0.0);
  p.offset = t.number("offset", 0.0);
  t.finish();  // a misspelt key is named first, then what is missing
  // An empty table, or an amplitude without a frequency (sin(phase), a constant), is a slip,
  // not a signal: say so instead of running with 0.
  if (!t.has("amplitude") && !t.has("offset"))
    fail(key, "a sinusoid table with an amplitude (and frequency, Hz) or an offset");
  if (t.has("amplitude") && !t.has("frequency"))
    fail(key, "a sinusoid with an amplitude to give its frequency (Hz) too");
  return std::make_unique<SinusoidSignal>(p);
}

void TableReader::finish() const {
  if (!table_) return;
  for (auto&& [k, v] : *asTable(table_)) {
    const std::string name(k.str());
    if (!used_.count(name))
      throw ScenarioError(file_ + ": unknown key '" + shown(where(name)) + "' (check the spelling; see docs/formats.md)");
  }
}

}  // namespace lieride
