#pragma once
// Stub: the ESP32 core's ESPmDNS (core 3.x: `address`, where 2.x had `IP`), the calls the sketch
// makes.
#include "Arduino.h"

class IPAddress {
 public:
  String toString() const;
};

class MDNSResponder {
 public:
  bool begin(const char* hostName);
  int queryService(const char* service, const char* proto);
  IPAddress address(int idx);
  uint16_t port(int idx);
  String txt(int idx, const char* key);
};
extern MDNSResponder MDNS;
