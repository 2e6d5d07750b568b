#include <doctest/doctest.h>

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
