import Foundation
import GRDB
import GRDBSQLite
import CSQLiteShim

/// sqlite3's shell builds in SQLite's `regexp` extension: `regexp(PATTERN, TEXT)`, which
/// `TEXT REGEXP PATTERN` calls, and `regexpi(PATTERN, TEXT)`, the same ignoring the case of
/// ASCII letters. sqlive matches as it does, with its syntax, a subset of the usual one:
/// `.` `*` `+` `?` `{m}` `{m,}` `{,n}` `{m,n}` `|` `(…)` `[…]` `[^…]` `^` `$`, the classes
/// `\d \D \w \W \s \S` (ASCII only) and `\b`, and the escapes `\xHH`, `\uHHHH`, `\a \f \n \r
/// \t \v` and `\` before any of `\()*.+?[$^{|}]`. It finds a match anywhere unless the
/// pattern starts with `^`; either argument NULL gives NULL; a pattern it cannot read is an
/// error with the extension's message ("unmatched '('", "unknown \ escape", …).
///
///     SELECT name FROM person WHERE email REGEXP '^\w+@example\.com$';
///
/// The pattern is compiled, as in the extension, into a small program of steps (match a
/// character, fork, jump…) run over the text as a set of positions, one character at a time:
/// time proportional to the text times the pattern, never exponential. The extension's own
/// quirks come with that model (and are kept, so that scripts print what sqlite3 prints):
/// `^` anywhere but at the start matches only before the first character, `$` anywhere
/// matches only at the end, a NUL character ends the text, a quantifier after a quantifier
/// (`a*?`) applies to the second one's steps only.
final class ShellRegexp {
    enum Step: UInt8 {
        case character, any, word, notWord, digit, notDigit, space, notSpace, boundary
        case anyRun, fork, jump, accept, atStart, classIncluding, classExcluding, classCharacter, classRange
    }

    /// The most steps a compiled pattern may have: a repeat count multiplies its item's
    /// steps (`(((a{1000}){1000}){1000})` would be a billion), so without a bound a pattern
    /// could take all memory. `a{40000}` still compiles.
    static let maximumSteps = 100_000
    /// The deepest nesting of `(`: the compiler recurses once per level.
    static let maximumDepth = 1_000
    /// How much matching work (steps tried) runs between two checks for an interrupt.
    static let workBetweenInterruptChecks = 1 << 18

    /// The character read at the end of the text (and at a NUL byte).
    static let end: UInt32 = 0
    /// The "previous character" before the first one.
    static let start: UInt32 = 0xFFF_FFFF

    private(set) var steps: [Step] = []
    private(set) var arguments: [Int64] = []
    /// Bytes any match must start with (the pattern's first literal characters), to skip ahead.
    private var prefix: [CChar] = []
    let ignoresCase: Bool

    private init(ignoresCase: Bool) {
        self.ignoresCase = ignoresCase
    }

    /// Compiles a pattern, or gives the extension's error message.
    static func compile(_ pattern: UnsafePointer<UInt8>, ignoresCase: Bool) -> Result<ShellRegexp, CompileError> {
        let regexp = ShellRegexp(ignoresCase: ignoresCase)
        var compiler = Compiler(regexp: regexp, input: Input(pattern, ignoresCase: ignoresCase))
        if let error = compiler.compile() { return .failure(error) }
        return .success(regexp)
    }

    struct CompileError: Error, Equatable {
        let message: StaticString
        static func == (left: CompileError, right: CompileError) -> Bool {
            left.message.description == right.message.description
        }
    }

    // MARK: Reading characters

    /// UTF-8 text read one character at a time as the extension reads it: a byte that starts
    /// no valid sequence (or an overlong one, a surrogate) reads as U+FFFD; with ignoresCase,
    /// A-Z read as a-z.
    struct Input {
        let bytes: UnsafePointer<UInt8>
        let count: Int
        var position = 0
        let ignoresCase: Bool

