// The USI protocol loop of judkins-engine: reads commands, answers them.
#ifndef JUDKINS_ENGINE_USI_USI_LOOP_H_
#define JUDKINS_ENGINE_USI_USI_LOOP_H_

#include <istream>
#include <ostream>
#include "absl/strings/string_view.h"

#include "absl/status/status.h"
#include "engine/rules/position.h"

namespace judkins {

class UsiLoop {
 public:
  UsiLoop(std::istream& in, std::ostream& out) : in_(in), out_(out), position_(Position::Start()) {}
  // Runs until "quit" or end of input.
  void Run();

 private:
  // Handles one line; returns false on "quit".
  bool Handle(absl::string_view line);
  absl::Status SetPosition(absl::string_view args);
  absl::Status Go(absl::string_view args);

  std::istream& in_;
  std::ostream& out_;
  Position position_;
};

}  // namespace judkins

#endif  // JUDKINS_ENGINE_USI_USI_LOOP_H_
