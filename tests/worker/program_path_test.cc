// An engine's program is found, or refused with its reason, before a local
// match plays a game: as posix_spawnp would find it, from the engine's
// working directory or through PATH.
#include "worker/usi_client/program_path.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/run_command.h"
#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

std::string WhyNot(const std::string& program, const std::string& working_directory = "") {
  return std::string(CheckProgramRunnable(program, working_directory).message());
}

// A script file at `path`, executable or not.
void WriteScript(const std::string& path, bool executable) {
  std::ofstream(path) << "#!/bin/sh\nexit 0\n";
  chmod(path.c_str(), executable ? 0755 : 0644);
}

TEST(ProgramPathTest, AnExecutableFileIsRunnableByItsPathOrByItsNameInPath) {
  EXPECT_TRUE(CheckProgramRunnable(JUDKINS_ENGINE_PATH, "").ok());
  EXPECT_TRUE(CheckProgramRunnable("sh", "").ok());
}

TEST(ProgramPathTest, EachReasonAProgramCannotRunIsNamed) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  WriteScript(scratch.path() + "/plain", /*executable=*/false);
  EXPECT_EQ(WhyNot("/no/such/engine"), "'/no/such/engine': No such file or directory");
  EXPECT_THAT(WhyNot(scratch.path()), HasSubstr("a directory, not a program"));
  EXPECT_THAT(WhyNot(scratch.path() + "/plain"), HasSubstr("not executable"));
  EXPECT_EQ(WhyNot("no-such-judkins-program"), "'no-such-judkins-program': not found in PATH");
  EXPECT_EQ(WhyNot(""), "the program's path is empty");
}

TEST(ProgramPathTest, ARelativePathIsFoundFromTheEnginesWorkingDirectory) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  std::filesystem::create_directories(scratch.path() + "/engines");
  WriteScript(scratch.path() + "/engines/ours", /*executable=*/true);
  EXPECT_TRUE(CheckProgramRunnable("./ours", scratch.path() + "/engines").ok());
  EXPECT_TRUE(CheckProgramRunnable("engines/ours", scratch.path()).ok());
  EXPECT_THAT(WhyNot("./ours", scratch.path()), HasSubstr("No such file"));
}

TEST(MatchCommandTest, AnEngineCommandThatCannotRunEndsTheMatchBeforeItsFirstGame) {
  testing::ScratchDirectory scratch(testing::CurrentTestName());
  const std::string records = scratch.path() + "/games.pgn";
  // The program and its argument given as one word, as a shell line.
  const testing::CommandResult result = testing::RunCommand(
      {JUDKINS_WORKER_PATH, "match", "--engine", std::string("cmd=") + JUDKINS_ENGINE_PATH + " --params p.json",
       "name=dev", "--engine", "cmd=" JUDKINS_ENGINE_PATH, "name=base", "--nodes", "100", "--pairs", "1", "--records",
       records},
      scratch.path() + "/stderr");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("--engine: dev: cmd='"));
  EXPECT_THAT(result.err, HasSubstr("No such file or directory (cmd= is the program alone; give each of its "
                                    "arguments as arg=)"));
  EXPECT_FALSE(std::filesystem::exists(records));
}

}  // namespace
}  // namespace judkins
