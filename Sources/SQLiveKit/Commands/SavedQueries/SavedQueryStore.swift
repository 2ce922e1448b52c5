import Foundation

/// The queries `.query save` keeps, in the person's config folder, so that they outlive the
/// session and serve every database: `$XDG_CONFIG_HOME/sqlive/queries.json`, or
/// `~/.config/sqlive/queries.json` (the XDG rule, as other Linux tools keep their files).
///
///     let store = SavedQueryStore(environment: session.environment)
///     try store.save("city", query: "SELECT * FROM customer WHERE city = $1")
///     try store.load()["city"]   // "SELECT * FROM customer WHERE city = $1"
///
/// The file is JSON, one object of names to queries, written whole (sorted, 0600) on each
/// save, so it can be read and edited by hand.
struct SavedQueryStore {
    /// The file; nil when there is no usable home or config folder.
    let path: String?

    init(environment: SessionEnvironment) {
        let variables = environment.variables
        if let config = variables["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            path = config + "/sqlive/queries.json"
        } else if let home = environment.homeDirectory {
            path = home + "/.config/sqlive/queries.json"
        } else {
            path = nil
        }
    }

    /// The saved queries by name; none when the file does not exist yet.
    func load() throws(Diagnostic) -> [String: String] {
        let path = try requiredPath()
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return try JSONDecoder().decode([String: String].self, from: data)
        } catch {
            throw Diagnostic("cannot read the saved queries in \(path): \(error.localizedDescription)",
                             hint: "the file holds one JSON object of names to queries; fix or remove it")
        }
    }

    /// Saves `query` under `name`, replacing a query of that name.
    func save(_ name: String, query: String) throws(Diagnostic) {
        var queries = try load()
        queries[name] = query
        try write(queries)
    }

    /// Forgets the query named `name`; false when there was none.
    func remove(_ name: String) throws(Diagnostic) -> Bool {
        var queries = try load()
        guard queries.removeValue(forKey: name) != nil else { return false }
        try write(queries)
        return true
    }

    private func write(_ queries: [String: String]) throws(Diagnostic) {
        let path = try requiredPath()
        do {
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(queries)
            // Written beside the file, then moved over it: a crash never leaves half a file.
            let temporary = path + ".tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: data + Data("\n".utf8),
                                                 attributes: [.posixPermissions: 0o600]) else {
                throw Diagnostic("cannot write \(temporary)")
            }
            guard rename(temporary, path) == 0 else {
                throw Diagnostic("cannot save the queries in \(path): \(String(cString: strerror(errno)))")
            }
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw Diagnostic("cannot save the queries in \(path): \(error.localizedDescription)")
        }
    }

    private func requiredPath() throws(Diagnostic) -> String {
        guard let path else {
            throw Diagnostic("no folder to keep saved queries in", hint: "set HOME (or XDG_CONFIG_HOME) to an absolute path")
        }
        return path
    }
}
