// A webhook receiver for Alertmanager in a test: an HTTP server on loopback
// that answers every POST with 200 and keeps the bodies it received.
#ifndef JUDKINS_TESTS_SUPPORT_WEBHOOK_RECEIVER_H_
#define JUDKINS_TESTS_SUPPORT_WEBHOOK_RECEIVER_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"

namespace judkins::testing {

class WebhookReceiver {
 public:
  WebhookReceiver() {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address);
    socklen_t length = sizeof address;
    getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    listen(listener_, 16);
    thread_ = std::thread([this] { Serve(); });
  }
  ~WebhookReceiver() {
    stop_ = true;
    thread_.join();
    close(listener_);
  }
  int port() const { return port_; }
  // Every body received so far, joined.
  std::string Bodies() const {
    absl::MutexLock lock(&mutex_);
    return bodies_;
  }

 private:
  void Serve() {
    while (!stop_) {
      pollfd ready{listener_, POLLIN, 0};
      if (poll(&ready, 1, 100) <= 0) continue;
      const int connection = accept(listener_, nullptr, nullptr);
      if (connection < 0) continue;
      std::string request;
      char buffer[4096];
      // Read the headers, then Content-Length bytes of body.
      size_t body_start = std::string::npos, length = 0;
      for (ssize_t got; (got = read(connection, buffer, sizeof buffer)) > 0;) {
        request.append(buffer, size_t(got));
        if (body_start == std::string::npos && (body_start = request.find("\r\n\r\n")) != std::string::npos) {
          body_start += 4;
          const size_t header = request.find("Content-Length: ");
          if (header != std::string::npos)
            (void)absl::SimpleAtoi(request.substr(header + 16, request.find("\r\n", header) - header - 16), &length);
        }
        if (body_start != std::string::npos && request.size() >= body_start + length) break;
      }
      const std::string reply = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
      (void)!write(connection, reply.data(), reply.size());
      close(connection);
      if (body_start != std::string::npos) {
        absl::MutexLock lock(&mutex_);
        absl::StrAppend(&bodies_, request.substr(body_start), "\n");
      }
    }
  }

  int listener_ = -1, port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  mutable absl::Mutex mutex_;
  std::string bodies_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_WEBHOOK_RECEIVER_H_
