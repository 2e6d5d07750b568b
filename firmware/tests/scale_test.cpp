#include <doctest/doctest.h>

#include <algorithm>

#include "fakes.h"

using namespace beerscale;
using beerscale::test::Bench;
using nlohmann::json;

TEST_CASE("HELLO at once; PAIRING shows the code and nothing but PONG is sent; WELCOME's key is kept") {
  Bench b;
  b.boot();
  REQUIRE(b.transport.opened == std::vector<std::string>{"ws://server/ws/device"});
  b.transport.accept();
  auto hello = b.transport.ofType("HELLO");
  REQUIRE(hello.size() == 1);
  CHECK(hello[0]["protocol"] == 1);
  CHECK(hello[0]["minor"] == 1);
  CHECK_FALSE(hello[0].contains("key"));

  b.transport.deliver({{"type", "PAIRING"}, {"code", "006033"}, {"expiresIn", 600}});
  CHECK(b.scale->page().kind == "PAIRING");
  CHECK(b.scale->page().large == "006 033");
  CHECK(b.scale->page().code == "006033");
  b.run(1000);
  CHECK(b.transport.ofType("WEIGHT").empty());
  b.transport.deliver({{"type", "PING"}});
  CHECK(b.transport.sent.back() == json{{"type", "PONG"}});

  json w = test::welcome(1);
  w["key"] = "secret-key";
  b.transport.deliver(w);
  CHECK(b.storage.values["key"] == "secret-key");
  b.transport.drop();
  b.run(2000);
  b.transport.accept();
  CHECK(b.transport.ofType("HELLO").back()["key"] == "secret-key");
}

TEST_CASE("welcomed: WEIGHT about ten times a second, never more, with the offset added") {
  Bench b;
  b.cell.grams = 500;
  b.welcomed(1, {{"calibration_offset", "-1.5"}});
  size_t from = b.transport.sent.size();
  b.run(3000);
  auto weights = b.sentAfter(from, "WEIGHT");
  CHECK(weights.size() >= 29);
  CHECK(weights.size() <= 31);
  CHECK(weights.back()["grams"] == 498.5);
  CHECK(weights.back()["stable"] == true);
  CHECK(weights.back()["seq"].get<int>() > weights.front()["seq"].get<int>());
}

TEST_CASE("a command is applied once and answered every time it comes") {
  Bench b;
  b.welcomed();
  json settings = {{"type", "SETTINGS"}, {"cmdId", "c-1"},
                   {"settings", {{"calibration_offset", "5"}}}};
  b.transport.deliver(settings);
  CHECK(b.transport.sent.back() == json{{"type", "ACK"}, {"cmdId", "c-1"}});
  settings["settings"]["calibration_offset"] = "9";
  b.transport.deliver(settings);  // the same cmdId: not applied again
  CHECK(b.transport.sent.back() == json{{"type", "ACK"}, {"cmdId", "c-1"}});
  CHECK(b.scale->settings().calibrationOffset == 5);
  CHECK(b.transport.ofType("ACK").size() == 2);
}

TEST_CASE("SETTINGS out of range is NACKed with the reason and changes nothing") {
  Bench b;
  b.welcomed(1, {{"led_brightness", "40"}});
  b.transport.deliver({{"type", "SETTINGS"}, {"cmdId", "c-2"},
                       {"settings", {{"led_brightness", "70"}, {"sleep_timeout", "500"}}}});
  CHECK(b.transport.sent.back() ==
        json{{"type", "NACK"}, {"cmdId", "c-2"},
             {"error", "sleep_timeout must be a whole number of minutes from 1 to 60"}});
  CHECK(b.scale->settings().brightness == 40);
}

TEST_CASE("calibration_factor from the owner wins over the scale's own; '' gives it back") {
  Bench b;
  b.cell.grams = 200;
  b.welcomed(1, {{"calibration_factor", "210"}});
  b.run(300);
  // The cell gives 420 counts per gram; a factor of 210 doubles the reading.
  CHECK(b.transport.ofType("WEIGHT").back()["grams"] == 400.0);
  b.transport.deliver({{"type", "SETTINGS"}, {"cmdId", "c-3"}, {"settings", {{"calibration_factor", ""}}}});
  b.run(300);
  CHECK(b.transport.ofType("WEIGHT").back()["grams"] == 200.0);
}

