// People's accounts and their API tokens (Store's account methods): typed
// rows, with every change in the audit log in its own transaction. What the
// rows may hold and who may change them is decided above, in the domain
// (account_rules.h, permissions.h) and the account manager.
#include "absl/strings/str_cat.h"
#include "coordinator/domain/permissions.h"
#include "coordinator/store/audit_log.h"
#include "coordinator/store/store.h"

namespace judkins {
namespace {

constexpr char kAccountColumns[] = "id, name, role, created, disabled, password_hash";

Store::StoredAccount ReadAccount(const sqlite::Statement& row) {
  Store::StoredAccount stored;
  stored.account.set_id(row.Int(0));
  stored.account.set_name(row.Text(1));
  stored.account.set_role(v1::AccountRole(row.Int(2)));
  stored.account.set_created_unix(row.Int(3));
  stored.account.set_disabled(row.Int(4) != 0);
  stored.password_hash = row.Text(5);
  return stored;
}

absl::StatusOr<Store::StoredAccount> LoadAccount(sqlite::Database& db, const std::string& name) {
  absl::StatusOr<sqlite::Statement> select =
      db.Cached(absl::StrCat("SELECT ", kAccountColumns, " FROM accounts WHERE name = ?"));
  if (!select.ok()) return select.status();
  absl::StatusOr<bool> row = select->Bind(1, name).Step();
  if (!row.ok()) return row.status();
  if (!*row) return absl::NotFoundError(absl::StrCat("name: no account '", name, "'"));
  return ReadAccount(*select);
}

v1::ApiToken ReadToken(const sqlite::Statement& row) {
  v1::ApiToken token;
  token.set_id(row.Int(0));
  token.set_account(row.Text(1));
  token.set_label(row.Text(2));
  token.set_created_unix(row.Int(3));
  return token;
}

}  // namespace

absl::StatusOr<v1::Account> Store::CreateAccount(const std::string& name, const std::string& password_hash,
                                                 v1::AccountRole role, absl::Time now, const Caller& by) {
  return WriteValueInGroup<v1::Account>([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::StatusOr<v1::Account> {
    absl::StatusOr<sqlite::Statement> taken = db_->Cached("SELECT 1 FROM accounts WHERE name = ?");
    if (!taken.ok()) return taken.status();
    absl::StatusOr<bool> exists = taken->Bind(1, name).Step();
    if (!exists.ok()) return exists.status();
    if (*exists) return absl::AlreadyExistsError(absl::StrCat("name: there is an account '", name, "' already"));
    absl::StatusOr<sqlite::Statement> insert =
        db_->Cached("INSERT INTO accounts (name, password_hash, role, created) VALUES (?, ?, ?, ?)");
    if (!insert.ok()) return insert.status();
    if (absl::Status s =
            insert->Bind(1, name).Bind(2, password_hash).Bind(3, int64_t(role)).Bind(4, absl::ToUnixSeconds(now)).Run();
        !s.ok())
      return s;
    v1::Account account;
    account.set_id(db_->last_insert_id());
    account.set_name(name);
    account.set_role(role);
    account.set_created_unix(absl::ToUnixSeconds(now));
    if (absl::Status s = AppendAuditEntry(*db_, absl::ToUnixSeconds(now), by.Label(), "account created",
                                          absl::StrCat(name, " (", RoleWord(role), ")"));
        !s.ok())
      return s;
    return account;
  });
}

absl::StatusOr<Store::StoredAccount> Store::FindAccount(const std::string& name) {
  ReaderPool::Lease reader = readers_->Acquire();
  return LoadAccount(*reader, name);
}

absl::StatusOr<std::vector<v1::Account>> Store::ListAccounts() {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> select =
      reader->Cached(absl::StrCat("SELECT ", kAccountColumns, " FROM accounts ORDER BY name"));
  if (!select.ok()) return select.status();
  std::vector<v1::Account> accounts;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return accounts;
    accounts.push_back(ReadAccount(*select).account);
  }
}

absl::StatusOr<size_t> Store::CountAccounts() {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> select = reader->Cached("SELECT COUNT(*) FROM accounts");
  if (!select.ok()) return select.status();
  absl::StatusOr<bool> row = select->Step();
  if (!row.ok()) return row.status();
  return size_t(select->Int(0));
}

absl::StatusOr<v1::Account> Store::UpdateAccount(const std::string& name, const AccountChange& change, absl::Time now,
                                                 const Caller& by) {
  return WriteValueInGroup<v1::Account>([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::StatusOr<v1::Account> {
    absl::StatusOr<StoredAccount> stored = LoadAccount(*db_, name);
    if (!stored.ok()) return stored.status();
    const int64_t at = absl::ToUnixSeconds(now);
    auto set = [&](const char* sql, auto value, const std::string& action, const std::string& detail)
                   ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
      absl::StatusOr<sqlite::Statement> update = db_->Cached(sql);
      if (!update.ok()) return update.status();
      if (absl::Status s = update->Bind(1, value).Bind(2, int64_t(stored->account.id())).Run(); !s.ok()) return s;
      return AppendAuditEntry(*db_, at, by.Label(), action, detail);
    };
    if (change.role && *change.role != stored->account.role()) {
      if (absl::Status s =
              set("UPDATE accounts SET role = ? WHERE id = ?", int64_t(*change.role), "role changed",
                  absl::StrCat(name, ": ", RoleWord(stored->account.role()), " to ", RoleWord(*change.role)));
          !s.ok())
        return s;
      stored->account.set_role(*change.role);
    }
    if (change.password_hash) {
      if (absl::Status s = set("UPDATE accounts SET password_hash = ? WHERE id = ?",
                               absl::string_view(*change.password_hash), "password changed", name);
          !s.ok())
        return s;
    }
    if (change.disabled && *change.disabled != stored->account.disabled()) {
      if (absl::Status s = set("UPDATE accounts SET disabled = ? WHERE id = ?", int64_t(*change.disabled),
                               *change.disabled ? "account disabled" : "account enabled", name);
          !s.ok())
        return s;
      stored->account.set_disabled(*change.disabled);
    }
    return stored->account;
  });
}

absl::StatusOr<v1::ApiToken> Store::AddToken(const v1::Account& account, const std::string& token_sha256,
                                             const std::string& label, absl::Time now, const Caller& by) {
  return WriteValueInGroup<v1::ApiToken>([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::StatusOr<v1::ApiToken> {
    absl::StatusOr<sqlite::Statement> insert =
        db_->Cached("INSERT INTO api_tokens (account_id, token_sha256, label, created) VALUES (?, ?, ?, ?)");
    if (!insert.ok()) return insert.status();
    if (absl::Status s = insert->Bind(1, int64_t(account.id()))
                             .Bind(2, token_sha256)
                             .Bind(3, label)
                             .Bind(4, absl::ToUnixSeconds(now))
                             .Run();
        !s.ok())
      return s;
    v1::ApiToken token;
    token.set_id(db_->last_insert_id());
    token.set_account(account.name());
    token.set_label(label);
    token.set_created_unix(absl::ToUnixSeconds(now));
    if (absl::Status s = AppendAuditEntry(*db_, token.created_unix(), by.Label(), "token issued",
                                          absl::StrCat("token ", token.id(), " of ", account.name(), ": ", label));
        !s.ok())
      return s;
    return token;
  });
}

absl::StatusOr<std::optional<v1::Account>> Store::AccountForToken(const std::string& token_sha256) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> select = reader->Cached(
      "SELECT a.id, a.name, a.role, a.created, a.disabled, a.password_hash FROM api_tokens t "
      "JOIN accounts a ON a.id = t.account_id WHERE t.token_sha256 = ? AND a.disabled = 0");
  if (!select.ok()) return select.status();
  absl::StatusOr<bool> row = select->Bind(1, token_sha256).Step();
  if (!row.ok()) return row.status();
  if (!*row) return std::nullopt;
  return ReadAccount(*select).account;
}

absl::StatusOr<std::vector<v1::ApiToken>> Store::ListTokens(uint64_t account_id) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Statement> select = reader->Cached(
      "SELECT t.id, a.name, t.label, t.created FROM api_tokens t JOIN accounts a ON a.id = t.account_id "
      "WHERE ? = 0 OR t.account_id = ? ORDER BY t.id");
  if (!select.ok()) return select.status();
  select->Bind(1, int64_t(account_id)).Bind(2, int64_t(account_id));
  std::vector<v1::ApiToken> tokens;
  while (true) {
    absl::StatusOr<bool> row = select->Step();
    if (!row.ok()) return row.status();
    if (!*row) return tokens;
    tokens.push_back(ReadToken(*select));
  }
}

