// A plain HTTP/1.0 GET on loopback, enough for /metrics and Prometheus' API,
// and a kept-alive HTTP/1.1 connection for what a browser does with one.
#ifndef JUDKINS_TESTS_SUPPORT_HTTP_GET_H_
#define JUDKINS_TESTS_SUPPORT_HTTP_GET_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

namespace judkins::testing {

// Connects `fd` to `port` on loopback; false if nothing answers there.
inline bool ConnectLoopback(int fd, int port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(uint16_t(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
}

// Sends `request` as it is (an HTTP/1.0 request: the server closes the
// connection after its answer) and returns the whole response, status line,
// headers and body; empty if the connection failed.
inline std::string HttpExchange(int port, const std::string& request) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (!ConnectLoopback(fd, port)) {
    close(fd);
    return "";
  }
  (void)!write(fd, request.data(), request.size());
  std::string response;
  char buffer[4096];
  for (ssize_t got; (got = read(fd, buffer, sizeof buffer)) > 0;) response.append(buffer, size_t(got));
  close(fd);
  return response;
}

// The response body, or empty if the connection failed.
inline std::string HttpGet(int port, const std::string& path) {
  const std::string response = HttpExchange(port, "GET " + path + " HTTP/1.0\r\nHost: localhost\r\n\r\n");
  const size_t body = response.find("\r\n\r\n");
  return body == std::string::npos ? "" : response.substr(body + 4);
}

// One HTTP/1.1 connection kept open across requests, as a browser keeps it.
class KeptAliveConnection {
 public:
  explicit KeptAliveConnection(int port)
      : fd_(socket(AF_INET, SOCK_STREAM, 0)), connected_(ConnectLoopback(fd_, port)) {}
  ~KeptAliveConnection() { close(fd_); }
  KeptAliveConnection(const KeptAliveConnection&) = delete;
  KeptAliveConnection& operator=(const KeptAliveConnection&) = delete;

  // The status line and headers of the answer to a GET of `path` on this
  // connection (its body read and dropped), or empty once the server closed it.
  std::string Head(const std::string& path) {
    const std::string request = "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
    if (!connected_ || write(fd_, request.data(), request.size()) != ssize_t(request.size())) return "";
    size_t end;
    while ((end = pending_.find("\r\n\r\n")) == std::string::npos)
      if (!ReadMore()) return "";
    std::string head = pending_.substr(0, end + 2);
    const size_t length_at = head.find("Content-Length: ");
    const size_t body = length_at == std::string::npos ? 0 : std::stoul(head.substr(length_at + 16));
    while (pending_.size() < end + 4 + body)
      if (!ReadMore()) return "";
    pending_.erase(0, end + 4 + body);
    return head;
  }

 private:
  bool ReadMore() {
    char buffer[4096];
    const ssize_t got = read(fd_, buffer, sizeof buffer);
    if (got <= 0) return false;
    pending_.append(buffer, size_t(got));
    return true;
  }

  const int fd_;
  const bool connected_;
  std::string pending_;  // read, not yet taken
};

// A port that was free a moment ago.
inline int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  close(fd);
  return ntohs(address.sin_port);
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_HTTP_GET_H_