        init(_ bytes: UnsafePointer<UInt8>, ignoresCase: Bool) {
            self.bytes = bytes
            count = strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))
            self.ignoresCase = ignoresCase
        }

        /// The next byte, not consumed; 0 at the end.
        var peek: UInt8 { position < count ? bytes[position] : 0 }

        private func continuation(_ offset: Int) -> UInt32? {
            let index = position + offset
            guard index < count, bytes[index] & 0xC0 == 0x80 else { return nil }
            return UInt32(bytes[index] & 0x3F)
        }

        mutating func next() -> UInt32 {
            let c = nextRaw()
            if ignoresCase && c >= 0x41 && c <= 0x5A { return c + 0x20 }
            return c
        }

        private mutating func nextRaw() -> UInt32 {
            guard position < count else { return ShellRegexp.end }
            let lead = UInt32(bytes[position])
            position += 1
            guard lead >= 0x80 else { return lead }
            if lead & 0xE0 == 0xC0, let b1 = continuation(0) {
                position += 1
                let c = (lead & 0x1F) << 6 | b1
                return c < 0x80 ? 0xFFFD : c
            }
            if lead & 0xF0 == 0xE0, let b1 = continuation(0), let b2 = continuation(1) {
                position += 2
                let c = (lead & 0x0F) << 12 | b1 << 6 | b2
                return c <= 0x7FF || (c >= 0xD800 && c <= 0xDFFF) ? 0xFFFD : c
            }
            if lead & 0xF8 == 0xF0, let b1 = continuation(0), let b2 = continuation(1), let b3 = continuation(2) {
                position += 3
                let c = (lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
                return c <= 0xFFFF || c > 0x10FFFF ? 0xFFFD : c
            }
            return 0xFFFD
        }
    }

    // MARK: Compiling

    private struct Compiler {
        let regexp: ShellRegexp
        var input: Input
        /// An unknown escape: reported once the rest of the pattern has compiled.
        var escapeError: CompileError?
        /// How many `(` are open.
        var depth = 0
        static let tooBig = CompileError(message: "REGEXP pattern too big")

        mutating func compile() -> CompileError? {
            if input.peek == UInt8(ascii: "^") {
                input.position += 1
            } else {
                append(.anyRun)
            }
            if let error = alternatives() { return error }
            guard input.position >= input.count else { return CompileError(message: "unrecognized character") }
            append(.accept)
            if let escapeError { return escapeError }
            regexp.computePrefix()
            return nil
        }

        private mutating func append(_ step: Step, _ argument: Int64 = 0) {
            regexp.steps.append(step)
            regexp.arguments.append(argument)
        }

        private mutating func insert(_ step: Step, _ argument: Int64, at index: Int) {
            regexp.steps.insert(step, at: index)
            regexp.arguments.insert(argument, at: index)
        }

        private mutating func copy(from index: Int, count: Int) {
            // Copied out first: appending a slice of the array to itself copies it whole.
            let steps = Array(regexp.steps[index..<index + count])
            let arguments = Array(regexp.arguments[index..<index + count])
            regexp.steps.append(contentsOf: steps)
            regexp.arguments.append(contentsOf: arguments)
        }

        private var count: Int { regexp.steps.count }

        /// `A|B|…`: each alternative after a fork to the next, and a jump past the rest.
        private mutating func alternatives() -> CompileError? {
            let first = count
            if let error = sequence() { return error }
            while input.peek == UInt8(ascii: "|") {
                insert(.fork, Int64(count + 2 - first), at: first)
                let jump = count
                append(.jump)
                input.position += 1
                if let error = sequence() { return error }
                regexp.arguments[jump] = Int64(count - jump)
            }
            return nil
        }

        /// Items one after the other, up to `|`, `)` or the end.
        private mutating func sequence() -> CompileError? {
            var previous = -1   // where the last item's steps begin, for a quantifier
            while true {
                // Checked as it grows: inserting into a huge program would take quadratic time.
                if count > ShellRegexp.maximumSteps { return Self.tooBig }
                let c = input.next()
                if c == ShellRegexp.end { return nil }
                let itemStart = count
                switch c {
                case 0x7C, 0x29:   // | )
                    input.position -= 1
                    return nil
                case 0x28:   // (
                    depth += 1
                    defer { depth -= 1 }
                    if depth > ShellRegexp.maximumDepth { return CompileError(message: "REGEXP pattern nested too deeply") }
                    if let error = alternatives() { return error }
                    guard input.peek == UInt8(ascii: ")") else { return CompileError(message: "unmatched '('") }
                    input.position += 1
                case 0x2E:   // .
                    if input.peek == UInt8(ascii: "*") {
                        append(.anyRun)
                        input.position += 1
                    } else {
                        append(.any)
                    }
                case 0x2A:   // *
                    guard previous >= 0 else { return CompileError(message: "'*' without operand") }
                    insert(.jump, Int64(count - previous + 1), at: previous)
                    append(.fork, Int64(previous - count + 1))
                case 0x2B:   // +
                    guard previous >= 0 else { return CompileError(message: "'+' without operand") }
                    append(.fork, Int64(previous - count))
                case 0x3F:   // ?
                    guard previous >= 0 else { return CompileError(message: "'?' without operand") }
                    insert(.fork, Int64(count - previous + 1), at: previous)
                case 0x24:   // $
                    append(.character, Int64(ShellRegexp.end))
                case 0x5E:   // ^
                    append(.atStart)
                case 0x7B:   // {
                    guard previous >= 0 else { return CompileError(message: "'{m,n}' without operand") }
                    if let error = repetition(of: previous) { return error }
                case 0x5B:   // [
                    if let error = characterClass() { return error }
                case 0x5C:   // backslash
                    let classes: [UInt8: Step] = [
                        UInt8(ascii: "b"): .boundary, UInt8(ascii: "d"): .digit, UInt8(ascii: "D"): .notDigit,
                        UInt8(ascii: "s"): .space, UInt8(ascii: "S"): .notSpace, UInt8(ascii: "w"): .word,
                        UInt8(ascii: "W"): .notWord,
                    ]
                    if let step = classes[input.peek] {
                        input.position += 1
                        append(step)
                    } else {
                        append(.character, Int64(escape()))
                    }
                default:
                    append(.character, Int64(c))
                }
                previous = itemStart
            }
        }

        /// `{m}`, `{m,}`, `{,n}`, `{m,n}` after the item whose steps start at `item`: the
        /// item copied m times, then n-m optional copies (or a loop when n is absent).
        private mutating func repetition(of item: Int) -> CompileError? {
            var item = item
            var m = 0
            while input.peek >= 0x30 && input.peek <= 0x39 {
                m = min(m &* 10 &+ Int(input.peek - 0x30), Int(Int32.max))
                input.position += 1
            }
            var n = m
            if input.peek == UInt8(ascii: ",") {
                input.position += 1
                n = 0
                while input.peek >= 0x30 && input.peek <= 0x39 {
                    n = min(n &* 10 &+ Int(input.peek - 0x30), Int(Int32.max))
                    input.position += 1
                }
            }
            guard input.peek == UInt8(ascii: "}") else { return CompileError(message: "unmatched '{'") }
            if n > 0 && n < m { return CompileError(message: "n less than m in '{m,n}'") }
            input.position += 1
            let size = count - item
            let copies = max(0, m - 1) + max(0, n - m)
            let (added, overflow) = size.multipliedReportingOverflow(by: copies)
            if overflow || count + added > ShellRegexp.maximumSteps { return Self.tooBig }
            if m == 0 {
                if n == 0 { return CompileError(message: "both m and n are zero in '{m,n}'") }
                insert(.fork, Int64(size + 1), at: item)
                item += 1
                n -= 1
            } else {
                for _ in 1..<m { copy(from: item, count: size) }
            }
            if m < n {
                for _ in m..<n {
                    append(.fork, Int64(size + 1))
                    copy(from: item, count: size)
                }
            }
            if n == 0 && m > 0 { append(.fork, Int64(-size)) }
            return nil
        }

        /// `[…]` and `[^…]`: a step counting the steps of its characters and ranges. The
        /// first character is taken as is, even `]`.
        private mutating func characterClass() -> CompileError? {
            let first = count
            if input.peek == UInt8(ascii: "^") {
                append(.classExcluding)
                input.position += 1
            } else {
                append(.classIncluding)
            }
            var c: UInt32 = ShellRegexp.end
            while true {
                c = input.next()
                if c == ShellRegexp.end { break }
                if c == 0x5B && input.peek == UInt8(ascii: ":") {
                    return CompileError(message: "POSIX character classes not supported")
                }
                if c == 0x5C { c = escape() }
                if input.peek == UInt8(ascii: "-") {
                    append(.classRange, Int64(c))
                    input.position += 1
                    c = input.next()
                    if c == 0x5C { c = escape() }
                    append(.classRange, Int64(c))
                } else {
                    append(.classCharacter, Int64(c))
                }
                if input.peek == UInt8(ascii: "]") {
                    input.position += 1
                    break
                }
            }
            if c == ShellRegexp.end { return CompileError(message: "unclosed '['") }
            regexp.arguments[first] = Int64(count - first)
            return nil
        }

        /// The character after a backslash (read as bytes, never case-folded).
        private mutating func escape() -> UInt32 {
            guard input.position < input.count else { return ShellRegexp.end }
            let c = input.bytes[input.position]
            if c == UInt8(ascii: "u"), input.position + 4 < input.count, let value = hex(at: input.position + 1, digits: 4) {
                input.position += 5
                return value
            }
            if c == UInt8(ascii: "x"), input.position + 2 < input.count, let value = hex(at: input.position + 1, digits: 2) {
                input.position += 3
                return value
            }
            let translated: [UInt8: UInt8] = [
                UInt8(ascii: "a"): 7, UInt8(ascii: "f"): 12, UInt8(ascii: "n"): 10,
                UInt8(ascii: "r"): 13, UInt8(ascii: "t"): 9, UInt8(ascii: "v"): 11,
            ]
            if let control = translated[c] {
                input.position += 1
                return UInt32(control)
            }
            if Array("\\()*.+?[$^{|}]".utf8).contains(c) {
                input.position += 1
                return UInt32(c)
            }
            escapeError = escapeError ?? CompileError(message: "unknown \\ escape")
            return UInt32(c)
        }

        private func hex(at index: Int, digits: Int) -> UInt32? {
            var value: UInt32 = 0
            for offset in 0..<digits {
                let byte = input.bytes[index + offset]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }

    /// The pattern's first literal characters as UTF-8 (case-sensitive patterns that can
    /// match anywhere only), up to about ten bytes, as the extension takes them.
    private func computePrefix() {
        guard !ignoresCase, steps.first == .anyRun else { return }
        var bytes: [CChar] = []
        var index = 1
        while bytes.count < 10 && index < steps.count && steps[index] == .character {
            let c = UInt32(truncatingIfNeeded: arguments[index])
            if c <= 0x7F {
                bytes.append(CChar(bitPattern: UInt8(c)))
            } else if let scalar = Unicode.Scalar(c) {
                bytes.append(contentsOf: String(Character(scalar)).utf8.map { CChar(bitPattern: $0) })
            } else {
                break
            }
            index += 1
        }
        if bytes.last == 0 { bytes.removeLast() }
        prefix = bytes
    }

    // MARK: Matching

    private static func isWord(_ c: UInt32) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F
    }

    private static func isDigit(_ c: UInt32) -> Bool { c >= 0x30 && c <= 0x39 }

    private static func isSpace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C
    }

    /// A set of step numbers that keeps the order they were added in and each once.
    private struct StepSet {
        var members: [Int] = []
        var present: [Bool]

        init(capacity: Int) { present = Array(repeating: false, count: capacity) }

        mutating func add(_ step: Int) {
            guard step >= 0 && step < present.count, !present[step] else { return }
            present[step] = true
            members.append(step)
        }

        mutating func clear() {
            for step in members { present[step] = false }
            members.removeAll(keepingCapacity: true)
        }
    }

    /// Whether the pattern matches somewhere in the NUL-terminated text; nil when
    /// `isInterrupted`, asked now and then during a long match, said to stop.
    func matches(_ text: UnsafePointer<UInt8>, isInterrupted: () -> Bool = { false }) -> Bool? {
        var input = Input(text, ignoresCase: ignoresCase)
        if !prefix.isEmpty {
            let found = prefix.withUnsafeBufferPointer { prefix -> Bool in
                let raw = UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)
                while input.position + prefix.count <= input.count {
                    if strncmp(raw + input.position, prefix.baseAddress!, prefix.count) == 0 { return true }
                    input.position += 1
                }
                return false
            }
            guard found else { return false }
        }
        var current = StepSet(capacity: steps.count)
        var next = StepSet(capacity: steps.count)
        var c = ShellRegexp.start
        var previous = ShellRegexp.start
        next.add(0)
        var work = 0
        while c != ShellRegexp.end && !next.members.isEmpty {
            work += next.members.count
            if work >= ShellRegexp.workBetweenInterruptChecks {
                work = 0
                if isInterrupted() { return nil }
            }
            previous = c
            c = input.next()
            swap(&current, &next)
            next.clear()
            var i = 0
            while i < current.members.count {
                let x = current.members[i]
                i += 1
                switch steps[x] {
                case .character:
                    if arguments[x] == Int64(c) { next.add(x + 1) }
                case .atStart:
                    if previous == ShellRegexp.start { current.add(x + 1) }
                case .any:
                    if c != ShellRegexp.end { next.add(x + 1) }
                case .word:
                    if Self.isWord(c) { next.add(x + 1) }
                case .notWord:
                    if !Self.isWord(c) && c != ShellRegexp.end { next.add(x + 1) }
                case .digit:
                    if Self.isDigit(c) { next.add(x + 1) }
                case .notDigit:
                    if !Self.isDigit(c) && c != ShellRegexp.end { next.add(x + 1) }
                case .space:
                    if Self.isSpace(c) { next.add(x + 1) }
                case .notSpace:
                    if !Self.isSpace(c) && c != ShellRegexp.end { next.add(x + 1) }
                case .boundary:
                    if Self.isWord(c) != Self.isWord(previous) { current.add(x + 1) }
                case .anyRun:
                    next.add(x)
                    current.add(x + 1)
                case .fork:
                    current.add(x + Int(arguments[x]))
                    current.add(x + 1)
                case .jump:
                    current.add(x + Int(arguments[x]))
                case .accept:
                    return true
                case .classIncluding, .classExcluding:
                    if steps[x] == .classExcluding && c == ShellRegexp.end { break }
                    let size = Int(arguments[x])
                    var hit = false
                    var j = 1
                    while j < size {
                        if steps[x + j] == .classCharacter {
                            if arguments[x + j] == Int64(c) { hit = true; break }
                        } else {
                            if arguments[x + j] <= Int64(c) && x + j + 1 < steps.count && arguments[x + j + 1] >= Int64(c) {
                                hit = true
                                break
                            }
                            j += 1
                        }
                        j += 1
                    }
                    if steps[x] == .classExcluding { hit = !hit }
                    if hit { next.add(x + size) }
                case .classCharacter, .classRange:
                    break
                }
            }
        }
        // After the end: only a jump may still lead to the end of the pattern.
        for var x in next.members {
            while x < steps.count && steps[x] == .jump { x += Int(arguments[x]) }
            if x < steps.count && steps[x] == .accept { return true }
        }
        return false
    }
}

