import Testing
@testable import SQLiveKit

/// `.help` for a newcomer: it names the DSL, `.help dsl` teaches it with examples that run,
/// a DSL name points to that help, every line fits the terminal, and the plain words
/// `help`, `exit` and `quit` are answered.
@Suite struct HelpTests {
    private func session(width: Int?) throws -> TestSession {
        try TestSession(environment: SessionEnvironment(terminalWidth: { width }))
    }

    @Test func help_names_the_dsl_and_its_topic_first() throws {
        let output = try session(width: nil).run(".help")
        #expect(output.hasPrefix("""
            Type SQL, a DSL query (.help dsl) or a meta-command. Topics:
            .help dsl
            """))
    }

    @Test func every_example_of_help_dsl_runs_on_the_shop() throws {
        let shop = try ShopDatabase.session()
        let help = shop.run(".help dsl")
        for example in HelpTopic.dslExamples {
            #expect(help.contains(example.query))
            shop.run("BEGIN;\n" + example.query + "\nROLLBACK;")
            #expect(shop.errorText == "", "\(example.query)")
        }
        #expect(help.contains("Request methods: filter select"))
        #expect(help.contains("docs/DSL.md"))
    }

    @Test func a_dsl_name_points_to_the_dsl_help_instead_of_a_command() throws {
        let session = try session(width: nil)
        #expect(session.run(".help filter") == """
            filter is part of the query DSL, not a meta-command:
              filter(expression)  (a request method)
              e.g. product.filter(price > 100)
            Type .help dsl for the DSL with examples.

            """)
        #expect(session.errorText == "")
        #expect(session.run(".help desc").contains("desc  (a column method)"))
    }

    @Test(arguments: [80, 120]) func every_help_line_fits_the_terminal(width: Int) throws {
        let session = try session(width: width)
        var texts = [session.run(".help")] + HelpTopic.allCases.map { session.run(".help \($0.rawValue)") }
        texts += CommandRegistry.standard.commands.map { session.run(".help \($0.name)") }
        for line in texts.joined().split(separator: "\n") where DisplayWidth.of(String(line)) > width {
            // Only a single word longer than the width may stay whole.
            #expect(!line.trimmingCharacters(in: .whitespaces).contains(" "), "\(line)")
        }
    }

    @Test func a_wrapped_summary_continues_in_the_summary_column() throws {
        let output = try session(width: 80).run(".help")
        let lines = output.split(separator: "\n").map(String.init)
        // ".bail on|off" is short: its summary starts where every summary starts.
        guard let bail = lines.first(where: { $0.hasPrefix(".bail ") }),
              let summary = bail.range(of: "  stop")?.upperBound else {
            Issue.record("no .bail line in \(output)")
            return
        }
        let column = bail.distance(from: bail.startIndex, to: summary) - "stop".count
        let continuations = lines.filter { $0.hasPrefix(" ") }
        #expect(!continuations.isEmpty)
        for line in continuations {
            #expect(line.prefix { $0 == " " }.count == column, "\(line)")
        }
    }

    @Test func plain_words_are_answered_unless_a_table_has_their_name() throws {
        let test = try session(width: 80)
        #expect(test.session.answerPlainWord("help"))
        test.session.output.flush()
        #expect(test.output.text.contains(".help dsl    queries without SQL"))
        #expect(test.session.quitRequested == nil)
        #expect(!test.session.answerPlainWord("exits"))
        #expect(test.session.answerPlainWord("  QUIT; "))
        #expect(test.session.quitRequested == 0)

        let typing = try session(width: 80)
        #expect(!typing.session.answerPlainWord("exit", insideStatement: true))
        #expect(typing.errorText == "warning: exit is part of the statement being typed: end it with ; or drop it with Ctrl-C, then type exit\n")
        #expect(typing.session.quitRequested == nil)

        let withTable = try session(width: 80)
        withTable.run("CREATE TABLE exit(x);")
        #expect(!withTable.session.answerPlainWord("exit"))
        #expect(withTable.session.quitRequested == nil)
    }

    @Test func the_greeting_is_one_line_naming_help_the_dsl_and_pin() throws {
        let greeting = try session(width: 120).session.greeting(version: "1.2.3")
        #expect(greeting == "sqlive 1.2.3: .help for help, .help dsl for queries without SQL, .pin for panes\n")
        #expect(try session(width: 40).session.greeting(version: "1.2.3").split(separator: "\n").allSatisfy { $0.count <= 40 })
    }

    @Test func text_wraps_between_words_keeping_aligned_columns_and_reflows_prose() {
        #expect(TextWrapping.wrap("  one two three", width: 10) == "  one two\n  three")
        #expect(TextWrapping.wrap("--rows N   keep at most N rows", width: 22) == "--rows N   keep at\n           most N rows")
        #expect(TextWrapping.wrap("averyveryverylongword and more", width: 10) == "averyveryverylongword\nand more")
        #expect(TextWrapping.reflowed("Runs FILE\nline by line.\n--bail  stop\nExample: .read x") ==
                "Runs FILE line by line.\n--bail  stop\nExample: .read x")
    }
}
