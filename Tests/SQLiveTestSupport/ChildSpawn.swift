import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the test harnesses that `posix_spawn` a child (``SignalledProcess``, ``TmuxTerminal``)
/// give every child: no descriptor of the test process but the three standard ones, and
/// default signal handling with nothing blocked, whatever the test runner set (bash starts
/// background jobs with SIGINT and SIGQUIT ignored; the child must get signals as a user's
/// process would).
enum ChildSpawn {
    /// Closes in the child every descriptor above 2 the test process has open now (the
    /// runner's pipes, other tests' files). glibc ignores a close of one closed meanwhile.
    static func closeInheritedDescriptors(in actions: inout posix_spawn_file_actions_t) {
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        for descriptor in open where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// Runs `body` with spawn attributes that unblock every signal and restore every
    /// signal's default action in the child.
    static func withDefaultSignals<T>(_ body: (inout posix_spawnattr_t) -> T) -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return body(&attributes)
    }
}
