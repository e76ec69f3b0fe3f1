#include "worker/daemon/bundle.h"

#include <zlib.h>

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <system_error>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/valid_text.h"

namespace judkins {
namespace {

namespace fs = std::filesystem;

// The POSIX tar format (ustar, with GNU and pax long names): 512-byte blocks,
// a header block per member, its data padded to whole blocks, two zero
// blocks at the end.
constexpr size_t kBlock = 512;
constexpr size_t kNameOffset = 0, kNameSize = 100;
constexpr size_t kModeOffset = 100, kModeSize = 8;
constexpr size_t kSizeOffset = 124, kSizeSize = 12;
constexpr size_t kChecksumOffset = 148, kChecksumSize = 8;
constexpr size_t kTypeOffset = 156;
constexpr size_t kMagicOffset = 257;
constexpr size_t kPrefixOffset = 345, kPrefixSize = 155;
constexpr mode_t kExecutableBits = 0111;
// A GNU long name or a pax header: a path and a few records, never more.
constexpr uint64_t kMaxExtendedHeaderBytes = 64 * 1024;
// What marks a folder as this artifact's whole unpacking.
constexpr absl::string_view kUnpackedMark = ".judkins-bundle-";

using Block = std::array<char, kBlock>;

// Reads the archive block by block; zlib reads a plain file as it is.
class BlockReader {
 public:
  explicit BlockReader(const std::string& path) : file_(gzopen(path.c_str(), "rb"), &gzclose) {}
  bool open() const { return file_ != nullptr; }
  // False at the end of the file; DataLoss for a part of a block.
  absl::StatusOr<bool> Next(Block& block) {
    const int got = gzread(file_.get(), block.data(), kBlock);
    if (got == 0) return false;
    if (got != int(kBlock))
      return absl::DataLossError("the archive ends inside a block (not a tar file, or cut short)");
    return true;
  }

 private:
  std::unique_ptr<gzFile_s, decltype(&gzclose)> file_;
};

std::string Field(const Block& block, size_t offset, size_t size) {
  const char* start = block.data() + offset;
  return std::string(start, strnlen(start, size));
}

// An octal number field (NUL- or space-terminated).
absl::StatusOr<uint64_t> Octal(const Block& block, size_t offset, size_t size, absl::string_view what) {
  const std::string text(absl::StripAsciiWhitespace(Field(block, offset, size)));
  uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '7')
      return absl::DataLossError(absl::StrCat("a member's ", what, " is not octal (not a tar file)"));
    value = value * 8 + uint64_t(c - '0');
  }
  return value;
}

bool Checks(const Block& block) {
  absl::StatusOr<uint64_t> stored = Octal(block, kChecksumOffset, kChecksumSize, "checksum");
  if (!stored.ok()) return false;
  uint64_t sum = 0;
  for (size_t i = 0; i < kBlock; ++i)
    sum += (i >= kChecksumOffset && i < kChecksumOffset + kChecksumSize) ? uint8_t(' ') : uint8_t(block[i]);
  return sum == *stored;
}

bool AllZero(const Block& block) {
  for (char c : block)
    if (c != 0) return false;
  return true;
}

// A member's path made safe, or an error naming it: relative, inside.
absl::StatusOr<std::string> SafePath(absl::string_view path) {
  while (absl::ConsumePrefix(&path, "./")) {
  }
  while (absl::ConsumeSuffix(&path, "/")) {
  }
  if (!IsInnerPath(path, contract::kMaxBundlePathBytes))
    return absl::DataLossError("not a relative path inside the bundle (absolute, or going up with '..')");
  return std::string(path);
}

// The data of a member, read whole (a long name's).
absl::StatusOr<std::string> ReadData(BlockReader& reader, uint64_t size) {
  std::string data;
  Block block;
  for (uint64_t left = size; left > 0; left -= std::min<uint64_t>(left, kBlock)) {
    absl::StatusOr<bool> more = reader.Next(block);
    if (!more.ok()) return more.status();
    if (!*more) return absl::DataLossError("the archive ends inside a member");
    data.append(block.data(), std::min<uint64_t>(left, kBlock));
  }
  return data;
}

// A pax header's "path" record ("LEN path=VALUE\n" lines), if any.
std::string PaxPath(absl::string_view records) {
  for (absl::string_view line : absl::StrSplit(records, '\n')) {
    const size_t space = line.find(' ');
    if (space != absl::string_view::npos && absl::StartsWith(line.substr(space + 1), "path="))
      return std::string(line.substr(space + 6));
  }
  return "";
}

