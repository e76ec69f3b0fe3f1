#include "common/command_line.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/decimal.h"
#include "common/invalid_argument.h"
#include "common/valid_text.h"
#include "common/version.h"

namespace judkins {
namespace {

// Wide enough for the longest option name with its type and default.
constexpr size_t kHelpColumnWidth = 36;

// The words as CLI11 takes them: last first. "--name=" becomes "--name" and
// an empty word, so that it means the empty value (CLI11 would take the next
// word instead: `--metrics-listen= --port-file=F` would listen on "--port-file=F").
std::vector<std::string> ForCli11(const std::vector<std::string>& words) {
  std::vector<std::string> reversed;
  reversed.reserve(words.size());
  for (auto word = words.rbegin(); word != words.rend(); ++word) {
    if (absl::StartsWith(*word, "--") && absl::EndsWith(*word, "=") && word->size() > 3) {
      reversed.emplace_back();
      reversed.push_back(word->substr(0, word->size() - 1));
    } else {
      reversed.push_back(*word);
    }
  }
  return reversed;
}

// CLI11 checks required options before it complains about words it does not
// know; a user who misspelt an option should hear about that first.
void ThrowIfUnexpectedWords(const CLI::App& app) {
  const std::vector<std::string> unexpected = app.remaining(/*recurse=*/true);
  if (!unexpected.empty()) throw CLI::ExtrasError(app.get_name(), unexpected);
}

// CLI11 reads numbers as strtoll and strtod do: "0x10" is 16, and "-1" for
// an unsigned option 2^64 - 1. Every number given must be written in decimal.
void ThrowIfNotDecimal(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    // "UINT", or "UINT:INT in [1 - 1024]" with a validator's description.
    const std::string full_type = option->get_type_name();
    const std::string type = full_type.substr(0, full_type.find(':'));
    const bool integer = type == "INT" || type == "UINT";
    if (!integer && type != "FLOAT") continue;
    for (const std::string& word : option->results())
      if (integer ? !IsDecimalInteger(word, type == "INT") : !IsDecimalNumber(word))
        throw CLI::ValidationError(
            option->get_name(),
            absl::StrCat(Quoted(word), " is not a decimal ",
                         integer ? (type == "INT" ? "integer" : "non-negative integer") : "number"));
  }
  for (const CLI::App* command : app.get_subcommands()) ThrowIfNotDecimal(*command);
}

// Parses, naming unexpected words before missing options.
void Parse(CLI::App& app, const std::vector<std::string>& words) {
  std::vector<std::string> reversed = ForCli11(words);
  try {
    app.parse(reversed);
  } catch (const CLI::RequiredError&) {
    ThrowIfUnexpectedWords(app);
    throw;
  } catch (const CLI::ConversionError&) {
    ThrowIfNotDecimal(app);  // a clearer word on "-1" than CLI11's
    throw;
  }
  ThrowIfNotDecimal(app);
}

}  // namespace

void SetUpCommandLine(CLI::App& app) {
  app.set_version_flag("--version", absl::StrCat(app.get_name(), " ", kVersion));
  app.get_formatter()->column_width(kHelpColumnWidth);
  // An option given twice takes its last value (a wrapper script's flags
  // can then override its own defaults); lists still collect every value.
  app.option_defaults()->always_capture_default()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.positionals_at_end(false);
}

void AddConfigFile(CLI::App& app) {
  app.set_config("--config", "", "read options from this TOML or INI file (name = value); flags override it")
      ->check(CLI::ExistingFile);
  app.allow_config_extras(CLI::config_extras_mode::error);
}

std::optional<int> ParseCommandLine(CLI::App& app, const std::vector<std::string>& words, std::ostream& out,
                                    std::ostream& err) {
  try {
    Parse(app, words);
  } catch (const CLI::CallForHelp&) {
    out << app.help();  // the chosen subcommand's, titled with the whole command
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kExitOk;
  } catch (const CLI::CallForVersion& version) {
    out << version.what() << "\n";
    return kExitOk;
  } catch (const CLI::ParseError& error) {
    return Fail(err, CommandPath(app), absl::StrCat(error.what(), " (see --help)"), kExitUsage);
  }
  return std::nullopt;
}

absl::Status ParseWords(CLI::App& app, const std::vector<std::string>& words) {
  try {
    Parse(app, words);
  } catch (const CLI::ParseError& error) {
    return absl::InvalidArgumentError(error.what());
  }
  return absl::OkStatus();
}

int Fail(std::ostream& err, absl::string_view program, absl::string_view message, int code) {
  err << program << ": " << message << "\n";
  return code;
}

std::string CommandPath(const CLI::App& app) {
  std::string path = app.get_name();
  for (const CLI::App* command = &app; !command->get_subcommands().empty();) {
    command = command->get_subcommands().front();
    absl::StrAppend(&path, " ", command->get_name());
  }
  return path;
}

CLI::Option* AddKeyValueOption(CLI::App& app, const std::string& name, KeyValueGroups& groups,
                               const std::string& description) {
  return app.add_option(name, groups, description)
      ->expected(1, CLI::detail::expected_max_vector_size)
      ->allow_extra_args()
      ->type_name("KEY=VALUE")
      ->default_str("");  // no "=[]" in the help
}

absl::StatusOr<std::multimap<std::string, std::string>> KeyValues(absl::string_view option,
                                                                  const std::vector<std::string>& words) {
  std::multimap<std::string, std::string> pairs;
  for (const std::string& word : words) {
    const size_t equals = word.find('=');
    if (equals == std::string::npos || equals == 0)
      return absl::InvalidArgumentError(absl::StrCat(option, ": expected key=value, got '", word, "'"));
    const std::string key = word.substr(0, equals);
    // Only engine options and arguments may repeat.
    if (pairs.count(key) && !absl::StartsWith(key, "option.") && key != "arg")
      return absl::InvalidArgumentError(absl::StrCat(option, ": '", key, "' given twice"));
    pairs.emplace(key, word.substr(equals + 1));
  }
  return pairs;
}

absl::StatusOr<uint32_t> BoundedKeyValue(absl::string_view option, absl::string_view key, absl::string_view value,
                                         uint32_t low, uint32_t high, absl::string_view unit) {
  uint32_t number = 0;
  if (!ParseDecimal(value, &number) || number < low || number > high)
    return InvalidArgument(option,
                           absl::StrCat(key, " must be ", low, " to ", high, " ", unit, ", got ", Quoted(value)));
  return number;
}

}  // namespace judkins
