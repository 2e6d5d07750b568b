// beerscale-scale: the reference firmware's core on a PC, against a real server, with the load
// cell's weights scripted from a file. See firmware/README.md.

#include <atomic>
#include <csignal>
#include <iostream>
#include <regex>
#include <set>
#include <thread>

#include "beast_transport.h"
#include "host_parts.h"
#include "json_codec_nlohmann.h"
#include "scale.h"

namespace {

std::atomic<bool> stopRequested{false};
std::atomic<bool> tareRequested{false};
std::atomic<bool> calibrateRequested{false};

constexpr const char* kUsage =
    "usage: beerscale-scale --server ws://HOST:PORT/ws/device --mac AABBCCDDEEFF --load FILE\n"
    "                       [--store FILE] [--unreachable-ssid NAME]... [--known-weight GRAMS]\n"
    "  --load FILE            lines `<seconds> <grams>`: the platform's weight from then on\n"
    "                         (seconds from reading the file; it is read again when it changes)\n"
    "  --store FILE           where the key and settings persist (default ./scale-store.json)\n"
    "  --unreachable-ssid N   joining WiFi N fails (repeatable)\n"
    "  --known-weight GRAMS   the weight SIGUSR2 calibrates with (default 500); SIGUSR1 tares\n";

int usage(const std::string& problem) {
  std::cerr << "beerscale-scale: " << problem << "\n" << kUsage;
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace beerscale;
  std::string server, mac, load, store = "./scale-store.json";
  std::set<std::string> unreachable;
  double knownWeight = 500;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (i + 1 >= argc) return usage(arg + " needs a value");
    std::string value = argv[++i];
    if (arg == "--server") server = value;
    else if (arg == "--mac") mac = value;
    else if (arg == "--load") load = value;
    else if (arg == "--store") store = value;
    else if (arg == "--unreachable-ssid") unreachable.insert(value);
    else if (arg == "--known-weight") {
      auto grams = parseNumber(value);
      if (!grams || *grams < 20) return usage("--known-weight must be a number of grams, at least 20");
      knownWeight = *grams;
    } else return usage("unknown option " + arg);
  }
  if (server.empty() || mac.empty() || load.empty()) {
    return usage("--server, --mac and --load are required");
  }
  if (!std::regex_match(server, std::regex(R"(^ws://[^/]+(/.*)?$)"))) {
    return usage("--server must be a ws:// URL, e.g. ws://127.0.0.1:3000/ws/device");
  }
  if (!std::regex_match(mac, std::regex("^[0-9A-Fa-f]{12}$"))) {
    return usage("--mac must be 12 hex digits without separators, e.g. AABBCCDDEEFF");
  }

  SteadyClock clock;
  ScriptLoadCell cell(load, clock);
  if (!cell.error().empty()) {
    std::cerr << "beerscale-scale: " << cell.error() << '\n';
    return 2;
  }
  StdoutDisplay display;
  FileStorage storage(store);
  HostNetwork network(unreachable);
  BeastTransport transport;
  NlohmannCodec codec;

  Config config;
  config.serverUrl = server;
  config.mac = mac;
  config.model = "beerscale-host";
  config.initialZero = kHostZero;
  config.tareAtBoot = false;  // the host's zero is known; a scripted weight may stand at boot
  config.log = [](const std::string& line) { std::cerr << "scale: " << line << std::endl; };

  std::signal(SIGTERM, [](int) { stopRequested = true; });
  std::signal(SIGINT, [](int) { stopRequested = true; });
  std::signal(SIGUSR1, [](int) { tareRequested = true; });
  std::signal(SIGUSR2, [](int) { calibrateRequested = true; });
  std::signal(SIGPIPE, SIG_IGN);

  Scale scale({cell, transport, display, storage, clock, network, codec}, config);
  scale.begin();
  while (!stopRequested) {
    if (tareRequested.exchange(false)) scale.tare();
    if (calibrateRequested.exchange(false)) scale.calibrate(knownWeight);
    scale.loop();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  scale.shutdown();
  // Let the close handshake go out, but never hang on a dead server.
  for (int i = 0; i < 100 && !transport.idle(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return 0;
}