/// Registers `regexp()` and `regexpi()` through CSQLiteShim's Regexp.c, which hands
/// ``ShellRegexp`` the arguments' bytes and keeps the compiled pattern with the statement.
enum RegexpFunctions {
    static func install(in db: Database) throws {
        guard let connection = db.sqliteConnection else { return }
        let code = sqlive_register_regexp(UnsafeMutableRawPointer(connection), { pattern, ignoresCase, error in
            guard let pattern else { return nil }
            switch ShellRegexp.compile(pattern, ignoresCase: ignoresCase != 0) {
            case .success(let regexp):
                return Unmanaged.passRetained(regexp).toOpaque()
            case .failure(let failure):
                // A static string: NUL-terminated, and never freed.
                error?.pointee = UnsafeRawPointer(failure.message.utf8Start).assumingMemoryBound(to: CChar.self)
                return nil
            }
        }, { compiled, text, connection in
            guard let compiled, let text else { return 0 }
            let regexp = Unmanaged<ShellRegexp>.fromOpaque(compiled).takeUnretainedValue()
            guard let matched = regexp.matches(text, isInterrupted: { sqlive_is_interrupted(connection) != 0 }) else { return -1 }
            return matched ? 1 : 0
        }, { compiled in
            guard let compiled else { return }
            Unmanaged<ShellRegexp>.fromOpaque(compiled).release()
        })
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot add regexp()")
        }
    }
}
