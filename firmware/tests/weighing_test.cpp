#include <doctest/doctest.h>

#include "backoff.h"
#include "fakes.h"
#include "settings.h"
#include "weighing.h"

using namespace beerscale;

TEST_CASE("counts become grams through zero, factor and offset") {
  Weighing w(400.0, 1000);
  w.addCounts(1000 + 400 * 250);
  CHECK(w.take(0).grams == doctest::Approx(250.0));
  w.setOffset(-1.5);
  w.addCounts(1000 + 400 * 250);
  CHECK(w.take(100).grams == doctest::Approx(248.5));
  w.setServerFactor(500.0);
  w.addCounts(1000 + 500 * 100);
  CHECK(w.take(200).grams == doctest::Approx(98.5));
  w.setServerFactor(std::nullopt);
  CHECK(w.factor() == 400.0);
}

TEST_CASE("a period's conversions are averaged, and a period without one repeats the last") {
  Weighing w(100.0, 0);
  w.addCounts(10000);
  w.addCounts(12000);
  CHECK(w.take(0).grams == doctest::Approx(110.0));
  CHECK(w.take(100).grams == doctest::Approx(110.0));
}

TEST_CASE("stable only after readings stay within 2 g") {
  Weighing w(100.0, 0);
  uint64_t t = 0;
  for (int i = 0; i < 4; ++i, t += 100) {
    w.addCounts(50000);
    CHECK_FALSE(w.take(t).stable);
  }
  w.addCounts(50000);
  CHECK(w.take(t).stable);
  w.addCounts(50000 + 300 * 100);
  CHECK_FALSE(w.take(t + 100).stable);
}

TEST_CASE("tare zeroes what stands; calibration with a known weight finds counts per gram") {
  Weighing w(kDefaultFactor, 0);
  CHECK_FALSE(w.tare());  // nothing read yet
  w.addCounts(7000);
  w.take(0);
  CHECK(w.tare());
  CHECK(w.zero() == 7000);
  CHECK_FALSE(w.calibrate(500).has_value());  // nothing on the platform: refused
  w.addCounts(7000 + 500 * 333);
  w.take(100);
  auto factor = w.calibrate(500);
  REQUIRE(factor.has_value());
  CHECK(*factor == doctest::Approx(333.0));
  w.addCounts(7000 + 250 * 333);
  CHECK(w.take(200).grams == doctest::Approx(250.0));
  CHECK_FALSE(w.calibrate(5).has_value());  // too light to calibrate with
}

TEST_CASE("auto-tare: an empty platform drifting within 5 g for 10 s, and only when allowed") {
  Weighing w(100.0, 0);
  auto feed = [&](double grams, uint64_t at, bool allowed) {
    w.addCounts(static_cast<int32_t>(grams * 100));
    w.take(at);
    return w.autoTare(at, allowed);
  };
  for (uint64_t t = 0; t < 9900; t += 100) CHECK_FALSE(feed(3.0, t, true));
  CHECK(feed(3.0, 10000, true));
  CHECK(w.zero() == 300);
  // A container (more than 5 g) is never tared away, and no tare while a game is on.
  for (uint64_t t = 10100; t < 30000; t += 100) CHECK_FALSE(feed(40.0, t, true));
  for (uint64_t t = 30000; t < 50000; t += 100) CHECK_FALSE(feed(4.0, t, false));
}

TEST_CASE("backoff doubles from 0.5 s to its cap with jitter, and retryAfter is a floor") {
  test::FakeClock clock;  // random(bound) = bound / 2: the middle of the jitter
  Backoff b;
  CHECK(b.next(clock) == 500);
  CHECK(b.next(clock) == 1000);
  CHECK(b.next(clock) == 2000);
  CHECK(b.next(clock) == 4000);
  CHECK(b.next(clock) == 8000);
  CHECK(b.next(clock) == 10000);
  CHECK(b.next(clock) == 10000);
  CHECK(b.next(clock, Backoff::kRefusalCapMs) == 16000);
  b.reset();
  CHECK(b.next(clock) == 500);
  CHECK(afterRetryAfter(clock, 5, 500) >= 5000);
  CHECK(afterRetryAfter(clock, 5, 500) < 5500);
  CHECK(afterRetryAfter(clock, 1, 4000) >= 4000);
}

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
