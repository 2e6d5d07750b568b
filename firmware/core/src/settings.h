#pragma once
// The settings the server sends (all strings), checked and turned into what the scale uses.

#include <optional>
#include <string>

#include "messages.h"

namespace beerscale {

struct ScaleSettings {
  std::string wifiSsid;
  std::string wifiPassword;
  std::string deviceName;
  double calibrationOffset = 0;
  /** nullopt: not set by the owner, the scale's own factor counts. */
  std::optional<double> calibrationFactor;
  bool autoTare = true;
  int sleepMinutes = 5;
  int brightness = 50;
};

/**
 * Applies `incoming` over `current`. An absent key keeps the current value. A value out of range
 * is named in `error` ("calibration_offset must be a number from -1000 to 1000"); with
 * `strict` (SETTINGS, which can be NACKed) nothing is applied then, without (WELCOME) the other
 * keys still are. An empty wifi_ssid never wipes credentials: it means "not configured".
 */
bool applySettings(ScaleSettings& current, const Settings& incoming, bool strict,
                   std::string& error);

/** A number in the whole string, or nullopt ("12abc", "", "nan" are not numbers). */
std::optional<double> parseNumber(const std::string& text);

}  // namespace beerscale
