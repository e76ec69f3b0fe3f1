// cpp-httplib's server with its connection loop replaced, through the
// extension point httplib's own TLS server uses (process_and_close_socket),
// because on a busy API the default loop costs more than the answers: it
// sends a response's headers and its body as two TCP segments (two wakeups
// of the reader, who needs both), polls the socket before every read and
// every write, asks the kernel for both ends' addresses on every request,
// and wakes an idle kept-alive connection every 11 ms. Here a response of
// known length goes out in one write, a read or a write is one system call
// (bounded by the socket's own timeouts, which httplib sets on accept), the
// addresses are read once per connection, and an idle connection sleeps in
// poll until a request comes, its keep-alive time ends or the server stops.
// httplib still parses every request and routes it.
#ifndef JUDKINS_COORDINATOR_HTTP_COALESCING_SERVER_H_
#define JUDKINS_COORDINATOR_HTTP_COALESCING_SERVER_H_

#include <httplib.h>

#include "absl/time/time.h"

namespace judkins {

// How often an idle connection looks whether the server is stopping: the
// longest a stop waits for the connections' threads.
inline constexpr absl::Duration kIdleConnectionCheck = absl::Milliseconds(100);

class CoalescingServer final : public httplib::Server {
 private:
  // Serves one accepted connection until it closes, then closes it.
  bool process_and_close_socket(socket_t sock) override;
};

}  // namespace judkins

#endif  // JUDKINS_COORDINATOR_HTTP_COALESCING_SERVER_H_
