#pragma once
// Stub: HX711 by bogde (https://github.com/bogde/HX711), the calls the sketch makes.
#include "Arduino.h"

class HX711 {
 public:
  void begin(uint8_t dout, uint8_t pd_sck, uint8_t gain = 128);
  bool is_ready();
  long read();
  void power_up();
};
