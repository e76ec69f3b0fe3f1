#include "engine/usi/usi_loop.h"

#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/rules/notation.h"
#include "engine/rules/perft.h"
#include "engine/usi/board_diagram.h"

namespace judkins {
namespace {

// Splits "word rest of line" into the word and the rest.
std::pair<absl::string_view, absl::string_view> FirstWord(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  const size_t space = text.find_first_of(" \t");
  if (space == absl::string_view::npos) return {text, {}};
  return {text.substr(0, space), absl::StripLeadingAsciiWhitespace(text.substr(space))};
}

}  // namespace

void UsiLoop::Run() {
  std::string line;
  while (std::getline(in_, line))
    if (!Handle(line)) break;
}

bool UsiLoop::Handle(absl::string_view line) {
  const auto [command, args] = FirstWord(line);
  absl::Status status;
  if (command.empty()) {
    return true;
  } else if (command == "quit") {
    return false;
  } else if (command == "usi") {
    out_ << "id name judkins-engine\nid author the Judkins developers\nusiok" << std::endl;
  } else if (command == "isready") {
    out_ << "readyok" << std::endl;
  } else if (command == "position") {
    status = SetPosition(args);
  } else if (command == "d") {
    out_ << BoardDiagram(position_) << std::flush;
  } else if (command == "go") {
    status = Go(args);
  } else {
    status = absl::InvalidArgumentError(absl::StrCat("unknown command '", command, "'"));
  }
  if (!status.ok()) out_ << "info string error: " << status.message() << std::endl;
  return true;
}

absl::Status UsiLoop::SetPosition(absl::string_view args) {
  auto [kind, rest] = FirstWord(args);
  absl::string_view sfen, moves;
  if (kind == "startpos") {
    sfen = kStartSfen;
    moves = rest;
  } else if (kind == "sfen") {
    const size_t at = rest.find("moves");
    sfen = rest.substr(0, at);
    moves = at == absl::string_view::npos ? absl::string_view() : rest.substr(at);
  } else {
    return absl::InvalidArgumentError("position needs 'startpos' or 'sfen <sfen>'");
  }
  absl::StatusOr<Position> pos = Position::FromSfen(sfen);
  if (!pos.ok()) return pos.status();
  auto [keyword, move_list] = FirstWord(moves);
  if (!keyword.empty() && keyword != "moves")
    return absl::InvalidArgumentError(absl::StrCat("expected 'moves', got '", keyword, "'"));
  for (absl::string_view text : absl::StrSplit(move_list, ' ', absl::SkipWhitespace())) {
    absl::StatusOr<Move> move = ParseUsiMove(*pos, text);
    if (!move.ok()) return move.status();  // the previous position stays in force
    pos->DoMove(*move);
  }
  position_ = *std::move(pos);
  return absl::OkStatus();
}

absl::Status UsiLoop::Go(absl::string_view args) {
  auto [mode, rest] = FirstWord(args);
  int depth = 0;
  if (mode != "perft" || !absl::SimpleAtoi(rest, &depth) || depth < 1 || depth > 20)
    return absl::InvalidArgumentError("supported: 'go perft N' with N from 1 to 20");
  uint64_t total = 0;
  for (const auto& [move, nodes] : PerftDivide(position_, depth)) {
    out_ << MoveToUsi(move) << ": " << nodes << '\n';
    total += nodes;
  }
  out_ << "\nNodes searched: " << total << std::endl;
  return absl::OkStatus();
}

}  // namespace judkins
