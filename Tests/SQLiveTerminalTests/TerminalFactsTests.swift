import Testing
@testable import SQLiveKit
@testable import SQLiveTerminal

/// One rule for colour: NO_COLOR set, even empty, turns it off for results, errors and the
/// dock alike.
@Suite struct TerminalFactsTests {
    private static func facts(_ environment: [String: String]) -> TerminalFacts {
        var facts = TerminalFacts.probe(environment: environment)
        facts.errorIsTerminal = true
        return facts
    }

    @Test func no_color_set_even_empty_turns_colour_off_everywhere() {
        for environment in [["NO_COLOR": ""], ["NO_COLOR": "1"]] {
            let facts = Self.facts(environment)
            #expect(!facts.errorsUseColor)
            #expect(!facts.dockUsesColor)
            var session = SessionEnvironment()
            session.variables = environment
            #expect(session.prefersNoColor, "results")
        }
        let coloured = Self.facts([:])
        #expect(coloured.errorsUseColor && coloured.dockUsesColor)
    }
}
