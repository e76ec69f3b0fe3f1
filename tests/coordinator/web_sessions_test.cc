// The web pages' admin sessions alone: the token once, then a session with
// its CSRF token; failed logins held back by account and device, never by
// address: a browser that logged in before is not kept out by anyone else's
// wrong guesses, and browsers that never did wait longer each round.
#include "coordinator/http/web_sessions.h"

#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "coordinator/http/cookies.h"

namespace judkins {
namespace {

constexpr char kToken[] = "admin-token-for-tests-00001";
const absl::Time kStart = absl::FromUnixSeconds(1'800'000'000);

TEST(WebSessionsTest, TheRightTokenOpensASessionThatTheCookieFinds) {
  WebSessions sessions(kToken);
  absl::StatusOr<WebSessions::Login> login = sessions.LogIn(kToken, "", kStart);
  ASSERT_TRUE(login.ok()) << login.status();
  const WebSessions::Session& session = login->session;
  EXPECT_FALSE(session.csrf.empty());
  EXPECT_EQ(login->device.size(), 2 * kDeviceIdBytes);
  const std::string cookie = absl::StrCat("theme=dark; ", kSessionCookie, "=", session.id);
  EXPECT_TRUE(sessions.Find(SessionIdFromCookies(cookie), kStart + absl::Hours(1)));
  EXPECT_FALSE(sessions.Find(session.id, kStart + kSessionLifetime)) << "expired";
  sessions.Logout(session.id);
  EXPECT_FALSE(sessions.Find(session.id, kStart));
}

TEST(WebSessionsTest, OthersWrongGuessesNeverKeepOutABrowserThatLoggedInBefore) {
  WebSessions sessions(kToken);
  const std::string device = sessions.LogIn(kToken, "", kStart)->device;
  // Behind a proxy every browser has one address: an attacker's guesses, as
  // many as they like, come from "the same client" as the admin.
  for (int i = 0; i < 20 * kMaxFailedLogins; ++i) (void)sessions.LogIn("wrong", "", kStart);
  EXPECT_TRUE(absl::IsResourceExhausted(sessions.LogIn(kToken, "", kStart).status()))
      << "browsers that never logged in wait";
  absl::StatusOr<WebSessions::Login> again = sessions.LogIn(kToken, device, kStart);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->device, device) << "the browser keeps its device id";
  // A device id nobody was given is an untrusted browser, nothing more.
  EXPECT_TRUE(absl::IsResourceExhausted(sessions.LogIn(kToken, std::string(64, 'f'), kStart).status()));
}

TEST(WebSessionsTest, UntrustedBrowsersWaitLongerAfterEachRoundOfWrongTokens) {
  WebSessions sessions(kToken);
  absl::Time now = kStart;
  absl::Duration wait = kFirstLockout;
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < kMaxFailedLogins; ++i)
      EXPECT_TRUE(absl::IsPermissionDenied(sessions.LogIn("wrong", "", now).status())) << round << " " << i;
    EXPECT_TRUE(absl::IsResourceExhausted(sessions.LogIn("wrong", "", now).status())) << round;
    EXPECT_TRUE(absl::IsResourceExhausted(sessions.LogIn(kToken, "", now + wait - absl::Seconds(1)).status()))
        << "round " << round << " waits " << wait;
    now += wait;
    wait = std::min(2 * wait, kLongestLockout);
  }
  EXPECT_TRUE(sessions.LogIn(kToken, "", now).ok()) << "the wait is over";
  EXPECT_TRUE(absl::IsPermissionDenied(sessions.LogIn("wrong", "", now).status())) << "and the count cleared";
}

TEST(WebSessionsTest, AKnownBrowserIsHeldBackByItsOwnFailuresOnly) {
  WebSessions sessions(kToken);
  const std::string device = sessions.LogIn(kToken, "", kStart)->device;
  for (int i = 0; i < kMaxFailedLogins; ++i) (void)sessions.LogIn("wrong", device, kStart);
  EXPECT_TRUE(absl::IsResourceExhausted(sessions.LogIn(kToken, device, kStart).status()));
  EXPECT_TRUE(sessions.LogIn(kToken, "", kStart).ok()) << "its failures are not the untrusted browsers'";
  EXPECT_TRUE(sessions.LogIn(kToken, device, kStart + kFirstLockout).ok());
}

TEST(WebSessionsTest, KnownDevicesStayBounded) {
  WebSessions sessions(kToken);
  for (size_t i = 0; i < kMaxKnownDevices + 5; ++i) ASSERT_TRUE(sessions.LogIn(kToken, "", kStart).ok());
  EXPECT_EQ(sessions.KnownDevices(), kMaxKnownDevices);
}

TEST(WebSessionsTest, OneCookieIsReadFromAHeaderOfSeveral) {
  EXPECT_EQ(CookieValue("a=1; judkins_device=abc; judkins_session=s", kDeviceCookie), "abc");
  EXPECT_EQ(CookieValue("judkins_devices=x", kDeviceCookie), "");
  EXPECT_EQ(CookieValue("", kDeviceCookie), "");
}

}  // namespace
}  // namespace judkins
