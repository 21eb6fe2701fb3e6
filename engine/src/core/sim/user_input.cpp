#include "lieride/sim/user_input.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace lieride {

std::string shown(std::string_view value, std::size_t maxChars) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (chars >= maxChars) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(value[i]);
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
    if ((c & 0xc0) != 0x80) ++chars;  // count UTF-8 lead bytes, not continuation bytes
  }
  return out;
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
  return text;
}

}  // namespace lieride
