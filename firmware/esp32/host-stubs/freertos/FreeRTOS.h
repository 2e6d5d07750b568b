#pragma once
// Stub: the FreeRTOS types the sketch uses (ESP-IDF's FreeRTOS, as the ESP32 Arduino core has it).
#include <cstdint>

typedef int BaseType_t;
typedef unsigned int UBaseType_t;
typedef uint32_t TickType_t;
#define pdPASS 1
#define pdMS_TO_TICKS(xTimeInMs) ((TickType_t)(xTimeInMs))
