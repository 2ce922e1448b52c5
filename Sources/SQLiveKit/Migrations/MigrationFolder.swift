import Foundation

/// A folder of migration files, in the order they run.
///
///     let folder = try MigrationFolder(path: "migrations")
///     folder.files.map(\.identifier)   // ["0001_create_tables", "0002_add_copies", …]
///     folder.ignored                   // ["notes.sql"]: .sql files not named NNNN_name.sql
public struct MigrationFolder: Sendable {
    /// The folder as the user gave it, for messages.
    public let path: String
    public let files: [MigrationFile]
    /// `.sql` files whose name is not a migration name: they are not run, and a warning says so.
    public let ignored: [String]

    /// Reads every migration file of the folder. Throws when the folder can't be read, when
    /// two files give one identifier (GRDB stops the process on a duplicate) or one number
    /// (`1_a.sql`, `01_a.sql`), or when a file
    /// can't run whole (see ``MigrationFile/init(path:order:)``).
    public init(path: String) throws(Diagnostic) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostic("no migrations folder at \(path)",
                             hint: "name the folder (.migrate DIR) or set it once with .migrations-dir DIR")
        }
        guard isDirectory.boolValue else {
            throw Diagnostic("\(path) is a file, not a folder of migrations",
                             hint: "give the folder that holds the NNNN_name.sql files")
        }
        let names = try Self.entries(of: path).sorted()
        var orders: [MigrationOrder] = []
        var fileNames: [String: [String]] = [:]
        var ignored: [String] = []
        for name in names {
            let filePath = Self.join(path, name)
            var entryIsDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: filePath, isDirectory: &entryIsDirectory),
                  !entryIsDirectory.boolValue else { continue }
            guard let identifier = MigrationOrder.identifier(ofFileName: name),
                  let order = MigrationOrder(identifier: identifier) else {
                if name.lowercased().hasSuffix(".sql") { ignored.append(name) }
                continue
            }
            if fileNames[identifier] == nil { orders.append(order) }
            fileNames[identifier, default: []].append(name)
        }
        if let duplicate = orders.first(where: { (fileNames[$0.identifier]?.count ?? 0) > 1 }) {
            let clashing = fileNames[duplicate.identifier] ?? []
            throw Diagnostic("two files in \(Self.displayName(of: path)) are migration \(duplicate.identifier): \(clashing.joined(separator: " and "))",
                             hint: "a migration's identifier is its file name without .sql: rename or remove one")
        }
        // A migration is known by its number too (`.migrate --to 3`): `1_a.sql` beside
        // `01_a.sql`, or `3_add.sql` beside `3_drop.sql`, would leave it ambiguous.
        let sorted = orders.sorted()
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.number == second.number {
            let names = [first, second].map { fileNames[$0.identifier]?.first ?? $0.identifier + ".sql" }
            let number = first.number.isEmpty ? "0" : String(first.number)
            throw Diagnostic(
                "two files in \(Self.displayName(of: path)) have migration number \(number): \(names.joined(separator: " and "))",
                hint: "a migration's number comes first in its file name and must be unique: renumber one")
        }
        files = try sorted.map { order throws(Diagnostic) in
            let name = fileNames[order.identifier]?.first ?? order.identifier + ".sql"
            return try MigrationFile(path: Self.join(path, name), order: order)
        }
        self.ignored = ignored
    }

    /// The folder for messages, with a trailing slash so it reads as one: `migrations/`.
    public var displayName: String { Self.displayName(of: path) }

    static func displayName(of path: String) -> String {
        path.hasSuffix("/") ? path : path + "/"
    }

    /// The file of a migration, when the folder has it.
    public func file(_ identifier: String) -> MigrationFile? {
        files.first { $0.identifier == identifier }
    }

    /// The names in the folder, read as bytes: a name that is not UTF-8 (Foundation's
    /// listing drops or mangles it, so the file was skipped without a word) is refused when
    /// it ends in `.sql`, naming its bytes (`0002_caf\xE9.sql`); other files are not
    /// migrations anyway.
    static func entries(of path: String) throws(Diagnostic) -> [String] {
        guard let directory = opendir(path) else {
            throw Diagnostic("cannot read the migrations folder \(path): \(String(cString: strerror(errno)))", kind: .io)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if let name = String(validating: bytes, as: UTF8.self) {
                if name != "." && name != ".." { names.append(name) }
            } else if bytes.count >= 4, String(decoding: bytes.suffix(4), as: UTF8.self).lowercased() == ".sql" {
                let shown = bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                throw Diagnostic("the migration file name \(shown) in \(displayName(of: path)) is not UTF-8, so it cannot be applied or recorded",
                                 hint: "rename it with a UTF-8 name (NNNN_name.sql)")
            }
        }
        return names
    }

    /// `DIR/name` without a doubled slash when DIR ends with one.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
