#include "cli/command_support.h"

namespace judkins {

void ConnectionOptions::Declare(CLI::App& app) {
  constexpr char kGroup[] = "Connection";
  app.fallthrough();  // `judkins test list --server H:P` as well as `judkins --server H:P test list`
  app.add_option("--server", address_.target, "the coordinator's gRPC address")
      ->envname("JUDKINS_SERVER")
      ->group(kGroup);
  app.add_option("--token-file", address_.token_file,
                 "file with the admin token or a personal one (default: $JUDKINS_ADMIN_TOKEN, else the token "
                 "`judkins login` saved)")
      ->group(kGroup);
  app.add_option("--tls-ca", address_.tls.ca_file, "PEM CA: connect with TLS, trusting it")->group(kGroup);
  app.add_option("--tls-cert", address_.tls.cert_file, "PEM client certificate (mutual TLS, with --tls-key)")
      ->group(kGroup);
  app.add_option("--tls-key", address_.tls.key_file, "PEM private key of --tls-cert")->group(kGroup);
}

}  // namespace judkins
