/// `.export FILE QUERY`: writes the result of one query to a file, in the current mode.
struct ExportCommand: RawTextCommand {
    let name = "export"
    let usage = "FILE QUERY"
    let summary = "write the result of QUERY to FILE, in the current mode"
    let effect = CommandEffect.writesFiles
    let details = """
        .export FILE QUERY runs QUERY and writes its result to FILE (created, or emptied first)
        in the current mode, with the current .headers, .separator and .nullvalue settings.
        The screen shows nothing; the next statement writes to the screen again.
        Quote a FILE with spaces. Example:
          .mode csv
          .headers on
          .export albums.csv SELECT * FROM album ORDER BY title;
        """

    /// The file, and the query whose results go to it.
    struct Arguments: Equatable {
        let path: String
        let query: String
    }

    func parse(text: String) throws(Diagnostic) -> Arguments {
        var words = RawArguments(text)
        guard let path = words.word() else {
            throw usageError("missing FILE and QUERY")
        }
        if path.hasPrefix("-") {
            throw usageError("unknown option \(path) (for a file of that name, write ./\(path))")
        }
        return Arguments(path: path, query: try requiring(words.remainder))
    }

    func run(_ arguments: Arguments, in scope: OutputScope) throws(Diagnostic) {
        let (path, query) = (arguments.path, arguments.query)
        let database = scope.database
        // A query that can't compile must not cost FILE its old contents.
        try database.statements.withDatabase { db in _ = try database.statements.compileSQL(query, in: db) }
        try scope.outputs.withFile(path) { () throws(Diagnostic) in
            try runQuery(query, in: database)
        }
    }
}
