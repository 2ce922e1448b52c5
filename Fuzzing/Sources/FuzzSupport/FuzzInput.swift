/// The fuzzer's input read front to back as a series of choices, then as the text to test.
///
/// Choices come first so libFuzzer's mutations of the leading bytes change the harness's
/// decisions (a separator, a chunk size) and the rest stays the input proper. An exhausted
/// input reads as zeros, so every input, even the empty one, is a valid run.
///
///     var input = FuzzInput(data, size)
///     let separator = input.choose(from: [",", "\t", ";"])   // decided by byte 0
///     let text = input.remainingText                          // bytes 1…
public struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) }?[...] ?? []
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    /// The next byte, or 0 once the input is used up.
    public mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// A number in `range`, from the next byte.
    public mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % range.count
    }

    public mutating func choose<T>(from choices: [T]) -> T {
        choices[number(in: 0...(choices.count - 1))]
    }

    /// The bytes not read yet.
    public var remainingBytes: [UInt8] { Array(bytes) }

    /// The bytes not read yet as text; invalid UTF-8 becomes U+FFFD as when sqlive reads a file.
    public var remainingText: String { String(decoding: bytes, as: UTF8.self) }
}
