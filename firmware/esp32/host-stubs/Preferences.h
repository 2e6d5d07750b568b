#pragma once
// Stub: the ESP32 Preferences (NVS) calls the sketch makes.
#include "Arduino.h"

class Preferences {
 public:
  bool begin(const char* name, bool readOnly = false, const char* partition_label = nullptr);
  bool isKey(const char* key);
  String getString(const char* key, String defaultValue = String());
  size_t putString(const char* key, const char* value);
  bool remove(const char* key);
};
