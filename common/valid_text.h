// Text from outside (an engine's output) made safe for a proto3 `string`
// field, a log line or a game record: valid UTF-8 with no control bytes.
// Proto3 refuses to parse a string field that is not UTF-8, so one stray
// byte in a reason or a record would make a whole report unreadable.
#ifndef JUDKINS_COMMON_VALID_TEXT_H_
#define JUDKINS_COMMON_VALID_TEXT_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace judkins {

// Valid UTF-8 sequences are kept (tabs too); every other byte, NUL and the
// other control characters included, is written as the escape \xNN, so a
// person can still see what was sent. At most `max_bytes` of the result are
// kept (cut on a character boundary, "..." appended).
std::string ValidText(absl::string_view bytes, size_t max_bytes = std::string::npos);

// True when ValidText would return the bytes unchanged.
bool IsValidText(absl::string_view bytes);

// The most of an input an error message quotes: enough to recognise it,
// never the megabyte someone sent (an error must not be larger than a
// message may be, nor fill a log).
inline constexpr size_t kMaxQuotedBytes = 80;

// `bytes` between single quotes for an error message: ValidText cut to
// kMaxQuotedBytes.
std::string Quoted(absl::string_view bytes);

// A name a person gave (an engine's, a worker's, a book's): printable text
// (valid UTF-8, no control characters, tabs and line breaks included) of 1 to
// max_bytes bytes. Names reach records, logs and terminals as they are.
bool IsPrintableName(absl::string_view name, size_t max_bytes);

// A name that is safe as one component of a path (a book's, read as
// DIR/NAME.sfen): 1 to max_bytes ASCII letters, digits, '.', '_' and '-', not
// starting with '.', so never "..", a hidden file or a path.
bool IsPlainFileName(absl::string_view name, size_t max_bytes);

// A path that stays inside the folder it is read from (a program's inside an
// engine bundle): printable, 1 to max_bytes bytes, relative, no ".." part.
bool IsInnerPath(absl::string_view path, size_t max_bytes);

}  // namespace judkins

#endif  // JUDKINS_COMMON_VALID_TEXT_H_
