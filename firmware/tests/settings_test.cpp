#include <doctest/doctest.h>

#include "settings.h"

using namespace beerscale;

TEST_CASE("settings: ranges are checked; SETTINGS applies all or nothing") {
  ScaleSettings s;
  std::string error;
  CHECK(applySettings(s, {{"calibration_offset", "-1.5"}, {"calibration_factor", "388.2"},
                          {"auto_tare", "false"}, {"sleep_timeout", "15"},
                          {"led_brightness", "80"}, {"device_name", "Bar"}},
                      true, error));
  CHECK(s.calibrationOffset == -1.5);
  CHECK(s.calibrationFactor.value() == doctest::Approx(388.2));
  CHECK_FALSE(s.autoTare);
  CHECK(s.sleepMinutes == 15);
  CHECK(s.brightness == 80);
  CHECK(s.deviceName == "Bar");

  ScaleSettings before = s;
  CHECK_FALSE(applySettings(s, {{"calibration_offset", "5000"}, {"led_brightness", "10"}}, true, error));
  CHECK(error == "calibration_offset must be a number from -1000 to 1000");
  CHECK(s.brightness == before.brightness);

  // WELCOME cannot be refused: the good values are taken, the bad one keeps its value.
  CHECK_FALSE(applySettings(s, {{"sleep_timeout", "0"}, {"led_brightness", "10"}}, false, error));
  CHECK(s.sleepMinutes == 15);
  CHECK(s.brightness == 10);

  // '' means "not set": the scale's own factor counts again.
  CHECK(applySettings(s, {{"calibration_factor", ""}}, true, error));
  CHECK_FALSE(s.calibrationFactor.has_value());
  CHECK_FALSE(applySettings(s, {{"calibration_factor", "12abc"}}, true, error));
}

TEST_CASE("an empty wifi_ssid never wipes the credentials; a bad password is refused") {
  ScaleSettings s;
  std::string error;
  CHECK(applySettings(s, {{"wifi_ssid", "Stammtisch"}, {"wifi_password", "hoppy-lager"}}, true, error));
  CHECK(applySettings(s, {{"wifi_ssid", ""}, {"wifi_password", ""}}, true, error));
  CHECK(s.wifiSsid == "Stammtisch");
  CHECK(s.wifiPassword == "hoppy-lager");
  CHECK_FALSE(applySettings(s, {{"wifi_ssid", "Other"}, {"wifi_password", "short"}}, true, error));
  CHECK(s.wifiSsid == "Stammtisch");
}
