// How many TCP segments carried data to a connected socket: whether an
// answer came in one segment or in several. Apart in its own file because
// the kernel's <linux/tcp.h> (which has the count) and glibc's
// <netinet/tcp.h> (which httplib and others include) cannot meet.
#ifndef JUDKINS_TESTS_SUPPORT_TCP_SEGMENTS_H_
#define JUDKINS_TESTS_SUPPORT_TCP_SEGMENTS_H_

#include <cstdint>

namespace judkins::testing {

// Segments with data received on `fd` so far; 0 if the kernel does not say.
uint32_t DataSegmentsIn(int fd);

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_TCP_SEGMENTS_H_
