#pragma once
// The readers under test take a path: each fuzz input is written to one private temporary
// file per process (created once, rewritten for every input).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace lieride_fuzz {

// Writes the input to <private dir>/<name> and returns that path.
inline std::string writeInput(const std::string& name, const uint8_t* data, size_t size) {
  static const std::string dir = [] {
    std::string tmpl = (std::filesystem::temp_directory_path() / "lieride-fuzz-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) std::abort();
    return tmpl;
  }();
  const std::string path = dir + "/" + name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!out) std::abort();
  return path;
}

}  // namespace lieride_fuzz
