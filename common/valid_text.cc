#include "common/valid_text.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

namespace judkins {
namespace {

// The length of the valid UTF-8 character at the start of `s` (RFC 3629: no
// overlong forms, no surrogates, nothing above U+10FFFF), or 0 if there is
// none there. Printable ASCII and tabs count; other control bytes do not.
size_t ValidCharacterLength(absl::string_view s) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return lead == '\t' || (lead >= 0x20 && lead != 0x7F) ? 1 : 0;
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong
    if (lead == 0xED) high = 0x9F;  // surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // overlong
    if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (s.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (size_t i = 2; i < length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return length;
}

}  // namespace

std::string ValidText(absl::string_view bytes, size_t max_bytes) {
  constexpr absl::string_view kCut = "...";
  std::string text;
  text.reserve(std::min(bytes.size(), max_bytes));
  while (!bytes.empty()) {
    const size_t length = ValidCharacterLength(bytes);
    const std::string piece = length > 0 ? std::string(bytes.substr(0, length))
                                         : absl::StrFormat("\\x%02X", static_cast<unsigned char>(bytes[0]));
    if (max_bytes != std::string::npos && text.size() + piece.size() > max_bytes) {
      while (!text.empty() && text.size() + kCut.size() > max_bytes) {
        // Drop whole characters: continuation bytes go with their lead.
        while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
        if (!text.empty()) text.pop_back();
      }
      if (kCut.size() <= max_bytes) text.append(kCut.data(), kCut.size());
      return text;
    }
    text += piece;
    bytes.remove_prefix(length > 0 ? length : 1);
  }
  return text;
}

bool IsValidText(absl::string_view bytes) {
  // Printable ASCII, nearly all of what engines print, without a call per byte.
  const auto plain = [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x20 && byte < 0x7F;
  };
  bytes.remove_prefix(size_t(std::find_if_not(bytes.begin(), bytes.end(), plain) - bytes.begin()));
  while (!bytes.empty()) {
    const size_t length = ValidCharacterLength(bytes);
    if (length == 0) return false;
    bytes.remove_prefix(length);
  }
  return true;
}

std::string Quoted(absl::string_view bytes) { return absl::StrCat("'", ValidText(bytes, kMaxQuotedBytes), "'"); }

bool IsPrintableName(absl::string_view name, size_t max_bytes) {
  return !name.empty() && name.size() <= max_bytes && name.find('\t') == absl::string_view::npos && IsValidText(name);
}

bool IsPlainFileName(absl::string_view name, size_t max_bytes) {
  const auto plain = [](char c) {
    return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
  };
  return !name.empty() && name.size() <= max_bytes && name.front() != '.' &&
         std::all_of(name.begin(), name.end(), plain);
}

bool IsInnerPath(absl::string_view path, size_t max_bytes) {
  if (!IsPrintableName(path, max_bytes) || path.front() == '/') return false;
  for (absl::string_view part : absl::StrSplit(path, '/'))
    if (part == "..") return false;
  return true;
}

}  // namespace judkins
