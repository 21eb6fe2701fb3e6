#include "lieride/sim/state_hash.hpp"

#include "lieride/sim/run_csv.hpp"

#include <cstdio>
#include <vector>

namespace lieride {

std::uint64_t fnv1a64(std::span<const unsigned char> bytes, std::uint64_t seed) {
  std::uint64_t h = seed;
  for (const unsigned char b : bytes) {
    h ^= b;
    h *= 1099511628211ull;
  }
  return h;
}

namespace {
std::uint64_t addText(std::uint64_t h, const std::string& s) {
  h = fnv1a64({reinterpret_cast<const unsigned char*>(s.data()), s.size() + 1}, h);  // with its '\0'
  return h;
}
std::uint64_t addWords(std::uint64_t h, const std::vector<double>& v) {
  return fnv1a64({reinterpret_cast<const unsigned char*>(v.data()), v.size() * sizeof(double)}, h);
}
}  // namespace

std::uint64_t stateHash(const Simulation& sim) {
  std::uint64_t h = fnv1a64({});
  h = addText(h, sim.vehicleType());
  h = addText(h, sim.integratorName());
  std::vector<double> words;
  sim.stateWords(words);
  h = addWords(h, words);
  words.clear();
  runCsvRow(sim, words);
  h = addWords(h, words);
  const unsigned char status = sim.status() == RunStatus::Ok ? 0 : 1;
  return fnv1a64({&status, 1}, h);
}

std::string hashHex(std::uint64_t hash) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash));
  return buf;
}

}  // namespace lieride
