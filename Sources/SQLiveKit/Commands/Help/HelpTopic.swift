/// Help that is not one command's: `.help dsl` (the query DSL, with examples), `.help tour`
/// (the guided tour of live panes), `.help trust` (what a database's own schema may do, and
/// how to trust one) and `.help habits` (psql's backslash commands). `.help` names the
/// topics, and completion offers them beside the commands.
enum HelpTopic: String, CaseIterable, Sendable {
    case dsl, tour, trust, habits

    /// One line for the list `.help` prints first.
    var summary: String {
        switch self {
        case .dsl: "queries without SQL, as in Swift with GRDB: product.filter(price > 10)"
        case .tour: "a guided tour of live panes, in short scripts to run"
        case .trust: "what a database's views and triggers may call, and PRAGMA trusted_schema"
        case .habits: "psql and litecli habits at the prompt: \\q \\dt \\d NAME \\x \\e \\f, and \\G"
        }
    }

    /// The examples of `.help dsl` with what each does; each runs on examples/shop.db (a test
    /// checks it).
    static let dslExamples: [(query: String, meaning: String)] = [
        ("product", "every row of a table"),
        ("product.filter(price > 100)", "the rows where an expression is true"),
        ("product.filter(stock == nil)", "NULL is nil"),
        ("product.filter(name.like(\"%tea%\"))", "LIKE, as a method of a column"),
        ("product.order(price.desc).limit(3)", "sort, then keep the first rows"),
        ("product.select(name, price * 1.2)", "some columns, or expressions"),
        ("customer.filter(city == \"Paris\").count", "how many rows"),
        ("product.order(price.desc).fetchOne()", "fetch methods: fetchOne() isEmpty()…"),
        ("order.including(required: customer)", "join a table a foreign key links"),
        ("order_item.filter(id == 1).deleteAll()", "delete rows (also updateAll(…))"),
    ]

    /// The full text of the topic.
    var text: String {
        switch self {
        case .dsl: Self.dslText
        case .tour: Self.tourText
        case .trust: Self.trustText
        case .habits: BackslashCommand.helpText
        }
    }

    private static var dslText: String {
        let queryWidth = dslExamples.map { $0.query.count }.max() ?? 0
        let examples = dslExamples.map { example in
            "  " + example.query + String(repeating: " ", count: queryWidth - example.query.count) + "  " + example.meaning
        }
        return """
            The query DSL: GRDB's query interface typed at the prompt. A line that starts with a \
            table name (not an SQL keyword such as SELECT) is a DSL query; GRDB writes its SQL \
            and the rows print like any result.

            \(examples.joined(separator: "\n"))

            Request methods: \(DSLRequestMember.allCases.map(\.rawValue).joined(separator: " "))
            Column methods: \(DSLExpressionMember.allCases.map(\.rawValue).joined(separator: " "))
            Functions: \(DSLFunction.allCases.map(\.rawValue).joined(separator: " "))

            .sql QUERY prints the SQL a query runs, .explain QUERY its plan, and .pin QUERY \
            keeps it on screen as a live pane. A bracket left open continues the query on the \
            next line. docs/DSL.md shows every construct with the SQL it becomes.
            """
    }

    /// The scripts of examples/tour, in order (a test checks that each is named here).
    private static let tourText = """
        A guided tour of live panes: short scripts to run from sqlive's repository root, for a \
        class or alone. Each prints what its panes do, as examples/tour/expected shows.

          sqlive < examples/tour/1-pin-a-query.sql
              pin a query; which writes refresh it and why: .region, .why, the columns read
          sqlive < examples/tour/2-blind-spots.sql
              WITHOUT ROWID and virtual tables: what GRDB cannot see, and .notify
          sqlive < examples/tour/3-migration-under-a-pane.sql
              .migrate under two panes: the schema as it grows, a table rebuilt
          sh examples/tour/4-another-process.sh
              sqlite3 commits beside sqlive: the pane does not know until .notify

        At a terminal, type each line of a script to see the panes docked at the top \
        instead. examples/tour/README.md says more.
        """

    private static let trustText = """
        A database's own views, triggers and DEFAULT clauses run SQL its author wrote whenever \
        you use the table. So they may not call readfile(), writefile(), sha3_query() or \
        usleep(): those run only from SQL you type ("unsafe use of writefile()", as in \
        sqlite3). Functions that only compute (sha3, decimal_*, ieee754*, regexp, \
        generate_series) work everywhere.

        PRAGMA trusted_schema is off on every connection. For a database you trust, \
        PRAGMA trusted_schema=1 lets its schema call functions not marked harmless (those \
        of an extension you .load, say); the file functions stay refused there, as in \
        sqlite3. A database whose schema SQLite reads only trusted (a generated column \
        of json_extract, which SQLite 3.40 does not mark harmless) opens with \
        sqlive --trusted-schema FILE or .open --trusted-schema FILE. --safe takes away the file functions and every file and program command \
        altogether. docs/SECURITY.md lists what was tried against sqlive.
        """

    /// What `.help NAME` says for a name of the DSL (`filter`, `desc`, `count`), or nil.
    static func dslEntry(for name: String) -> String? {
        var usages: [String] = []
        if let member = DSLRequestMember(rawValue: name) { usages.append("\(member.usage)  (a request method)") }
        if let member = DSLExpressionMember(rawValue: name) { usages.append("\(member.usage)  (a column method)") }
        if let function = DSLFunction(rawValue: name) { usages.append("\(function.usage)  (a function)") }
        guard !usages.isEmpty else { return nil }
        let example = dslExamples.first { $0.query.contains("\(name)(") || $0.query.contains(".\(name)") }
        var text = "\(name) is part of the query DSL, not a meta-command:\n"
        text += usages.map { "  " + $0 + "\n" }.joined()
        if let example { text += "  e.g. \(example.query)\n" }
        return text + "Type .help dsl for the DSL with examples.\n"
    }
}
