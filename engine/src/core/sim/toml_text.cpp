#include "lieride/sim/toml_text.hpp"

#include <sstream>

#include "lieride/sim/table_reader.hpp"

namespace lieride {

namespace {
bool bareKeyChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}
}  // namespace

std::size_t overlongDottedKeyLine(std::string_view text) {
  std::size_t line = 1, parts = 0;
  bool afterDot = true;  // a part may start here (the start of a chain, or just after a '.')
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (bareKeyChar(c) || c == '"' || c == '\'') {
      if (c == '"' || c == '\'') {  // a quoted part: to its closing quote (escapes in "...")
        std::size_t j = i + 1;
        while (j < text.size() && text[j] != c && text[j] != '\n') j += (c == '"' && text[j] == '\\') ? 2 : 1;
        i = j + 1;
      } else {
        while (i < text.size() && bareKeyChar(text[i])) ++i;
      }
      parts = afterDot ? parts + 1 : 1;
      afterDot = false;
      if (parts > kMaxTomlKeyParts) return line;
      continue;
    }
    if (c == '.') {
      afterDot = true;
    } else if (c != ' ' && c != '\t') {
      parts = 0;
      afterDot = true;
      if (c == '\n') ++line;
    }
    ++i;
  }
  return 0;
}

toml::table parseTomlText(const std::string& text, const std::string& name) {
  if (const std::size_t line = overlongDottedKeyLine(text)) {
    std::ostringstream msg;
    msg << name << ":" << line << ": malformed TOML: a dotted key of more than " << kMaxTomlKeyParts << " parts";
    throw ScenarioError(msg.str());
  }
  try {
    return toml::parse(text, name);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << name << ":" << e.source().begin.line << ":" << e.source().begin.column << ": malformed TOML: " << e.description();
    throw ScenarioError(msg.str());
  }
}

}  // namespace lieride
