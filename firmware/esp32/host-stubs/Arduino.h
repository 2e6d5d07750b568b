#pragma once
// Stub: the Arduino core calls the sketch makes (declarations only).
#include <cstddef>
#include <cstdint>
#include <string>

#include "esp_arduino_version.h"
#include "freertos/FreeRTOS.h"
#include "freertos/task.h"

#define LOW 0x0
#define HIGH 0x1
#define INPUT_PULLUP 0x05
#define CHANGE 0x03
#define IRAM_ATTR

unsigned long millis();
void delay(unsigned long ms);
void pinMode(uint8_t pin, uint8_t mode);
int digitalRead(uint8_t pin);
int digitalPinToInterrupt(uint8_t pin);
void attachInterrupt(uint8_t pin, void (*handler)(void), int mode);
uint32_t esp_random();

class String {
 public:
  String(const char* text = "");
  const char* c_str() const;
  unsigned int length() const;
};

class HardwareSerial {
 public:
  void begin(unsigned long baud);
  size_t println(const char* text);
};
extern HardwareSerial Serial;
