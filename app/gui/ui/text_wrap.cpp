#include "ui/text_wrap.hpp"

#include <algorithm>

namespace lieride::gui {

std::vector<std::string> wrapAtSpaces(const std::string& text, float width,
                                      const std::function<float(const std::string&)>& measure) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t i = 0;
  while (i <= text.size()) {
    const std::size_t end = std::min(text.find(' ', i), text.size());
    std::string word = text.substr(i, end - i);
    i = end + 1;
    if (!line.empty() && measure(line + " " + word) <= width) {
      line += " " + word;
      continue;
    }
    if (!line.empty()) lines.push_back(line);
    // A word wider than the line on its own (a long path): cut after the last '/', '-' or '_'
    // that fits (not inside a folder's or a take's name), else where it fills the line.
    while (word.size() > 1 && measure(word) > width) {
      std::size_t fit = 1;
      while (fit + 1 < word.size() && measure(word.substr(0, fit + 1)) <= width) ++fit;
      const std::size_t mark = word.find_last_of("/-_", fit - 1);
      if (mark != std::string::npos && mark + 1 >= fit / 2) fit = mark + 1;
      lines.push_back(word.substr(0, fit));
      word.erase(0, fit);
    }
    line = word;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

std::vector<std::string> wrapAtSpaces(const std::string& text, float width) {
  return wrapAtSpaces(text, width, [](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x; });
}

void textWrappedColored(const ImVec4& colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  for (const std::string& line : wrapAtSpaces(text, std::max(ImGui::GetContentRegionAvail().x, 1.0f)))
    ImGui::TextUnformatted(line.c_str());
  ImGui::PopStyleColor();
}

}  // namespace lieride::gui
