#include "settings.h"

#include <cmath>
#include <cstdlib>

namespace beerscale {

std::optional<double> parseNumber(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const char* begin = text.c_str();
  char* end = nullptr;
  double value = std::strtod(begin, &end);
  if (end == begin || *end != '\0' || !std::isfinite(value)) return std::nullopt;
  return value;
}

namespace {

bool wholeInRange(const std::string& text, int low, int high, int& out) {
  auto value = parseNumber(text);
  if (!value || std::floor(*value) != *value || *value < low || *value > high) return false;
  out = static_cast<int>(*value);
  return true;
}

}  // namespace

bool applySettings(ScaleSettings& current, const Settings& incoming, bool strict,
                   std::string& error) {
  ScaleSettings next = current;
  std::string problem;
  auto fail = [&](const std::string& message) {
    if (problem.empty()) problem = message;
  };
  auto find = [&](const char* name) -> const std::string* {
    auto it = incoming.find(name);
    return it == incoming.end() ? nullptr : &it->second;
  };

  if (auto ssid = find("wifi_ssid"); ssid && !ssid->empty()) {
    if (ssid->size() > 32) {
      fail("wifi_ssid must be at most 32 characters");
    } else {
      const std::string* password = find("wifi_password");
      std::string pass = password ? *password : "";
      // Open networks have no password; WPA needs 8-63 characters.
      if (!pass.empty() && (pass.size() < 8 || pass.size() > 63)) {
        fail("wifi_password must be 8 to 63 characters");
      } else {
        next.wifiSsid = *ssid;
        next.wifiPassword = pass;
      }
    }
  }
  if (auto name = find("device_name")) next.deviceName = *name;
  if (auto offset = find("calibration_offset")) {
    auto value = offset->empty() ? std::optional<double>(0) : parseNumber(*offset);
    if (!value || *value < -1000 || *value > 1000)
      fail("calibration_offset must be a number from -1000 to 1000");
    else
      next.calibrationOffset = *value;
  }
  if (auto factor = find("calibration_factor")) {
    if (factor->empty()) {
      next.calibrationFactor.reset();
    } else {
      auto value = parseNumber(*factor);
      if (!value || std::fabs(*value) < 1 || std::fabs(*value) > 1e7)
        fail("calibration_factor must be a number of counts per gram (1 to 10000000)");
      else
        next.calibrationFactor = *value;
    }
  }
  if (auto tare = find("auto_tare")) {
    if (*tare == "true")
      next.autoTare = true;
    else if (*tare == "false")
      next.autoTare = false;
    else
      fail("auto_tare must be true or false");
  }
  if (auto sleep = find("sleep_timeout")) {
    if (!wholeInRange(*sleep, 1, 60, next.sleepMinutes))
      fail("sleep_timeout must be a whole number of minutes from 1 to 60");
  }
  if (auto bright = find("led_brightness")) {
    if (!wholeInRange(*bright, 0, 100, next.brightness))
      fail("led_brightness must be a whole number from 0 to 100");
  }

  error = problem;
  if (problem.empty() || !strict) current = next;
  return problem.empty();
}

}  // namespace beerscale
