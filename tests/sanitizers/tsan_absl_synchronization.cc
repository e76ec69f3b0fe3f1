// Happens-before for ThreadSanitizer across Debian's Abseil, which is not
// built with -fsanitize=thread: TSan cannot see absl::Mutex or
// absl::Notification synchronise (their atomics and futex waits are in an
// uninstrumented library), and reports every access they guard as a race.
// Linked into each program of the TSan build only (CMakeLists.txt), these
// definitions interpose the library's own: each calls the real function
// (found with dlsym(RTLD_NEXT)) and tells TSan what it did: a release before
// the mutex is given up, an acquire once it is held. Nothing is suppressed.
#include <dlfcn.h>
#include <sanitizer/tsan_interface.h>

#include <cstdio>
#include <cstdlib>

#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"

namespace {

// The library's definition of a member function, by its mangled name.
template <typename Function>
Function Real(const char* mangled) {
  void* symbol = dlsym(RTLD_NEXT, mangled);
  if (symbol == nullptr) {
    std::fprintf(stderr, "tsan_absl_synchronization: no %s in the loaded libraries\n", mangled);
    std::abort();
  }
  return reinterpret_cast<Function>(symbol);
}

void Acquired(const void* mutex) { __tsan_acquire(const_cast<void*>(mutex)); }
void Releasing(const void* mutex) { __tsan_release(const_cast<void*>(mutex)); }

// absl evaluates a waiter's condition in whichever thread holds the mutex
// then (often the one unlocking it), and may give the mutex up right after
// without passing through Unlock: the evaluation is bracketed as a critical
// section of its own.
struct GuardedCondition {
  const absl::Condition* condition;
  const absl::Mutex* mutex;
};
bool EvaluateHeld(GuardedCondition* guarded) {
  Acquired(guarded->mutex);
  const bool met = guarded->condition->Eval();
  Releasing(guarded->mutex);
  return met;
}

}  // namespace

namespace absl {
ABSL_NAMESPACE_BEGIN

void Mutex::Lock() {
  static const auto real = Real<void (*)(Mutex*)>("_ZN4absl7debian35Mutex4LockEv");
  real(this);
  Acquired(this);
}

void Mutex::Unlock() {
  static const auto real = Real<void (*)(Mutex*)>("_ZN4absl7debian35Mutex6UnlockEv");
  Releasing(this);
  real(this);
}

void Mutex::ReaderLock() {
  static const auto real = Real<void (*)(Mutex*)>("_ZN4absl7debian35Mutex10ReaderLockEv");
  real(this);
  Acquired(this);
}

void Mutex::ReaderUnlock() {
  static const auto real = Real<void (*)(Mutex*)>("_ZN4absl7debian35Mutex12ReaderUnlockEv");
  Releasing(this);
  real(this);
}

bool Mutex::TryLock() {
  static const auto real = Real<bool (*)(Mutex*)>("_ZN4absl7debian35Mutex7TryLockEv");
  const bool locked = real(this);
  if (locked) Acquired(this);
  return locked;
}

void Mutex::LockWhen(const Condition& condition) {
  static const auto real =
      Real<void (*)(Mutex*, const Condition&)>("_ZN4absl7debian35Mutex8LockWhenERKNS0_9ConditionE");
  GuardedCondition guarded{&condition, this};
  real(this, Condition(&EvaluateHeld, &guarded));
  Acquired(this);
}

// Await gives the mutex up while it waits and holds it again on return.
void Mutex::Await(const Condition& condition) {
  static const auto real = Real<void (*)(Mutex*, const Condition&)>("_ZN4absl7debian35Mutex5AwaitERKNS0_9ConditionE");
  Releasing(this);
  GuardedCondition guarded{&condition, this};
  real(this, Condition(&EvaluateHeld, &guarded));
  Acquired(this);
}

bool Mutex::AwaitWithTimeout(const Condition& condition, absl::Duration timeout) {
  static const auto real = Real<bool (*)(Mutex*, const Condition&, absl::Duration)>(
      "_ZN4absl7debian35Mutex16AwaitWithTimeoutERKNS0_9ConditionENS0_8DurationE");
  Releasing(this);
  GuardedCondition guarded{&condition, this};
  const bool met = real(this, Condition(&EvaluateHeld, &guarded), timeout);
  Acquired(this);
  return met;
}

// A notification releases what was written before it; whoever sees it
// notified (HasBeenNotified reads the flag inline: its address is annotated
// too) acquires that.
void Notification::Notify() {
  static const auto real = Real<void (*)(Notification*)>("_ZN4absl7debian312Notification6NotifyEv");
  Releasing(this);
  Releasing(&notified_yet_);
  real(this);
}

ABSL_NAMESPACE_END
}  // namespace absl
