#include "backoff.h"

#include <algorithm>

namespace beerscale {

uint32_t Backoff::next(Clock& clock, uint32_t capMs) {
  uint64_t base = static_cast<uint64_t>(kFirstMs) << std::min<uint32_t>(step_, 16);
  base = std::min<uint64_t>(base, capMs);
  if (base < capMs) step_ += 1;
  // Jitter only adds (docs/DEVICE-PROTOCOL.md: "plus up to a quarter more at random"): a wait
  // shorter than the document's is a reconnect storm in the making.
  return static_cast<uint32_t>(base + clock.random(static_cast<uint32_t>(base / 4) + 1));
}

uint32_t afterRetryAfter(Clock& clock, long retryAfterSeconds, uint32_t backoffMs) {
  uint64_t floor = static_cast<uint64_t>(std::max<long>(retryAfterSeconds, 0)) * 1000;
  return static_cast<uint32_t>(std::max<uint64_t>(floor, backoffMs) + clock.random(250));
}

}  // namespace beerscale
