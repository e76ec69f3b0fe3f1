// `judkins-tune texel` for each variant, as a user runs it: games of standard
// shogi recorded by `judkins-worker match` are fitted with the standard-shogi
// edition's evaluation, and the params file it writes loads into
// judkins-engine-shogi; records of another variant are refused by name.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/read_file.h"
#include "tests/support/run_command.h"
#include "tests/support/scratch_directory.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

// Plays a short self-play match of standard shogi and returns its records' path.
std::string RecordShogiGames(const testing::ScratchDirectory& scratch) {
  const std::string records = scratch.path() + "/shogi.pgn";
  const testing::CommandResult match = testing::RunCommand({JUDKINS_WORKER_PATH,
                                                            "match",
                                                            "--variant",
                                                            "shogi",
                                                            "--engine",
                                                            "cmd=" JUDKINS_ENGINE_SHOGI_PATH,
                                                            "name=a",
                                                            "--engine",
                                                            "cmd=" JUDKINS_ENGINE_SHOGI_PATH,
                                                            "name=b",
                                                            "--nodes",
                                                            "800",
                                                            "--openings",
                                                            "file=" JUDKINS_SOURCE_DIR "/books/shogi/default.sfen",
                                                            "--pairs",
                                                            "6",
                                                            "--concurrency",
                                                            "2",
                                                            "--records",
                                                            records,
                                                            "--quiet"},
                                                           scratch.path() + "/match.err", absl::Minutes(5));
  EXPECT_EQ(match.exit_code, 0) << match.err;
  return records;
}

TEST(TexelVariantsTest, AStandardShogiFitWritesParametersTheShogiEditionLoads) {
  testing::ScratchDirectory scratch("texel-shogi");
  const std::string records = RecordShogiGames(scratch);
  const std::string params = scratch.path() + "/shogi.params";
  const testing::CommandResult fit = testing::RunCommand(
      {JUDKINS_TUNE_PATH, "texel", "--variant", "shogi", "--records", records, "--rounds", "1", "--iterations", "20",
       "--tune", "LanceValue", "--tune", "PawnRank9", "--skip-plies", "4", "--out", params},
      scratch.path() + "/texel.err", absl::Minutes(5));
  ASSERT_EQ(fit.exit_code, 0) << fit.err;
  EXPECT_THAT(fit.out, HasSubstr("load it with judkins-engine-shogi --params"));
  absl::StatusOr<std::string> written = ReadFile(params);
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_THAT(*written, HasSubstr("LanceValue,"));
  const testing::CommandResult loaded =
      testing::RunCommand({JUDKINS_ENGINE_SHOGI_PATH, "params", "--params", params}, scratch.path() + "/params.err");
  EXPECT_EQ(loaded.exit_code, 0) << loaded.err;
  // The Judkins edition's engine refuses the file at the first weight it cannot
  // take, named: shogi's knight value is beyond Judkins's fitted range (and
  // Judkins has no lance at all).
  const testing::CommandResult judkins =
      testing::RunCommand({JUDKINS_ENGINE_PATH, "params", "--params", params}, scratch.path() + "/judkins.err");
  EXPECT_NE(judkins.exit_code, 0);
  EXPECT_THAT(judkins.err, HasSubstr("shogi.params:4: parameter KnightValue = 450 is outside"));
}

TEST(TexelVariantsTest, ASearchParameterIsRefusedByNameBeforeAnyRecordIsRead) {
  testing::ScratchDirectory scratch("texel-search-param");
  const std::string records = scratch.path() + "/empty.pgn";
  std::ofstream(records).flush();
  const testing::CommandResult fit = testing::RunCommand({JUDKINS_TUNE_PATH, "texel", "--variant", "shogi", "--records",
                                                          records, "--tune", "PawnValue", "--tune", "FutilityMargin"},
                                                         scratch.path() + "/texel.err");
  EXPECT_NE(fit.exit_code, 0);
  EXPECT_THAT(fit.err, HasSubstr("--tune: FutilityMargin is a search parameter"));
  EXPECT_THAT(fit.err, HasSubstr("judkins-tune spsa"));
}

TEST(TexelVariantsTest, RecordsOfAnotherVariantAreRefusedNamingIt) {
  testing::ScratchDirectory scratch("texel-wrong-variant");
  const std::string records = RecordShogiGames(scratch);
  const testing::CommandResult fit =
      testing::RunCommand({JUDKINS_TUNE_PATH, "texel", "--records", records, "--out", scratch.path() + "/x.params"},
                          scratch.path() + "/texel.err");
  EXPECT_NE(fit.exit_code, 0);
  EXPECT_THAT(fit.err, HasSubstr("a shogi game"));
  EXPECT_THAT(fit.err, HasSubstr("give --variant shogi"));
  const testing::CommandResult unknown = testing::RunCommand(
      {JUDKINS_TUNE_PATH, "texel", "--variant", "chess", "--records", records}, scratch.path() + "/unknown.err");
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_THAT(unknown.err, HasSubstr("--variant"));
}

}  // namespace
}  // namespace judkins
