import Testing
@testable import SQLiveKit

@Suite struct RenderDisplayWidthTests {
    @Test func ascii_and_latin_letters_are_one_column_each() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("ÀéÎõü") == 5)
    }

    @Test func east_asian_wide_characters_are_two_columns() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("ｱｲｳ") == 3)  // halfwidth katakana
        #expect(DisplayWidth.of("ＡＢ") == 4)  // fullwidth Latin
    }

    @Test func emoji_are_two_columns_and_combining_marks_zero() {
        #expect(DisplayWidth.of("🙂") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("\u{1100}\u{1161}") == 2)  // a Hangul syllable from jamo
    }

    private func text(_ count: Int) -> [Bool] { Array(repeating: false, count: count) }

    @Test func columns_fit_the_terminal_by_narrowing_the_widest_first() {
        #expect(ColumnFitting.fit([3, 40, 10], keeping: text(3), terminalWidth: 40) == [3, 17, 10])
        #expect(ColumnFitting.fit([30, 30], keeping: text(2), terminalWidth: 27) == [10, 10])
        #expect(ColumnFitting.fit([30, 31], keeping: text(2), terminalWidth: 28) == [10, 11])
    }

    @Test func columns_are_kept_when_they_fit_or_there_is_no_terminal() {
        #expect(ColumnFitting.fit([3, 40], keeping: text(2), terminalWidth: 80) == [3, 40])
        #expect(ColumnFitting.fit([3, 400], keeping: text(2), terminalWidth: nil) == [3, 400])
    }

    @Test func number_columns_keep_their_width_and_text_columns_shrink_instead() {
        #expect(ColumnFitting.fit([19, 40, 1], keeping: [true, false, true], terminalWidth: 40) == [19, 10, 1])
    }

    @Test func no_fit_when_text_would_go_below_its_floor() {
        #expect(ColumnFitting.fit([19, 40], keeping: [true, false], terminalWidth: 30) == nil)
        #expect(ColumnFitting.fit([5, 5, 5], keeping: text(3), terminalWidth: 8) == nil)
        #expect(ColumnFitting.fit([5, 5, 5], keeping: text(3), terminalWidth: 25) == [5, 5, 5])
    }
}
