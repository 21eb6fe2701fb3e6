#pragma once
// A 64-bit fingerprint of a simulation's exact state (docs/formats.md, "Takes"): two runs
// that end in bit-identical states give the same hash, and a difference in any bit of the
// state changes it with overwhelming probability. Used to check that a take replays bit for
// bit, headless (`lieride sim`) and in the app (printed when the app stops).
#include <cstdint>
#include <span>
#include <string>

#include "lieride/sim/simulation.hpp"

namespace lieride {

// FNV-1a, 64 bits, over `bytes` (offset basis 14695981039346656037, prime 1099511628211).
std::uint64_t fnv1a64(std::span<const unsigned char> bytes, std::uint64_t seed = 14695981039346656037ull);

// FNV-1a over, in this order: the vehicle type and integrator name (bytes, each followed by a
// zero byte), then the IEEE-754 bytes (little-endian as stored) of Simulation::stateWords()
// (the integrator's own state: pose, momentum or velocities, t and h) and of runCsvRow() (what
// the run CSV reports, inputs and solver figures included), then the status (0 ok, 1 diverged).
std::uint64_t stateHash(const Simulation& sim);

// The hash as 16 lower-case hexadecimal digits.
std::string hashHex(std::uint64_t hash);

}  // namespace lieride
