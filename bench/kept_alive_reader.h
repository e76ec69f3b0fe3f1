// A reader of one API path over one kept-alive HTTP/1.1 connection, with
// nothing else: a request is one write, its answer one read or a few (until
// its Content-Length is in). It stands in for a browser on another machine:
// what it spends here is the benchmark's own cost on a shared host, not the
// coordinator's, so it spends as little as a client can (httplib's client
// polls before every read and write, and spent more CPU a request than the
// server that answered it).
#ifndef JUDKINS_BENCH_KEPT_ALIVE_READER_H_
#define JUDKINS_BENCH_KEPT_ALIVE_READER_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace judkins {

class KeptAliveReader {
 public:
  KeptAliveReader(int port, std::string path) : port_(port), path_(std::move(path)) {}
  ~KeptAliveReader() { Disconnect(); }
  KeptAliveReader(const KeptAliveReader&) = delete;
  KeptAliveReader& operator=(const KeptAliveReader&) = delete;

  // GETs the path and reads its answer: Send, then Receive.
  int Get(bool revalidate) { return Send(revalidate) ? Receive() : 0; }

  // Asks for the path, with the ETag of the last 200 if `revalidate`;
  // connects first when the server closed the last connection (as it does
  // after so many requests). False if the connection failed.
  bool Send(bool revalidate) {
    if (fd_ < 0 && !Connect()) return false;
    request_ = absl::StrCat("GET ", path_, " HTTP/1.1\r\nHost: localhost\r\n");
    if (revalidate && !etag_.empty()) absl::StrAppend(&request_, "If-None-Match: ", etag_, "\r\n");
    request_ += "\r\n";
    if (send(fd_, request_.data(), request_.size(), MSG_NOSIGNAL) == ssize_t(request_.size())) return true;
    Disconnect();
    return false;
  }

  // Reads the answer to the last Send: its status (200, or 304 when the
  // server found the ETag current), or 0 if the connection failed.
  int Receive() {
    if (fd_ < 0) return 0;
    // Step 1. The status line and headers.
    size_t head_end;
    while ((head_end = pending_.find("\r\n\r\n")) == std::string::npos)
      if (!ReadMore()) return Fail();
    const absl::string_view head(pending_.data(), head_end + 2);
    int status = 0;
    if (!absl::StartsWith(head, "HTTP/1.1 ") || !absl::SimpleAtoi(head.substr(9, 3), &status)) return Fail();
    size_t body = 0;
    if (const absl::string_view length = Header(head, "Content-Length"); !absl::SimpleAtoi(length, &body))
      return Fail();
    if (status == 200) etag_ = std::string(Header(head, "ETag"));
    // Step 2. The body, read and dropped.
    while (pending_.size() < head_end + 4 + body)
      if (!ReadMore()) return Fail();
    const bool closing = Header(head, "Connection") == "close";
    pending_.erase(0, head_end + 4 + body);
    if (closing) Disconnect();
    return status;
  }

 private:
  // The value of header `name` in `head` (empty if absent).
  static absl::string_view Header(absl::string_view head, absl::string_view name) {
    const size_t at = head.find(absl::StrCat("\r\n", name, ": "));
    if (at == absl::string_view::npos) return {};
    const size_t from = at + name.size() + 4;
    return head.substr(from, head.find("\r\n", from) - from);
  }

  bool ReadMore() {
    char buffer[16384];
    const ssize_t got = recv(fd_, buffer, sizeof(buffer), 0);
    if (got <= 0) return false;
    pending_.append(buffer, size_t(got));
    return true;
  }

  bool Connect() {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address = {};
    address.sin_family = AF_INET;
    address.sin_port = htons(uint16_t(port_));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const int on = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
    if (connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0) return true;
    Disconnect();
    return false;
  }
  void Disconnect() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
    pending_.clear();
  }
  int Fail() {
    Disconnect();
    return 0;
  }

  const int port_;
  const std::string path_;
  int fd_ = -1;
  std::string request_, pending_, etag_;
};

}  // namespace judkins

#endif  // JUDKINS_BENCH_KEPT_ALIVE_READER_H_