TEST_CASE("CONFIGURE and START are applied by gameId and ACKed, also again after WELCOME") {
  Bench b;
  b.welcomed();
  json configure = {{"type", "CONFIGURE"}, {"cmdId", "a"}, {"gameId", 42}, {"containerType", "BEER_BOTTLE"},
                    {"players", {{{"id", 1}, {"name", "Anna"}, {"position", 0}}, {{"id", 2}, {"name", "Ben"}, {"position", 1}}}}};
  b.transport.deliver(configure);
  b.transport.deliver({{"type", "START"}, {"cmdId", "b"}, {"gameId", 42}});
  REQUIRE(b.scale->game().has_value());
  CHECK(b.scale->game()->started);
  configure["cmdId"] = "c";
  b.transport.deliver(configure);
  CHECK(b.scale->game()->started);  // the same game: still running
  b.transport.deliver({{"type", "START"}, {"cmdId", "d"}, {"gameId", 77}});  // unknown game
  CHECK(b.transport.ofType("ACK").size() == 4);
  CHECK(b.scale->game()->gameId == 77);
}

TEST_CASE("DISPLAY pages: the target large, the player, the text") {
  Bench b;
  b.welcomed();
  b.transport.deliver({{"type", "DISPLAY"}, {"phase", "SCORING"}, {"player", "Ben"}, {"target", 431},
                       {"text", "Anna: 433 g, off by 2 g. Ben: put your bottle on the scale"}});
  CHECK(b.scale->page() == Page{"SCORING", "431 g", "Ben",
                                "Anna: 433 g, off by 2 g. Ben: put your bottle on the scale", ""});
  b.transport.deliver({{"type", "DISPLAY"}, {"phase", "IDLE"}, {"text", "Ready: set up a game in the app"}});
  CHECK(b.scale->page().kind == "IDLE");
  CHECK(b.scale->page().large.empty());
}

TEST_CASE("unknown message types and fields are ignored; the connection stays") {
  Bench b;
  b.welcomed();
  b.transport.deliver({{"type", "FIRMWARE_UPDATE"}, {"url", "x"}});
  b.transport.deliverRaw("{broken");
  b.transport.deliver({{"type", "PING"}, {"extra", {1, 2}}});
  CHECK(b.transport.sent.back() == json{{"type", "PONG"}});
  CHECK(b.scale->state() == Scale::State::Welcomed);
  CHECK(b.transport.closes == 0);
}

TEST_CASE("REJECT with retryAfter: shown, and no connection before it") {
  Bench b;
  b.boot();
  b.transport.accept();
  b.transport.deliver({{"type", "REJECT"}, {"error", "Key in use by a connected scale"}, {"retryAfter", 5}});
  CHECK(b.scale->page().kind == "REJECTED");
  // The document's words on the display, not the server's text.
  CHECK(b.scale->page().text == "Key in use by another scale");
  CHECK(b.transport.closes == 1);
  b.transport.drop();  // the server's close after it changes nothing
  b.run(4990);
  CHECK(b.transport.opened.size() == 1);
  b.run(1000);
  CHECK(b.transport.opened.size() == 2);
}

TEST_CASE("REJECT without retryAfter: the error stays on the display, no reconnecting") {
  Bench b;
  b.boot();
  b.transport.accept();
  b.transport.deliver({{"type", "REJECT"}, {"error", "Message too large"}});
  CHECK(b.scale->page().kind == "REJECTED");
  CHECK(b.scale->page().text == "Message too large");
  CHECK(b.transport.closes == 1);
  b.transport.drop();
  b.run(120000);
  CHECK(b.transport.opened.size() == 1);
  CHECK(b.scale->state() == Scale::State::Stopped);
}

