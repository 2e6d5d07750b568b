#pragma once
// Reconnect delays: 0.5 s doubling to a cap, each with up to 25 % more at random so that many
// scales behind one router do not reconnect in step after a server restart.

#include <cstdint>

#include "interfaces.h"

namespace beerscale {

class Backoff {
 public:
  static constexpr uint32_t kFirstMs = 500;
  /** The cap after a dropped connection (docs/DEVICE-PROTOCOL.md: up to 10 s). */
  static constexpr uint32_t kDropCapMs = 10000;

  /** The next delay, jittered; the one after it is twice as long, up to `capMs`. */
  uint32_t next(Clock& clock, uint32_t capMs = kDropCapMs);
  void reset() { step_ = 0; }
  uint32_t step() const { return step_; }

 private:
  uint32_t step_ = 0;
};

/** Not earlier than `retryAfter` seconds: the server's word, plus a little jitter on top. */
uint32_t afterRetryAfter(Clock& clock, long retryAfterSeconds, uint32_t backoffMs);

}  // namespace beerscale
