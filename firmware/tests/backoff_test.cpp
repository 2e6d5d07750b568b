#include <doctest/doctest.h>

#include "backoff.h"
#include "fakes.h"

using namespace beerscale;

TEST_CASE("backoff doubles from 0.5 s to its cap with jitter, and retryAfter is a floor") {
  test::FakeClock clock;  // random(bound) = bound / 2: the middle of the jitter
  Backoff b;
  CHECK(b.next(clock) == 500 + 63);
  CHECK(b.next(clock) == 1000 + 125);
  CHECK(b.next(clock) == 2000 + 250);
  CHECK(b.next(clock) == 4000 + 500);
  CHECK(b.next(clock) == 8000 + 1000);
  CHECK(b.next(clock) == 10000 + 1250);
  CHECK(b.next(clock) == 10000 + 1250);
  CHECK(b.next(clock, 60000) == 16000 + 2000);
  b.reset();
  CHECK(b.next(clock) == 500 + 63);
  CHECK(afterRetryAfter(clock, 5, 500) >= 5000);
  CHECK(afterRetryAfter(clock, 5, 500) < 5500);
  CHECK(afterRetryAfter(clock, 1, 4000) >= 4000);
}

/** A clock whose random numbers are always the smallest or always the largest. */
struct EdgeClock : test::FakeClock {
  bool largest = false;
  uint32_t random(uint32_t bound) override { return largest ? bound - 1 : 0; }
};

TEST_CASE("the jitter only ever adds, up to a quarter (never below the document's 0.5 s)") {
  EdgeClock low;
  EdgeClock high;
  high.largest = true;
  Backoff a;
  Backoff b;
  for (uint32_t base : {500u, 1000u, 2000u, 4000u, 8000u, 10000u}) {
    CHECK(a.next(low) == base);
    CHECK(b.next(high) == base + base / 4);
  }
}