absl::Status Store::RevokeToken(uint64_t token_id, uint64_t owner_account_id, absl::Time now, const Caller& by) {
  return WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) -> absl::Status {
    absl::StatusOr<sqlite::Statement> select = db_->Cached(
        "SELECT t.id, a.name, t.label, t.created FROM api_tokens t JOIN accounts a ON a.id = t.account_id "
        "WHERE t.id = ? AND (? = 0 OR t.account_id = ?)");
    if (!select.ok()) return select.status();
    absl::StatusOr<bool> row =
        select->Bind(1, int64_t(token_id)).Bind(2, int64_t(owner_account_id)).Bind(3, int64_t(owner_account_id)).Step();
    if (!row.ok()) return row.status();
    if (!*row) return absl::NotFoundError(absl::StrCat("token_id: you have no token ", token_id));
    const v1::ApiToken token = ReadToken(*select);
    absl::StatusOr<sqlite::Statement> remove = db_->Cached("DELETE FROM api_tokens WHERE id = ?");
    if (!remove.ok()) return remove.status();
    if (absl::Status s = remove->Bind(1, int64_t(token_id)).Run(); !s.ok()) return s;
    return AppendAuditEntry(*db_, absl::ToUnixSeconds(now), by.Label(), "token revoked",
                            absl::StrCat("token ", token_id, " of ", token.account(), ": ", token.label()));
  });
}

absl::Status Store::AppendAudit(absl::Time now, const Caller& by, const std::string& action,
                                const std::string& detail) {
  return WriteInGroup([&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
    return AppendAuditEntry(*db_, absl::ToUnixSeconds(now), by.Label(), action, detail);
  });
}

absl::StatusOr<v1::AuditLog> Store::GetAuditLog(size_t limit) {
  ReaderPool::Lease reader = readers_->Acquire();
  absl::StatusOr<sqlite::Transaction> snapshot = sqlite::Transaction::BeginRead(*reader);
  if (!snapshot.ok()) return snapshot.status();
  return LoadAuditLog(*reader, limit);
}

}  // namespace judkins
