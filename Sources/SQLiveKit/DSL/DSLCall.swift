/// A call of a method or a function, with the checks of its arguments' labels.
///
///     // limit(5, offset: 10)
///     call.matching([nil, "offset"])   // [5, 10]
///     call.matching([nil])             // nil: the labels differ
struct DSLCall {
    var name: DSLName
    var arguments: [DSLArgument]
    /// The whole call, from its name (or receiver) to its `)`.
    var range: Range<Int>

    var labels: [String?] { arguments.map { $0.label?.text } }

    /// The argument values when the labels are exactly `expected`.
    func matching(_ expected: [String?]) -> [DSLNode]? {
        labels == expected ? arguments.map(\.value) : nil
    }

    /// One or more arguments, the first labelled `firstLabel` and the others not, as in
    /// `annotated(with: a, b)` or `select(a, b)`.
    func variadic(firstLabel: String? = nil) -> [DSLNode]? {
        guard let first = labels.first, first == firstLabel, labels.dropFirst().allSatisfy({ $0 == nil }) else { return nil }
        return arguments.map(\.value)
    }

    /// Where to point when the arguments are wrong: the first one whose label is not in
    /// `expected`, or the closing parenthesis when arguments are missing.
    func offendingOffset(expected: [String?]) -> Int {
        for (index, argument) in arguments.enumerated() {
            if index >= expected.count || argument.label?.text != expected[index] {
                return argument.start
            }
        }
        return range.upperBound - 1
    }
}

extension DSLCompiler {
    /// "wrong arguments for limit: write limit(n) or limit(n, offset: m)".
    func wrongArguments(_ call: DSLCall, usage: String, expected: [String?] = []) -> Diagnostic {
        DSLDiagnostic.at(call.offendingOffset(expected: expected), in: text, "wrong arguments for \(call.name.text): write \(usage)")
    }
}
