// Engine bundles as workers unpack them: archives made by GNU tar (gzip or
// plain, long names in either GNU or POSIX form) unpack whole with their
// executable bits, once per artifact; archives crafted to escape the
// engine's folder, or that are not tar files, are refused by name and leave
// nothing behind.
#include "worker/daemon/bundle.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/read_file.h"
#include "tests/support/run_command.h"
#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

const std::string kSha = std::string(64, 'a');

// One ustar member: header block (with its checksum) and data blocks.
std::string TarMember(const std::string& name, char type, const std::string& data, int mode = 0644) {
  std::array<char, 512> header{};
  auto put = [&](size_t offset, const std::string& text) { text.copy(header.data() + offset, text.size()); };
  put(0, name);
  put(100, absl::StrFormat("%07o", mode));
  put(124, absl::StrFormat("%011o", data.size()));
  header[156] = type;
  put(257, "ustar");
  put(263, "00");
  std::string(8, ' ').copy(header.data() + 148, 8);
  unsigned sum = 0;
  for (char c : header) sum += uint8_t(c);
  put(148, absl::StrFormat("%06o", sum));
  header[154] = '\0';
  std::string member(header.data(), header.size());
  member += data;
  member.append((512 - data.size() % 512) % 512, '\0');
  return member;
}
std::string TarEnd() { return std::string(1024, '\0'); }

class BundleTest : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, const std::string& bytes) {
    const std::string path = scratch_.path() + "/" + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  // Makes a folder of an engine and its evaluation file, archived by GNU tar.
  std::string TarOf(const std::string& archive, const std::vector<std::string>& flags) {
    const std::string source = scratch_.path() + "/source";
    fs::create_directories(source + "/bin");
    fs::create_directories(source + "/eval/" + std::string(120, 'd'));
    Write("source/bin/engine", "#!/bin/sh\necho engine\n");
    fs::permissions(source + "/bin/engine", fs::perms(0755));
    Write("source/eval/nn.bin", std::string(3000, '\x7f'));
    Write("source/eval/" + std::string(120, 'd') + "/deep.bin", "deep");
    std::vector<std::string> words = {"/bin/tar", "-C", source, "-cf", scratch_.path() + "/" + archive};
    words.insert(words.end(), flags.begin(), flags.end());
    words.push_back(".");
    const testing::CommandResult made = testing::RunCommand(words, scratch_.path() + "/tar.stderr");
    EXPECT_EQ(made.exit_code, 0) << made.err;
    return scratch_.path() + "/" + archive;
  }
  std::string Folder() const { return scratch_.path() + "/engines/aaaaaaaaaaaa"; }

  testing::ScratchDirectory scratch_{testing::CurrentTestName()};
};

TEST_F(BundleTest, ArchivesFromGnuTarUnpackWholeWithTheirProgramExecutable) {
  for (const auto& [archive, flags] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"gnu.tar.gz", {"-z"}}, {"posix.tar", {"--format=posix"}}, {"gnu.tar", {"--format=gnu"}}}) {
    SCOPED_TRACE(archive);
    fs::remove_all(Folder());
    absl::StatusOr<std::string> program = UnpackBundle(TarOf(archive, flags), kSha, Folder(), "bin/engine");
    ASSERT_TRUE(program.ok()) << program.status();
    EXPECT_EQ(*program, Folder() + "/bin/engine");
    EXPECT_TRUE(fs::status(*program).permissions() == fs::perms(0755) ||
                (fs::status(*program).permissions() & fs::perms::owner_exec) != fs::perms::none);
    EXPECT_EQ(ReadFile(Folder() + "/eval/nn.bin").value_or(""), std::string(3000, '\x7f'));
    EXPECT_EQ(ReadFile(Folder() + "/eval/" + std::string(120, 'd') + "/deep.bin").value_or(""), "deep");
    EXPECT_FALSE(fs::exists(Folder() + ".unpacking"));
  }
}

TEST_F(BundleTest, AnUnpackedBundleIsNotUnpackedAgainButAnotherArtifactReplacesIt) {
  const std::string archive = TarOf("engine.tar.gz", {"-z"});
  ASSERT_TRUE(UnpackBundle(archive, kSha, Folder(), "bin/engine").ok());
  Write("engines/aaaaaaaaaaaa/eval/nn.bin", "written by the engine");
  ASSERT_TRUE(UnpackBundle(archive, kSha, Folder(), "bin/engine").ok());
  EXPECT_EQ(ReadFile(Folder() + "/eval/nn.bin").value_or(""), "written by the engine");
  ASSERT_TRUE(UnpackBundle(archive, std::string(64, 'b'), Folder(), "bin/engine").ok());
  EXPECT_EQ(ReadFile(Folder() + "/eval/nn.bin").value_or(""), std::string(3000, '\x7f'));
}

TEST_F(BundleTest, MembersThatWouldLeaveTheFolderOrAreNotFilesAreRefusedAndLeaveNothing) {
  const std::string engine = TarMember("engine", '0', "#!/bin/sh\n", 0755);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {engine + TarMember("../escaped", '0', "x") + TarEnd(), "bundle member '../escaped': not a relative path"},
      {engine + TarMember("eval/../../escaped", '0', "x") + TarEnd(), "'eval/../../escaped'"},
      // (An absolute path into the scratch folder: were it written, nothing else is harmed.)
      {engine + TarMember(scratch_.path() + "/escaped", '0', "x") + TarEnd(), "...': not a relative path"},
      {engine + TarMember("eval", '2', "") + TarEnd(), "'eval' is a symbolic link: bundles hold files and folders"},
      {engine + TarMember("hard", '1', "") + TarEnd(), "'hard' is a hard link"},
      {engine + TarMember("fifo", '6', "") + TarEnd(), "'fifo' is a special file"},
      {TarMember("huge", 'x', std::string(70 * 1024, 'p')) + engine + TarEnd(),
       "an extended header of 71680 bytes (at most 65536)"},
      {std::string(2000, 'x'), "checksum is wrong (not a tar file)"},
      {engine.substr(0, 700), "the archive ends inside"},
      {TarEnd(), "the bundle is empty"},
  };
  for (const auto& [bytes, why] : cases) {
    SCOPED_TRACE(why);
    fs::remove_all(Folder());
    absl::StatusOr<std::string> program = UnpackBundle(Write("crafted.tar", bytes), kSha, Folder(), "engine");
    ASSERT_FALSE(program.ok());
    EXPECT_EQ(program.status().code(), absl::StatusCode::kDataLoss);
    EXPECT_THAT(std::string(program.status().message()), HasSubstr(why));
    EXPECT_FALSE(fs::exists(Folder()));
    EXPECT_FALSE(fs::exists(Folder() + ".unpacking"));
    EXPECT_FALSE(fs::exists(scratch_.path() + "/escaped"));
  }
}

TEST_F(BundleTest, AProgramTheBundleLacksOrThatLeavesItIsRefusedByName) {
  const std::string archive = Write("one.tar", TarMember("engine", '0', "#!/bin/sh\n", 0755) + TarEnd());
  absl::StatusOr<std::string> missing = UnpackBundle(archive, kSha, Folder(), "bin/engine");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(missing.status().message()), HasSubstr("the bundle has no program 'bin/engine'"));
  absl::StatusOr<std::string> outside = UnpackBundle(archive, kSha, Folder(), "../engine");
  EXPECT_EQ(outside.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(outside.status().message()), HasSubstr("bundle program '../engine': not a path inside"));
}

}  // namespace
}  // namespace judkins
