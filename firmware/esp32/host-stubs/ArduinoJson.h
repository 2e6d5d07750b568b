#pragma once
// Stub: ArduinoJson 7 (https://arduinojson.org), the calls the sketch's codec makes.
#include <cstddef>
#include <string>

class JsonString {
 public:
  const char* c_str() const;
};

class JsonVariantConst {
 public:
  template <typename T> bool is() const;
  template <typename T> T as() const;
  bool isNull() const;
  JsonVariantConst operator[](const char* key) const;
};

class JsonPairConst {
 public:
  JsonString key() const;
  JsonVariantConst value() const;
};

class JsonObjectConst {
 public:
  class iterator {
   public:
    JsonPairConst operator*() const;
    iterator& operator++();
    bool operator!=(const iterator& other) const;
  };
  iterator begin() const;
  iterator end() const;
  bool isNull() const;
  JsonVariantConst operator[](const char* key) const;
};

class JsonArrayConst {
 public:
  class iterator {
   public:
    JsonVariantConst operator*() const;
    iterator& operator++();
    bool operator!=(const iterator& other) const;
  };
  iterator begin() const;
  iterator end() const;
  bool isNull() const;
};

class JsonVariant {
 public:
  template <typename T> JsonVariant& operator=(const T& value);
};

class JsonDocument {
 public:
  template <typename T> T as() const;
  JsonVariant operator[](const char* key);
};

class DeserializationError {
 public:
  explicit operator bool() const;
  const char* c_str() const;
};

DeserializationError deserializeJson(JsonDocument& doc, const std::string& input);
size_t serializeJson(const JsonDocument& doc, std::string& output);
