#include "coordinator/http/coalescing_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"

namespace judkins {
namespace {

// A request's bytes read from the socket at most at once; what a read brings
// beyond one request stays for the next (a pipelining client's).
constexpr size_t kReadBufferBytes = 4096;

// Both ends of a socket, as httplib gives them to a request: the numeric
// address and the port.
struct Endpoint {
  std::string address;
  int port = 0;
};

Endpoint EndpointOf(const sockaddr_storage& address) {
  Endpoint endpoint;
  char text[INET6_ADDRSTRLEN] = {};
  if (address.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(address);
    if (inet_ntop(AF_INET, &v4.sin_addr, text, sizeof(text))) endpoint.address = text;
    endpoint.port = ntohs(v4.sin_port);
  } else if (address.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address);
    if (inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof(text))) endpoint.address = text;
    endpoint.port = ntohs(v6.sin6_port);
  }
  return endpoint;
}

template <typename Call>
Endpoint EndpointFrom(Call get_name) {
  sockaddr_storage address = {};
  socklen_t length = sizeof(address);
  if (get_name(reinterpret_cast<sockaddr*>(&address), &length) != 0) return {};
  return EndpointOf(address);
}

int PollOnce(int fd, short events, int timeout_ms, short& happened) {
  pollfd one = {.fd = fd, .events = events, .revents = 0};
  int ready;
  do ready = poll(&one, 1, timeout_ms);
  while (ready < 0 && errno == EINTR);
  happened = one.revents;
  return ready;
}

// One accepted connection as httplib's request parser reads it and its
// response writer writes it. The writer writes a response's status line and
// headers, then its body; a response of known length (every one but the
// event streams and the records' downloads) has its body in memory at that
// point, so its headers are held and go out with the body in one write.
// Anything held also goes out before the connection waits to read (a
// "100 Continue") and when the response ends.
class ConnectionStream final : public httplib::Stream {
 public:
  ConnectionStream(int fd, absl::Duration read_timeout)
      : fd_(fd),
        read_timeout_ms_(int(absl::ToInt64Milliseconds(read_timeout))),
        remote_(EndpointFrom([fd](sockaddr* a, socklen_t* n) { return getpeername(fd, a, n); })),
        local_(EndpointFrom([fd](sockaddr* a, socklen_t* n) { return getsockname(fd, a, n); })) {}

  // Bytes of a next request already read.
  bool HasBuffered() const { return read_begin_ < read_end_; }

  // Sends what the response left held; false if the client is gone.
  bool EndResponse() {
    response_begun_ = false;
    return Send({});
  }

  bool is_readable() const override {
    short happened = 0;
    return HasBuffered() || PollOnce(fd_, POLLIN, read_timeout_ms_, happened) > 0;
  }

  bool is_writable() const override {
    short happened = 0;
    return !failed_ && PollOnce(fd_, POLLOUT, 0, happened) > 0 && (happened & (POLLERR | POLLHUP)) == 0;
  }

  ssize_t read(char* into, size_t size) override {
    if (!HasBuffered()) {
      // The client may be waiting for what is held before it sends more.
      if (!Send({})) return -1;
      if (size >= read_buffer_.size()) return Receive(into, size);
      const ssize_t got = Receive(read_buffer_.data(), read_buffer_.size());
      if (got <= 0) return got;
      read_begin_ = 0;
      read_end_ = size_t(got);
    }
    const size_t taken = std::min(size, read_end_ - read_begin_);
    std::memcpy(into, read_buffer_.data() + read_begin_, taken);
    read_begin_ += taken;
    return ssize_t(taken);
  }

  ssize_t write(const char* data, size_t size) override {
    const absl::string_view bytes(data, size);
    if (!response_begun_) {
      // The status line and headers: held while the body follows at once.
      response_begun_ = true;
      held_.assign(data, size);
      const bool body_follows = absl::StrContains(held_, "\r\nContent-Length: ");
      return body_follows || Send({}) ? ssize_t(size) : -1;
    }
    return Send(bytes) ? ssize_t(size) : -1;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = remote_.address;
    port = remote_.port;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    ip = local_.address;
    port = local_.port;
  }
  socket_t socket() const override { return fd_; }

 private:
  ssize_t Receive(char* into, size_t size) {
    ssize_t got;
    do got = recv(fd_, into, size, 0);
    while (got < 0 && errno == EINTR);
    return got;  // < 0 also when the socket's read timeout passed
  }

  // Sends what is held, then `more`, in as few system calls as the kernel
  // takes them (one, unless the socket's buffer is full).
  bool Send(absl::string_view more) {
    if (failed_) return false;
    size_t held_sent = 0;
    size_t more_sent = 0;
    while (held_sent < held_.size() || more_sent < more.size()) {
      iovec parts[2] = {{held_.data() + held_sent, held_.size() - held_sent},
                        {const_cast<char*>(more.data()) + more_sent, more.size() - more_sent}};
      msghdr message = {};
      message.msg_iov = parts;
      message.msg_iovlen = 2;
      const ssize_t sent = sendmsg(fd_, &message, MSG_NOSIGNAL);
      if (sent < 0 && errno == EINTR) continue;
      if (sent <= 0) {  // the client is gone, or the socket's write timeout passed
        failed_ = true;
        return false;
      }
      const size_t from_held = std::min(size_t(sent), held_.size() - held_sent);
      held_sent += from_held;
      more_sent += size_t(sent) - from_held;
    }
    held_.clear();
    return true;
  }

  const int fd_;
  const int read_timeout_ms_;
  const Endpoint remote_, local_;
  std::array<char, kReadBufferBytes> read_buffer_;
  size_t read_begin_ = 0, read_end_ = 0;
  std::string held_;  // written, not yet sent
  bool response_begun_ = false;
  bool failed_ = false;
};

}  // namespace

bool CoalescingServer::process_and_close_socket(socket_t sock) {
  const absl::Duration read_timeout = absl::Seconds(read_timeout_sec_) + absl::Microseconds(read_timeout_usec_);
  const absl::Duration keep_alive = absl::Seconds(keep_alive_timeout_sec_);
  ConnectionStream stream(sock, read_timeout);
  // Waits for the next request: true once its first bytes are here.
  auto next_request = [&] {
    if (stream.HasBuffered()) return true;
    for (absl::Duration idle; idle < keep_alive; idle += kIdleConnectionCheck) {
      if (svr_sock_ == INVALID_SOCKET) return false;  // stopping
      short happened = 0;
      const int ready = PollOnce(sock, POLLIN, int(absl::ToInt64Milliseconds(kIdleConnectionCheck)), happened);
      if (ready != 0) return ready > 0;  // a request, or the client's close (read then sees it)
    }
    return false;
  };
  bool served = false;
  for (size_t left = keep_alive_max_count_; left > 0 && next_request(); --left) {
    bool client_closes = false;
    served = process_request(stream, /*close_connection=*/left == 1, client_closes, nullptr);
    served = stream.EndResponse() && served;
    if (!served || client_closes) break;
  }
  shutdown(sock, SHUT_RDWR);
  close(sock);
  return served;
}

}  // namespace judkins