TEST_CASE("REJECT without retryAfter where the table says to try again") {
  Bench b;
  b.boot();
  b.transport.accept();
  // A late HELLO: reconnect after a back-off.
  b.transport.deliver({{"type", "REJECT"}, {"error", "HELLO expected within 5 seconds"}});
  b.transport.drop();
  b.run(1000);
  CHECK(b.transport.opened.size() == 2);
  // Replaced by a newer connection: once after a back-off, then never in a loop.
  b.transport.accept();
  b.transport.deliver({{"type", "REJECT"}, {"error", "Replaced by a newer connection of this scale"}});
  b.transport.drop();
  b.run(3000);
  CHECK(b.transport.opened.size() == 3);
  b.transport.accept();
  b.transport.deliver({{"type", "REJECT"}, {"error", "Replaced by a newer connection of this scale"}});
  b.transport.drop();
  b.run(60000);
  CHECK(b.transport.opened.size() == 3);
}

TEST_CASE("dropped connections back off 0.5 s, 1 s, 2 s... and WELCOME or PAIRING resets it") {
  Bench b;
  b.boot();
  auto dropAndMeasure = [&] {
    b.transport.drop();
    uint64_t start = b.clock.now;
    size_t opened = b.transport.opened.size();
    while (b.transport.opened.size() == opened) b.run(10);
    return b.clock.now - start;
  };
  b.transport.accept();
  auto first = dropAndMeasure();
  auto second = dropAndMeasure();
  auto third = dropAndMeasure();
  CHECK(first >= 375);
  CHECK(second > first);
  CHECK(third > second);
  auto fourth = dropAndMeasure();
  CHECK(fourth > third);
  // The server took the scale in: the next wait is the first one again.
  b.welcomed();
  CHECK(dropAndMeasure() <= 700);
  dropAndMeasure();
  dropAndMeasure();
  b.transport.accept();
  b.transport.deliver({{"type", "PAIRING"}, {"code", "123456"}, {"expiresIn", 600}});
  CHECK(dropAndMeasure() <= 700);
}

TEST_CASE("a silent link gets our PING after 25 s and is given up after 45 s") {
  Bench b;
  b.welcomed();
  size_t from = b.transport.sent.size();
  b.run(24000);
  CHECK(b.sentAfter(from, "PING").empty());
  b.run(2000);
  CHECK(b.sentAfter(from, "PING").size() == 1);
  b.run(18000);
  CHECK(b.transport.closes == 0);
  b.run(2000);
  CHECK(b.transport.closes == 1);
  b.run(1000);
  CHECK(b.transport.opened.size() == 2);
}

TEST_CASE("a message read while the clock moves on is not mistaken for a dead link") {
  // Regression: a message handled inside loop() is stamped later than the time loop() read
  // before it; the unsigned difference wrapped round and every connection was declared dead.
  Bench b;
  b.clock.tick = 1;
  b.welcomed();
  for (int i = 0; i < 3; ++i) {
    b.transport.queued.push_back({{"type", "PING"}});
    b.run(15000);
  }
  CHECK(b.transport.closes == 0);
  CHECK(b.display.level == 50);  // and the screen did not fall asleep
  CHECK(b.logs.end() == std::find_if(b.logs.begin(), b.logs.end(), [](const std::string& l) {
          return l.find("link dead") != std::string::npos;
        }));
}

TEST_CASE("server PINGs keep the link alive") {
  Bench b;
  b.welcomed();
  for (int i = 0; i < 5; ++i) {
    b.run(20000);
    b.transport.deliver({{"type", "PING"}});
  }
  CHECK(b.transport.closes == 0);
  CHECK(b.transport.ofType("PING").empty());
}

