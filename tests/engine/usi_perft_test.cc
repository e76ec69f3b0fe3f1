// The engine binary, spoken to over pipes as a USI client would.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "worker/usi_client/engine_process.h"

namespace judkins {
namespace {

class EngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<std::unique_ptr<EngineProcess>> process = EngineProcess::Start({.argv = {JUDKINS_ENGINE_PATH}});
    ASSERT_TRUE(process.ok()) << process.status();
    engine_ = *std::move(process);
  }
  void Send(absl::string_view line) { ASSERT_TRUE(engine_->WriteLine(line).ok()); }
  // Lines up to and including the first that starts with `last`.
  std::vector<std::string> ReadUntil(absl::string_view last) {
    std::vector<std::string> lines;
    while (true) {
      absl::StatusOr<std::string> line = engine_->ReadLine(absl::Now() + absl::Seconds(20));
      if (!line.ok()) {
        ADD_FAILURE() << line.status() << " waiting for " << last;
        return lines;
      }
      lines.push_back(*line);
      if (absl::StartsWith(*line, last)) return lines;
    }
  }
  std::unique_ptr<EngineProcess> engine_;
};

TEST_F(EngineTest, Handshake) {
  Send("usi");
  const auto lines = ReadUntil("usiok");
  EXPECT_EQ(lines.front(), "id name judkins-engine");
  Send("isready");
  EXPECT_EQ(ReadUntil("readyok").size(), 1u);
}

TEST_F(EngineTest, PerftPrintsOneLinePerRootMoveAndTheTotal) {
  Send("position startpos");
  Send("go perft 3");
  const auto lines = ReadUntil("Nodes searched");
  EXPECT_EQ(lines.back(), "Nodes searched: 6183");
  const auto root_moves = std::count_if(lines.begin(), lines.end() - 1,
                                        [](const std::string& line) { return absl::StrContains(line, ": "); });
  EXPECT_EQ(root_moves, 20);
  EXPECT_NE(std::find(lines.begin(), lines.end(), "6e6d: 346"), lines.end());  // Fairy-Stockfish's count
}

TEST_F(EngineTest, CommandsPipedAtOnceAreAnsweredInOrder) {
  Send("position sfen 4rk/6/4S1/6/6/K5 b P 1\ngo perft 1\nposition startpos moves 6e6d 1b1c\nd\nquit");
  EXPECT_EQ(ReadUntil("Nodes searched").back(), "Nodes searched: 38");
  const auto diagram = ReadUntil("Sfen:");
  EXPECT_EQ(diagram.back(), "Sfen: rbnsgk/6/5p/P5/6/KGSNBR b - 3");
  ReadUntil("Checkers:");
  EXPECT_FALSE(engine_->ReadLine(absl::Now() + absl::Seconds(10)).ok());  // quit closes output
}

TEST_F(EngineTest, BadInputIsAnsweredAndLeavesTheEngineUsable) {
  const std::pair<const char*, const char*> cases[] = {
      {"position sfen rbnsgk/5p/6/6/P5/KGSNB b - 1", "rank f has 5 squares"},
      {"position startpos moves 6e6d 6e6d", "bad move '6e6d': illegal"},
      {"position startpos moves zz", "bad move 'zz'"},
      {"position", "position needs 'startpos' or 'sfen <sfen>'"},
      {"go perft x", "go perft N"},
      {"go perft 99", "go perft N"},
      {"fly", "unknown command 'fly'"}};
  for (const auto& [command, reason] : cases) {
    Send(command);
    const auto lines = ReadUntil("info string error");
    EXPECT_TRUE(absl::StrContains(lines.back(), reason)) << command << " -> " << lines.back();
  }
  Send("go perft 1");
  EXPECT_EQ(ReadUntil("Nodes searched").back(), "Nodes searched: 20");  // the start position stayed
}

}  // namespace
}  // namespace judkins
