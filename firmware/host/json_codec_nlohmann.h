#pragma once
#include "messages.h"

namespace beerscale {

/** The host's Codec: nlohmann-json (Debian's nlohmann-json3-dev). */
class NlohmannCodec : public Codec {
 public:
  bool decode(const std::string& text, ServerMessage& out) override;
  std::string encode(const ScaleMessage& message) override;
};

}  // namespace beerscale
