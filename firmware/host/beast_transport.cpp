#include "beast_transport.h"

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <regex>
#include <thread>

namespace beerscale {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

struct Url {
  std::string host;
  std::string port;
  std::string path;
};

bool parseUrl(const std::string& url, Url& out) {
  static const std::regex pattern(R"(^ws://([^/:]+|\[[^\]]+\])(?::(\d+))?(/.*)?$)");
  std::smatch match;
  if (!std::regex_match(url, match, pattern)) return false;
  out.host = match[1].str();
  if (out.host.front() == '[') out.host = out.host.substr(1, out.host.size() - 2);
  out.port = match[2].matched ? match[2].str() : "80";
  out.path = match[3].matched ? match[3].str() : "/";
  return true;
}

struct Event {
  enum class Kind { Open, Text, Closed } kind;
  int generation;
  std::string text;
};

}  // namespace

// One connection: every handler runs on the single I/O thread, so it needs no lock.
struct Connection : std::enable_shared_from_this<Connection> {
  Connection(net::io_context& ioc, int generation, std::function<void(Event)> emit)
      : resolver(ioc), ws(ioc), generation(generation), emit(std::move(emit)) {}

  tcp::resolver resolver;
  websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  std::deque<std::string> outbox;
  bool writing = false;
  bool open = false;
  bool closing = false;
  bool finished = false;
  int generation;
  std::function<void(Event)> emit;
  Url url;

  void start() {
    auto self = shared_from_this();
    resolver.async_resolve(url.host, url.port, [self](beast::error_code ec, auto results) {
      if (ec) return self->fail();
      beast::get_lowest_layer(self->ws).expires_after(std::chrono::seconds(10));
      beast::get_lowest_layer(self->ws).async_connect(
          results, [self](beast::error_code ec, const tcp::endpoint&) { self->connected(ec); });
    });
  }

  void connected(beast::error_code ec) {
    if (ec || closing) return fail();
    beast::get_lowest_layer(ws).expires_never();
    ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    // No Origin header: the server refuses any Origin but file:// (browsers always send one).
    ws.set_option(websocket::stream_base::decorator([](websocket::request_type& request) {
      request.set(beast::http::field::user_agent, "beerscale-reference-firmware");
    }));
    ws.text(true);
    ws.read_message_max(64 * 1024);
    auto self = shared_from_this();
    ws.async_handshake(url.host + ":" + url.port, url.path, [self](beast::error_code ec) {
      if (ec || self->closing) return self->fail();
      self->open = true;
      self->emit({Event::Kind::Open, self->generation, {}});
      self->read();
      self->write();
    });
  }

  void read() {
    auto self = shared_from_this();
    ws.async_read(buffer, [self](beast::error_code ec, std::size_t) {
      if (ec) return self->fail();
      self->emit({Event::Kind::Text, self->generation, beast::buffers_to_string(self->buffer.data())});
      self->buffer.consume(self->buffer.size());
      self->read();
    });
  }

  void queue(std::string text) {
    outbox.push_back(std::move(text));
    write();
  }

  void write() {
    if (writing || !open || closing || outbox.empty()) return;
    writing = true;
    auto self = shared_from_this();
    ws.async_write(net::buffer(outbox.front()), [self](beast::error_code ec, std::size_t) {
      self->writing = false;
      if (ec) return self->fail();
      self->outbox.pop_front();
      self->write();
    });
  }

  void shut() {
    if (closing || finished) return;
    closing = true;
    if (!open) {
      beast::error_code ignored;
      beast::get_lowest_layer(ws).socket().close(ignored);
      finished = true;
      return;
    }
    auto self = shared_from_this();
    ws.async_close(websocket::close_code::normal, [self](beast::error_code) {
      self->finished = true;
      beast::error_code ignored;
      beast::get_lowest_layer(self->ws).socket().close(ignored);
    });
  }

  void fail() {
    if (finished) return;
    finished = true;
    open = false;
    beast::error_code ignored;
    beast::get_lowest_layer(ws).socket().close(ignored);
    emit({Event::Kind::Closed, generation, {}});
  }
};

struct BeastTransport::Impl {
  net::io_context ioc;
  net::executor_work_guard<net::io_context::executor_type> work{ioc.get_executor()};
  std::thread thread;
  std::mutex mutex;
  std::deque<Event> events;
  std::atomic<int> generation{0};
  std::shared_ptr<Connection> connection;  // touched on the I/O thread only

  Impl() : thread([this] { ioc.run(); }) {}
  ~Impl() {
    work.reset();
    ioc.stop();
    thread.join();
  }
  void push(Event event) {
    std::lock_guard<std::mutex> lock(mutex);
    events.push_back(std::move(event));
  }
};

BeastTransport::BeastTransport() : impl_(std::make_unique<Impl>()) {}
BeastTransport::~BeastTransport() = default;

void BeastTransport::open(const std::string& url) {
  int generation = ++impl_->generation;
  Impl* impl = impl_.get();
  Url parsed;
  if (!parseUrl(url, parsed)) {
    impl->push({Event::Kind::Closed, generation, {}});
    return;
  }
  net::post(impl->ioc, [impl, generation, parsed] {
    if (impl->connection) impl->connection->shut();
    auto connection = std::make_shared<Connection>(
        impl->ioc, generation, [impl](Event event) { impl->push(std::move(event)); });
    connection->url = parsed;
    impl->connection = connection;
    connection->start();
  });
}

void BeastTransport::close() {
  ++impl_->generation;  // whatever the old connection still reports is dropped
  Impl* impl = impl_.get();
  net::post(impl->ioc, [impl] {
    if (impl->connection) impl->connection->shut();
  });
}

bool BeastTransport::send(const std::string& text) {
  Impl* impl = impl_.get();
  int generation = impl->generation;
  net::post(impl->ioc, [impl, generation, text] {
    if (impl->connection && impl->connection->generation == generation) {
      impl->connection->queue(text);
    }
  });
  return true;
}

void BeastTransport::poll() {
  std::deque<Event> events;
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    events.swap(impl_->events);
  }
  for (auto& event : events) {
    if (event.generation != impl_->generation || !listener_) continue;
    switch (event.kind) {
      case Event::Kind::Open: listener_->onOpen(); break;
      case Event::Kind::Text: listener_->onText(event.text); break;
      case Event::Kind::Closed: listener_->onClosed(); break;
    }
  }
}

bool BeastTransport::idle() const {
  std::promise<bool> answer;
  auto result = answer.get_future();
  Impl* impl = impl_.get();
  net::post(impl->ioc, [impl, &answer] {
    answer.set_value(!impl->connection || impl->connection->finished);
  });
  return result.get();
}

}  // namespace beerscale
