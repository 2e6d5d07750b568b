#pragma once
// The ESP32's Codec: ArduinoJson 7.
#include <BeerscaleCore.h>

namespace beerscale {

class ArduinoJsonCodec : public Codec {
 public:
  bool decode(const std::string& text, ServerMessage& out) override;
  std::string encode(const ScaleMessage& message) override;
};

}  // namespace beerscale
