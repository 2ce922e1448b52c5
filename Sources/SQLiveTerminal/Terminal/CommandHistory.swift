import CEditLine
import Foundation
import SQLiveKit

/// The history of entered lines, kept by libedit and saved to a file readable by its owner
/// only (`~/.sqlive_history`, or `$SQLIVE_HISTORY`; an empty `SQLIVE_HISTORY` keeps history
/// in memory only).
///
/// A multi-line statement is one entry. Each entry is saved as soon as it is entered, so a
/// crash loses nothing; a file that can't be read or written costs a warning, never the
/// session.
///
///     let history = CommandHistory(path: "/home/me/.sqlive_history", warn: session.warn)
///     history.add("SELECT *\nFROM albums;")   // saved now, recalled by Up as one entry
final class CommandHistory {
    /// libedit's `History *`, handed to the line editor.
    let pointer: OpaquePointer
    /// The history file; nil when history is not saved.
    private(set) var path: String?
    private let warn: (String) -> Void
    /// How many entries are kept; older ones drop off.
    static let capacity: Int32 = 1000

    /// The file named by `SQLIVE_HISTORY`, else `.sqlive_history` in the home folder; none
    /// without a usable home folder.
    static func defaultPath(environment: [String: String], homeDirectory: String?) -> String? {
        if let path = environment["SQLIVE_HISTORY"] {
            return path.isEmpty ? nil : path
        }
        return homeDirectory.map { ($0 as NSString).appendingPathComponent(".sqlive_history") }
    }

    /// Loads the file's entries; returns nil only when libedit can't make a history.
    init?(path: String?, warn: @escaping (String) -> Void) {
        guard let pointer = sqlive_history_init(Self.capacity) else { return nil }
        self.pointer = pointer
        self.path = path
        self.warn = warn
        load()
    }

    deinit {
        sqlive_history_end(pointer)
    }

    /// Adds an entry (a whole statement or a meta-command line) and saves it to the file.
    ///
    /// The file is read again and the entry added to what it holds now: another session may
    /// have saved entries since this one read it. Writing this session's history over the
    /// file lost them (of two sessions side by side, only the last to save kept its lines).
    func add(_ entry: String) {
        guard sqlive_history_enter(pointer, entry) >= 0, path != nil else { return }
        guard let saved = sqlive_history_init(Self.capacity) else { return }
        defer { sqlive_history_end(saved) }
        guard read(into: saved), sqlive_history_enter(saved, entry) >= 0 else { return }
        save(saved)
    }

    private func load() {
        _ = read(into: pointer)
    }

    /// Reads the file's entries into `history`; true when it did, or when there is no file
    /// yet. Gives up the file (false) when it can't be read.
    private func read(into history: OpaquePointer) -> Bool {
        guard let path else { return false }
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return true }
            giveUp("cannot read history from \(path): \(String(cString: strerror(errno)))")
            return false
        }
        // A FIFO there froze the start in open(2), deaf to Ctrl-C and SIGTERM; a device
        // (`SQLIVE_HISTORY=/dev/zero`) is read for ever. Only a regular file is a history.
        guard status.st_mode & S_IFMT == S_IFREG else {
            giveUp("cannot read history from \(path): not a regular file")
            return false
        }
        // An empty file (`: > ~/.sqlive_history` clears the history) is an empty history;
        // libedit refuses it for lacking its first line.
        if status.st_size == 0 { return true }
        if sqlive_history_load(history, path) < 0 {
            // Not a libedit history file, or unreadable: saving over it could destroy
            // someone else's file, so this session keeps its history in memory.
            giveUp("cannot read history from \(path): not a readable sqlive history file")
            return false
        }
        return true
    }

    /// Writes `history` to a new file (mode 0600) and moves it over the old one, so the file
    /// is never half written.
    private func save(_ history: OpaquePointer) {
        guard let path else { return }
        // Through a symbolic link (dotfiles kept elsewhere), replace the file, not the link.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var template = Array((target + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            return giveUp("cannot save history to \(path): \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let file = fdopen(descriptor, "w") else {
            close(descriptor)
            unlink(temporary)
            return giveUp("cannot save history to \(path): \(String(cString: strerror(errno)))")
        }
        let saved = sqlive_history_save_fp(history, file) >= 0
        let closed = fclose(file) == 0
        guard saved, closed, rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return giveUp("cannot save history to \(path): \(reason)")
        }
    }

    /// Warns once and stops using the file for the rest of the session.
    private func giveUp(_ message: String) {
        warn(message + " (history is not saved in this session)")
        path = nil
    }
}
