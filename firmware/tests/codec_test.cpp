#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "json_codec_nlohmann.h"

using namespace beerscale;
using nlohmann::json;

TEST_CASE("WELCOME from a 1.1 server has minor 1, from a 1.0 server none") {
  NlohmannCodec codec;
  ServerMessage m;
  REQUIRE(codec.decode(R"({"type":"WELCOME","key":"k1","protocol":1,"minor":1,"settings":{"device_name":"Bar","x":3},"game":{"gameId":42,"containerType":"BEER_BOTTLE","players":[{"id":1,"name":"Anna","position":0}],"started":true},"extra":true})", m));
  CHECK(m.type == ServerMessage::Type::Welcome);
  CHECK(m.key.value() == "k1");
  CHECK(m.minor == 1);
  CHECK(m.settings.at("device_name") == "Bar");
  CHECK(m.settings.count("x") == 0);
  REQUIRE(m.game.has_value());
  CHECK(m.game->gameId == 42);
  CHECK(m.game->players.at(0).name == "Anna");
  CHECK(m.game->started);
  REQUIRE(codec.decode(R"({"type":"WELCOME","protocol":1,"settings":{},"game":null})", m));
  CHECK(m.minor == 0);
  CHECK_FALSE(m.key.has_value());
  CHECK_FALSE(m.game.has_value());
}

TEST_CASE("unknown types decode as Unknown; broken messages do not decode") {
  NlohmannCodec codec;
  ServerMessage m;
  REQUIRE(codec.decode(R"({"type":"FIRMWARE_UPDATE","url":"x"})", m));
  CHECK(m.type == ServerMessage::Type::Unknown);
  CHECK(m.typeName == "FIRMWARE_UPDATE");
  CHECK_FALSE(codec.decode("not json", m));
  CHECK_FALSE(codec.decode("[1,2]", m));
  CHECK_FALSE(codec.decode(R"({"type":7})", m));
  CHECK_FALSE(codec.decode(R"({"type":"CONFIGURE","cmdId":"c","gameId":"42","containerType":"BEER_CAN","players":[]})", m));
  REQUIRE(codec.decode(R"({"type":"REJECT","error":"Key in use by a connected scale","retryAfter":30})", m));
  CHECK(m.retryAfter.value() == 30);
  REQUIRE(codec.decode(R"({"type":"DISPLAY","phase":"SCORING","player":"Ben","target":431,"text":"t"})", m));
  CHECK(m.target.value() == 431);
  CHECK(m.player.value() == "Ben");
}

TEST_CASE("HELLO says protocol 1, minor 1; WEIGHT has one decimal; STATUS has its fields") {
  NlohmannCodec codec;
  json hello = json::parse(codec.encode(ScaleMessage::hello("AABBCCDDEEFF", std::nullopt, "fw", "m")));
  CHECK(hello == json{{"type", "HELLO"}, {"mac", "AABBCCDDEEFF"}, {"protocol", 1}, {"minor", 1},
                      {"firmware", "fw"}, {"model", "m"}});
  json withKey = json::parse(codec.encode(ScaleMessage::hello("AABBCCDDEEFF", "k", "fw", "m")));
  CHECK(withKey["key"] == "k");
  json weight = json::parse(codec.encode(ScaleMessage::weight(512.4499, true, 7)));
  CHECK(weight == json{{"type", "WEIGHT"}, {"grams", 512.4}, {"stable", true}, {"seq", 7}});
  CHECK(json::parse(codec.encode(ScaleMessage::weight(-0.04, false, 1)))["grams"].dump() == "0.0");
  CHECK(json::parse(codec.encode(ScaleMessage::wifiFailed("Cellar"))) ==
        json{{"type", "STATUS"}, {"wifi", "failed"}, {"ssid", "Cellar"}});
  CHECK(json::parse(codec.encode(ScaleMessage::calibratedFactor(412.5))) ==
        json{{"type", "STATUS"}, {"calibrated", 412.5}});
  CHECK(json::parse(codec.encode(ScaleMessage::nack("c1", "no"))) ==
        json{{"type", "NACK"}, {"cmdId", "c1"}, {"error", "no"}});
}
