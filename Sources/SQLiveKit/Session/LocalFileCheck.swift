#if canImport(Glibc)
import Glibc
#endif

/// What is on disk at a database's path, read from the path's bytes (a name that is not
/// UTF-8 is checked as the file system has it), for the plain messages
/// ``DatabaseConnection`` gives before SQLite's vaguer "unable to open database file".
///
///     LocalFileCheck.problem(at: Array("a".utf8), shown: "a", readonly: false)
///     // nil when ./a can be created or opened; "… the folder x does not exist" otherwise
enum LocalFileCheck {
    /// Why `path` cannot be opened as asked, or nil when nothing is known against it.
    static func problem(at path: [UInt8], shown name: String, readonly: Bool) -> String? {
        var info = stat()
        if stat(cString(path), &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR {
                return "cannot open \(name): it is a directory, not a database file"
            }
            if !readonly && access(cString(path), W_OK) != 0 {
                return "cannot open \(name): the file is not writable (use --readonly to read it)"
            }
            return nil
        }
        if readonly {
            return "cannot open \(name): no such file (and --readonly does not create one)"
        }
        let parent = folder(of: path)
        var parentInfo = stat()
        if stat(cString(parent), &parentInfo) != 0 || parentInfo.st_mode & S_IFMT != S_IFDIR {
            let shown = parent.withUnsafeBufferPointer { RawBytes.text(from: $0) }
            return "cannot open \(name): the folder \(shown) does not exist"
        }
        return nil
    }

    /// The folder a path's last component is in: `.` for a bare name, `/` for `/name`.
    static func folder(of path: [UInt8]) -> [UInt8] {
        var end = path.endIndex
        // `dir/` names dir itself: its folder is the one before.
        while end > 1 && path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard let slash = path[..<end].lastIndex(of: UInt8(ascii: "/")) else { return Array(".".utf8) }
        return slash == 0 ? Array("/".utf8) : Array(path[..<slash])
    }

    private static func cString(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }
}
