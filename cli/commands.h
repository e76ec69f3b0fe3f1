// The judkins commands: engine upload; test create, list, show, approve,
// stop, watch, exclude, records; workers; login, whoami, account, token,
// audit (account_commands.h). `judkins --help` lists them.
#ifndef JUDKINS_CLI_COMMANDS_H_
#define JUDKINS_CLI_COMMANDS_H_

#include <iostream>
#include <ostream>
#include <string>
#include <vector>

#include "judkins/v1/coordinator.pb.h"

namespace judkins {

// Runs `judkins WORDS...`; prints results to out and one-line errors to err;
// a password not in a file is read from `in`. Returns the exit code.
int RunCli(const std::vector<std::string>& words, std::ostream& out, std::ostream& err, std::istream& in = std::cin);

// One line for a test, as `test list` and `test watch` print it.
std::string TestLine(const v1::Test& test);

}  // namespace judkins

#endif  // JUDKINS_CLI_COMMANDS_H_
