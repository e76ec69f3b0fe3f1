// The HTTP server's connection loop as a client's socket sees it: a
// CoalescingServer with routes of its own on a free port, read over real
// loopback connections.
#include "coordinator/http/coalescing_server.h"

#include <gtest/gtest.h>
#include <sys/socket.h>

#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "tests/support/http_get.h"
#include "tests/support/tcp_segments.h"

namespace judkins {
namespace {

constexpr int kRequests = 50;
constexpr size_t kLargeBody = 8 << 20;  // well beyond a socket's send buffer

class CoalescingServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    server_.set_tcp_nodelay(true);  // as the coordinator serves
    server_.set_keep_alive_max_count(2 * kRequests);
    server_.Get("/small", [](const httplib::Request&, httplib::Response& response) {
      response.set_content("small answer", "text/plain");
    });
    server_.Get("/large", [](const httplib::Request&, httplib::Response& response) {
      response.set_content(std::string(kLargeBody, 'x'), "text/plain");
    });
    server_.Get("/ends", [](const httplib::Request& request, httplib::Response& response) {
      response.set_content(
          absl::StrCat(request.remote_addr, " ", request.remote_port, " ", request.local_addr, " ", request.local_port),
          "text/plain");
    });
    server_.Get("/stream", [this](const httplib::Request&, httplib::Response& response) {
      response.set_chunked_content_provider("text/plain", [this](size_t, httplib::DataSink& sink) {
        stream_may_start_.WaitForNotificationWithTimeout(absl::Seconds(30));
        sink.write("first part", 10);
        sink.done();
        return true;
      });
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    ASSERT_GT(port_, 0);
    serving_ = std::thread([this] { server_.listen_after_bind(); });
  }
  void TearDown() override {
    if (!stream_may_start_.HasBeenNotified()) stream_may_start_.Notify();
    server_.stop();
    if (serving_.joinable()) serving_.join();
  }

  CoalescingServer server_;
  int port_ = 0;
  std::thread serving_;
  absl::Notification stream_may_start_;
};

// The raw bytes of a kept-alive client, for what KeptAliveConnection does
// not show: segments, pipelining, and a stream's parts as they come.
class RawConnection {
 public:
  explicit RawConnection(int port) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    EXPECT_TRUE(testing::ConnectLoopback(fd_, port));
    const timeval patience = {.tv_sec = 10, .tv_usec = 0};  // a held answer fails the test, not hangs it
    setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof(patience));
  }
  ~RawConnection() { close(fd_); }
  int fd() const { return fd_; }

  void Send(const std::string& bytes) { ASSERT_EQ(write(fd_, bytes.data(), bytes.size()), ssize_t(bytes.size())); }

  // Reads until `bytes` more have come in all, or the read times out.
  std::string Receive(size_t bytes) {
    std::string got;
    char buffer[65536];
    while (got.size() < bytes) {
      const ssize_t n = read(fd_, buffer, std::min(sizeof(buffer), bytes - got.size()));
      if (n <= 0) break;
      got.append(buffer, size_t(n));
    }
    return got;
  }
  // Reads until `marker` has come, or the read times out or the server closes.
  std::string ReceiveThrough(const std::string& marker) {
    std::string got;
    char byte;
    while (got.find(marker) == std::string::npos && read(fd_, &byte, 1) == 1) got += byte;
    return got;
  }
  // True once the server closed the connection (a read sees its end).
  bool Closed() {
    char byte;
    return read(fd_, &byte, 1) == 0;
  }

 private:
  const int fd_;
};

std::string Get(const std::string& path) { return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n"; }

TEST_F(CoalescingServerTest, AnAnswerOfKnownLengthArrivesAsOneSegment) {
  RawConnection raw(port_);
  raw.Send(Get("/small"));
  const std::string first = raw.ReceiveThrough("small answer");
  ASSERT_NE(first.find("small answer"), std::string::npos) << first;
  const uint32_t before = testing::DataSegmentsIn(raw.fd());
  for (int i = 0; i < kRequests; ++i) {
    raw.Send(Get("/small"));
    const std::string answer = raw.ReceiveThrough("small answer");
    ASSERT_NE(answer.find("Content-Length: 12"), std::string::npos) << answer;
  }
  // httplib's own loop sends the headers and the body apart: two segments each.
  EXPECT_EQ(testing::DataSegmentsIn(raw.fd()) - before, uint32_t(kRequests));
}

TEST_F(CoalescingServerTest, PipelinedRequestsAreAllAnswered) {
  RawConnection raw(port_);
  raw.Send(Get("/small") + Get("/ends") + Get("/small"));
  const std::string answers =
      raw.ReceiveThrough("small answer") + raw.ReceiveThrough("\r\n127.0.0.1 ") + raw.ReceiveThrough("small answer");
  size_t answered = 0;
  for (size_t at = 0; (at = answers.find("HTTP/1.1 200 OK", at)) != std::string::npos; ++at) ++answered;
  EXPECT_EQ(answered, 3u) << answers;
}

TEST_F(CoalescingServerTest, AStreamSendsItsHeadersBeforeItsFirstPart) {
  RawConnection raw(port_);
  raw.Send(Get("/stream"));
  const std::string head = raw.ReceiveThrough("\r\n\r\n");
  EXPECT_NE(head.find("Transfer-Encoding: chunked"), std::string::npos) << head;
  stream_may_start_.Notify();
  EXPECT_NE(raw.ReceiveThrough("0\r\n\r\n").find("a\r\nfirst part\r\n"), std::string::npos);
}

TEST_F(CoalescingServerTest, TheHandlerSeesBothEndsOfTheConnection) {
  RawConnection raw(port_);
  sockaddr_in client = {};
  socklen_t length = sizeof(client);
  ASSERT_EQ(getsockname(raw.fd(), reinterpret_cast<sockaddr*>(&client), &length), 0);
  raw.Send(Get("/ends"));
  const std::string answer = raw.ReceiveThrough(absl::StrCat(" ", port_));
  EXPECT_NE(answer.find(absl::StrCat("\r\n\r\n127.0.0.1 ", ntohs(client.sin_port), " 127.0.0.1 ", port_)),
            std::string::npos)
      << answer;
}

TEST_F(CoalescingServerTest, ABodyLargerThanTheSocketBufferArrivesWhole) {
  RawConnection raw(port_);
  raw.Send(Get("/large"));
  const std::string head = raw.ReceiveThrough("\r\n\r\n");
  ASSERT_NE(head.find(absl::StrCat("Content-Length: ", kLargeBody)), std::string::npos) << head;
  EXPECT_EQ(raw.Receive(kLargeBody), std::string(kLargeBody, 'x'));
}

TEST_F(CoalescingServerTest, StoppingClosesAnIdleKeptAliveConnection) {
  RawConnection raw(port_);
  raw.Send(Get("/small"));
  ASSERT_NE(raw.ReceiveThrough("small answer").find("200 OK"), std::string::npos);
  server_.stop();
  serving_.join();
  EXPECT_TRUE(raw.Closed());
}

}  // namespace
}  // namespace judkins
