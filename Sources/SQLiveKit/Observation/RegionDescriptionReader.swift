/// Reads GRDB's description of a region (`player(id,name)[1,2],team(*)`) with known names.
///
/// GRDB writes each table as its name, its sorted columns in parentheses (`*` for all of
/// them), then its sorted rowids in brackets when it has some, the tables sorted by name and
/// joined by commas. Names are written as they are, so `a(b),c(d)` may be table `a` with a
/// column `b),c(d` as well as two tables: the reader tries every way the vocabulary's names
/// can spell the text, in order, and keeps the first one `accept` confirms.
///
///     let reader = RegionDescriptionReader(vocabulary: vocabulary) { _ in true }
///     reader.read("player(id,name)[1,2]")   // [player: id, name; rowids 1, 2]
struct RegionDescriptionReader {
    typealias Area = RegionMap.TableArea

    var vocabulary: RegionVocabulary
    var accept: ([Area]) -> Bool

    func read(_ description: String) -> [Area]? {
        var found: [Area]?
        readAreas(Array(description.utf8), from: 0, before: []) { areas in
            guard accept(areas) else { return false }
            found = areas
            return true
        }
        return found
    }

    /// Calls `complete` with each reading of `text` from `start` on, after the areas read
    /// `before`, until it returns true; returns whether it did.
    @discardableResult
    private func readAreas(_ text: [UInt8], from start: Int, before: [Area], _ complete: ([Area]) -> Bool) -> Bool {
        for table in vocabulary.tables {
            guard let open = Self.end(of: table.name, in: text, at: start), open < text.count, text[open] == UInt8(ascii: "(")
            else { continue }
            for (columns, close) in columnReadings(text, from: open + 1, of: table) {
                guard let afterColumns = Self.rowIDs(text, from: close) else { continue }
                let (rowIDs, next) = afterColumns
                let areas = before + [Area(table: table.name, columns: columns, rowIDs: rowIDs)]
                if next == text.count {
                    if complete(areas) { return true }
                } else if text[next] == UInt8(ascii: ","), readAreas(text, from: next + 1, before: areas, complete) {
                    return true
                }
            }
        }
        return false
    }

    /// Each way the text from `start` reads as the columns of `table` and a closing
    /// parenthesis: the columns (nil for `*`, every column) and the index after the parenthesis.
    private func columnReadings(_ text: [UInt8], from start: Int, of table: RegionVocabulary.Table) -> [([String]?, Int)] {
        var readings: [([String]?, Int)] = []
        if let star = Self.end(of: "*)", in: text, at: start) {
            readings.append((nil, star))
        }
        func readColumns(from index: Int, read: [String]) {
            for column in table.columns {
                guard let end = Self.end(of: column, in: text, at: index), end < text.count else { continue }
                if text[end] == UInt8(ascii: ")") {
                    readings.append((read + [column], end + 1))
                }
                if text[end] == UInt8(ascii: ",") {
                    readColumns(from: end + 1, read: read + [column])
                }
            }
        }
        readColumns(from: start, read: [])
        return readings
    }

    /// The rowids in brackets at `start` (nil when there are none) and the index after them;
    /// nil when the brackets hold something else.
    private static func rowIDs(_ text: [UInt8], from start: Int) -> ([Int64]?, Int)? {
        guard start < text.count, text[start] == UInt8(ascii: "[") else { return (nil, start) }
        guard let close = text[start...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
        var rowIDs: [Int64] = []
        for item in text[(start + 1)..<close].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let rowID = Int64(String(decoding: item, as: UTF8.self)) else { return nil }
            rowIDs.append(rowID)
        }
        return (rowIDs, close + 1)
    }

    /// The index after `name` when the text spells it at `start`, without regard to case as
    /// GRDB compares names; nil otherwise.
    private static func end(of name: String, in text: [UInt8], at start: Int) -> Int? {
        let length = name.utf8.count
        guard start + length <= text.count else { return nil }
        let spelled = String(decoding: text[start..<(start + length)], as: UTF8.self)
        return spelled.lowercased() == name.lowercased() ? start + length : nil
    }
}