TEST_CASE("a new WiFi that fails: back to the old one, reported by STATUS to a 1.1 server only, not tried again") {
  Bench b;
  b.network.unreachable = {"Cellar"};
  b.welcomed(0, {{"wifi_ssid", "Cellar"}, {"wifi_password", "cellar-pass"}});
  b.run(10);
  // Tried and failed: back on the network it had, then connected again.
  CHECK(b.network.joins == std::vector<std::string>{"Cellar", ""});
  b.run(100);
  REQUIRE(b.transport.opened.size() == 2);
  b.transport.accept();
  b.transport.deliver(test::welcome(0, {{"wifi_ssid", "Cellar"}, {"wifi_password", "cellar-pass"}}));
  CHECK(b.transport.ofType("STATUS").empty());  // an older server closes on unknown types
  CHECK(b.network.joins.size() == 2);           // and the failed network is not tried again
  CHECK(b.storage.values["fssid"] == "Cellar");

  b.transport.drop();
  b.run(2000);
  b.transport.accept();
  b.transport.deliver(test::welcome(1, {{"wifi_ssid", "Cellar"}, {"wifi_password", "cellar-pass"}}));
  REQUIRE(b.transport.ofType("STATUS").size() == 1);
  CHECK(b.transport.ofType("STATUS")[0] == json{{"type", "STATUS"}, {"wifi", "failed"}, {"ssid", "Cellar"}});
  b.transport.deliver(test::welcome(1, {{"wifi_ssid", "Cellar"}, {"wifi_password", "cellar-pass"}}));
  CHECK(b.transport.ofType("STATUS").size() == 1);

  // The server stops sending it; when the owner sets WiFi again it is tried again.
  b.transport.deliver({{"type", "SETTINGS"}, {"cmdId", "w1"}, {"settings", {{"wifi_ssid", ""}}}});
  CHECK(b.network.joins.size() == 2);
  b.transport.deliver({{"type", "SETTINGS"}, {"cmdId", "w2"},
                       {"settings", {{"wifi_ssid", "Cellar"}, {"wifi_password", "cellar-pass"}}}});
  CHECK(b.network.joins.size() == 3);
}

TEST_CASE("a failed network: not tried again for a WELCOME, tried again for a SETTINGS by the same name") {
  Bench b;
  b.network.unreachable = {"Cellar"};
  b.welcomed(1, {{"wifi_ssid", "Cellar"}, {"wifi_password", "cellar-pass"}});
  b.run(10);
  CHECK(b.network.joins == std::vector<std::string>{"Cellar", ""});
  b.run(100);
  REQUIRE(b.transport.opened.size() == 2);
  b.transport.accept();
  b.transport.deliver(test::welcome(1, {{"wifi_ssid", "Cellar"}, {"wifi_password", "cellar-pass"}}));
  CHECK(b.network.joins.size() == 2);
  // The owner set the WiFi again, to the same name: that is worth another try.
  b.transport.deliver({{"type", "SETTINGS"}, {"cmdId", "w1"},
                       {"settings", {{"wifi_ssid", "Cellar"}, {"wifi_password", "cellar-pass"}}}});
  CHECK(b.network.joins.size() == 3);
}

TEST_CASE("a new WiFi that works is kept and connected through") {
  Bench b;
  b.welcomed(1, {{"wifi_ssid", "Stammtisch"}, {"wifi_password", "hoppy-lager"}});
  CHECK(b.network.joins == std::vector<std::string>{"Stammtisch"});
  b.run(100);
  CHECK(b.storage.values["wssid"] == "Stammtisch");
  CHECK(b.transport.opened.size() == 2);
}

TEST_CASE("own calibration: STATUS calibrated to a 1.1 server, kept for a 1.0 server") {
  Bench b;
  b.cell.factor = 300;
  b.welcomed(0);
  b.run(300);
  REQUIRE(b.scale->tare());
  b.cell.grams = 500;
  b.run(300);
  auto factor = b.scale->calibrate(500);
  REQUIRE(factor.has_value());
  CHECK(*factor == doctest::Approx(300.0));
  CHECK(b.transport.ofType("STATUS").empty());
  b.run(300);
  CHECK(b.transport.ofType("WEIGHT").back()["grams"] == 500.0);
  b.transport.drop();
  b.run(2000);
  b.transport.accept();
  b.transport.deliver(test::welcome(1));
  auto status = b.transport.ofType("STATUS");
  REQUIRE(status.size() == 1);
  CHECK(status[0]["calibrated"].get<double>() == doctest::Approx(300.0));
}

