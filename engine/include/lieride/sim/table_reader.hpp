#pragma once
// Checked access to one TOML table of a scenario file. Every key read is recorded; finish()
// rejects keys nobody read (a typo must not fall back to a default). Every failure is a
// ScenarioError whose message names the file, the key and what was expected, on one line.
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "lieride/control/controls.hpp"

namespace lieride {

class ScenarioError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TableReader {
 public:
  // `table` is a const toml::table* (opaque here to keep toml++ out of the headers); null
  // means the table is absent and every key takes its default.
  TableReader(std::string file, std::string path, const void* table);

  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  bool present() const { return table_ != nullptr; }
  bool has(const std::string& key) const;
  std::vector<std::string> keys() const;

  double number(const std::string& key, double fallback);
  double positive(const std::string& key, double fallback);
  double nonNegative(const std::string& key, double fallback);
  std::vector<double> numbers(const std::string& key, std::vector<double> fallback);
  std::vector<double> positiveNumbers(const std::string& key, std::vector<double> fallback);
  // An integer in [minimum, maximum]; the message names both bounds and the value given.
  int integer(const std::string& key, int fallback, int minimum, int maximum = 2000000000);
  bool boolean(const std::string& key, bool fallback);
  std::string string(const std::string& key, const std::string& fallback);
  // A sub-table (absent: an empty reader). Its keys are checked by its own finish().
  TableReader table(const std::string& key);
  // A control channel: a number (constant) or { amplitude, frequency, phase, offset }.
  std::unique_ptr<Signal> signal(const std::string& key);
  void markUsed(const std::string& key) { used_.insert(key); }

  // Throws if any key of the table was never read.
  void finish() const;
  [[noreturn]] void fail(const std::string& key, const std::string& expected) const;

 private:
  const void* node(const std::string& key) const;
  std::string where(const std::string& key) const;

  std::string file_;
  std::string path_;
  const void* table_;
  std::set<std::string> used_;
};

}  // namespace lieride
