// The words of `judkins test create` and `judkins-tune`, parsed without a
// coordinator: specs, caps, fishtest parameter lines and the export formats.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/commands.h"
#include "cli/test_spec_options.h"
#include "cli/tune_chart.h"
#include "cli/tune_commands.h"

namespace judkins {
namespace {

using ::testing::HasSubstr;

const std::string kSha(64, 'a');

TEST(CommandsTest, ATestsLineShowsControlCharactersOfOldNamesEscapedAndSaysWhenARowIsDamaged) {
  v1::Test test;
  test.set_id(7);
  test.mutable_spec()->mutable_dev()->set_name("evil\x1b]0;pwned\x07");
  test.mutable_spec()->mutable_base()->set_name("base\n[Result \"0-1\"]");
  const std::string line = TestLine(test);
  EXPECT_THAT(line, HasSubstr("#7 evil\\x1B]0;pwned\\x07 vs base\\x0A[Result \"0-1\"]"));
  EXPECT_EQ(line.find('\x1b'), std::string::npos);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  v1::Test damaged;
  damaged.set_id(8);
  damaged.set_damaged("test 8: stored spec does not parse");
  EXPECT_EQ(TestLine(damaged), "#8 damaged: test 8: stored spec does not parse");
}

TEST(CommandsTest, AnSprtWithPairsIsCappedAndStaysAnSprt) {
  for (const std::vector<std::string>& words :
       {std::vector<std::string>{"--dev", "sha=" + kSha, "--base", "sha=" + kSha, "--nodes", "1000", "--sprt", "elo0=0",
                                 "elo1=5", "--pairs", "300"},
        std::vector<std::string>{"--pairs", "300", "--dev", "sha=" + kSha, "--base", "sha=" + kSha, "--nodes", "1000",
                                 "--sprt", "elo0=0", "elo1=5"}}) {
    absl::StatusOr<v1::TestSpec> spec = ParseTestSpec(words);
    ASSERT_TRUE(spec.ok()) << spec.status();
    EXPECT_TRUE(spec->has_sprt());
    EXPECT_EQ(spec->max_pairs(), 300u);
    EXPECT_EQ(spec->sprt().elo1(), 5);
  }
  absl::StatusOr<v1::TestSpec> fixed = ParseTestSpec(
      {"--dev", "sha=" + kSha, "option.Hash=16", "--base", "sha=" + kSha, "--depth", "3", "--pairs", "7"});
  ASSERT_TRUE(fixed.ok()) << fixed.status();
  EXPECT_EQ(fixed->fixed_pairs(), 7u);
  EXPECT_EQ(fixed->dev().options(0).name(), "Hash");
  EXPECT_EQ(ParseTestSpec({"--dev", "sha=" + kSha, "--base", "sha=" + kSha, "--depth", "3"}).status().message(),
            "give --sprt ... or --pairs N");
  EXPECT_THAT(std::string(ParseTestSpec({"--dev", "sha=" + kSha, "--bogus", "1"}).status().message()),
              HasSubstr("--bogus"));
}

TEST(CommandsTest, AnEnginesReadyTimeoutAndSwappedClocksReachItsSpecAndBadValuesAreNamed) {
  absl::StatusOr<v1::TestSpec> spec = ParseTestSpec({"--dev", "sha=" + kSha, "ready-timeout=300", "swap-clocks=true",
                                                     "--base", "sha=" + kSha, "--nodes", "1000", "--pairs", "1"});
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->dev().ready_timeout_seconds(), 300u);
  EXPECT_TRUE(spec->dev().swap_clocks());
  EXPECT_EQ(spec->base().ready_timeout_seconds(), 0u);
  EXPECT_FALSE(spec->base().swap_clocks());
  for (const std::string& bad : {"ready-timeout=0", "ready-timeout=601", "ready-timeout=1m"})
    EXPECT_THAT(std::string(ParseTestSpec(
                                {"--dev", "sha=" + kSha, bad, "--base", "sha=" + kSha, "--nodes", "1", "--pairs", "1"})
                                .status()
                                .message()),
                HasSubstr("ready-timeout must be 1 to 600 seconds"))
        << bad;
  EXPECT_THAT(
      std::string(ParseTestSpec({"--dev", "sha=" + kSha, "swap-clocks=yes", "--base", "sha=" + kSha, "--nodes", "1",
                                 "--pairs", "1"})
                      .status()
                      .message()),
      HasSubstr("unknown key 'swap-clocks' (sha, name, bench, bundle, net, net-option, ready-timeout, swap-clocks, "
                "option.NAME)"));
}

TEST(CommandsTest, ABundlesProgramAndANetWithItsOptionReachTheSpec) {
  absl::StatusOr<v1::TestSpec> spec = ParseTestSpec(
      {"--dev", "sha=" + kSha, "bundle=bin/YaneuraOu", "net=" + std::string(64, 'e'), "--base", "sha=" + kSha,
       "net=" + std::string(64, 'f'), "net-option=EvalDir", "--nodes", "1", "--pairs", "1"});
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->dev().bundle_program(), "bin/YaneuraOu");
  EXPECT_EQ(spec->dev().net().artifact_sha256(), std::string(64, 'e'));
  EXPECT_EQ(spec->dev().net().option(), "EvalFile") << "the default";
  EXPECT_EQ(spec->base().net().option(), "EvalDir");
  EXPECT_TRUE(spec->base().bundle_program().empty());
  EXPECT_FALSE(ParseTestSpec({"--dev", "sha=" + kSha, "--base", "sha=" + kSha, "--nodes", "1", "--pairs", "1"})
                   ->dev()
                   .has_net());
}

