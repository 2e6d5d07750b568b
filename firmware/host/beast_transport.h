#pragma once
// The host's Transport: a Boost.Beast WebSocket client on its own I/O thread. Beast is kept in
// beast_transport.cpp alone (it compiles slowly); this header names none of it.

#include <memory>
#include <string>

#include "interfaces.h"

namespace beerscale {

class BeastTransport : public Transport {
 public:
  BeastTransport();
  ~BeastTransport() override;
  void open(const std::string& url) override;
  void close() override;
  bool send(const std::string& text) override;
  void poll() override;
  /** True once no connection is open or closing (for a clean exit). */
  bool idle() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace beerscale
