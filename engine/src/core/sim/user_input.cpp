#include "lieride/sim/user_input.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <utility>
#include <vector>
#include <system_error>

namespace lieride {

namespace {

// The length of the well-formed UTF-8 sequence at the start of `v` and its code point, or 0
// when it is not one (a stray continuation byte, a truncated or overlong sequence, a
// surrogate, beyond U+10FFFF).
std::size_t utf8Sequence(std::string_view v, char32_t& code) {
  const auto b0 = static_cast<unsigned char>(v[0]);
  std::size_t n = 0;
  char32_t min = 0;
  if (b0 >= 0xc2 && b0 <= 0xdf) n = 2, code = b0 & 0x1fu, min = 0x80;
  else if (b0 >= 0xe0 && b0 <= 0xef) n = 3, code = b0 & 0x0fu, min = 0x800;
  else if (b0 >= 0xf0 && b0 <= 0xf4) n = 4, code = b0 & 0x07u, min = 0x10000;
  else return 0;
  if (v.size() < n) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(v[k]);
    if ((b & 0xc0) != 0x80) return 0;
    code = (code << 6) | (b & 0x3fu);
  }
  if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return n;
}

// Code points that reorder or hide the text around them on a terminal: C1 controls and the
// bidirectional marks, embeddings, overrides and isolates.
bool invisibleControl(char32_t c) {
  return (c >= 0x80 && c <= 0x9f) || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
         (c >= 0x2066 && c <= 0x2069);
}

}  // namespace

std::string shown(std::string_view value, std::size_t maxChars) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < value.size();) {
    if (chars >= maxChars) {
      out += "...";
      break;
    }
    ++chars;
    const auto c = static_cast<unsigned char>(value[i]);
    char buf[16];
    if (c < 0x80) {
      if (c == '\n') out += "\\n";
      else if (c == '\t') out += "\\t";
      else if (c == '\r') out += "\\r";
      else if (c < 0x20 || c == 0x7f) {
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
      ++i;
      continue;
    }
    char32_t code = 0;
    const std::size_t n = utf8Sequence(value.substr(i), code);
    if (n == 0) {  // not UTF-8: the byte, escaped
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
      ++i;
    } else if (invisibleControl(code)) {
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(code));
      out += buf;
      i += n;
    } else {
      out.append(value.substr(i, n));
      i += n;
    }
  }
  return out;
}

namespace {
// (device, inode) of every file readRegularFile read: the identity of a file, whatever the path.
std::mutex g_readMutex;
std::vector<std::pair<dev_t, ino_t>> g_read;

bool identity(const std::string& path, std::pair<dev_t, ino_t>& id) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  id = {st.st_dev, st.st_ino};
  return true;
}
}  // namespace

bool wasReadAsInput(const std::string& path) {
  std::pair<dev_t, ino_t> id;
  if (!identity(path, id)) return false;
  const std::lock_guard<std::mutex> lock(g_readMutex);
  return std::find(g_read.begin(), g_read.end(), id) != g_read.end();
}

std::string readRegularFile(const std::string& path, std::size_t maxBytes) {
  namespace fs = std::filesystem;
  const std::string name = shown(path, 200);
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (st.type() == fs::file_type::not_found) throw InputFileError(name + ": no such file");
  if (ec) throw InputFileError(name + ": " + ec.message());
  if (st.type() == fs::file_type::directory) throw InputFileError(name + ": is a directory, expected a file");
  if (st.type() != fs::file_type::regular)
    throw InputFileError(name + ": not a regular file (devices, FIFOs and sockets are not read)");
  const auto size = fs::file_size(path, ec);
  if (!ec && size > maxBytes)
    throw InputFileError(name + ": larger than " + std::to_string(maxBytes) + " bytes (" + std::to_string(size) +
                         " bytes); see docs/formats.md, Limits");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputFileError(name + ": cannot be read");
  std::string text;
  // Read at most one byte past the expected size and the cap: the file may grow meanwhile.
  text.resize((ec ? maxBytes : static_cast<std::size_t>(size)) + 1);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (!ec && text.size() > size) throw InputFileError(name + ": changed while being read");
  if (text.size() > maxBytes)
    throw InputFileError(name + ": larger than " + std::to_string(maxBytes) + " bytes; see docs/formats.md, Limits");
  if (in.bad()) throw InputFileError(name + ": cannot be read");
  if (std::pair<dev_t, ino_t> id; identity(path, id)) {
    const std::lock_guard<std::mutex> lock(g_readMutex);
    if (std::find(g_read.begin(), g_read.end(), id) == g_read.end() && g_read.size() < 4096) g_read.push_back(id);
  }
  return text;
}

}  // namespace lieride
