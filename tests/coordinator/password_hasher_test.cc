// Passwords as Argon2id strings (coordinator/domain/password_hasher.h).
#include "coordinator/domain/password_hasher.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace judkins {
namespace {

TEST(PasswordHasherTest, AHashVerifiesItsPasswordAndNoOther) {
  PasswordHasher hasher;
  absl::StatusOr<std::string> hash = hasher.Hash("correct horse battery");
  ASSERT_TRUE(hash.ok()) << hash.status();
  EXPECT_TRUE(hash->starts_with("$argon2id$")) << *hash;
  EXPECT_EQ(*hasher.Verify("correct horse battery", *hash), true);
  EXPECT_EQ(*hasher.Verify("correct horse batterY", *hash), false);
  // Salted: the same password hashes differently each time.
  EXPECT_NE(*hasher.Hash("correct horse battery"), *hash);
}

TEST(PasswordHasherTest, AnEmptyOrMalformedHashMatchesNothing) {
  PasswordHasher hasher;
  EXPECT_EQ(*hasher.Verify("a password no account has", ""), false);
  EXPECT_EQ(*hasher.Verify("anything", "$argon2id$v=19$m=garbage"), false);
  EXPECT_EQ(*hasher.Verify("anything", std::string(1000, '$')), false);
}

TEST(PasswordHasherTest, ManyCallersAtOnceAreServedInTurns) {
  PasswordHasher hasher;
  const absl::StatusOr<std::string> hash = hasher.Hash("correct horse battery");
  ASSERT_TRUE(hash.ok());
  std::vector<std::thread> callers;
  std::atomic<int> verified = 0;
  for (int i = 0; i < 6; ++i)
    callers.emplace_back([&] {
      absl::StatusOr<bool> right = hasher.Verify("correct horse battery", *hash);
      if (right.ok() && *right) ++verified;
    });
  for (std::thread& caller : callers) caller.join();
  EXPECT_EQ(verified.load(), 6);
}

}  // namespace
}  // namespace judkins
