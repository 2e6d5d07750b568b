#include <doctest/doctest.h>

#include "backoff.h"
#include "fakes.h"

using namespace beerscale;

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