TEST(CommandsTest, FishtestParameterLinesAreReadAndBadOnesNamed) {
  absl::StatusOr<std::vector<v1::SpsaParameter>> lines = ParseSpsaParameterLines(
      "# name,start,min,max,c_end,r_end\nPawnValue, 150, 33, 200, 10, 0.02\n\nRookValue,910,216,1300,65,0.002\n");
  ASSERT_TRUE(lines.ok()) << lines.status();
  ASSERT_EQ(lines->size(), 2u);
  EXPECT_EQ((*lines)[0].name(), "PawnValue");
  EXPECT_EQ((*lines)[0].start(), 150);
  EXPECT_EQ((*lines)[1].c_end(), 65);
  EXPECT_EQ((*lines)[1].r_end(), 0.002);
  EXPECT_EQ(ParseSpsaParameterLines("PawnValue,1,2\n").status().message(),
            "line 1: expected name,start,min,max,c_end,r_end");
  EXPECT_EQ(ParseSpsaParameterLines("\n# nothing\n").status().message(), "no parameter lines");
  EXPECT_FALSE(ParseSpsaParameterLines("P,1,0,2,x,0.1\n").ok());
}

TEST(CommandsTest, ExportRoundsWithinTheBoundsAndTheChartHasAPanelPerParameter) {
  v1::Tune tune;
  tune.mutable_test()->set_id(3);
  tune.mutable_test()->mutable_spec()->mutable_spsa()->set_pairs(10);
  tune.set_iterations(4);
  const struct {
    const char* name;
    double value, min, max;
  } parameters[] = {{"PawnValue", 101.6, 33, 200}, {"GoldValue", 920.4, 153, 920}, {"A<b>", -3.5, -10, 10}};
  for (const auto& [name, value, min, max] : parameters) {
    v1::TunedParameter& p = *tune.add_parameters();
    p.mutable_spec()->set_name(name);
    p.mutable_spec()->set_start(value - 1);
    p.mutable_spec()->set_min(min);
    p.mutable_spec()->set_max(max);
    p.mutable_spec()->set_c_end(1);
    p.set_value(value);
  }
  for (uint64_t i : {0, 2, 4}) {
    v1::TuneSnapshot& snapshot = *tune.add_history();
    snapshot.set_iterations(i);
    for (const auto& p : parameters) snapshot.add_theta(p.value - 1 + i / 4.0);
  }
  EXPECT_EQ(ParamsFileOf(tune), "# tune #3 after 4 of 10 pairs\nname,value\nPawnValue,102\nGoldValue,920\nA<b>,-4\n");
  EXPECT_THAT(SetoptionLinesOf(tune), HasSubstr("setoption name GoldValue value 920\n"));
  const std::string svg = ThetaChartSvg(tune);
  EXPECT_EQ(std::count(svg.begin(), svg.end(), '\n') >= 3, true);
  size_t panels = 0;
  for (size_t at = 0; (at = svg.find("<polyline", at)) != std::string::npos; ++at) ++panels;
  EXPECT_EQ(panels, 3u);
  EXPECT_THAT(svg, HasSubstr("A&lt;b&gt;"));  // names are escaped
  EXPECT_THAT(svg, ::testing::Not(HasSubstr("A<b>")));
}

}  // namespace
}  // namespace judkins
