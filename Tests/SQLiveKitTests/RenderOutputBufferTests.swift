import Testing
@testable import SQLiveKit

/// The buffer every renderer writes into: bytes arrive in order, in blocks that end at row
/// ends, and it never holds more than twice its threshold.
@Suite struct RenderOutputBufferTests {
    /// Records each block written.
    final class BlockTarget: OutputTarget {
        private(set) var blocks: [[UInt8]] = []
        func write(_ bytes: UnsafeRawBufferPointer) throws { blocks.append(Array(bytes)) }
    }

    struct Refused: Error {}

    final class RefusingTarget: OutputTarget {
        private(set) var attempts = 0
        func write(_ bytes: UnsafeRawBufferPointer) throws {
            attempts += 1
            throw Refused()
        }
    }

    @Test func nothing_is_written_before_the_threshold_or_a_flush() {
        let target = BlockTarget()
        let buffer = OutputBuffer(target: target, flushThreshold: 8)
        buffer.append("abc")
        buffer.endRow()
        #expect(target.blocks.isEmpty)
        buffer.flush()
        #expect(target.blocks == [Array("abc".utf8)])
    }

    @Test func blocks_end_at_the_first_row_end_past_the_threshold() {
        let target = BlockTarget()
        let buffer = OutputBuffer(target: target, flushThreshold: 8)
        for row in ["12345\n", "67890\n", "abc\n"] {
            buffer.append(row)
            buffer.endRow()
        }
        buffer.flush()
        #expect(target.blocks == [Array("12345\n67890\n".utf8), Array("abc\n".utf8)])
    }

    @Test func a_long_row_is_written_in_pieces_and_a_huge_value_directly() {
        let target = BlockTarget()
        let buffer = OutputBuffer(target: target, flushThreshold: 4)
        buffer.append("abcdef")
        buffer.append("ghi")
        buffer.append(String(repeating: "x", count: 20))
        buffer.append(UInt8(ascii: "\n"))
        buffer.flush()
        #expect(target.blocks == [Array("abcdef".utf8), Array("ghi".utf8), Array(repeating: UInt8(ascii: "x"), count: 20), [0x0A]])
    }

    @Test func the_first_write_error_is_kept_and_later_writes_are_dropped() {
        let target = RefusingTarget()
        let buffer = OutputBuffer(target: target, flushThreshold: 4)
        buffer.append("first")
        buffer.flush()
        buffer.append("second")
        buffer.flush()
        #expect(target.attempts == 1)
        #expect(buffer.takeError() is Refused)
        #expect(buffer.takeError() == nil)
    }
}
