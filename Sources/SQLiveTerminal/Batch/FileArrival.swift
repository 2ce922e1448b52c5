import SQLiveKit
#if canImport(Glibc)
import Glibc
#endif

/// `--follow` on a database file that does not exist yet: sqlive waits for the app to
/// create it, and creates nothing itself (opening a missing file would make an empty one,
/// which the app would then take for its own). Start the follower first, then the app:
///
///     $ sqlive --follow -c '.pin SELECT count(*) FROM expense' new.db
///     sqlive: --follow: waiting for new.db to be created (following creates no database)
///
/// The folder is watched with inotify, so waiting costs no CPU; a one-second check of the
/// path backs it up where notifications do not arrive (network file systems). Signals end
/// the wait as they end following.
struct FileArrival {
    enum Outcome: Equatable {
        /// The file exists now: open it.
        case arrived
        /// SIGINT (Ctrl-C): the usual way to stop following.
        case interrupted
        /// Another signal: the launcher cleans up.
        case stopped
    }

    /// The file waited for, as its bytes (a file name need not be UTF-8).
    let path: [UInt8]
    let waker: MainLoopWaker
    let stopRequest: StopRequest

    func wait() -> Outcome {
        let notifications = FolderNotifications(folder: Self.folder(of: path))
        defer { notifications?.close() }
        while true {
            if let reason = stopRequest.reason {
                return reason == .terminate(signal: SIGINT) ? .interrupted : .stopped
            }
            // Checked after the watch is in place, so a file made in between is not missed.
            if exists { return .arrived }
            var watched = [pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            if let notifications {
                watched.append(pollfd(fd: notifications.fileDescriptor, events: Int16(POLLIN), revents: 0))
            }
            _ = poll(&watched, nfds_t(watched.count), 1000)
            _ = waker.takeEvents()
            notifications?.drain()
        }
    }

    private var exists: Bool {
        var status = stat()
        return (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &status) == 0 }
        }
    }

    /// True when the folder that would hold `path` exists: an app makes the file, seldom
    /// the folder, so a missing folder is taken for a typo.
    static func folderExists(of path: [UInt8]) -> Bool {
        var status = stat()
        return (folder(of: path) + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &status) == 0 }
        } && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The folder holding `path`: what comes before its last `/`, or `.`.
    static func folder(of path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return Array(".".utf8) }
        return slash == path.startIndex ? Array("/".utf8) : Array(path[..<slash])
    }
}

/// An inotify watch on a folder for files created in it or moved into it.
private struct FolderNotifications {
    let fileDescriptor: Int32

    /// Nil when the folder cannot be watched; the caller then checks once a second.
    init?(folder: [UInt8]) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        let added = (folder + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                inotify_add_watch(descriptor, $0.baseAddress!, UInt32(IN_CREATE | IN_MOVED_TO))
            }
        }
        guard added >= 0 else {
            Glibc.close(descriptor)
            return nil
        }
        fileDescriptor = descriptor
    }

    /// Reads the pending notifications: which file they name does not matter, the path is
    /// checked after each.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(fileDescriptor, &buffer, buffer.count) > 0 {}
    }

    func close() {
        Glibc.close(fileDescriptor)
    }
}
