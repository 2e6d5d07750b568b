#pragma once
// Stub: the ESP32 Arduino core's version macros (Arduino.h includes them). The stubs model core
// 3.x, so a call that exists only in 2.x fails this build.
#define ESP_ARDUINO_VERSION_MAJOR 3
#define ESP_ARDUINO_VERSION_MINOR 0
#define ESP_ARDUINO_VERSION_PATCH 7