absl::Status Unpack(const std::string& archive, const fs::path& into) {
  BlockReader reader(archive);
  if (!reader.open()) return absl::UnavailableError(absl::StrCat("cannot read the bundle ", archive));
  uint64_t total = 0;
  int members = 0;
  std::string long_name;  // from a GNU 'L' or pax 'x' header, for the next member
  Block header;
  while (true) {
    absl::StatusOr<bool> more = reader.Next(header);
    if (!more.ok()) return more.status();
    if (!*more || AllZero(header)) return members > 0 ? absl::OkStatus() : absl::DataLossError("the bundle is empty");
    if (!Checks(header)) return absl::DataLossError("a header's checksum is wrong (not a tar file)");
    absl::StatusOr<uint64_t> size = Octal(header, kSizeOffset, kSizeSize, "size");
    if (!size.ok()) return size.status();
    absl::StatusOr<uint64_t> mode = Octal(header, kModeOffset, kModeSize, "mode");
    if (!mode.ok()) return mode.status();
    const char type = header[kTypeOffset];
    if (type == 'L' || type == 'x' || type == 'g') {
      // Read whole: bounded, however far a crafted archive inflates.
      if (*size > kMaxExtendedHeaderBytes)
        return absl::DataLossError(
            absl::StrCat("an extended header of ", *size, " bytes (at most ", kMaxExtendedHeaderBytes, ")"));
      absl::StatusOr<std::string> data = ReadData(reader, *size);
      if (!data.ok()) return data.status();
      if (type == 'L') long_name = std::string(data->c_str());
      if (type == 'x') long_name = PaxPath(*data);
      continue;
    }
    std::string raw = long_name;
    long_name.clear();
    if (raw.empty()) {
      raw = Field(header, kNameOffset, kNameSize);
      const bool ustar = absl::StartsWith(Field(header, kMagicOffset, 6), "ustar");
      if (const std::string prefix = Field(header, kPrefixOffset, kPrefixSize); ustar && !prefix.empty())
        raw = absl::StrCat(prefix, "/", raw);
    }
    if (raw == "." || raw == "./") continue;  // the archive's own top folder
    absl::StatusOr<std::string> path = SafePath(raw);
    if (!path.ok())
      return absl::DataLossError(absl::StrCat("bundle member ", Quoted(raw), ": ", path.status().message()));
    if (++members > kMaxBundleMembers)
      return absl::DataLossError(absl::StrCat("the bundle holds more than ", kMaxBundleMembers, " members"));
    const fs::path target = into / *path;
    std::error_code error;
    if (type == '5') {
      fs::create_directories(target, error);
      if (error) return absl::UnavailableError(absl::StrCat("cannot make ", target.string(), ": ", error.message()));
      continue;
    }
    if (type != '0' && type != '\0')
      return absl::DataLossError(absl::StrCat("bundle member ", Quoted(raw), " is a ",
                                              type == '2'   ? "symbolic link"
                                              : type == '1' ? "hard link"
                                                            : "special file",
                                              ": bundles hold files and folders only"));
    if ((total += *size) > kMaxBundleBytes)
      return absl::DataLossError(absl::StrCat("the bundle unpacks to more than ", kMaxBundleBytes, " bytes"));
    fs::create_directories(target.parent_path(), error);
    if (error) return absl::UnavailableError(absl::StrCat("cannot make ", target.parent_path().string()));
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    Block block;
    for (uint64_t left = *size; left > 0; left -= std::min<uint64_t>(left, kBlock)) {
      absl::StatusOr<bool> read = reader.Next(block);
      if (!read.ok()) return read.status();
      if (!*read) return absl::DataLossError(absl::StrCat("the archive ends inside ", Quoted(raw)));
      out.write(block.data(), std::streamsize(std::min<uint64_t>(left, kBlock)));
    }
    if (!out.flush()) return absl::UnavailableError(absl::StrCat("cannot write ", target.string()));
    out.close();
    const fs::perms perms = (*mode & kExecutableBits) ? fs::perms(0755) : fs::perms(0644);
    fs::permissions(target, perms, error);
  }
}

}  // namespace

absl::StatusOr<std::string> UnpackBundle(const std::string& archive, const std::string& archive_sha256,
                                         const std::string& folder, const std::string& program) {
  if (!IsInnerPath(program, contract::kMaxBundlePathBytes))
    return absl::InvalidArgumentError(absl::StrCat("bundle program ", Quoted(program), ": not a path inside it"));
  const fs::path mark = fs::path(folder) / absl::StrCat(kUnpackedMark, archive_sha256);
  std::error_code error;
  if (!fs::exists(mark, error)) {
    // Unpacked beside its folder and renamed over it: an interruption leaves
    // no half-unpacked folder that looks whole.
    const fs::path unpacking = fs::path(folder + ".unpacking");
    fs::remove_all(unpacking, error);
    fs::create_directories(unpacking, error);
    if (error) return absl::UnavailableError(absl::StrCat("cannot make ", unpacking.string(), ": ", error.message()));
    if (absl::Status s = Unpack(archive, unpacking); !s.ok()) {
      fs::remove_all(unpacking, error);
      return s;
    }
    std::ofstream(unpacking / mark.filename()) << archive_sha256 << "\n";
    fs::remove_all(folder, error);
    fs::rename(unpacking, folder, error);
    if (error) return absl::UnavailableError(absl::StrCat("cannot move the bundle to ", folder, ": ", error.message()));
  }
  const fs::path path = fs::path(folder) / program;
  if (!fs::is_regular_file(path, error))
    return absl::NotFoundError(absl::StrCat("the bundle has no program ", Quoted(program)));
  fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add,
                  error);
  return path.string();
}

}  // namespace judkins
