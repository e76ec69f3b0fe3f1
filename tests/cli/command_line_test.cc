// Every program and every subcommand, run as a user runs them: --help and
// --version answer on stdout and exit 0; a bad option and each missing
// required option are named on one line of stderr, exit 2. And a daemon's
// --config file, overridden by its flags.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "common/version.h"
#include "tests/support/run_command.h"
#include "tests/support/scratch_directory.h"
#include "worker/cli/run_command.h"
#include "worker/daemon/last_contact.h"

namespace judkins {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;

struct Program {
  const char* path;
  const char* name;  // as its help and errors call it
};
constexpr Program kEngine{JUDKINS_ENGINE_PATH, "judkins-engine"};
constexpr Program kWorker{JUDKINS_WORKER_PATH, "judkins-worker"};
constexpr Program kCoordinator{JUDKINS_COORDINATOR_PATH, "judkins-coordinator"};
constexpr Program kCli{JUDKINS_CLI_PATH, "judkins"};
constexpr Program kTune{JUDKINS_TUNE_PATH, "judkins-tune"};

// A program and the subcommand words that choose one of its commands.
struct Command {
  Program program;
  std::vector<std::string> words;
  std::string Name() const {
    return words.empty() ? program.name : absl::StrCat(program.name, " ", absl::StrJoin(words, " "));
  }
};

const std::vector<Command>& AllCommands() {
  static const auto* commands = new std::vector<Command>{{kEngine, {}},
                                                         {kEngine, {"bench"}},
                                                         {kEngine, {"params"}},
                                                         {kWorker, {}},
                                                         {kWorker, {"match"}},
                                                         {kWorker, {"run"}},
                                                         {kWorker, {"sprt"}},
                                                         {kWorker, {"health"}},
                                                         {kCoordinator, {}},
                                                         {kCli, {}},
                                                         {kCli, {"engine"}},
                                                         {kCli, {"engine", "upload"}},
                                                         {kCli, {"test"}},
                                                         {kCli, {"test", "create"}},
                                                         {kCli, {"test", "list"}},
                                                         {kCli, {"test", "show"}},
                                                         {kCli, {"test", "stop"}},
                                                         {kCli, {"test", "watch"}},
                                                         {kCli, {"test", "exclude"}},
                                                         {kCli, {"test", "records"}},
                                                         {kCli, {"workers"}},
                                                         {kCli, {"health"}},
                                                         {kTune, {}},
                                                         {kTune, {"spsa"}},
                                                         {kTune, {"spsa", "create"}},
                                                         {kTune, {"show"}},
                                                         {kTune, {"export"}},
                                                         {kTune, {"texel"}}};
  return *commands;
}

class CommandLineTest : public ::testing::Test {
 protected:
  testing::CommandResult Run(const Program& program, std::vector<std::string> words) {
    words.insert(words.begin(), program.path);
    return testing::RunCommand(words, scratch_.path() + "/stderr");
  }
  testing::CommandResult Run(const Command& command, const std::vector<std::string>& more) {
    std::vector<std::string> words = command.words;
    words.insert(words.end(), more.begin(), more.end());
    return Run(command.program, words);
  }
  testing::ScratchDirectory scratch_{testing::CurrentTestName()};
};

TEST_F(CommandLineTest, EveryProgramAndCommandAnswersHelpWithItsUsageAndExitsZero) {
  for (const Command& command : AllCommands()) {
    const testing::CommandResult result = Run(command, {"--help"});
    EXPECT_EQ(result.exit_code, 0) << command.Name();
    EXPECT_THAT(result.out, HasSubstr(absl::StrCat("Usage: ", command.Name()))) << command.Name();
    EXPECT_THAT(result.out, HasSubstr("-h,--help")) << command.Name();
    EXPECT_EQ(result.err, "") << command.Name();
  }
}

TEST_F(CommandLineTest, TheCliReferenceInDocsIsWhatEveryCommandsHelpSays) {
  std::ifstream file(std::string(JUDKINS_SOURCE_DIR) + "/docs/cli.md");
  std::stringstream text;
  text << file.rdbuf();
  // "## judkins test create\n\n```\n<help>```\n" for every command.
  std::map<std::string, std::string> sections;
  for (absl::string_view section : absl::StrSplit(text.str(), "\n## ")) {
    const size_t open = section.find("\n```\n"), close = section.rfind("```\n");
    if (open == absl::string_view::npos || close <= open) continue;
    sections[std::string(section.substr(0, section.find('\n')))] =
        std::string(section.substr(open + 5, close - open - 5));
  }
  for (const Command& command : AllCommands()) {
    if (command.words.size() == 1 &&
        (command.words[0] == "engine" || command.words[0] == "test" || command.words[0] == "spsa"))
      continue;  // groups of commands: their commands have sections
    const auto section = sections.find(command.Name());
    ASSERT_NE(section, sections.end()) << command.Name() << " has no section in docs/cli.md (scripts/cli-reference)";
    EXPECT_EQ(section->second, Run(command, {"--help"}).out)
        << command.Name() << ": docs/cli.md is out of date; run scripts/cli-reference";
  }
}

TEST_F(CommandLineTest, EveryProgramPrintsItsVersion) {
  for (const Program& program : {kEngine, kWorker, kCoordinator, kCli, kTune}) {
    const testing::CommandResult result = Run(program, {"--version"});
    EXPECT_EQ(result.exit_code, 0) << program.name;
    EXPECT_EQ(result.out, absl::StrCat(program.name, " ", kVersion, "\n"));
  }
}

TEST_F(CommandLineTest, EveryProgramAndCommandNamesABadOptionOnOneLineAndExitsTwo) {
  for (const Command& command : AllCommands()) {
    const testing::CommandResult result = Run(command, {"--no-such-option"});
    EXPECT_EQ(result.exit_code, 2) << command.Name();
    EXPECT_THAT(result.err, HasSubstr("--no-such-option")) << command.Name();
    EXPECT_THAT(result.err, EndsWith("\n")) << command.Name();
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << command.Name() << ": " << result.err;
  }
}

// A command line that must be refused: exit 2, the reason on stderr.
struct Refused {
  Command command;
  std::vector<std::string> words;
  std::string named;  // a part of the reason
};

TEST_F(CommandLineTest, EachMissingRequiredOptionIsNamed) {
  const std::string sha(64, 'a');
  const Refused cases[] = {
      {{kWorker, {"match"}}, {"--tc", "1+0"}, "--engine is required"},
      {{kWorker, {"sprt"}}, {"--wdl", "1,2,3", "--elo1", "5"}, "--elo0 is required"},
      {{kWorker, {"sprt"}}, {"--wdl", "1,2,3", "--elo0", "0"}, "--elo1 is required"},
      {{kCli, {"test", "create"}}, {"--base", "sha=" + sha, "--nodes", "100", "--pairs", "2"}, "--dev is required"},
      {{kCli, {"test", "create"}}, {"--dev", "sha=" + sha, "--nodes", "100", "--pairs", "2"}, "--base is required"},
      {{kCli, {"test", "create"}},
       {"--dev", "sha=" + sha, "--base", "sha=" + sha, "--pairs", "2"},
       "give a time control"},
      {{kCli, {"test", "create"}},
       {"--dev", "sha=" + sha, "--base", "sha=" + sha, "--nodes", "100"},
       "give --sprt ... or --pairs N"},
      {{kCli, {"engine", "upload"}}, {}, "path is required"},
      {{kCli, {"test", "show"}}, {}, "id is required"},
      {{kCli, {"test", "exclude"}}, {"3"}, "worker is required"},
      {{kTune, {"spsa", "create"}}, {"--pairs", "10", "--nodes", "100"}, "--engine is required"},
      {{kTune, {"spsa", "create"}}, {"--engine", JUDKINS_ENGINE_PATH, "--nodes", "100"}, "--pairs is required"},
      {{kTune, {"export"}}, {}, "id is required"},
      {{kTune, {"texel"}}, {}, "--records is required"},
      {{kCli, {}}, {}, "A subcommand is required"},
      {{kWorker, {}}, {}, "A subcommand is required"},
  };
  for (const auto& [command, words, named] : cases) {
    const testing::CommandResult result = Run(command, words);
    EXPECT_EQ(result.exit_code, 2) << command.Name() << ": " << result.err;
    EXPECT_THAT(result.err, HasSubstr(named)) << command.Name();
    EXPECT_THAT(result.err, EndsWith("\n")) << command.Name();
  }
}

TEST_F(CommandLineTest, AnOutOfRangeValueIsRefusedWithTheOption) {
  const testing::CommandResult result = Run(kWorker, {"run", "--concurrency", "0"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("--concurrency"));
  EXPECT_THAT(result.err, HasSubstr("not in range 1 to 1024"));
}

TEST_F(CommandLineTest, NumbersAreDecimalAndAnUnsignedOneIsNeverNegative) {
  const std::string sha(64, 'a');
  const Refused cases[] = {
      {{kCli, {"test", "create"}},
       {"--dev", "sha=" + sha, "--base", "sha=" + sha, "--nodes", "100", "--pairs", "0x10"},
       "--pairs: '0x10' is not a decimal non-negative integer"},
      {{kCli, {"test", "show"}}, {"-1"}, "'-1' is not a decimal non-negative integer"},
      {{kCli, {"test", "show"}}, {"0x10"}, "'0x10' is not a decimal"},
      {{kWorker, {"sprt"}}, {"--wdl", "1,2,3", "--elo0", "0x10", "--elo1", "20"}, "'0x10' is not a decimal number"},
      {{kWorker, {"sprt"}}, {"--wdl", "1,2,3", "--elo0", "0", "--elo1", "inf"}, "--elo1"},
      {{kWorker, {"sprt"}}, {"--wdl", "1,2,3", "--elo0", "1e308", "--elo1", "1.7e308"}, "--elo0: a number from"},
      {{kWorker, {"run"}}, {"--concurrency", "0x2"}, "--concurrency"},
  };
  for (const auto& [command, words, named] : cases) {
    const testing::CommandResult result = Run(command, words);
    EXPECT_EQ(result.exit_code, 2) << command.Name() << " " << absl::StrJoin(words, " ") << ": " << result.err;
    EXPECT_THAT(result.err, HasSubstr(named)) << command.Name() << " " << absl::StrJoin(words, " ");
  }
}

TEST_F(CommandLineTest, TheSprtCalculatorTakesWhatItsHelpSaysAndAnswersAtOnceAtEveryBound) {
  // Its help says what alpha and beta may be.
  EXPECT_THAT(Run(kWorker, {"sprt", "--help"}).out, HasSubstr("from 0.0001 to below 0.5"));
  testing::CommandResult result =
      Run(kWorker, {"sprt", "--wdl", "1,2,3", "--elo0", "0", "--elo1", "5", "--beta", "0.5"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("--beta: a probability from 0.0001 up to, not including, 0.5"));
  // Bounds once searched for forever (the command never returned).
  result = Run(kWorker,
               {"sprt", "--pentanomial", "10,20,40,25,12", "--elo0", "-1000", "--elo1", "1000", "--model", "logistic"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

TEST_F(CommandLineTest, TheDaemonReadsItsConfigFileAndItsFlagsOverrideIt) {
  const std::string token = scratch_.path() + "/token", config = scratch_.path() + "/worker.toml";
  std::ofstream(token) << "worker-token-for-tests-0001\n";
  std::ofstream(config) << "# a worker's settings\nconcurrency = 3\nname = \"from-config\"\ngrace = 7.5\n"
                        << "token-file = \"" << token << "\"\n";
  absl::StatusOr<DaemonOptions> options = ParseRunCommand({"--config", config, "--name", "from-flag"});
  ASSERT_TRUE(options.ok()) << options.status();
  EXPECT_EQ(options->concurrency, 3);
  EXPECT_EQ(options->grace, absl::Seconds(7.5));
  EXPECT_EQ(options->name, "from-flag");
  EXPECT_EQ(options->token, "worker-token-for-tests-0001");

  std::ofstream(config) << "concurency = 3\n";  // misspelt: refused, not ignored
  EXPECT_THAT(std::string(ParseRunCommand({"--config", config}).status().message()), HasSubstr("concurency"));
}

TEST_F(CommandLineTest, WorkerHealthTellsAWorkerInTouchFromOneCutOffOrNeverConnected) {
  const std::string work_dir = scratch_.path() + "/worker";
  std::filesystem::create_directories(work_dir);
  testing::CommandResult result = Run(kWorker, {"health", "--work-dir", work_dir});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("no contact with the coordinator yet"));

  LastContact(work_dir + "/" + LastContact::kFileName).Mark();
  result = Run(kWorker, {"health", "--work-dir", work_dir});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("healthy"));

  std::ofstream(work_dir + "/" + LastContact::kFileName) << absl::ToUnixSeconds(absl::Now()) - 1000 << "\n";
  result = Run(kWorker, {"health", "--work-dir", work_dir, "--max-age", "60"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("no answer from the coordinator for 100"));
  EXPECT_THAT(result.err, HasSubstr("more than 60 s"));
}

TEST_F(CommandLineTest, AnEmptyValueAfterAnEqualsSignIsTheEmptyValue) {
  const std::string token = scratch_.path() + "/token";
  std::ofstream(token) << "worker-token-for-tests-0001\n";
  absl::StatusOr<DaemonOptions> options = ParseRunCommand({"--metrics-listen=", "--token-file=" + token, "--name=n"});
  ASSERT_TRUE(options.ok()) << options.status();
  EXPECT_EQ(options->metrics_listen, "");
  EXPECT_EQ(options->name, "n");
}

}  // namespace
}  // namespace judkins
