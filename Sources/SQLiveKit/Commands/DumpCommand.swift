/// `.dump [OPTIONS] [PATTERN ...]`: the database as SQL that rebuilds it, in sqlite3's format.
struct DumpCommand: MetaCommand {
    let name = "dump"
    let usage = "?OPTIONS? ?PATTERN ...?"
    let summary = "write the database (or the tables matching PATTERNs) as SQL that rebuilds it"
    let details = """
        .dump writes the schema and rows of the main database as SQL, the same bytes as
        sqlite3's .dump: `sqlive db .dump | sqlite3 copy.db` makes an identical copy.
        PATTERN (a LIKE pattern) limits it to matching tables, indexes, triggers and views;
        a table brings its indexes and triggers along.
        --data-only        only the INSERT statements
        --newlines         keep newlines in text as they are, not replace(…,char(10))
        --nosys            leave out sqlite_sequence and sqlite_stat1
        --preserve-rowids  also write the rowid of tables whose rowid is not a column
        Example: .once backup.sql then .dump
        """

    func completions(after arguments: [String], prefix: String, in scope: DatabaseScope) -> [String] {
        prefix.hasPrefix("-") ? ["--data-only", "--newlines", "--nosys", "--preserve-rowids"] : SchemaQuery.tableNames(in: scope.connection)
    }

    func parse(_ words: [String]) throws(Diagnostic) -> DumpOptions {
        var options = DumpOptions()
        for word in words {
            switch word {
            case "--data-only", "-data-only": options.dataOnly = true
            case "--newlines", "-newlines": options.keepsNewlines = true
            case "--nosys", "-nosys": options.omitsSystemTables = true
            case "--preserve-rowids", "-preserve-rowids": options.preservesRowids = true
            default:
                if word.hasPrefix("-") { throw usageError("unknown option \(word)") }
                options.patterns.append(word)
            }
        }
        return options
    }

    func run(_ options: DumpOptions, in scope: DatabaseScope) throws(Diagnostic) {
        let dumper = DatabaseDumper(options: options, willReadRows: scope.showPlanIfAsked)
        try SchemaQuery.read(scope.connection) { db in
            try dumper.dump(db, to: scope.output)
        }
    }
}