TEST_CASE("key and settings survive a restart") {
  Bench b;
  b.boot();
  b.transport.accept();
  json w = test::welcome(1, {{"calibration_offset", "2.5"}, {"device_name", "Bar"}});
  w["key"] = "k-9";
  b.transport.deliver(w);
  Bench again;
  again.storage.values = b.storage.values;
  again.boot();
  again.transport.accept();
  CHECK(again.transport.ofType("HELLO")[0]["key"] == "k-9");
  CHECK(again.scale->settings().calibrationOffset == 2.5);
  CHECK(again.scale->settings().deviceName == "Bar");
}

TEST_CASE("no answer to HELLO within 10 s: closed and tried again") {
  Bench b;
  b.boot();
  b.transport.accept();
  b.run(10100);
  CHECK(b.transport.closes == 1);
  b.run(1000);
  CHECK(b.transport.opened.size() == 2);
}

TEST_CASE("the display sleeps after sleep_timeout without a game or a change, and wakes on one") {
  Bench b;
  b.welcomed(1, {{"sleep_timeout", "1"}, {"led_brightness", "60"}});
  for (int i = 0; i < 3; ++i) {
    b.run(19000);
    b.transport.deliver({{"type", "PING"}});
  }
  b.run(1000);
  CHECK(b.display.level == 60);
  b.run(2000);
  CHECK(b.display.level == 0);
  b.cell.grams = 300;
  b.run(300);
  CHECK(b.display.level == 60);
}

TEST_CASE("a game runs from CONFIGURE: an IDLE before START keeps the display on, one after START ends it") {
  Bench b;
  b.welcomed(1, {{"sleep_timeout", "1"}, {"led_brightness", "60"}});
  b.transport.deliver({{"type", "CONFIGURE"}, {"cmdId", "c-1"}, {"gameId", 7},
                       {"containerType", "BEER_BOTTLE"},
                       {"players", {{{"id", 1}, {"name", "Anna"}, {"position", 0}},
                                    {{"id", 2}, {"name", "Ben"}, {"position", 1}}}}});
  b.transport.deliver({{"type", "DISPLAY"}, {"phase", "IDLE"}, {"text", "Waiting for the leader"}});
  auto idle = [&](int minutes) {
    for (int i = 0; i < minutes * 3; ++i) {
      b.run(20000);
      b.transport.deliver({{"type", "PING"}});
    }
  };
  idle(2);
  CHECK(b.display.level == 60);  // set up: no sleep
  b.transport.deliver({{"type", "START"}, {"cmdId", "s-1"}, {"gameId", 7}});
  b.transport.deliver({{"type", "DISPLAY"}, {"phase", "IDLE"}, {"text", "Ready: set up a game"}});
  idle(2);
  CHECK(b.display.level == 0);  // over: the sleep timer ran from that IDLE
}

TEST_CASE("first boot joins the sketch's network and keeps it, failed or not") {
  Bench b;
  Config config = Bench::defaults();
  config.bootstrapSsid = "Home";
  config.bootstrapPassword = "home-pass";
  b.network.current = Network::State::Idle;
  b.boot(config);
  CHECK(b.network.joins == std::vector<std::string>{"Home"});
  CHECK(b.storage.values["wssid"] == "Home");
  CHECK(b.storage.values.count("fssid") == 0);
  b.run(100);
  CHECK(b.transport.opened.size() == 1);
}

TEST_CASE("without a configured server it is discovered, and the last one that worked is kept") {
  Bench b;
  Config config = Bench::defaults();
  config.serverUrl = "";
  std::string answer;
  config.discover = [&answer] { return answer; };
  b.boot(config);
  CHECK(b.transport.opened.empty());
  CHECK(b.scale->page().title == "No server found");
  answer = "ws://192.0.2.7:3000/ws/device";
  b.run(1000);
  REQUIRE(b.transport.opened.size() == 1);
  CHECK(b.transport.opened[0] == answer);
  b.transport.accept();
  b.transport.deliver(test::welcome(1));
  CHECK(b.storage.values["server"] == answer);
  answer = "";  // multicast blocked now: the last server that worked is tried
  b.transport.drop();
  b.run(1000);
  CHECK(b.transport.opened.back() == "ws://192.0.2.7:3000/ws/device");
}
