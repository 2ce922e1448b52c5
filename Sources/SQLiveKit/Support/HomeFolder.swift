import Foundation

/// Where sqlive keeps a person's files (`~/.replrc`, `~/.sqlive_history`,
/// `~/.sqlive_trusted`): `$HOME` when it names a folder by an absolute path.
///
/// An empty or relative `HOME` (`HOME=`, `HOME=.`) would put those files in the current
/// folder: someone else's `./.replrc` would run as the personal init file without a
/// question, and the history and the trust store would land wherever sqlive was started.
/// Such a `HOME` means no personal files at all, with a warning. An unset `HOME` falls back
/// to the account's home folder from the password database, as a login shell does.
///
///     HomeFolder(environment: ["HOME": "/home/me"]).path   // "/home/me"
///     HomeFolder(environment: ["HOME": "."]).path          // nil
///     HomeFolder(environment: ["HOME": "."]).problem       // "HOME is not an absolute path (.): …"
public struct HomeFolder: Sendable, Equatable {
    /// The folder, or nil when there is none to use.
    public let path: String?
    /// Why there is none, for a warning.
    public let problem: String?

    public init(environment: [String: String]) {
        guard let value = environment["HOME"] else {
            let fallback = NSHomeDirectory()
            self = Self.checked(fallback, named: "the account's home folder")
            return
        }
        self = Self.checked(value, named: "HOME")
    }

    private init(path: String?, problem: String?) {
        self.path = path
        self.problem = problem
    }

    private static func checked(_ value: String, named name: String) -> HomeFolder {
        let consequence = "no ~/.replrc, history or trusted init files this time"
        guard value.hasPrefix("/") else {
            let shown = value.isEmpty ? "empty" : "not an absolute path (\(value))"
            return HomeFolder(path: nil, problem: "\(name) is \(shown): \(consequence)")
        }
        // stat, as FileManager's fileExists does, without setting up FileManager at start-up.
        var info = stat()
        guard stat(value, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            return HomeFolder(path: nil, problem: "\(name) (\(value)) is not a folder: \(consequence)")
        }
        return HomeFolder(path: value, problem: nil)
    }

    /// The file `name` in `folder`, as NSString's `appendingPathComponent` makes it
    /// (`/home/me` or `/home/me/` and `.replrc` give `/home/me/.replrc`), without bridging
    /// to NSString at start-up.
    public static func file(_ name: String, in folder: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// True when something is at `path` (followed through symbolic links), as FileManager's
    /// `fileExists(atPath:)` says.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
