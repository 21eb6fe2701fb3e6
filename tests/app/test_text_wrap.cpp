// The sidebar's text helpers: the time-step sliders' value (ui/panels.hpp) and wrapping at
// spaces (ui/text_wrap.hpp).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ui/panels.hpp"
#include "ui/text_wrap.hpp"

using namespace lieride::gui;

TEST_CASE("panels: the time-step slider's value is h, to three digits, within 1e-4 .. 1 s", "[panels]") {
  // Typed values (Ctrl+click) arrive as floats: each lands on the decimal typed, exactly.
  CHECK(roundedStep(0.005f) == 0.005);
  CHECK(roundedStep(0.5f) == 0.5);
  CHECK(roundedStep(0.16f) == 0.16);
  CHECK(roundedStep(1e-4f) == 1e-4);
  // Outside the range: clamped.
  CHECK(roundedStep(2.0f) == 1.0);
  CHECK(roundedStep(1e-6f) == 1e-4);
  // A drag lands on three significant digits.
  CHECK(roundedStep(0.0098534f) == 0.00985);
  CHECK(roundedStep(0.123456f) == 0.123);
}

TEST_CASE("panels: status lines wrap at spaces, never inside a number", "[panels]") {
  const auto chars = [](const std::string& t) { return static_cast<float>(t.size()); };
  // ImGui 1.86 broke "violation 1.74e+02" after "1.".
  const auto lines = wrapAtSpaces("not solved: iteration limit, violation 1.74e+02 at knot 37", 24.0f, chars);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "not solved: iteration");
  CHECK(lines[1] == "limit, violation");
  CHECK(lines[2] == "1.74e+02 at knot 37");
  for (const auto& l : lines) CHECK(l.size() <= 24);
  // A word longer than the line (a path) is cut where it fills it; nothing is lost.
  const auto cut = wrapAtSpaces("-> /tmp/a/very/long/path/name.csv", 10.0f, chars);
  std::string joined;
  for (const auto& l : cut) {
    CHECK(l.size() <= 10);
    joined += l;
  }
  CHECK(joined == "->/tmp/a/very/long/path/name.csv");
  // ... after a '/', '-' or '_' that fits in the second half of the line, not inside a name.
  const auto take = wrapAtSpaces("/tmp/takes/helicopter-hover-20261205-231747.toml", 20.0f, chars);
  CHECK(take == std::vector<std::string>{"/tmp/takes/", "helicopter-hover-", "20261205-231747.toml"});
  CHECK(wrapAtSpaces("", 10.0f, chars) == std::vector<std::string>{""});
}
