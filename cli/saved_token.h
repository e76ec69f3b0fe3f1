// The personal token `judkins login` keeps for later commands: one file,
// readable by its owner alone, in the user's configuration directory. The
// commands use it when neither --token-file nor $JUDKINS_ADMIN_TOKEN says
// otherwise.
#ifndef JUDKINS_CLI_SAVED_TOKEN_H_
#define JUDKINS_CLI_SAVED_TOKEN_H_

#include <string>

#include "absl/status/statusor.h"

namespace judkins {

// $JUDKINS_TOKEN_FILE, else $XDG_CONFIG_HOME/judkins/token, else
// $HOME/.config/judkins/token; an error when none of them is set.
absl::StatusOr<std::string> SavedTokenPath();
// Written to a new file beside it, synced, then renamed over it (mode 0600,
// its directory made 0700 if missing): a crash leaves the old token or the
// new, never half of one.
absl::Status SaveToken(const std::string& path, const std::string& token);

}  // namespace judkins

#endif  // JUDKINS_CLI_SAVED_TOKEN_H_
