// The web pages' admin sessions alone: the token once, then a session with
// its CSRF token; failed logins limited per address, and forgotten in bulk
// once their window has passed, so a flood of addresses stays bounded.
#include "coordinator/http/web_sessions.h"

#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"

namespace judkins {
namespace {

constexpr char kToken[] = "admin-token-for-tests-00001";
const absl::Time kStart = absl::FromUnixSeconds(1'800'000'000);

TEST(WebSessionsTest, TheRightTokenOpensASessionThatTheCookieFinds) {
  WebSessions sessions(kToken);
  absl::StatusOr<WebSessions::Session> session = sessions.Login(kToken, "10.0.0.1", kStart);
  ASSERT_TRUE(session.ok()) << session.status();
  EXPECT_FALSE(session->csrf.empty());
  const std::string cookie = absl::StrCat("theme=dark; ", kSessionCookie, "=", session->id);
  EXPECT_TRUE(sessions.Find(SessionIdFromCookies(cookie), kStart + absl::Hours(1)));
  EXPECT_FALSE(sessions.Find(session->id, kStart + kSessionLifetime)) << "expired";
  sessions.Logout(session->id);
  EXPECT_FALSE(sessions.Find(session->id, kStart));
}

TEST(WebSessionsTest, AnAddressThatFailsTooOftenMustWaitOutTheWindow) {
  WebSessions sessions(kToken);
  for (int i = 0; i < kMaxFailedLogins; ++i)
    EXPECT_TRUE(absl::IsPermissionDenied(sessions.Login("wrong", "10.0.0.1", kStart).status()));
  EXPECT_TRUE(absl::IsResourceExhausted(sessions.Login(kToken, "10.0.0.1", kStart).status()));
  EXPECT_TRUE(sessions.Login(kToken, "10.0.0.2", kStart).ok()) << "another address is not held back";
  EXPECT_TRUE(sessions.Login(kToken, "10.0.0.1", kStart + kLoginWindow).ok());
}

TEST(WebSessionsTest, FailedLoginsOfAFloodOfAddressesStayBounded) {
  WebSessions sessions(kToken);
  for (size_t i = 0; i < kMaxFailingClients; ++i)
    ASSERT_FALSE(sessions.Login("wrong", absl::StrCat("address-", i), kStart).ok());
  EXPECT_EQ(sessions.FailingClients(), kMaxFailingClients);
  // Once their window has passed, the next new address makes room.
  ASSERT_FALSE(sessions.Login("wrong", "one-more", kStart + kLoginWindow).ok());
  EXPECT_EQ(sessions.FailingClients(), 1u);
  // Within the window too: the table never grows past its bound.
  for (size_t i = 0; i < kMaxFailingClients + 5; ++i)
    ASSERT_FALSE(sessions.Login("wrong", absl::StrCat("again-", i), kStart + kLoginWindow).ok());
  EXPECT_LE(sessions.FailingClients(), kMaxFailingClients);
}

}  // namespace
}  // namespace judkins
