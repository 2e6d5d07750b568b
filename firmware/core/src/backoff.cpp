#include "backoff.h"

#include <algorithm>

namespace beerscale {

uint32_t Backoff::next(Clock& clock, uint32_t capMs) {
  uint64_t base = static_cast<uint64_t>(kFirstMs) << std::min<uint32_t>(step_, 16);
  base = std::min<uint64_t>(base, capMs);
  if (base < capMs) step_ += 1;
  uint32_t spread = static_cast<uint32_t>(base / 2);
  return static_cast<uint32_t>(base - base / 4 + clock.random(spread + 1));
}

uint32_t afterRetryAfter(Clock& clock, long retryAfterSeconds, uint32_t backoffMs) {
  uint64_t floor = static_cast<uint64_t>(std::max<long>(retryAfterSeconds, 0)) * 1000;
  return static_cast<uint32_t>(std::max<uint64_t>(floor, backoffMs) + clock.random(250));
}

}  // namespace beerscale
