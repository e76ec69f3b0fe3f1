// One command-line experience for every judkins program, on CLI11: `--help`
// prints the usage with every option, its description and its default, and
// exits 0; `--version` prints the version; an error names the option, ends
// with a newline and exits 2. Daemons also read a config file (`--config
// FILE`, TOML or INI as CLI11 reads it), flags on the command line overriding
// it. Each program declares its options on a CLI::App and calls
// ParseCommandLine; nothing else parses argv.
#ifndef JUDKINS_COMMON_COMMAND_LINE_H_
#define JUDKINS_COMMON_COMMAND_LINE_H_

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace judkins {

// Exit codes every program shares.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the command ran and failed
inline constexpr int kExitUsage = 2;    // the command line was wrong

// Gives `app` (a program, before its subcommands are added) what every
// judkins command line has: --version, help that shows defaults, positional
// words and options in any order, and the last of a repeated option winning.
void SetUpCommandLine(CLI::App& app);

// Adds `--config FILE`: options read from a TOML or INI file (`name = value`,
// the option's long name without dashes); the command line overrides it.
void AddConfigFile(CLI::App& app);

// Parses `words`, the arguments after the program's name. Returns the exit
// code when the program must stop now: kExitOk once --help or --version is
// printed on `out`; kExitUsage once the error, naming the option, is printed
// on `err`. std::nullopt when the command should run.
std::optional<int> ParseCommandLine(CLI::App& app, const std::vector<std::string>& words, std::ostream& out,
                                    std::ostream& err);

// Parses `words` for a caller that needs no help or version (tests, and
// commands built from other commands' words): any parse error, or a request
// for help, is an InvalidArgument naming the option.
absl::Status ParseWords(CLI::App& app, const std::vector<std::string>& words);

// Prints "PROGRAM: MESSAGE\n" on `err` and returns `code`: the one way a
// command reports that it failed.
int Fail(std::ostream& err, absl::string_view program, absl::string_view message, int code = kExitFailure);

// The program and subcommands the user chose, as "judkins test create".
std::string CommandPath(const CLI::App& app);

// Repeatable options whose values are key=value words, in the style of
// fastchess and cutechess-cli: `--engine cmd=PATH name=N option.Hash=16`.
// Declared with AddKeyValueOption, each occurrence is one group.
using KeyValueGroups = std::vector<std::vector<std::string>>;
CLI::Option* AddKeyValueOption(CLI::App& app, const std::string& name, KeyValueGroups& groups,
                               const std::string& description);

// The key=value words of one group; a word without '=' or a key given twice
// is an error naming the option.
absl::StatusOr<std::multimap<std::string, std::string>> KeyValues(absl::string_view option,
                                                                  const std::vector<std::string>& words);

// A key's whole-number value within [low, high] ("ready-timeout=120"), or
// an error naming the option, the key, the bounds and `unit`.
absl::StatusOr<uint32_t> BoundedKeyValue(absl::string_view option, absl::string_view key, absl::string_view value,
                                         uint32_t low, uint32_t high, absl::string_view unit);

}  // namespace judkins

#endif  // JUDKINS_COMMON_COMMAND_LINE_H_
